import { randomUUID } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import { ownAccount, ownUser, tradingAccount } from '../../../app/services/access.ts';
import { requestBankTransfer } from '../../../app/services/bank-transfers.ts';
import { execute } from '../../../app/services/execute.ts';
import { accountSnapshot, accountSummary, SNAPSHOT_HISTORY_LIMIT } from '../../../app/services/views.ts';
import { ResultCode } from '../../../core/index.ts';
import { ApiError, ok, TOO_MANY_REQUESTS } from '../../../protocol/index.ts';
import type { Api, HttpContext } from '../http-context.ts';
import { AccountIdParam, Amount, Id, page, Paging, UserIdParam } from '../schemas/common.ts';
import { pagedReplies, replies } from '../schemas/envelope.ts';
import {
  AccountSnapshotSchema,
  AccountSummarySchema,
  BankSchema,
  EquityPointSchema,
  TransferSchema,
} from '../schemas/resources.ts';
import { equityCurve, transferRecords } from './account-history.ts';

const OpeningBalance = {
  account_id: Type.Optional(Id),
  initial_balance: Type.Optional(Type.Number({ minimum: 0, description: 'currency units; required, unless given as init_cash' })),
  init_cash: Type.Optional(Type.Number({ minimum: 0, description: 'alias of initial_balance (one of the two is required)' })),
};

/**
 * How much history the account snapshot shows. A page that follows prices reads the
 * account and its positions often, and an active account's newest thousand orders and
 * trades are half a megabyte each time: with 0 it gets neither.
 */
const SnapshotQuery = Type.Object({
  limit: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 1000, description: 'The newest order records and trades shown, 1,000 by default; every live order is shown as well, unless 0: then only the account and its positions' }),
  ),
});

const FundsBody = Type.Object({ account_id: Type.String({ minLength: 1, maxLength: 64 }), amount: Amount });

