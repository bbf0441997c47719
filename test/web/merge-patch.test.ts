/**
 * The web client's merge patch (web/src/diff/merge-patch.ts, applied in place to the page's
 * reactive mirror) agrees with the test suite's own RFC 7386 implementation on random
 * documents and patches.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { applyMergePatch, type JsonObject } from '../../web/src/diff/merge-patch.ts';
import { mergePatch } from '../support/diff-client.ts';

const key = fc.constantFrom('a', 'b', 'c', 'quotes', 'trade', '1', '__proto__', 'toString');
const leaf = fc.oneof(fc.integer(), fc.string({ maxLength: 3 }), fc.boolean(), fc.array(fc.integer(), { maxLength: 2 }));
const { tree } = fc.letrec<{ tree: JsonObject }>((tie) => ({
  tree: fc.dictionary(key, fc.oneof({ depthSize: 'small' }, leaf, fc.constant(null), tie('tree')), { maxKeys: 4 }),
}));

describe('the web client\'s merge patch', () => {
  it('matches RFC 7386 on random documents and patches', () => {
    fc.assert(
      fc.property(tree, tree, (document, patch) => {
        const expected = mergePatch(mergePatch({}, document), patch);
        const target = mergePatch({}, document) as JsonObject;
        applyMergePatch(target, patch);
        assert.deepEqual(target, expected);
      }),
      { numRuns: 500 },
    );
  });
});

describe('ids that name properties of every object', () => {
  it('an order called "__proto__" becomes a field, and no object in the page changes', () => {
    const mirror: JsonObject = { trade: { alice: { orders: {} } } };
    applyMergePatch(mirror, JSON.parse('{"trade":{"alice":{"orders":{"__proto__":{"status":"ALIVE","order_id":"__proto__"}}}}}'));
    const orders = (mirror.trade as JsonObject).alice as JsonObject;
    assert.ok(Object.hasOwn(orders.orders as JsonObject, '__proto__'));
    assert.equal(((orders.orders as JsonObject).__proto__ as JsonObject).status, 'ALIVE');
    assert.equal(({} as Record<string, unknown>).status, undefined, 'Object.prototype untouched');
    applyMergePatch(mirror, JSON.parse('{"trade":{"alice":{"orders":{"__proto__":{"status":"FINISHED"}}}}}'));
    assert.equal(((orders.orders as JsonObject).__proto__ as JsonObject).status, 'FINISHED');
    assert.equal(({} as Record<string, unknown>).status, undefined);
  });
});
