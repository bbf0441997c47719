/**
 * The highest prices the exchange takes: one lot may be worth at most MAX_LOT_VALUE_CENTS
 * (an order's limit, a settlement or reference price, a trigger), and any price below that
 * trades, however far from the rest of the book, without stretching the book to reach it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_LOT_VALUE_CENTS } from '../../src/core/money.ts';
import { type InstrumentSpec, ResultCode } from '../../src/core/index.ts';
import { COPPER, CoreHarness, eventsOfType } from '../support/core-harness.ts';

/** No reference price, so no band: tick 1, multiplier 1, a lot worth its price. */
const BANDLESS: InstrumentSpec = { ...COPPER, instrumentId: 'USER.x2712', exchangeId: 'USER', priceTick: 1, volumeMultiple: 1, preSettlement: 0 };
const on = { instrumentId: BANDLESS.instrumentId };
const HIGHEST = MAX_LOT_VALUE_CENTS / 100;

describe('price bounds', () => {
  it('refuses a price whose lot would be worth more than the most the exchange takes (3006), and nothing changes', () => {
    const x = new CoreHarness([BANDLESS]);
    x.place('B', 'b1', 'BUY', 3000, 1, on);
    x.place('A', 'a1', 'SELL', 3000, 1, on);
    const before = x.state.instruments.get(BANDLESS.instrumentId)!.book.asks.levelCount;
    for (const price of [HIGHEST + 1, 5e9, 1e300]) {
      const result = x.place('B', `far${price}`, 'SELL', price, 1, { ...on, offset: 'CLOSE' });
      assert.equal(result.code, ResultCode.PriceOutOfLimits, `${price}: ${result.message}`);
      assert.match(result.message, /too high: one lot would be worth more than 10000000/);
    }
    assert.equal(x.state.instruments.get(BANDLESS.instrumentId)!.book.asks.levelCount, before);
  });

  it('trades at the highest price, millions of ticks from the rest of the book', () => {
    const x = new CoreHarness([BANDLESS]);
    x.place('B', 'b1', 'SELL', 3000, 1, on);
    assert.equal(x.place('A', 'a0', 'SELL', HIGHEST, 2, on).code, ResultCode.Success);
    assert.equal(x.place('B', 'b2', 'SELL', HIGHEST - 1, 1, on).code, ResultCode.Success);
    const result = x.place('C', 'c1', 'BUY', HIGHEST, 3, on);
    const trades = eventsOfType(result, 'trade.executed').map((t) => [t.priceTicks, t.volume]);
    // Best ask first: 3,000, then HIGHEST - 1; one lot stays at HIGHEST.
    assert.deepEqual(trades, [[3000, 1], [HIGHEST - 1, 1], [HIGHEST, 1]]);
    assert.deepEqual(
      x.state.instruments.get(BANDLESS.instrumentId)!.book.asks.topLevels(5).map((l) => [l.priceTicks, l.volume]),
      [[HIGHEST, 1]],
    );
  });

  it('refuses such prices as settlement price, reference price and trigger (1001)', () => {
    const x = new CoreHarness([COPPER]);
    const tooHigh = 1e11;
    const setPrice = x.run({ type: 'settlement.set-price', instrumentId: COPPER.instrumentId, price: tooHigh });
    assert.deepEqual([setPrice.code, /settlement_price .* too high/.test(setPrice.message)], [ResultCode.ParameterError, true]);
    const add = x.run({ type: 'instrument.add', spec: { ...COPPER, instrumentId: 'SHFE.cu2799', preSettlement: tooHigh } });
    assert.deepEqual([add.code, /pre_settlement .* too high/.test(add.message)], [ResultCode.ParameterError, true]);
    // A contract whose lowest price, one tick, is already too much for a lot could never trade.
    const dead = x.run({ type: 'instrument.add', spec: { ...COPPER, instrumentId: 'SHFE.cu2798', priceTick: 0.5, volumeMultiple: 1e15, preSettlement: 0 } });
    assert.deepEqual([dead.code, /no order could trade/.test(dead.message)], [ResultCode.ParameterError, true]);
    assert.ok(!x.state.instruments.has('SHFE.cu2798'));
    x.ensureAccount('A');
    const trigger = {
      type: 'conditional.create',
      conditionalId: 'c1',
      accountId: 'A',
      instrumentId: COPPER.instrumentId,
      direction: 'BUY',
      offset: 'OPEN',
      volume: 1,
      orderType: 'MARKET',
      limitPrice: 0,
      conditionType: 'PriceTouch',
      triggerPrice: tooHigh,
      triggerCondition: 'GreaterOrEqual',
      validUntil: 0,
    } as const;
    const conditional = x.run(trigger);
    assert.deepEqual([conditional.code, /trigger_price .* too high/.test(conditional.message)], [ResultCode.ParameterError, true]);
    const forever = x.run({ ...trigger, triggerPrice: 71000, validUntil: 1e300 });
    assert.deepEqual([forever.code, /no later than 9999-12-31/.test(forever.message)], [ResultCode.ParameterError, true]);
    assert.equal(x.run({ ...trigger, triggerPrice: 71000, validUntil: 253_402_300_799_999 }).code, ResultCode.Success);
  });
});
