import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { hashOf, OrderIdIndex } from '../../src/app/history/order-id-index.ts';

/** An account's order list as the history keeps it: ids by index, an id used again appended anew. */
function run(ids: readonly string[], hash?: (id: string) => number) {
  const list: string[] = [];
  const index = new OrderIdIndex((i, id) => list[i] === id, hash);
  const reference = new Map<string, number>();
  for (const id of ids) {
    list.push(id);
    index.set(id, list.length - 1);
    reference.set(id, list.length - 1);
  }
  return { index, reference };
}

describe('order id index', () => {
  const ids = fc.array(fc.oneof(fc.constantFrom('a', 'b', 'o1', 'o2', ''), fc.string({ maxLength: 12 }), fc.string({ unit: 'binary', maxLength: 6 })), { maxLength: 400 });

  it('finds the latest index of every id, and nothing for ids never set, as a Map would', () => {
    fc.assert(
      fc.property(ids, fc.array(fc.string({ maxLength: 12 }), { maxLength: 20 }), (placed, asked) => {
        const { index, reference } = run(placed);
        assert.equal(index.size, reference.size);
        for (const [id, at] of reference) assert.equal(index.get(id), at, id);
        for (const id of asked) assert.equal(index.get(id), reference.get(id), id);
      }),
      { numRuns: 200 },
    );
  });

  it('keeps ids that share a hash apart, through growth', () => {
    fc.assert(
      fc.property(ids, (placed) => {
        // Every id in one of three hashes: each lookup walks a long run of slots.
        const { index, reference } = run(placed, (id) => id.length % 3);
        for (const [id, at] of reference) assert.equal(index.get(id), at, id);
        assert.equal(index.get('never placed'), undefined);
      }),
      { numRuns: 100 },
    );
  });

  it('takes about 16 bytes an id, and reads no id to grow', () => {
    const list: string[] = [];
    let reads = 0;
    const index = new OrderIdIndex((i, id) => {
      reads++;
      return list[i] === id;
    });
    for (let i = 0; i < 100_000; i++) {
      list.push(`PYSDK_insert_${i.toString(36)}_${'x'.repeat(20)}`);
      index.set(list[i]!, i);
    }
    assert.ok(index.bytes <= 100_000 * 24, `${index.bytes} bytes`);
    // Ids read only to confirm a slot whose hash matched: none of 100,000 new ids should need one, bar a rare 32-bit collision.
    assert.ok(reads < 10, `${reads} ids read`);
    assert.equal(index.get(list[54_321]!), 54_321);
  });

  it('hashes the same id the same way, and spreads ids over the bits', () => {
    assert.equal(hashOf('order-1'), hashOf('order-1'));
    const low = new Set(Array.from({ length: 4096 }, (_, i) => hashOf(`o${i}`) & 4095));
    assert.ok(low.size > 2400, `${low.size} of 4096 low-bit values`);
  });
});
