/**
 * The trigger ladder against the obvious model: every pending order looked at in creation
 * order. Random adds, removals (fired, cancelled, expired) and trades; after each, the
 * orders a trade reaches and the pending orders must be the model's, in the same order.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { ConditionalBook } from '../../src/core/conditional/conditional-book.ts';
import { ConditionalOrder } from '../../src/core/conditional/conditional-order.ts';
import type { CreateConditionalOrder } from '../../src/core/index.ts';

function order(n: number, triggerTicks: number, rises: boolean): ConditionalOrder {
  const request: CreateConditionalOrder = {
    type: 'conditional.create',
    conditionalId: `k${n}`,
    accountId: `A${n % 3}`,
    instrumentId: 'X',
    direction: 'SELL',
    offset: 'OPEN',
    volume: 1,
    orderType: 'MARKET',
    limitPrice: 0,
    conditionType: 'PriceTouch',
    triggerPrice: triggerTicks,
    triggerCondition: rises ? 'GreaterOrEqual' : 'LessOrEqual',
    validUntil: 0,
  };
  return new ConditionalOrder(request, 'u', triggerTicks, 0);
}

const reaches = (o: ConditionalOrder, ticks: number) => (o.triggerCondition === 'GreaterOrEqual' ? ticks >= o.triggerTicks : ticks <= o.triggerTicks);
const ids = (orders: readonly ConditionalOrder[]) => orders.map((o) => o.id);

const step = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('add' as const), ticks: fc.integer({ min: 1, max: 12 }), rises: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('trade' as const), ticks: fc.integer({ min: 0, max: 13 }), fire: fc.boolean() }) },
);

describe('trigger ladder', () => {
  it('reaches exactly the pending orders a trade reaches, in creation order, through adds, removals and mass fires', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 300 }), (steps) => {
        const book = new ConditionalBook();
        const model: ConditionalOrder[] = [];
        let n = 0;
        for (const s of steps) {
          if (s.kind === 'add') {
            const o = order(n++, s.ticks, s.rises);
            book.add(o);
            model.push(o);
          } else if (s.kind === 'remove') {
            if (model.length === 0) continue;
            const [o] = model.splice(s.pick % model.length, 1);
            o!.status = 'Cancelled';
            book.settle(o!);
            book.settle(o!); // again: harmless
          } else {
            const expected = model.filter((o) => reaches(o, s.ticks));
            assert.deepEqual(ids(book.reachedBy('X', s.ticks)), ids(expected));
            if (s.fire) {
              for (const o of expected) {
                o.status = 'Triggered';
                book.settle(o);
                model.splice(model.indexOf(o), 1);
              }
            }
          }
          assert.deepEqual(ids(book.pendingOf('X')), ids(model));
          assert.equal(book.hasPending, model.length > 0);
          for (const account of ['A0', 'A1', 'A2']) {
            assert.equal(book.pendingCountOf(account), model.filter((o) => o.request.accountId === account).length);
          }
        }
        assert.deepEqual([...book.pending.keys()], ids(model), 'only pending orders stay in the book, in creation order');
      }),
      { numRuns: 300 },
    );
  });

  it('a restored book (its pending orders added in creation order) holds the same pending orders in the same order', () => {
    const live = new ConditionalBook();
    const all = [order(0, 5, true), order(1, 3, false), order(2, 5, true), order(3, 7, false)];
    for (const o of all) live.add(o);
    all[1]!.status = 'Triggered';
    live.settle(all[1]!);
    const restored = new ConditionalBook();
    for (const o of all) {
      if (o.status === 'Pending') restored.add(new ConditionalOrder(o.request, o.userId, o.triggerTicks, o.createdTs));
    }
    assert.deepEqual(ids(restored.pendingOf('X')), ids(live.pendingOf('X')));
    assert.deepEqual(ids(restored.reachedBy('X', 5)), ids(live.reachedBy('X', 5)));
    assert.deepEqual(ids(restored.reachedBy('X', 5)), ['k0', 'k2', 'k3']);
    assert.equal(restored.pendingCountOf('A1'), 0);
  });
});
