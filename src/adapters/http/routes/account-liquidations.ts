import { Type } from '@sinclair/typebox';
import { ownAccount } from '../../../app/services/access.ts';
import { ok } from '../../../protocol/index.ts';
import type { Api, HttpContext } from '../http-context.ts';
import { AccountIdParam, page, Paging } from '../schemas/common.ts';
import { pagedReplies } from '../schemas/envelope.ts';
import { LiquidationSchema } from '../schemas/resources.ts';
import { liquidationView } from './risk-routes.ts';

/**
 * /api/account/{account_id}/liquidations: the forced liquidations of an account, for its
 * owner. A trader whose positions the exchange closed finds there why (the trigger and
 * the risk before and after) and what each liquidation order did, as the risk officer
 * does in /api/management/risk/liquidations.
 */
export function accountLiquidationRoutes(app: Api, ctx: HttpContext): void {
  app.get(
    '/api/account/:account_id/liquidations',
    {
      schema: {
        tags: ['account'],
        summary: "The account's forced liquidations, newest first",
        params: AccountIdParam,
        querystring: Paging,
        response: pagedReplies(Type.Array(LiquidationSchema)),
      },
    },
    async (request, reply) => {
      const account = ownAccount(ctx.exchange.state, request.caller, request.params.account_id);
      const records = ctx.exchange.history.liquidationHistory().filter((r) => r.accountId === account.accountId).reverse();
      return ok(page(reply, records, request.query).map(liquidationView));
    },
  );
}
