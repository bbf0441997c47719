import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { orderView, tradeView } from '../../src/protocol/resource-views.ts';
import { jsonNumber, jsonString, orderViewJson, tradeViewJson } from '../../src/protocol/view-json.ts';

/** Strings as clients may send them: plain ids most of the time, anything at all otherwise. */
const text = fc.oneof(fc.stringMatching(/^[A-Za-z0-9._-]{0,12}$/), fc.string({ unit: 'binary' }), fc.constantFrom('', '"', '\\', '\n', '\u2028', '\ud800', '价格'));
const number = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -0, Number.NaN, Number.POSITIVE_INFINITY, 1e21, 5e-324));

describe('hand-written JSON of the DIFF views', () => {
  it('strings and numbers are written exactly as JSON.stringify writes them', () => {
    fc.assert(fc.property(text, (s) => jsonString(s) === JSON.stringify(s)), { numRuns: 2000 });
    fc.assert(fc.property(number, (n) => jsonNumber(n) === JSON.stringify(n)), { numRuns: 2000 });
  });

  it('an order view is byte for byte its JSON.stringify', () => {
    const order = fc.record({
      accountId: text,
      orderId: text,
      instrumentId: text,
      exchangeOrderId: fc.nat(),
      direction: fc.constantFrom('BUY', 'SELL') as fc.Arbitrary<'BUY' | 'SELL'>,
      offset: text,
      priceType: text,
      limitPrice: number,
      volume: number,
      volumeLeft: number,
      timeCondition: text,
      volumeCondition: text,
      minVolume: number,
      validUntilDate: text,
      insertTs: number,
      status: fc.oneof(fc.constantFrom('ACCEPTED', 'FILLED', 'REJECTED'), text),
      lastMsg: text,
      filledVolume: number,
      tradeIds: fc.array(fc.nat(), { maxLength: 4 }),
      updateTs: number,
    });
    fc.assert(
      fc.property(order, text, number, (o, userId, frozen) => {
        const view = orderView(o, userId, frozen);
        assert.equal(orderViewJson(view), JSON.stringify(view));
      }),
      { numRuns: 1000 },
    );
  });

  it('a trade view is byte for byte its JSON.stringify', () => {
    const trade = fc.record({
      tradeId: fc.nat(),
      instrumentId: text,
      accountId: text,
      orderId: text,
      exchangeOrderId: fc.nat(),
      direction: fc.constantFrom('BUY', 'SELL') as fc.Arbitrary<'BUY' | 'SELL'>,
      offset: text,
      price: number,
      volume: number,
      commission: number,
      ts: number,
    });
    fc.assert(
      fc.property(trade, text, (t, userId) => {
        const view = tradeView(t, userId);
        assert.equal(tradeViewJson(view), JSON.stringify(view));
      }),
      { numRuns: 1000 },
    );
  });
});
