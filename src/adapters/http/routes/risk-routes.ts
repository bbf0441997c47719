import { Type } from '@sinclair/typebox';
import { tradingAccount } from '../../../app/services/access.ts';
import { execute } from '../../../app/services/execute.ts';
import { accountSummary } from '../../../app/services/views.ts';
import type { LiquidationHistory } from '../../../app/history/history-records.ts';
import { ResultCode } from '../../../core/index.ts';
import { ApiError, ok } from '../../../protocol/index.ts';
import type { Api, HttpContext } from '../http-context.ts';
import { page, Paging } from '../schemas/common.ts';
import { pagedReplies, replies } from '../schemas/envelope.ts';
import { StringEnum } from '../schemas/enums.ts';
import { AccountSummarySchema, LiquidationSchema } from '../schemas/resources.ts';

const admin = { access: 'admin' as const };
/** Risk levels from the least to the most: `min_level` keeps an account at it or above. */
const LEVELS = ['normal', 'warning', 'force-close'] as const;
const RiskQuery = Type.Composite([
  Paging,
  Type.Object({
    min_level: Type.Optional(
      StringEnum(LEVELS, { description: "The least risk level listed: 'warning' by default; 'normal' lists every account, the riskiest first" }),
    ),
  }),
]);

export function liquidationView(record: LiquidationHistory) {
  return {
    liquidation_id: record.liquidationId,
    account_id: record.accountId,
    user_id: record.userId,
    trigger: record.trigger,
    datetime: record.ts,
    risk_ratio_before: record.riskRatioBefore,
    risk_ratio_after: record.riskRatioAfter,
    cancelled_orders: record.cancelledOrders,
    cancelled_conditional_orders: record.cancelledConditionals ?? 0,
    result: record.result,
    orders: record.orders.map((o) => ({
      order_id: o.orderId,
      instrument_id: o.instrumentId,
      direction: o.direction,
      offset: o.offset,
      volume: o.volume,
      filled: o.filled,
      average_price: o.averagePrice,
      refusal: o.refusal,
    })),
  };
}

/** /api/management/risk (admin): accounts at risk, margin in use, liquidations. */
export function riskRoutes(app: Api, ctx: HttpContext): void {
  const state = () => ctx.exchange.state;
  const summaries = () => [...state().accounts.keys()].map((id) => accountSummary(state(), id));

  app.get(
    '/api/management/risk/accounts',
    {
      config: admin,
      schema: {
        tags: ['risk'],
        summary:
          'Accounts owing money (a negative balance: deficit > 0), largest deficit first, then accounts at warning level or above (or another least level), highest risk ratio first',
        querystring: RiskQuery,
        response: pagedReplies(Type.Array(AccountSummarySchema)),
      },
    },
    async (request, reply) => {
      const least = LEVELS.indexOf(request.query.min_level ?? 'warning');
      // An account in deficit has lost more than it holds: with nothing left in use its
      // ratio is 0 and its level normal, and it is the first one an operator must see.
      const atRisk = summaries()
        .filter((s) => s.deficit > 0 || LEVELS.indexOf(s.risk_level) >= least)
        .sort((a, b) => b.deficit - a.deficit || b.risk_ratio - a.risk_ratio);
      return ok(page(reply, atRisk, request.query));
    },
  );

  app.get(
    '/api/management/risk/margin-summary',
    {
      config: admin,
      schema: {
        tags: ['risk'],
        summary: 'Margin in use against equity, exchange-wide',
        response: replies(
          Type.Object({
            total_balance: Type.Number(),
            total_margin: Type.Number(),
            total_frozen_margin: Type.Number(),
            total_available: Type.Number(),
            margin_ratio: Type.Number({ description: 'total_margin / total_balance' }),
            accounts_count: Type.Integer(),
            accounts_with_margin: Type.Integer(),
            warning_accounts: Type.Integer(),
            force_close_accounts: Type.Integer(),
            deficit_accounts: Type.Integer({ description: 'accounts with a negative balance' }),
            total_deficit: Type.Number({ description: 'what those accounts owe, together' }),
            warning_threshold: Type.Number(),
            force_close_threshold: Type.Number(),
          }),
        ),
      },
    },
    async () => {
      const all = summaries();
      const sum = (pick: (s: (typeof all)[number]) => number) => Math.round(all.reduce((t, s) => t + pick(s), 0) * 100) / 100;
      const balance = sum((s) => s.balance);
      const margin = sum((s) => s.margin);
      return ok({
        total_balance: balance,
        total_margin: margin,
        total_frozen_margin: sum((s) => s.frozen_margin),
        total_available: sum((s) => s.available),
        margin_ratio: balance > 0 ? margin / balance : 0,
        accounts_count: all.length,
        accounts_with_margin: all.filter((s) => s.margin > 0).length,
        warning_accounts: all.filter((s) => s.risk_level === 'warning').length,
        force_close_accounts: all.filter((s) => s.risk_level === 'force-close').length,
        deficit_accounts: all.filter((s) => s.deficit > 0).length,
        total_deficit: sum((s) => s.deficit),
        warning_threshold: ctx.exchange.config.risk.warningThreshold,
        force_close_threshold: ctx.exchange.config.risk.forceCloseThreshold,
      });
    },
  );

  app.get(
    '/api/management/risk/liquidations',
    {
      config: admin,
      schema: {
        tags: ['risk'],
        summary: 'Forced liquidations, newest first',
        querystring: Type.Composite([Paging, Type.Object({ account_id: Type.Optional(Type.String({ maxLength: 64 })) })]),
        response: pagedReplies(Type.Array(LiquidationSchema)),
      },
    },
    async (request, reply) => {
      const records = ctx.exchange.history
        .liquidationHistory()
        .filter((r) => request.query.account_id === undefined || r.accountId === request.query.account_id)
        .slice()
        .reverse();
      return ok(page(reply, records, request.query).map(liquidationView));
    },
  );

  app.post(
    '/api/management/risk/force-liquidate',
    {
      config: admin,
      schema: {
        tags: ['risk'],
        summary: "Close every position of an account at market now (account_id, or a user's first account)",
        body: Type.Object({
          account_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
          user_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
        }),
        response: replies(Type.Object({ account: AccountSummarySchema, liquidation: Type.Union([LiquidationSchema, Type.Null()]) })),
      },
    },
    async (request) => {
      if (request.body.account_id === undefined && request.body.user_id === undefined) {
        throw new ApiError(ResultCode.ParameterError, 'body.account_id or body.user_id is required');
      }
      const account = tradingAccount(state(), request.caller, request.body);
      const { result, stamped } = await execute(ctx.exchange, { type: 'account.force-liquidate', accountId: account.accountId });
      const event = result.events.find((e) => e.type === 'account.liquidated');
      const liquidation = event?.type === 'account.liquidated' ? liquidationView({ ...event, ts: stamped.ts }) : null;
      return ok({ account: accountSummary(state(), account.accountId), liquidation });
    },
  );
}
