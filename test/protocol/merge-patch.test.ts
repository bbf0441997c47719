/**
 * The server's merge-patch helpers: composing two patches is one patch that does what
 * both do in turn, checked against applying them one after the other (with the test
 * client's own merge-patch code), nulls included (but an object set where the earlier
 * patch deleted one, which no single merge patch can say).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { composePatches, type Json } from '../../src/protocol/merge-patch.ts';
import { mergePatch } from '../support/diff-client.ts';

const leaf = fc.oneof(fc.integer(), fc.constant(null), fc.string({ maxLength: 3 }));
const patch: fc.Arbitrary<Json> = fc.letrec((tie) => ({
  node: fc.dictionary(fc.constantFrom('a', 'b', 'c'), fc.oneof({ weight: 2, arbitrary: leaf }, { weight: 1, arbitrary: tie('node') }), { maxKeys: 3 }),
})).node as fc.Arbitrary<Json>;
const document = patch.map((p) => mergePatch({}, p));

/**
 * Whether `then` sets an object where `first` deletes a field or sets a scalar: no single
 * merge patch says "start again from nothing" (an object merges into what the client
 * holds), so composition cannot, and the server never composes such parts (its parts
 * delete and set only scalars where other parts set objects).
 */
function restartsAnObject(first: Json, then: Json): boolean {
  if (first === null || typeof first !== 'object' || then === null || typeof then !== 'object') return false;
  return Object.entries(then as Record<string, Json>).some(([key, value]) => {
    const held = (first as Record<string, Json>)[key];
    if (held === undefined) return false;
    // A deletion or a scalar, then an object: the object starts again from nothing.
    if (held === null || typeof held !== 'object') return value !== null && typeof value === 'object';
    return restartsAnObject(held, value);
  });
}

describe('composePatches', () => {
  it('does what the two patches do in turn, deletions included', () => {
    fc.assert(
      fc.property(document, patch, patch, (start, first, then) => {
        fc.pre(!restartsAnObject(first, then));
        const stepwise = mergePatch(mergePatch(structuredClone(start), first), then);
        const composed = composePatches(structuredClone(first), then);
        assert.deepEqual(mergePatch(structuredClone(start), composed), stepwise);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps a null of the later patch (applying it would drop the deletion)', () => {
    assert.deepEqual(composePatches({ k: { a: 1, b: 2 } }, { k: { b: null } }), { k: { a: 1, b: null } });
  });
});
