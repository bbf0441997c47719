import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { encodeSidecar } from '../../src/app/history/history-codec.ts';
import { HistoryProjection } from '../../src/app/history/history-projection.ts';
import { rebuildHistory, type ReplayedSidecar } from '../../src/app/history/history-recovery.ts';
import { apply, type Command, createCoreState } from '../../src/core/index.ts';
import { COPPER, twoAccountDay } from '../support/core-harness.ts';

function order(accountId: string, orderId: string, direction: 'BUY' | 'SELL', price: number): Command {
  return { type: 'order.place', accountId, orderId, instrumentId: COPPER.instrumentId, direction, offset: 'OPEN', priceType: 'LIMIT', price, volume: 1, timeCondition: 'GFD', volumeCondition: 'ANY' };
}

/** The sidecars a live run attaches: the history events of each command, encoded as it is applied. */
function sidecarsOf(commands: readonly Command[]): ReplayedSidecar[] {
  const state = createCoreState();
  const out: ReplayedSidecar[] = [];
  commands.forEach((command, i) => {
    const stamped = { seq: i + 1, ts: 1_700_000_000_000 + i, command };
    const events = HistoryProjection.relevant(apply(state, stamped).events);
    if (events !== undefined) out.push([stamped.seq, encodeSidecar(stamped.ts, events)]);
  });
  return out;
}

async function* storedAs(...entries: ReplayedSidecar[][]): AsyncIterable<readonly ReplayedSidecar[]> {
  for (const entry of entries) yield entry;
}

const DAY: Command[] = [
  ...twoAccountDay(),
  ...Array.from({ length: 6 }, (_, i) => [order('A', `a${i}`, 'BUY', 70000 + 10 * i), order('B', `b${i}`, 'SELL', 70000)]).flat(),
  { type: 'order.cancel', accountId: 'A', orderId: 'a5' },
];

describe('history rebuilt at recovery', () => {
  const all = sidecarsOf(DAY);

  it('fills in sidecars a crash lost, in the middle and at the end, in seq order, and names them as runs to store', async () => {
    const reference = new HistoryProjection();
    await rebuildHistory(reference, storedAs(all), [], 0);
    assert.ok(all.length >= 10, 'enough history to lose some');
    // Stored: the first four, a lost write, two more, then nothing (the tail never written).
    const stored = [all.slice(0, 4), all.slice(6, 8)];
    const replayedFrom = 2;
    const history = new HistoryProjection();
    const rebuilt = await rebuildHistory(history, storedAs(...stored), all.slice(replayedFrom), 0);
    assert.deepEqual(JSON.stringify(history.toJSON()), JSON.stringify(reference.toJSON()), 'the same history as with nothing lost');
    assert.deepEqual(rebuilt.lost, [all.slice(4, 6), all.slice(8)], 'the gap and the tail, each its own run');
  });

  it('nothing lost: nothing to store, every stored event applied once', async () => {
    const history = new HistoryProjection();
    const rebuilt = await rebuildHistory(history, storedAs(all.slice(0, 5), all.slice(5)), all.slice(3), 0);
    assert.deepEqual(rebuilt.lost, []);
    const events = all.reduce((sum, [, sidecar]) => sum + (sidecar as unknown[]).length - 1, 0);
    assert.equal(rebuilt.events, events);
    assert.equal(history.ordersOf('A').length, 6);
  });

  it('skips what the snapshot it started from held, and says which stored sidecar is corrupt', async () => {
    const history = new HistoryProjection();
    await rebuildHistory(history, storedAs(all), [], all[3]![0]);
    const after = new HistoryProjection();
    await rebuildHistory(after, storedAs(all.slice(4)), [], 0);
    assert.equal(JSON.stringify(history.toJSON()), JSON.stringify(after.toJSON()));
    await assert.rejects(rebuildHistory(new HistoryProjection(), storedAs([[7, 'not a sidecar']]), [], 0), /journal record 7 is corrupt/);
  });

  it('neither applies nor stores again replayed records that what it started from holds', async () => {
    // A checkpoint at all[5] and a replay from an older snapshot: replayed records 2-5 are in it.
    const base = all[5]![0];
    const history = new HistoryProjection();
    await rebuildHistory(history, storedAs(all.slice(0, 6)), all.slice(0, 6), 0);
    const rebuilt = await rebuildHistory(history, storedAs(all.slice(6)), all.slice(2), base);
    assert.deepEqual(rebuilt.lost, []);
    const reference = new HistoryProjection();
    await rebuildHistory(reference, storedAs(all), [], 0);
    assert.equal(JSON.stringify(history.toJSON()), JSON.stringify(reference.toJSON()), 'each record once');
  });
});
