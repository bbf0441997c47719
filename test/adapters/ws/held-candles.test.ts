/**
 * What a DIFF client holds of a candle series, as the server remembers it (ranges of final
 * candles and the newest one): random trades, in the newest period or opening a new one,
 * and random windows. After every update the client's candles (the patches merged into an
 * independent copy) equal the series over the window, and no patch carries a field the
 * client already holds with that value.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { EntryBudget, HeldCandles } from '../../../src/adapters/ws/held-candles.ts';
import { KlineSeries } from '../../../src/marketdata/kline-series.ts';
import { candleView } from '../../../src/protocol/index.ts';

type Step = { kind: 'trade'; newPeriod: boolean; price: number } | { kind: 'view'; left: number; width: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('trade' as const), newPeriod: fc.boolean(), price: fc.integer({ min: 1, max: 50 }) }),
  fc.record({ kind: fc.constant('view' as const), left: fc.integer({ min: -5, max: 60 }), width: fc.integer({ min: 1, max: 30 }) }),
);

describe('held candles', () => {
  it('bring the client up to date over any window with only what changed', () => {
    fc.assert(
      // With a budget, an update sends at most that many candles, and is repeated until none is withheld.
      fc.property(fc.array(stepArb, { minLength: 1, maxLength: 150 }), fc.option(fc.integer({ min: 1, max: 8 }), { nil: undefined }), (steps, perUpdate) => {
        const series = new KlineSeries();
        const held = new HeldCandles();
        const client = new Map<number, Record<string, number>>();
        let period = 0;
        let view = { left: 0, width: 10 };
        for (const step of steps) {
          if (step.kind === 'trade') {
            if (step.newPeriod || series.lastId < 0) period++;
            series.addTrade(period * 60_000, step.price, 1, 0, 0);
          } else view = { left: step.left, width: step.width };
          const left = Math.max(series.firstId, view.left);
          const right = Math.min(series.lastId, left + view.width - 1);
          if (right < left) continue;
          for (let more = true; more; ) {
            const budget = perUpdate === undefined ? undefined : new EntryBudget(perUpdate);
            const data = held.update(series, left, right, budget) ?? {};
            more = budget?.withheld ?? false;
            if (perUpdate !== undefined) assert.ok(Object.keys(data).length <= perUpdate, 'no more candles than the budget');
            for (const [id, patch] of Object.entries(data) as [string, Record<string, number>][]) {
              const before = client.get(Number(id));
              for (const [field, value] of Object.entries(patch)) {
                assert.notEqual(before?.[field], value, `candle ${id}: ${field} sent unchanged`);
              }
              client.set(Number(id), { ...before, ...patch });
            }
          }
          for (const candle of series.byIds(left, right)) {
            assert.deepEqual(client.get(candle.id), candleView(candle), `candle ${candle.id} after ${JSON.stringify(step)}`);
          }
        }
      }),
      { numRuns: 400 },
    );
  });

  it('send one candle per trade to a wide window, not the window', () => {
    const series = new KlineSeries();
    for (let i = 0; i < 5_000; i++) series.addTrade(i * 60_000, 100 + (i % 7), 1, 0, 0);
    const held = new HeldCandles();
    assert.equal(Object.keys(held.update(series, series.firstId, series.lastId) ?? {}).length, 5_000);
    series.addTrade(4_999 * 60_000, 99, 1, 0, 0);
    assert.deepEqual(held.update(series, series.firstId, series.lastId), { '4999': { low: 99, close: 99, volume: 2 } });
    series.addTrade(5_000 * 60_000, 101, 1, 0, 0);
    assert.deepEqual(Object.keys(held.update(series, series.firstId + 1, series.lastId) ?? {}), ['5000']);
  });
});
