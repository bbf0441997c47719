/**
 * One side of the book against a plain model (a sorted list of prices): random levels
 * filled and emptied at prices from next to the band to billions of ticks away, so both
 * the array and its far levels, and the moves between them as the array grows, are
 * exercised. After every step the walk from the best level outwards must equal the model.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { MAX_DENSE_TICKS, PriceLadder } from '../../src/core/matching/price-ladder.ts';
import type { PriceLevel } from '../../src/core/matching/price-level.ts';

type Step = { fill: boolean; price: number };

const priceArb = fc.oneof(
  fc.integer({ min: 8_000, max: 9_000 }), // inside the first band
  fc.integer({ min: 1, max: 200_000 }), // where the array may grow
  fc.integer({ min: MAX_DENSE_TICKS, max: 4 * MAX_DENSE_TICKS }), // just out of reach
  fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), // anywhere at all
);

/** The prices from the best level outwards; stops after `max` so a cycle fails, not hangs. */
function walk(ladder: PriceLadder, max = 1_000): number[] {
  const out: number[] = [];
  for (let level = ladder.best(); level !== undefined && out.length < max; level = ladder.nextAfter(level)) {
    out.push(level.priceTicks);
  }
  return out;
}

function run(highestFirst: boolean, steps: readonly Step[]): void {
  const ladder = new PriceLadder(highestFirst, 8_000, 9_000);
  const held = new Map<number, PriceLevel>();
  for (const { fill, price } of steps) {
    if (fill && !held.has(price)) {
      const level = ladder.levelAt(price);
      assert.equal(level.priceTicks, price);
      assert.ok(level.isEmpty, `a new level at ${price} is empty`);
      level.orderCount = 1; // what PriceLevel.append does, without an order
      ladder.markNonEmpty(level);
      held.set(price, level);
    } else if (!fill && held.size > 0) {
      // Empty the held level nearest to `price` (in insertion order when none is near).
      const [victim] = [...held.keys()].sort((a, b) => Math.abs(a - price) - Math.abs(b - price));
      const level = held.get(victim!)!;
      assert.equal(ladder.levelAt(victim!), level, `the level at ${victim} is the one filled there`);
      level.orderCount = 0;
      ladder.markEmpty(level);
      held.delete(victim!);
      // Walking on from a level that just emptied reaches the next one all the same.
      const expectedNext = [...held.keys()].filter((p) => (highestFirst ? p < victim! : p > victim!));
      expectedNext.sort((a, b) => (highestFirst ? b - a : a - b));
      assert.equal(ladder.nextAfter(level)?.priceTicks, expectedNext[0]);
    }
    const expected = [...held.keys()].sort((a, b) => (highestFirst ? b - a : a - b));
    assert.deepEqual(walk(ladder), expected);
    assert.equal(ladder.levelCount, expected.length);
    assert.deepEqual(
      ladder.topLevels(3).map((l) => l.priceTicks),
      expected.slice(0, 3),
    );
  }
}

describe('price ladder', () => {
  const stepsArb = fc.array(fc.record({ fill: fc.boolean(), price: priceArb }), { minLength: 1, maxLength: 120 });

  it('walks bids best first at any price, near or far', () => {
    fc.assert(fc.property(stepsArb, (steps) => run(true, steps)), { numRuns: 300 });
  });

  it('walks asks best first at any price, near or far', () => {
    fc.assert(fc.property(stepsArb, (steps) => run(false, steps)), { numRuns: 300 });
  });

  it('walks on from a far level more than 2^32 ticks past the array without coming back', () => {
    // Index 2^32 + 100 shifted with `>>>` wraps to word 3, where the dense 8,110 sits.
    for (const highestFirst of [false, true]) {
      const ladder = new PriceLadder(highestFirst, 8_000, 9_000);
      for (const price of [8_110, 2 ** 32 + 8_100]) ladder.markNonEmpty(ladder.levelAt(price));
      const expected = highestFirst ? [2 ** 32 + 8_100, 8_110] : [8_110, 2 ** 32 + 8_100];
      assert.deepEqual(walk(ladder, 4), expected);
    }
  });

  it('keeps a band wider than the array without allocating it', () => {
    const ladder = new PriceLadder(true, 1, 20_000_000_000);
    for (const price of [1, 10_000_000_000, 19_999_999_999, 10_000_000_001]) ladder.markNonEmpty(ladder.levelAt(price));
    assert.deepEqual(walk(ladder), [19_999_999_999, 10_000_000_001, 10_000_000_000, 1]);
  });
});
