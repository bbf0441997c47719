import { Type } from '@sinclair/typebox';
import { adminInstrumentView, allInstrumentStates, symbolEntry } from '../../../app/services/instrument-views.ts';
import { resolveInstrumentId } from '../../../app/services/order-requests.ts';
import { bookDepth, instrumentState, type InstrumentState, ResultCode } from '../../../core/index.ts';
import { buildQuote, PERIOD_CODES, periodByCode } from '../../../marketdata/index.ts';
import { ApiError, candleView, NS_PER_MS, ok, tradeKey } from '../../../protocol/index.ts';
import type { Api, HttpContext } from '../http-context.ts';
import { InstrumentIdParam, page, Paging, totalled } from '../schemas/common.ts';
import { pagedReplies, replies } from '../schemas/envelope.ts';
import { CandleSchema, InstrumentAdminSchema, OrderBookSchema, PublicTradeSchema, QuoteSchema } from '../schemas/resources.ts';

const SymbolSchema = Type.Record(Type.String(), Type.Object({}, { additionalProperties: true }));

/** Public market data (no token needed): instruments, order book, quote, trades, candles. */
export function marketRoutes(app: Api, ctx: HttpContext): void {
  const tz = ctx.exchange.config.exchange.timezone;
  const live = (id: string): InstrumentState => {
    const state = instrumentState(ctx.exchange.state, resolveInstrumentId(ctx.exchange.state, id));
    if (state === undefined) throw new ApiError(ResultCode.InstrumentNotFound, `instrument not found: ${id}`);
    return state;
  };
  const publicRoute = { access: 'public' as const };
  const symbols = () => {
    const out: Record<string, ReturnType<typeof symbolEntry>> = {};
    for (const instrument of allInstrumentStates(ctx.exchange.state, true)) out[instrument.spec.instrumentId] = symbolEntry(instrument, tz);
    return out;
  };

  app.get(
    '/api/market/instruments',
    {
      config: publicRoute,
      schema: { tags: ['market'], summary: 'Tradable instruments with their parameters and status', querystring: Paging, response: pagedReplies(Type.Array(InstrumentAdminSchema)) },
    },
    async (request, reply) => ok(page(reply, allInstrumentStates(ctx.exchange.state, false), request.query).map((i) => adminInstrumentView(i, ctx.exchange.marketData, tz))),
  );

  app.get(
    '/api/market/symbols',
    {
      config: publicRoute,
      schema: { tags: ['market'], summary: 'The symbol catalogue in the DIFF ecosystem format, keyed by instrument', response: replies(SymbolSchema) },
    },
    async () => ok(symbols()),
  );

  // The same catalogue without the envelope: what DIFF clients (tqsdk-js) load as symbolsServerUrl.
  app.get(
    '/api/market/symbols.json',
    {
      config: publicRoute,
      schema: {
        tags: ['market'],
        summary: 'The same catalogue without the envelope: what DIFF clients (tqsdk-js) load as their symbols URL',
        response: { 200: SymbolSchema },
      },
    },
    async () => symbols(),
  );

  app.get(
    '/api/market/orderbook/:instrument_id',
    {
      config: publicRoute,
      schema: {
        tags: ['market'],
        summary: 'Order book depth: price levels with volume and order count',
        params: InstrumentIdParam,
        querystring: Type.Object({ depth: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 5 })) }),
        response: replies(OrderBookSchema),
      },
    },
    async (request) => {
      const id = live(request.params.instrument_id).spec.instrumentId;
      const depth = bookDepth(ctx.exchange.state, id, request.query.depth ?? 5);
      const levels = (side: { price: number; volume: number; orderCount: number }[]) =>
        side.map((l) => ({ price: l.price, volume: l.volume, order_count: l.orderCount }));
      return ok({ instrument_id: id, bids: levels(depth?.bids ?? []), asks: levels(depth?.asks ?? []), timestamp: ctx.now() });
    },
  );

  app.get(
    '/api/market/tick/:instrument_id',
    { config: publicRoute, schema: { tags: ['market'], summary: 'The latest quote', params: InstrumentIdParam, response: replies(QuoteSchema) } },
    async (request) => {
      const instrument = live(request.params.instrument_id);
      return ok(buildQuote(instrument, ctx.exchange.marketData.tape(instrument.spec.instrumentId), tz));
    },
  );

  app.get(
    '/api/market/trades/:instrument_id',
    {
      config: publicRoute,
      schema: {
        tags: ['market'],
        summary: 'Recent trades, newest first (the newest 1,000 at least are kept)',
        params: InstrumentIdParam,
        querystring: Paging,
        response: pagedReplies(Type.Array(PublicTradeSchema)),
      },
    },
    async (request, reply) => {
      const id = live(request.params.instrument_id).spec.instrumentId;
      const tape = ctx.exchange.marketData.tape(id);
      const trades = totalled(reply, tape?.recentTradeCount ?? 0, tape?.recentTrades(request.query.limit ?? 100, request.query.offset) ?? []);
      return ok(
        trades.map((t) => ({
          trade_id: tradeKey(id, t.tradeId, t.direction),
          instrument_id: id,
          price: t.price,
          volume: t.volume,
          direction: t.direction,
          datetime: t.ts,
          trade_date_time: t.ts * NS_PER_MS,
        })),
      );
    },
  );

  app.get(
    '/api/market/kline/:instrument_id',
    {
      config: publicRoute,
      schema: {
        tags: ['market'],
        summary: 'Candles, oldest first: period 0 daily, 4 1m, 5 5m, 6 15m, 7 30m, 8 60m',
        params: InstrumentIdParam,
        querystring: Type.Object({
          period: Type.Optional(Type.Integer({ enum: [...PERIOD_CODES], default: 4 })),
          count: Type.Optional(Type.Integer({ minimum: 1, maximum: 5000, default: 200 })),
        }),
        response: replies(
          Type.Object({ instrument_id: Type.String(), period: Type.Integer(), duration_ns: Type.Number(), klines: Type.Array(CandleSchema) }),
        ),
      },
    },
    async (request) => {
      const id = live(request.params.instrument_id).spec.instrumentId;
      const period = periodByCode(request.query.period ?? 4);
      if (period === undefined) throw new ApiError(ResultCode.ParameterError, `period must be one of ${PERIOD_CODES.join(', ')}`);
      const candles = ctx.exchange.marketData.tape(id)?.klines(period.code)?.latest(request.query.count ?? 200) ?? [];
      return ok({
        instrument_id: id,
        period: period.code,
        duration_ns: period.ms * NS_PER_MS,
        klines: candles.map((c) => ({ id: c.id, ...candleView(c) })),
      });
    },
  );
}
