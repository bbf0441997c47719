import { Type } from '@sinclair/typebox';
import type { HistoryProjection } from '../../../app/history/history-projection.ts';
import type { TradeHistory } from '../../../app/history/history-records.ts';
import { ownAccount } from '../../../app/services/access.ts';
import { accountDays, type Statement, statementLiquidations, statementOf, statementTrades } from '../../../app/services/statements.ts';
import { ResultCode } from '../../../core/index.ts';
import { ApiError, ok, tradeView } from '../../../protocol/index.ts';
import type { Api, HttpContext } from '../http-context.ts';
import { AccountIdParam, page, Paging } from '../schemas/common.ts';
import { DATE_PATTERN, dateOf } from '../schemas/date-field.ts';
import { pagedReplies, replies } from '../schemas/envelope.ts';
import { AccountDaySchema, StatementSchema } from '../schemas/resources.ts';
import { liquidationView } from './risk-routes.ts';
import { settledMoneyView } from './settlement-routes.ts';

const DayParams = Type.Composite([
  AccountIdParam,
  Type.Object({ trading_day: Type.String({ pattern: DATE_PATTERN, description: 'The day settled: YYYY-MM-DD or YYYYMMDD' }) }),
]);

function accountDayView(history: HistoryProjection, day: Statement, currency: string) {
  const { line, settlement } = day;
  return {
    account_id: line.accountId,
    trading_day: settlement.settlementDate,
    next_trading_day: settlement.nextTradingDay,
    settled_at: settlement.ts,
    currency,
    ...settledMoneyView(line),
    trade_count: day.tradesTo - day.tradesFrom,
    liquidation_ids: statementLiquidations(history, day).map((r) => r.liquidationId),
  };
}

function settledPositionViews(day: Statement) {
  return (day.line.positions ?? []).map((p) => ({
    instrument_id: p.instrumentId,
    volume_long: p.longVolume,
    volume_long_today: p.longToday,
    volume_short: p.shortVolume,
    volume_short_today: p.shortToday,
    settlement_price: p.settlementPrice,
    position_profit: p.positionProfit,
    margin: p.margin,
  }));
}

/**
 * /api/account/{account_id}/settlements: an account's settlement statements, as a broker
 * gives them each day: the money settled, the positions held at the settlement price and
 * the day's trades. The same statement reaches DIFF clients as `qry_settlement_info`.
 */
export function statementRoutes(app: Api, ctx: HttpContext): void {
  const state = () => ctx.exchange.state;
  const history = () => ctx.exchange.history;

  app.get(
    '/api/account/:account_id/settlements',
    {
      schema: {
        tags: ['account'],
        summary: 'The days this account was settled, newest first',
        params: AccountIdParam,
        querystring: Paging,
        response: pagedReplies(Type.Array(AccountDaySchema)),
      },
    },
    async (request, reply) => {
      const account = ownAccount(state(), request.caller, request.params.account_id);
      const days = accountDays(history(), account.accountId).reverse();
      return ok(page(reply, days, request.query).map((day) => accountDayView(history(), day, account.currency)));
    },
  );

  app.get(
    '/api/account/:account_id/settlements/:trading_day',
    {
      config: { historyRead: true },
      schema: {
        tags: ['account'],
        summary: "One day's settlement statement: money, positions at the settlement price, and a page of the day's trades",
        params: DayParams,
        querystring: Paging,
        response: replies(StatementSchema),
      },
    },
    async (request) => {
      const account = ownAccount(state(), request.caller, request.params.account_id);
      const day = dateOf(request.params.trading_day, 'params.trading_day');
      const statement = statementOf(history(), account.accountId, day);
      if (statement === undefined) throw new ApiError(ResultCode.ResourceNotFound, `account ${account.accountId} has no settlement on ${day}`);
      const trades = statementTrades(history(), statement, request.query.offset ?? 0, request.query.limit ?? 100);
      return ok({
        ...accountDayView(history(), statement, account.currency),
        positions: settledPositionViews(statement),
        closed_at_delisting: (statement.line.closedAtDelisting ?? []).map((c) => ({
          instrument_id: c.instrumentId,
          volume_long: c.longVolume,
          volume_short: c.shortVolume,
          settlement_price: c.settlementPrice,
          close_profit: c.closeProfit,
        })),
        liquidations: statementLiquidations(history(), statement).map(liquidationView),
        trades: trades.map((trade: TradeHistory) => tradeView(trade, account.userId)),
      });
    },
  );
}
