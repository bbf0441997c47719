import { Type } from '@sinclair/typebox';
import { type AccountSummary, accountSummary } from '../../../app/services/views.ts';
import { type CoreState, ResultCode } from '../../../core/index.ts';
import { ApiError, ok } from '../../../protocol/index.ts';
import type { Api, HttpContext } from '../http-context.ts';
import { replies } from '../schemas/envelope.ts';

const Num = Type.Number();
const Int = Type.Integer();

/** What GET /health answers. */
export const HealthStatus = Type.Object({
  status: Type.String(),
  seq: Int,
  trading_day: Type.String(),
  /** Whether orders are taken now (scheduled sessions close the market between them); an instrument's own status apart. */
  market_open: Type.Boolean(),
  uptime_seconds: Int,
});
const admin = { access: 'admin' as const };

const AccountsReport = Type.Object({
  accounts_count: Int,
  users_count: Int,
  frozen_accounts: Int,
  by_risk_level: Type.Object(
    { normal: Int, warning: Int, 'force-close': Int },
    { description: "Accounts at each risk level, keyed as the accounts' risk_level spells it" },
  ),
  total_balance: Num,
  total_available: Num,
  total_margin: Num,
  total_frozen_margin: Num,
});
const OrdersReport = Type.Object({
  orders_count: Int,
  live_orders: Int,
  live_by_instrument: Type.Record(Type.String(), Int),
  conditional_pending: Int,
});
/** Trades are counted once each (a fill between two accounts is one trade); account trade lists hold a row per side. */
const TradesCount = Type.Integer({ description: 'Trades executed: a fill between two accounts counts once (the management trade list shows a row for each side)' });
const TradesReport = Type.Object({
  trades_count: TradesCount,
  instruments: Type.Array(Type.Object({ instrument_id: Type.String(), volume: Int, amount: Num, last_price: Num, open_interest: Int })),
});

/** /health and /api/monitoring: the process, the storage engine and business aggregates. */
/** Instruments not delisted: those the instrument list shows. */
function listedInstruments(state: CoreState): number {
  let count = 0;
  for (const instrument of state.instruments.values()) if (instrument.status !== 'DELISTED') count++;
  return count;
}

