/**
 * npm run bench:settlements
 *
 * What day-end settlements cost the exchange's memory: BENCH_SETTLE_ACCOUNTS (default
 * 3000) accounts, each holding a position, settled BENCH_SETTLE_DAYS (default 60) times
 * through the core and the history as the exchange applies them (in process, no storage:
 * the archive's chunks stay in memory outside the heap, counted apart). Prints the
 * heap's growth after a full collection per account and day. The last stdout line is one
 * JSON object.
 */
import { COPPER } from '../../test/support/core-harness.ts';
import { inProcessExchange } from './in-process.ts';

const accounts = Number(process.env.BENCH_SETTLE_ACCOUNTS ?? 3000);
const days = Number(process.env.BENCH_SETTLE_DAYS ?? 60);
const { history, run, memory } = inProcessExchange('bench:settlements');

run({ type: 'instrument.add', spec: COPPER });
run({ type: 'trading-day.begin', tradingDay: '2026-11-23' });
for (let i = 0; i < accounts; i++) {
  const id = `S${String(i).padStart(5, '0')}`;
  run({ type: 'user.register', userId: `u${id}`, username: `student${i}`, passwordHash: 'x', role: 'user' });
  run({ type: 'account.open', userId: `u${id}`, accountId: id, initialBalance: 1_000_000 });
}
// Each account holds a lot, so that its lines carry a position (pairs cross at the reference price).
const price = COPPER.preSettlement;
for (let i = 0; i + 1 < accounts; i += 2) {
  const [seller, buyer] = [`S${String(i).padStart(5, '0')}`, `S${String(i + 1).padStart(5, '0')}`];
  const order = { type: 'order.place', instrumentId: COPPER.instrumentId, offset: 'OPEN', priceType: 'LIMIT', price, volume: 1, timeCondition: 'GFD', volumeCondition: 'ANY' } as const;
  run({ ...order, accountId: seller, orderId: 'o1', direction: 'SELL' });
  run({ ...order, accountId: buyer, orderId: 'o1', direction: 'BUY' });
}
const before = memory();
const started = performance.now();
for (let day = 0; day < days; day++) run({ type: 'settlement.execute' }, 86_400_000);
const seconds = (performance.now() - started) / 1000;
const after = memory();
const accountDays = accounts * days;
console.log(JSON.stringify({
  bench: 'settlements',
  accounts,
  days,
  heap_mb: Number(((after.heapUsed - before.heapUsed) / 2 ** 20).toFixed(1)),
  heap_bytes_per_account_day: Math.round((after.heapUsed - before.heapUsed) / accountDays),
  archive_mb: Number(((after.arrayBuffers - before.arrayBuffers) / 2 ** 20).toFixed(1)),
  ms_per_settlement: Number(((seconds * 1000) / days).toFixed(1)),
  equity_points_read_back: history.equityCurve('S00000').length,
}));
