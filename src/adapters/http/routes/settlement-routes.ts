import { type Static, Type } from '@sinclair/typebox';
import { execute } from '../../../app/services/execute.ts';
import { resolveInstrumentId } from '../../../app/services/order-requests.ts';
import type { HistoryProjection } from '../../../app/history/history-projection.ts';
import type { SettlementRecord } from '../../../app/history/history-records.ts';
import { type AccountSettlement, type Command, ResultCode } from '../../../core/index.ts';
import { ApiError, ok } from '../../../protocol/index.ts';
import type { Api, HttpContext } from '../http-context.ts';
import { MAX_BATCH_ITEMS, page, Paging } from '../schemas/common.ts';
import { DATE_PATTERN, dateOf } from '../schemas/date-field.ts';
import { ItemError, pagedReplies, replies } from '../schemas/envelope.ts';
import { SettlementDetailSchema, SettlementSummarySchema } from '../schemas/resources.ts';

const admin = { access: 'admin' as const };
const PriceItem = Type.Object({ instrument_id: Type.String({ minLength: 1, maxLength: 64 }), settlement_price: Type.Number() });

const ExecuteBody = Type.Object(
  {
    trading_day: Type.Optional(
      Type.String({
        pattern: '^\\d{4}-\\d{2}-\\d{2}$',
        description: 'The trading day meant to be settled (YYYY-MM-DD, as /health shows it): refused (1001) when the exchange is on another day, e.g. one settled a moment before',
      }),
    ),
  },
  { additionalProperties: false, description: 'Optional: without a body the current trading day is settled' },
);

function summaryView(s: SettlementRecord) {
  return {
    settlement_date: s.settlementDate,
    next_trading_day: s.nextTradingDay,
    total_accounts: s.totalAccounts,
    settled_accounts: s.settledAccounts,
    failed_accounts: s.failedAccounts,
    failed_account_ids: [...s.failedAccountIds],
    force_closed_accounts: [...s.forceClosedAccounts],
    total_commission: s.totalCommission,
    total_profit: s.totalProfit,
    executed_at: s.ts,
  };
}

/**
 * The detail's account lines: every one, or a page (limit and offset), of those whose
 * account id or username contains `search`, or whose user id it is, ignoring case (a
 * few letters would be in most user ids, which are UUIDs). A day of 10,000 accounts is 3 MB
 * whole; the console reads it a page at a time.
 */
const DetailQuery = Type.Object({
  search: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Only accounts whose account id or username contains this, or whose user id it is, ignoring case' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: 'Account lines in the page; without it, every line from offset on' })),
  offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
});

/**
 * `userOf`: an account's user, known without reading the account's line: the lines are
 * read for the page only (they live in the history's archive).
 */
function detailView(history: HistoryProjection, s: SettlementRecord, query: Static<typeof DetailQuery>, userOf: (accountId: string) => { userId: string; username: string } | undefined) {
  const search = query.search?.toLowerCase();
  const matches = (accountId: string) => {
    if (accountId.toLowerCase().includes(search!)) return true;
    const user = userOf(accountId);
    return user !== undefined && (user.username.toLowerCase().includes(search!) || user.userId.toLowerCase() === search);
  };
  const found = search === undefined ? s.accountIds : s.accountIds.filter(matches);
  const offset = query.offset ?? 0;
  const lines = found.slice(offset, query.limit === undefined ? undefined : offset + query.limit).map((id) => history.settlementLine(s, id)!);
  return {
    ...summaryView(s),
    instruments: s.instruments.map((i) => ({
      instrument_id: i.instrumentId,
      settlement_price: i.settlementPrice,
      source: i.source,
      pre_settlement: i.preSettlement,
    })),
    account_lines: found.length,
    accounts: lines.map((a) => ({ account_id: a.accountId, user_id: a.userId, ...settledMoneyView(a) })),
  };
}

/** The money of an account's settlement line, as the detail and the account's statements show it. */
export function settledMoneyView(a: AccountSettlement) {
  return {
    pre_balance: a.preBalance,
    deposit: a.deposit,
    withdraw: a.withdraw,
    close_profit: a.closeProfit,
    position_profit: a.positionProfit,
    commission: a.commission,
    balance: a.balance,
    margin: a.margin,
    available: a.available,
    risk_ratio: a.riskRatio,
    force_closed: a.forceClosed,
    force_close_failed: a.forceCloseFailed ?? false,
  };
}

