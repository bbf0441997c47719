/**
 * npm run bench:conditionals
 *
 * What conditional orders that were created and then cancelled cost the exchange's memory
 * and its snapshot: BENCH_CONDITIONALS (default 200000) created and cancelled by one
 * account, through the core and the history as the exchange applies them (in process, no
 * storage: the archive's chunks stay in memory outside the heap). Prints the heap's growth
 * after a full collection, per order, and the size of the core state's snapshot text.
 * The last stdout line is one JSON object.
 */
import { serializeState } from '../../src/core/index.ts';
import { COPPER } from '../../test/support/core-harness.ts';
import { inProcessExchange } from './in-process.ts';

const count = Number(process.env.BENCH_CONDITIONALS ?? 200_000);
const { state, history, run, memory } = inProcessExchange('bench:conditionals');
const heap = (): number => memory().heapUsed;

run({ type: 'instrument.add', spec: COPPER });
run({ type: 'user.register', userId: 'u', username: 'trader', passwordHash: 'x', role: 'user' });
run({ type: 'account.open', userId: 'u', accountId: 'A', initialBalance: 1e9 });
const before = heap();
for (let i = 0; i < count; i++) {
  // Ids as the HTTP route makes them: C and 16 hex digits.
  const conditionalId = `C${i.toString(16).padStart(16, '0')}`;
  run({
    type: 'conditional.create', conditionalId, accountId: 'A', instrumentId: COPPER.instrumentId, direction: 'SELL', offset: 'OPEN', volume: 1,
    orderType: 'LIMIT', limitPrice: 69000, conditionType: 'StopLoss', triggerPrice: 69000, triggerCondition: 'LessOrEqual', validUntil: 0,
  });
  run({ type: 'conditional.cancel', conditionalId, accountId: 'A' });
}
const grown = heap() - before;
console.log(JSON.stringify({
  bench: 'conditionals',
  orders: count,
  heap_mb: Number((grown / 2 ** 20).toFixed(1)),
  heap_bytes_per_order: Math.round(grown / count),
  snapshot_mb: Number((JSON.stringify(serializeState(state)).length / 2 ** 20).toFixed(1)),
  listed: history.conditionals.total(['A']),
}));
