/**
 * The console's modify form sends only what the user changed: a volume shown when the
 * form opened, sent back unchanged after a fill, would resize the order.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { modifyChanges } from '../../web/src/order-modify.ts';

describe("the console's modify form", () => {
  const shown = { shownPrice: 86000, shownVolume: 3 };
  it('sends the price alone, the volume alone, or both, as changed', () => {
    assert.deepEqual(modifyChanges({ ...shown, price: 85990, volume: 3 }), { new_price: 85990 });
    assert.deepEqual(modifyChanges({ ...shown, price: 86000, volume: 5 }), { new_volume: 5 });
    assert.deepEqual(modifyChanges({ ...shown, price: 85990, volume: 5 }), { new_price: 85990, new_volume: 5 });
  });

  it('sends nothing when nothing changed or a field was emptied', () => {
    assert.equal(modifyChanges({ ...shown, price: 86000, volume: 3 }), undefined);
    assert.equal(modifyChanges({ ...shown, price: null, volume: null }), undefined);
    assert.deepEqual(modifyChanges({ ...shown, price: null, volume: 4 }), { new_volume: 4 });
  });
});