/** Opens an account for a user the caller may act for; returns its summary. */
async function openAccount(
  ctx: HttpContext,
  request: { caller: Parameters<typeof ownUser>[1] },
  userId: string,
  body: { account_id?: string; initial_balance?: number; init_cash?: number },
) {
  const state = ctx.exchange.state;
  ownUser(state, request.caller, userId);
  const initialBalance = body.initial_balance ?? body.init_cash;
  if (initialBalance === undefined) throw new ApiError(ResultCode.ParameterError, 'body.initial_balance is required');
  const accountId = body.account_id ?? `A${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await execute(ctx.exchange, { type: 'account.open', userId, accountId, initialBalance });
  return ok(accountSummary(state, accountId));
}

/** /api/user and /api/account: opening accounts, funds, bank transfers and account views. */
export function accountRoutes(app: Api, ctx: HttpContext): void {
  const state = () => ctx.exchange.state;

  app.post(
    '/api/user/:user_id/account/create',
    {
      schema: {
        tags: ['account'],
        summary: 'Open an account for a user',
        params: UserIdParam,
        body: Type.Object(OpeningBalance),
        response: replies(AccountSummarySchema),
      },
    },
    async (request) => openAccount(ctx, request, request.params.user_id, request.body),
  );

  app.get(
    '/api/user/:user_id/accounts',
    {
      schema: {
        tags: ['account'],
        summary: "A user's accounts",
        params: UserIdParam,
        response: replies(Type.Object({ accounts: Type.Array(AccountSummarySchema) })),
      },
    },
    async (request) => {
      const user = ownUser(state(), request.caller, request.params.user_id);
      return ok({ accounts: user.accountIds.map((id) => accountSummary(state(), id)) });
    },
  );

  app.post(
    '/api/account/open',
    {
      schema: {
        tags: ['account'],
        summary: 'Open an account',
        body: Type.Object({ user_id: Type.String({ minLength: 1, maxLength: 64 }), ...OpeningBalance }),
        response: replies(AccountSummarySchema),
      },
    },
    async (request) => openAccount(ctx, request, request.body.user_id, request.body),
  );

  app.get(
    '/api/account/:account_id',
    {
      config: { historyRead: true },
      schema: {
        tags: ['account'],
        summary: 'An account in snapshot form; a user id answers for that user\'s first account',
        params: AccountIdParam,
        querystring: SnapshotQuery,
        response: replies(AccountSnapshotSchema),
      },
    },
    async (request) => {
      const id = request.params.account_id;
      const accountId = state().accounts.has(id) || !state().users.has(id) ? id : tradingAccount(state(), request.caller, { user_id: id }).accountId;
      ownAccount(state(), request.caller, accountId);
      const limit = request.query.limit ?? SNAPSHOT_HISTORY_LIMIT;
      return ok(accountSnapshot(state(), ctx.exchange.history, accountId, { records: limit, everyLiveOrder: limit > 0 }));
    },
  );

  for (const kind of ['deposit', 'withdraw'] as const) {
    app.post(
      `/api/account/${kind}`,
      {
        schema: {
          tags: ['account'],
          summary: kind === 'deposit' ? 'Deposit funds' : 'Withdraw funds (2003 beyond available; 4001 when what would be left could not hold the positions: at the force-close ratio)',
          body: FundsBody,
          response: replies(AccountSummarySchema),
        },
      },
      async (request) => {
        const account = ownAccount(state(), request.caller, request.body.account_id);
        await execute(ctx.exchange, { type: `account.${kind}`, accountId: account.accountId, amount: request.body.amount });
        return ok(accountSummary(state(), account.accountId));
      },
    );
  }

  app.get(
    '/api/account/:user_id/equity-curve',
    {
      schema: {
        tags: ['account'],
        summary: 'Equity at each settlement, then now (by user id or account id)',
        params: UserIdParam,
        response: replies(Type.Object({ equity_curve: Type.Array(EquityPointSchema) })),
      },
    },
    async (request) => {
      const id = request.params.user_id;
      const accountIds = state().accounts.has(id)
        ? [ownAccount(state(), request.caller, id).accountId]
        : ownUser(state(), request.caller, id).accountIds;
      return ok({ equity_curve: equityCurve(ctx, accountIds) });
    },
  );

  app.post(
    '/api/account/transfer',
    {
      schema: {
        tags: ['account'],
        summary: 'Bank transfer: positive amount in, negative out; every attempt is recorded',
        body: Type.Object({
          account_id: Type.String({ minLength: 1, maxLength: 64 }),
          bank_id: Type.String({ minLength: 1, maxLength: 32 }),
          amount: Amount,
          bank_password: Type.String({ minLength: 1, maxLength: 128 }),
          future_password: Type.String({ minLength: 1, maxLength: 128 }),
        }),
        response: replies(
          Type.Object({ transfer_id: Type.String(), datetime: Type.Integer(), amount: Type.Number(), error_id: Type.Integer(), error_msg: Type.String() }),
        ),
      },
    },
    async (request) => {
      const body = request.body;
      const account = ownAccount(state(), request.caller, body.account_id);
      const transfer = await requestBankTransfer(ctx.exchange, ctx.auth, ctx.banks, {
        accountId: account.accountId,
        userId: account.userId,
        bankId: body.bank_id,
        amount: body.amount,
        futurePassword: body.future_password,
        address: request.ip,
      });
      const { result } = transfer;
      if (result.code !== ResultCode.Success) {
        const hint = transfer.knownBank ? '' : `; see GET /api/account/${account.accountId}/banks`;
        // Recorded like any attempt, and answered as a login would be (429).
        const status = result.code === ResultCode.AuthenticationFailed && transfer.retryAfter > 0 ? TOO_MANY_REQUESTS : undefined;
        // The record's id, for a client that reconciles its attempts with the transfer list.
        const record = transfer.recorded ? ` (recorded as transfer ${transfer.transferId})` : '';
        throw new ApiError(result.code, `${result.message}${hint}${record}`, status, status === undefined ? undefined : transfer.retryAfter);
      }
      return ok({ transfer_id: transfer.transferId, datetime: transfer.stamped.ts, amount: body.amount, error_id: 0, error_msg: transfer.errorMsg });
    },
  );

  app.get(
    '/api/account/:account_id/banks',
    { schema: { tags: ['account'], summary: 'Banks available for transfers', params: AccountIdParam, response: replies(Type.Array(BankSchema)) } },
    async (request) => {
      ownAccount(state(), request.caller, request.params.account_id);
      return ok(ctx.banks.map((b) => ({ id: b.id, name: b.name })));
    },
  );

  app.get(
    '/api/account/:account_id/transfers',
    {
      schema: {
        tags: ['account'],
        summary: 'Bank transfer attempts, newest last',
        params: AccountIdParam,
        querystring: Paging,
        response: pagedReplies(Type.Array(TransferSchema)),
      },
    },
    async (request, reply) => {
      const account = ownAccount(state(), request.caller, request.params.account_id);
      return ok(page(reply, transferRecords(ctx, account.accountId), request.query));
    },
  );
}
