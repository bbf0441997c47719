import { Type } from '@sinclair/typebox';
import { ownUser, tradingAccount } from '../../../app/services/access.ts';
import { execute } from '../../../app/services/execute.ts';
import { leaderboard, type LeaderboardMetric } from '../../../app/services/leaderboard.ts';
import { accountSnapshot, accountSummary, orderPageOf, orderRecordsIn, OVERVIEW_WINDOW, tradePageOf, tradeRecordsIn } from '../../../app/services/views.ts';
import { ok } from '../../../protocol/index.ts';
import type { Api, HttpContext } from '../http-context.ts';
import { leaderboardCsv } from '../leaderboard-csv.ts';
import { Amount, HistoryPaging, page, Paging, totalled, UserIdParam } from '../schemas/common.ts';
import { ErrorEnvelope, pagedReplies, replies } from '../schemas/envelope.ts';
import { StringEnum } from '../schemas/enums.ts';
import {
  AccountSnapshotSchema,
  AccountSummarySchema,
  FundsMovementSchema,
  LeaderboardEntrySchema,
  OrderSchema,
  TradeSchema,
  UserSchema,
} from '../schemas/resources.ts';
import { userRecord } from './auth-routes.ts';

const admin = { access: 'admin' as const };
const Filter = Type.Composite([
  HistoryPaging,
  Type.Object({
    account_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    user_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  }),
]);

const SearchText = Type.String({ minLength: 1, maxLength: 64, description: 'only accounts whose id, user id or username contains this, ignoring case' });
/** Movements that take money out of an account (a transaction's `change` is negative). */
const MONEY_OUT: ReadonlySet<string> = new Set(['withdraw', 'transfer-out']);

const AccountsQuery = Type.Composite([Filter, Type.Object({ search: Type.Optional(SearchText) })]);

const LeaderboardFilter = Type.Object({
  sort_by: Type.Optional(StringEnum(['profit', 'return', 'balance'] as const, { default: 'profit', description: 'what accounts are ranked by, highest first' })),
  search: Type.Optional(
    Type.String({ minLength: 1, maxLength: 64, description: 'only accounts whose id, user id or username contains this, ignoring case (ranks stay those of the whole board)' }),
  ),
});
const LeaderboardQuery = Type.Composite([Paging, LeaderboardFilter]);

