import { Type } from '@sinclair/typebox';
import { ownAccount, ownUser } from '../../../app/services/access.ts';
import { tradePageOf, tradeRecordsIn } from '../../../app/services/views.ts';
import { type CoreState, type PositionFields, positionViews } from '../../../core/index.ts';
import { ok } from '../../../protocol/index.ts';
import type { Api, HttpContext } from '../http-context.ts';
import { AccountIdParam, HistoryPaging, HistoryPagingWithAccount, totalled, UserIdParam } from '../schemas/common.ts';
import { pagedReplies, replies } from '../schemas/envelope.ts';
import { PositionMapSchema, PositionSchema, TradeSchema } from '../schemas/resources.ts';

/** Positions of several accounts; a user with two accounts in one instrument sees two entries. */
function positionsOfUser(state: CoreState, accountIds: readonly string[]): Record<string, PositionFields> {
  const out: Record<string, PositionFields> = {};
  for (const accountId of accountIds) {
    for (const [key, position] of Object.entries(positionViews(state, accountId))) {
      out[key in out ? `${key}@${accountId}` : key] = position;
    }
  }
  return out;
}

/** /api/position and /api/trades. */
export function positionRoutes(app: Api, ctx: HttpContext): void {
  const state = () => ctx.exchange.state;

  app.get(
    '/api/position/account/:account_id',
    {
      schema: {
        tags: ['position'],
        summary: 'Positions of an account, keyed <exchange_id>.<instrument_id>',
        params: AccountIdParam,
        response: replies(Type.Object({ account_id: Type.String(), positions: PositionMapSchema })),
      },
    },
    async (request) => {
      const account = ownAccount(state(), request.caller, request.params.account_id);
      return ok({ account_id: account.accountId, positions: positionViews(state(), account.accountId) });
    },
  );

  for (const url of ['/api/position/user/:user_id', '/api/position/:user_id']) {
    app.get(
      url,
      {
        schema: {
          tags: ['position'],
          summary: "Positions of all the user's accounts, keyed <exchange_id>.<instrument_id>",
          params: UserIdParam,
          response: replies(Type.Object({ user_id: Type.String(), positions: PositionMapSchema, list: Type.Array(PositionSchema) })),
        },
      },
      async (request) => {
        const user = ownUser(state(), request.caller, request.params.user_id);
        const positions = positionsOfUser(state(), user.accountIds);
        return ok({ user_id: user.userId, positions, list: Object.values(positions) });
      },
    );
  }

  app.get(
    '/api/trades/account/:account_id',
    {
      config: { historyRead: true },
      schema: {
        tags: ['trades'],
        summary: 'Trades of an account, oldest first or newest first (sort)',
        params: AccountIdParam,
        querystring: HistoryPaging,
        response: pagedReplies(Type.Array(TradeSchema)),
      },
    },
    async (request, reply) => {
      const account = ownAccount(state(), request.caller, request.params.account_id);
      return ok(totalled(reply, tradeRecordsIn(ctx.exchange.history, [account.accountId]), tradePageOf(state(), ctx.exchange.history, [account.accountId], request.query)));
    },
  );

  app.get(
    '/api/trades/user/:user_id',
    {
      config: { historyRead: true },
      schema: {
        tags: ['trades'],
        summary: "Trades of all the user's accounts, oldest first or newest first (sort); account_id narrows",
        params: UserIdParam,
        querystring: HistoryPagingWithAccount,
        response: pagedReplies(Type.Array(TradeSchema)),
      },
    },
    async (request, reply) => {
      const user = ownUser(state(), request.caller, request.params.user_id);
      const accountIds = request.query.account_id !== undefined ? [ownAccount(state(), request.caller, request.query.account_id).accountId] : user.accountIds;
      return ok(totalled(reply, tradeRecordsIn(ctx.exchange.history, accountIds), tradePageOf(state(), ctx.exchange.history, accountIds, request.query)));
    },
  );
}