export function monitoringRoutes(app: Api, ctx: HttpContext): void {
  const state = () => ctx.exchange.state;

  const accountsReport = () => {
    const levels: Record<AccountSummary['risk_level'], number> = { normal: 0, warning: 0, 'force-close': 0 };
    const totals = { balance: 0, available: 0, margin: 0, frozenMargin: 0 };
    let frozen = 0;
    for (const id of state().accounts.keys()) {
      const summary = accountSummary(state(), id);
      levels[summary.risk_level]++;
      totals.balance += summary.balance;
      totals.available += summary.available;
      totals.margin += summary.margin;
      totals.frozenMargin += summary.frozen_margin;
      if (summary.is_frozen) frozen++;
    }
    const cents = (v: number) => Math.round(v * 100) / 100;
    return {
      accounts_count: state().accounts.size,
      users_count: state().users.size,
      frozen_accounts: frozen,
      by_risk_level: levels,
      total_balance: cents(totals.balance),
      total_available: cents(totals.available),
      total_margin: cents(totals.margin),
      total_frozen_margin: cents(totals.frozenMargin),
    };
  };
  const ordersReport = () => {
    const byInstrument: Record<string, number> = {};
    for (const [id, instrument] of state().instruments) if (instrument.book.restingCount > 0) byInstrument[id] = instrument.book.restingCount;
    return {
      orders_count: ctx.exchange.history.totalOrders,
      live_orders: state().liveOrders.size,
      live_by_instrument: byInstrument,
      conditional_pending: state().conditionals.pending.size,
    };
  };
  const tradesReport = () => ({
    trades_count: ctx.exchange.history.totalTrades,
    instruments: [...state().instruments.keys()].flatMap((id) => {
      const stats = ctx.exchange.marketData.tape(id)?.stats;
      if (stats === undefined || stats.volume === 0) return [];
      return [{ instrument_id: id, volume: stats.volume, amount: Math.round(stats.amount * 100) / 100, last_price: stats.close, open_interest: stats.openInterest }];
    }),
  });

  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['monitoring'],
        summary: 'Liveness: ok while the exchange accepts commands',
        response: replies(HealthStatus),
      },
    },
    async () => {
      if (ctx.exchange.committer.isFailed || ctx.exchange.sequencer.isHalted) {
        throw new ApiError(ResultCode.InternalError, 'the exchange has stopped accepting commands; see the log');
      }
      const s = state();
      return ok({ status: 'ok', seq: s.lastSeq, trading_day: s.tradingDay, market_open: s.marketClosed === '', uptime_seconds: ctx.figures.uptimeSeconds() });
    },
  );

  app.get(
    '/api/monitoring/system',
    {
      config: admin,
      schema: {
        tags: ['monitoring'],
        summary: 'Process and exchange figures',
        response: replies(
          Type.Object({
            accounts_count: Int,
            orders_count: Int,
            trades_count: TradesCount,
            ws_connections: Int,
            memory_usage_mb: Num,
            heap_used_mb: Type.Number({ description: 'JavaScript heap in use, garbage not yet collected included (part of memory_usage_mb)' }),
            heap_total_mb: Type.Number({ description: 'JavaScript heap held from the system, used or not (part of memory_usage_mb): the rest of memory_usage_mb is native memory and what the allocator keeps after a peak' }),
            external_mb: Type.Number({ description: 'memory outside the heap held by JavaScript objects: buffers, typed arrays (the history indexes)' }),
            history_archive_records: Type.Integer({ description: 'finished orders and trades kept in the storage engine rather than in memory' }),
            history_archive_mb: Type.Number({
              description: 'memory the archive holds (part of memory_usage_mb): 6 bytes of index a record, each account\'s open chunk, recently read chunks',
            }),
            cpu_usage_percent: Num,
            uptime_seconds: Int,
            users_count: Int,
            live_orders: Int,
            instruments_count: Type.Integer({ description: 'Instruments listed (trading or suspended), as GET /api/market/instruments shows them; delisted ones are not counted' }),
            seq: Int,
            trading_day: Type.String(),
          }),
        ),
      },
    },
    async () => {
      const memory = ctx.figures.memory();
      return ok({
        accounts_count: state().accounts.size,
        orders_count: ctx.exchange.history.totalOrders,
        trades_count: ctx.exchange.history.totalTrades,
        ws_connections: ctx.figures.wsConnections(),
        memory_usage_mb: memory.rssMb,
        heap_used_mb: memory.heapUsedMb,
        heap_total_mb: memory.heapTotalMb,
        external_mb: memory.externalMb,
        history_archive_records: ctx.exchange.history.archived.records,
        history_archive_mb: Math.round((ctx.exchange.history.archived.bytes / 2 ** 20) * 10) / 10,
        cpu_usage_percent: ctx.figures.cpuPercent(),
        uptime_seconds: ctx.figures.uptimeSeconds(),
        users_count: state().users.size,
        live_orders: state().liveOrders.size,
        instruments_count: listedInstruments(state()),
        seq: state().lastSeq,
        trading_day: state().tradingDay,
      });
    },
  );

  app.get(
    '/api/monitoring/storage',
    {
      config: admin,
      schema: {
        tags: ['monitoring'],
        summary: "The storage engine's own figures (LevelDB)",
        response: replies(
          Type.Object({
            wal_size_mb: Type.Number({ description: 'Size of the write-ahead log files (the writes the memtables hold)' }),
            memtable_size_mb: Type.Number({
              description: "LevelDB's approximate memory use: its memtables and its block cache (LevelDB reports no figure of the memtables alone)",
            }),
            sstable_count: Int,
            sstable_total_size_mb: Num,
          }),
        ),
      },
    },
    async () => ok(ctx.exchange.storage.figures()),
  );

  app.get('/api/monitoring/accounts', { config: admin, schema: { tags: ['monitoring'], summary: 'Account aggregates', response: replies(AccountsReport) } }, async () =>
    ok(accountsReport()),
  );
  app.get('/api/monitoring/orders', { config: admin, schema: { tags: ['monitoring'], summary: 'Order aggregates', response: replies(OrdersReport) } }, async () =>
    ok(ordersReport()),
  );
  app.get('/api/monitoring/trades', { config: admin, schema: { tags: ['monitoring'], summary: "Today's trading by instrument", response: replies(TradesReport) } }, async () =>
    ok(tradesReport()),
  );
  app.get(
    '/api/monitoring/report',
    {
      config: admin,
      schema: {
        tags: ['monitoring'],
        summary: 'Accounts, orders and trades in one report',
        response: replies(Type.Object({ generated_at: Int, trading_day: Type.String(), accounts: AccountsReport, orders: OrdersReport, trades: TradesReport })),
      },
    },
    async () => ok({ generated_at: ctx.now(), trading_day: state().tradingDay, accounts: accountsReport(), orders: ordersReport(), trades: tradesReport() }),
  );
}