/** /api/management (admin): every account, order and trade; funds on behalf of users; the leaderboard. */
export function managementRoutes(app: Api, ctx: HttpContext): void {
  const state = () => ctx.exchange.state;
  /** The board ranked by the query's metric, then the query's search (ranks stay those of the whole board). */
  const rankedBoard = (query: { readonly sort_by?: string; readonly search?: string }) => {
    // The schema admits only the metrics (Type.Composite types the field as a string).
    const board = leaderboard(state(), ctx.exchange.history, (query.sort_by ?? 'profit') as LeaderboardMetric);
    const search = query.search?.toLowerCase() ?? '';
    return search === '' ? board : board.filter((row) => [row.account_id, row.user_id, row.username].some((text) => text.toLowerCase().includes(search)));
  };
  /** Accounts a filter names: one account, one user's, or all. */
  /** The accounts a query names, in the order they were opened: both filters narrow (an account of another user is none). */
  const filteredAccounts = (query: { account_id?: string; user_id?: string }): string[] => {
    if (query.account_id !== undefined) {
      const account = state().accounts.get(query.account_id);
      return account !== undefined && (query.user_id === undefined || account.userId === query.user_id) ? [query.account_id] : [];
    }
    if (query.user_id !== undefined) return [...(state().users.get(query.user_id)?.accountIds ?? [])];
    return [...state().accounts.keys()];
  };

  app.get(
    '/api/management/accounts',
    {
      config: admin,
      schema: {
        tags: ['management'],
        summary: 'All accounts with owner name, in the order opened (sort=newest: the latest first); account_id, user_id and search narrow',
        querystring: AccountsQuery,
        response: pagedReplies(Type.Array(Type.Composite([AccountSummarySchema, Type.Object({ username: Type.String() })]))),
      },
    },
    async (request, reply) => {
      const usernameOf = (accountId: string) => state().users.get(state().accounts.get(accountId)?.userId ?? '')?.username ?? '';
      const search = request.query.search?.toLowerCase();
      const accounts = filteredAccounts(request.query);
      const found =
        search === undefined
          ? accounts
          : accounts.filter((id) => [id, state().accounts.get(id)?.userId ?? '', usernameOf(id)].some((text) => text.toLowerCase().includes(search)));
      if (request.query.sort === 'newest') found.reverse();
      return ok(page(reply, found, request.query).map((id) => ({ ...accountSummary(state(), id), username: usernameOf(id) })));
    },
  );

  app.get(
    '/api/management/leaderboard',
    {
      config: admin,
      schema: {
        tags: ['management'],
        summary: "Accounts ranked by what their trading made (a competition's standings): money put in is not profit",
        querystring: LeaderboardQuery,
        response: pagedReplies(Type.Array(LeaderboardEntrySchema)),
      },
    },
    async (request, reply) => ok(page(reply, rankedBoard(request.query), request.query)),
  );

  app.get(
    '/api/management/leaderboard.csv',
    {
      config: admin,
      schema: {
        tags: ['management'],
        summary: 'The whole leaderboard as a CSV file, in rank order (one reading of the board, however many accounts: what a teacher grades from)',
        querystring: LeaderboardFilter,
        response: {
          200: {
            description: 'CSV: rank, username, account_id, user_id, profit, return_ratio, equity, net_deposits, capital, fills, risk_level, frozen',
            headers: { 'content-disposition': { type: 'string', description: 'attachment; filename="leaderboard-<metric>-<trading day>.csv"' } },
            content: { 'text/csv': { schema: { type: 'string' } } },
          },
          '4xx': ErrorEnvelope,
          '5xx': ErrorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const metric = request.query.sort_by ?? 'profit';
      const name = `leaderboard-${metric}-${state().tradingDay}.csv`;
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(leaderboardCsv(rankedBoard(request.query)));
    },
  );

  app.get(
    '/api/management/account/:user_id/detail',
    {
      config: admin,
      schema: {
        tags: ['management'],
        summary: 'A user with every account in snapshot form (of each, the newest 100 orders and trades; all of them: /api/management/orders and /trades?user_id=)',
        params: UserIdParam,
        response: replies(Type.Object({ user: UserSchema, accounts: Type.Array(AccountSnapshotSchema) })),
      },
    },
    async (request) => {
      const user = ownUser(state(), request.caller, request.params.user_id);
      return ok({ user: userRecord(user, state().users, request.caller), accounts: user.accountIds.map((id) => accountSnapshot(state(), ctx.exchange.history, id, OVERVIEW_WINDOW)) });
    },
  );

  app.get(
    '/api/management/orders',
    { config: admin, schema: { tags: ['management'], summary: 'Orders of all (or the named) accounts', querystring: Filter, response: pagedReplies(Type.Array(OrderSchema)) } },
    async (request, reply) => {
      const accountIds = filteredAccounts(request.query);
      return ok(totalled(reply, orderRecordsIn(ctx.exchange.history, accountIds), orderPageOf(state(), ctx.exchange.history, accountIds, request.query)));
    },
  );

  app.get(
    '/api/management/trades',
    { config: admin, schema: { tags: ['management'], summary: "Trades of all (or the named) accounts: a row for each account's side (a fill between two accounts is two rows)", querystring: Filter, response: pagedReplies(Type.Array(TradeSchema)) } },
    async (request, reply) => {
      const accountIds = filteredAccounts(request.query);
      return ok(totalled(reply, tradeRecordsIn(ctx.exchange.history, accountIds), tradePageOf(state(), ctx.exchange.history, accountIds, request.query)));
    },
  );

  for (const kind of ['deposit', 'withdraw'] as const) {
    app.post(
      `/api/management/${kind}`,
      {
        config: admin,
        schema: {
          tags: ['management'],
          summary: `${kind === 'deposit' ? 'Deposit to' : 'Withdraw from'} a user's account (account_id, else the user's first)`,
          body: Type.Object({
            user_id: Type.String({ minLength: 1, maxLength: 64 }),
            account_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
            amount: Amount,
          }),
          response: replies(AccountSummarySchema),
        },
      },
      async (request) => {
        const account = tradingAccount(state(), request.caller, request.body);
        await execute(ctx.exchange, { type: `account.${kind}`, accountId: account.accountId, amount: request.body.amount });
        return ok(accountSummary(state(), account.accountId));
      },
    );
  }

  for (const [action, frozen] of [['freeze', true], ['unfreeze', false]] as const) {
    app.put(
      `/api/management/accounts/:account_id/${action}`,
      {
        config: admin,
        schema: {
          tags: ['management'],
          summary: frozen ? 'Freeze an account: no orders, opening or closing (its resting orders stay), no withdrawals or transfers out (2005)' : 'Unfreeze an account',
          params: Type.Object({ account_id: Type.String({ minLength: 1, maxLength: 64 }) }),
          response: replies(AccountSummarySchema),
        },
      },
      async (request) => {
        const accountId = request.params.account_id;
        await execute(ctx.exchange, { type: 'account.set-frozen', accountId, frozen });
        return ok(accountSummary(state(), accountId));
      },
    );
  }

  app.get(
    '/api/management/transactions/:user_id',
    {
      config: admin,
      schema: {
        tags: ['management'],
        summary: "Money movements of a user's accounts: opening balance, deposits, withdrawals, bank transfers",
        params: UserIdParam,
        querystring: Paging,
        response: pagedReplies(Type.Array(FundsMovementSchema)),
      },
    },
    async (request, reply) => {
      const user = ownUser(state(), request.caller, request.params.user_id);
      const movements = user.accountIds
        .flatMap((id) =>
          ctx.exchange.history.fundsOf(id).map((m) => ({ account_id: m.accountId, kind: m.kind, amount: m.amount, change: MONEY_OUT.has(m.kind) ? -m.amount : m.amount, datetime: m.ts })),
        )
        .sort((a, b) => a.datetime - b.datetime);
      return ok(page(reply, movements, request.query));
    },
  );
}