/** /api/admin/settlement: settlement prices, day-end settlement, and its records. */
export function settlementRoutes(app: Api, ctx: HttpContext): void {
  const setPrice = (item: { instrument_id: string; settlement_price: number }): Command => ({
    type: 'settlement.set-price',
    instrumentId: resolveInstrumentId(ctx.exchange.state, item.instrument_id),
    price: item.settlement_price,
  });

  app.post(
    '/api/admin/settlement/set-price',
    {
      config: admin,
      schema: {
        tags: ['settlement'],
        summary: 'Set the price an instrument settles at (default: the day\'s VWAP, else the last price)',
        body: PriceItem,
        response: replies(Type.Object({ instrument_id: Type.String(), settlement_price: Type.Number() })),
      },
    },
    async (request) => {
      const command = setPrice(request.body);
      const { result } = await execute(ctx.exchange, command);
      const event = result.events.find((e) => e.type === 'settlement.price-set');
      return ok({
        instrument_id: command.type === 'settlement.set-price' ? command.instrumentId : '',
        settlement_price: event?.type === 'settlement.price-set' ? event.price : request.body.settlement_price,
      });
    },
  );

  app.post(
    '/api/admin/settlement/batch-set-prices',
    {
      config: admin,
      schema: {
        tags: ['settlement'],
        summary: `Set up to ${MAX_BATCH_ITEMS} settlement prices; each is reported`,
        body: Type.Object({ prices: Type.Array(PriceItem, { minItems: 1, maxItems: MAX_BATCH_ITEMS }) }),
        response: replies(
          Type.Object({
            total: Type.Integer(),
            success_count: Type.Integer(),
            failed_count: Type.Integer(),
            results: Type.Array(
              Type.Object({
                instrument_id: Type.String(),
                success: Type.Boolean(),
                error: ItemError,
              }),
            ),
          }),
        ),
      },
    },
    async (request) => {
      const results = await Promise.all(
        request.body.prices.map(async (item) => {
          try {
            await execute(ctx.exchange, setPrice(item));
            return { instrument_id: item.instrument_id, success: true, error: null };
          } catch (error) {
            if (!(error instanceof ApiError)) throw error;
            return { instrument_id: item.instrument_id, success: false, error: { code: error.code, message: error.message } };
          }
        }),
      );
      const successCount = results.filter((r) => r.success).length;
      return ok({ total: results.length, success_count: successCount, failed_count: results.length - successCount, results });
    },
  );

  app.post(
    '/api/admin/settlement/execute',
    {
      config: { ...admin, optionalBody: true },
      // The spec sends no body; a body may name the day meant, so that a request sent
      // twice (a double click, a client's retry, two operators) settles one day, not two.
      preValidation: (request, _reply, done) => {
        request.body ??= {};
        done();
      },
      schema: {
        tags: ['settlement'],
        summary: 'Run day-end settlement now; the next trading day begins',
        body: ExecuteBody,
        response: replies(SettlementSummarySchema),
      },
    },
    async (request) => {
      const tradingDay = request.body.trading_day;
      // The core tells a day past from one to come; a past day is "already settled" only if it was.
      const current = ctx.exchange.state.tradingDay;
      if (tradingDay !== undefined && tradingDay < current && ctx.exchange.history.settlementOn(tradingDay) === undefined) {
        throw new ApiError(ResultCode.ParameterError, `trading day ${tradingDay} was never traded here: the exchange is trading ${current}`);
      }
      // Scheduled sessions: a day is settled after its session, never in the middle of one.
      const { sessionMode, settlementTime, timezone } = ctx.exchange.config.exchange;
      const whileClosed = sessionMode === 'scheduled';
      if (whileClosed && ctx.exchange.state.marketClosed === '') {
        throw new ApiError(ResultCode.ParameterError, `the market is open: trading day ${current} is settled at ${settlementTime.text} (${timezone}), or by hand once its session has closed`);
      }
      const { result } = await execute(ctx.exchange, { type: 'settlement.execute', ...(tradingDay !== undefined && { tradingDay }), ...(whileClosed && { whileClosed }) });
      const event = result.events.find((e) => e.type === 'settlement.completed');
      // The history took the settlement in when it was applied, before this answer.
      const record = event?.type === 'settlement.completed' ? ctx.exchange.history.settlementOn(event.settlementDate) : undefined;
      if (record === undefined) throw new ApiError(ResultCode.InternalError, 'settlement produced no summary');
      return ok(summaryView(record));
    },
  );

  app.get(
    '/api/admin/settlement/history',
    {
      config: admin,
      schema: { tags: ['settlement'], summary: 'Settlements, newest first', querystring: Paging, response: pagedReplies(Type.Array(SettlementSummarySchema)) },
    },
    async (request, reply) => ok(page(reply, [...ctx.exchange.history.settlementHistory()].reverse(), request.query).map(summaryView)),
  );

  app.get(
    '/api/admin/settlement/detail/:date',
    {
      config: admin,
      schema: {
        tags: ['settlement'],
        summary: 'One settlement with every instrument price and every account (or a search and a page of them)',
        // Both forms, as an account's statement takes them.
        params: Type.Object({ date: Type.String({ pattern: DATE_PATTERN, description: 'The day settled: YYYY-MM-DD or YYYYMMDD' }) }),
        querystring: DetailQuery,
        response: replies(SettlementDetailSchema),
      },
    },
    async (request) => {
      const day = dateOf(request.params.date, 'params.date');
      const settlement = ctx.exchange.history.settlementOn(day);
      if (settlement === undefined) throw new ApiError(ResultCode.ResourceNotFound, `no settlement on ${day}`);
      const { accounts, users } = ctx.exchange.state;
      const userOf = (accountId: string) => {
        const user = users.get(accounts.get(accountId)?.userId ?? '');
        return user === undefined ? undefined : { userId: user.userId, username: user.username };
      };
      return ok(detailView(ctx.exchange.history, settlement, request.query, userOf));
    },
  );
}
