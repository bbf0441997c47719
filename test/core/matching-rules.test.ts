import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { bookDepth, liveOrder, ResultCode, restingOrders } from '../../src/core/index.ts';
import { COPPER, CoreHarness, eventsOfType, INDEX, tradeSummary, tradesOf } from '../support/core-harness.ts';

const CU = COPPER.instrumentId;

describe('price-time priority', () => {
  it('fills the better price first, then the earlier order at the same price, at the maker price', () => {
    const x = new CoreHarness();
    x.place('s1', 'a', 'SELL', 70020, 2);
    x.place('s2', 'b', 'SELL', 70010, 1);
    x.place('s3', 'c', 'SELL', 70020, 2);
    const result = x.place('b1', 'x', 'BUY', 70030, 4);
    assert.equal(result.code, ResultCode.Success);
    assert.deepEqual(tradeSummary(result), ['70010x1 s2/b->b1/x', '70020x2 s1/a->b1/x', '70020x1 s3/c->b1/x']);
    assert.deepEqual(
      restingOrders(x.state, CU, 'SELL').map((o) => [o.accountId, o.volumeLeft, o.status]),
      [['s3', 1, 'PARTIAL_FILLED']],
    );
  });

  it('does not trade when prices do not cross, and rests both sides', () => {
    const x = new CoreHarness();
    x.place('s', 'a', 'SELL', 70020, 1);
    const result = x.place('b', 'x', 'BUY', 70010, 1);
    assert.deepEqual(tradesOf(result), []);
    const depth = bookDepth(x.state, CU, 5)!;
    assert.deepEqual(depth.bids.map((l) => [l.price, l.volume, l.orderCount]), [[70010, 1, 1]]);
    assert.deepEqual(depth.asks.map((l) => [l.price, l.volume, l.orderCount]), [[70020, 1, 1]]);
  });

  it('reports each touched level with its totals after the change', () => {
    const x = new CoreHarness();
    x.place('s1', 'a', 'SELL', 70010, 2);
    x.place('s2', 'b', 'SELL', 70010, 3);
    const levels = eventsOfType(x.place('b', 'x', 'BUY', 70010, 4), 'book.level');
    assert.deepEqual(levels.map((l) => [l.side, l.price, l.volume, l.orderCount]), [['SELL', 70010, 1, 1]]);
  });
});

describe('order validation', () => {
  it('refuses enumerated terms it does not know with 1001 and records the order REJECTED', () => {
    const x = new CoreHarness();
    for (const [field, value] of [['offset', 'SIDEWAYS'], ['direction', 'UP'], ['priceType', 'BEST'], ['timeCondition', 'FOREVER'], ['volumeCondition', 'SOME']] as const) {
      const result = x.place('a', `bad-${field}`, 'SELL', 70010, 1, { [field]: value } as never);
      assert.equal(result.code, ResultCode.ParameterError, field);
      assert.match(result.message, new RegExp(`${field} must be one of .*got "${value}"`));
      assert.equal(eventsOfType(result, 'order.rejected')[0]?.order.status, 'REJECTED', field);
    }
    assert.deepEqual(restingOrders(x.state, CU, 'SELL'), []);
  });

  it('refuses a price too high to count in ticks as too high (3006), not as off the grid', () => {
    const x = new CoreHarness();
    const result = x.place('b', 'x', 'BUY', 1e308, 1);
    assert.equal(result.code, ResultCode.PriceOutOfLimits);
    assert.match(result.message, /price 1e\+308 is too high/);
  });

  it('refuses a price off the tick grid with 1001 and records the order REJECTED', () => {
    const x = new CoreHarness();
    const result = x.place('b', 'x', 'BUY', 70015, 1);
    assert.equal(result.code, ResultCode.ParameterError);
    assert.match(result.message, /not a multiple of the price tick 10/);
    const [rejected] = eventsOfType(result, 'order.rejected');
    assert.equal(rejected?.order.status, 'REJECTED');
    assert.equal(rejected?.order.exchangeOrderId, 0);
    assert.equal(rejected?.order.lastMsg, result.message);
  });

  it('accepts prices on a fractional tick grid and refuses those between ticks', () => {
    const x = new CoreHarness([INDEX]);
    const ok = x.run({ type: 'order.place', accountId: 'b', orderId: '1', instrumentId: INDEX.instrumentId, direction: 'BUY', offset: 'OPEN', priceType: 'LIMIT', price: 4000.2, volume: 1, timeCondition: 'GFD', volumeCondition: 'ANY' });
    assert.equal(ok.code, ResultCode.Success);
    assert.equal(eventsOfType(ok, 'order.accepted')[0]?.order.limitPrice, 4000.2);
    const off = x.run({ type: 'order.place', accountId: 'b', orderId: '2', instrumentId: INDEX.instrumentId, direction: 'BUY', offset: 'OPEN', priceType: 'LIMIT', price: 4000.3, volume: 1, timeCondition: 'GFD', volumeCondition: 'ANY' });
    assert.equal(off.code, ResultCode.ParameterError);
  });

  it('refuses prices beyond limit-up/limit-down with 3006 and accepts the limits themselves', () => {
    const x = new CoreHarness();
    assert.equal(x.place('b', '1', 'BUY', 75610, 1).code, ResultCode.PriceOutOfLimits);
    assert.equal(x.place('b', '2', 'SELL', 64390, 1).code, ResultCode.PriceOutOfLimits);
    assert.equal(x.place('b', '3', 'BUY', 75600, 1).code, ResultCode.Success);
    assert.equal(x.place('s', '4', 'SELL', 64400, 1, { priceType: 'LIMIT' }).code, ResultCode.Success);
  });

  for (const volume of [0, -1, 1.5, Number.NaN, 1_000_001]) {
    it(`refuses volume ${volume} with 3007`, () => {
      const x = new CoreHarness();
      assert.equal(x.place('b', 'x', 'BUY', 70000, volume).code, ResultCode.InvalidVolume);
    });
  }

  it('refuses an unknown instrument with 3003 "instrument not found"', () => {
    const x = new CoreHarness();
    const result = x.place('b', 'x', 'BUY', 70000, 1, { instrumentId: 'SHFE.zz9999' });
    assert.equal(result.code, ResultCode.InstrumentNotFound);
    assert.match(result.message, /^instrument not found/);
  });

  it('refuses orders on a suspended instrument with 3004', () => {
    const x = new CoreHarness();
    // The suspend command arrives with instrument administration; the rule is the matcher's.
    x.state.instruments.get(CU)!.status = 'SUSPENDED';
    assert.equal(x.place('b', 'x', 'BUY', 70000, 1).code, ResultCode.InstrumentSuspended);
  });

  it('refuses a second live order with the same order_id of the same account, without a record', () => {
    const x = new CoreHarness();
    x.place('b', 'x', 'BUY', 70000, 1);
    const dup = x.place('b', 'x', 'BUY', 70010, 1);
    assert.equal(dup.code, ResultCode.ParameterError);
    assert.deepEqual(dup.events, []);
    assert.equal(x.place('other', 'x', 'BUY', 70000, 1).code, ResultCode.Success, 'ids are per account');
  });

  it('lets an order_id be used again once its order finished', () => {
    const x = new CoreHarness();
    x.place('b', 'x', 'BUY', 70000, 1);
    x.cancel('b', 'x');
    assert.equal(x.place('b', 'x', 'BUY', 70000, 1).code, ResultCode.Success);
  });
});

describe('price types', () => {
  it('a MARKET order sweeps levels up to its volume and cancels the rest', () => {
    const x = new CoreHarness();
    x.place('s', 'a', 'SELL', 70010, 1);
    x.place('s', 'b', 'SELL', 70050, 1);
    const result = x.place('b', 'm', 'BUY', 0, 5, { priceType: 'MARKET' });
    assert.deepEqual(tradeSummary(result), ['70010x1 s/a->b/m', '70050x1 s/b->b/m']);
    const [cancelled] = eventsOfType(result, 'order.cancelled');
    assert.equal(cancelled?.reason, 'ioc-remainder');
    assert.equal(cancelled?.volumeLeft, 3);
    assert.equal(restingOrders(x.state, CU, 'BUY').length, 0, 'market orders never rest');
  });

  it('a MARKET or ANY order with no opposite liquidity finishes cancelled with a clear message', () => {
    for (const priceType of ['MARKET', 'ANY'] as const) {
      const x = new CoreHarness();
      const result = x.place('b', 'm', 'SELL', 0, 2, { priceType });
      assert.equal(result.code, ResultCode.Success);
      const [cancelled] = eventsOfType(result, 'order.cancelled');
      assert.equal(cancelled?.reason, 'no-liquidity');
      assert.match(cancelled!.message, /no opposite orders/);
    }
  });

  it('a market order that finds offers only beyond limit-up says so, not that there are none', () => {
    const x = new CoreHarness();
    x.place('s', 'ask', 'SELL', 75000, 1);
    // Limits narrowed to 70,000 + 5% = 73,500: the ask at 75,000 rests beyond them.
    x.run({ type: 'instrument.update', instrumentId: CU, limitUpRate: 0.05 });
    const [cancelled] = eventsOfType(x.place('b', 'm', 'BUY', 0, 1, { priceType: 'MARKET' }), 'order.cancelled');
    assert.equal(cancelled?.reason, 'no-liquidity');
    assert.equal(cancelled?.message, 'market order cancelled: the best offer, 75000, is beyond limit-up 73500');
  });
});

describe('price limits', () => {
  it('are at least one tick from the reference, however small the rate: a band of one price never moves', () => {
    const tiny = { ...COPPER, instrumentId: 'USER.tiny', priceTick: 0.1, volumeMultiple: 10, preSettlement: 0.7, limitUpRate: 0.07, limitDownRate: 0.07 };
    const x = new CoreHarness([tiny]);
    const instrument = x.state.instruments.get('USER.tiny')!;
    assert.deepEqual([instrument.lowerLimit, instrument.upperLimit], [0.6, 0.8]);
    assert.equal(x.place('b', 'low', 'BUY', 0.6, 1, { instrumentId: 'USER.tiny' }).code, ResultCode.Success);
    // One tick above zero at the least.
    const one = new CoreHarness([{ ...tiny, preSettlement: 0.1 }]).state.instruments.get('USER.tiny')!;
    assert.deepEqual([one.lowerLimit, one.upperLimit], [0.1, 0.2]);
    // Rates wide enough keep their own band.
    const cu = new CoreHarness().state.instruments.get(CU)!;
    assert.deepEqual([cu.lowerLimit, cu.upperLimit], [64400, 75600]);
  });
});

describe('time conditions', () => {
  it('IOC trades what it can and cancels the rest', () => {
    const x = new CoreHarness();
    x.place('s', 'a', 'SELL', 70010, 2);
    const result = x.place('b', 'i', 'BUY', 70010, 5, { timeCondition: 'IOC' });
    assert.deepEqual(tradeSummary(result), ['70010x2 s/a->b/i']);
    assert.equal(eventsOfType(result, 'order.cancelled')[0]?.volumeLeft, 3);
    assert.equal(restingOrders(x.state, CU, 'BUY').length, 0);
  });

  it('GFA is refused with 1001 while no call auction is in session', () => {
    const x = new CoreHarness();
    const result = x.place('b', 'x', 'BUY', 70000, 1, { timeCondition: 'GFA' });
    assert.equal(result.code, ResultCode.ParameterError);
    assert.match(result.message, /call auction/);
  });

  it('GTD needs a valid_until_date that is not before the trading day', () => {
    const x = new CoreHarness();
    x.run({ type: 'trading-day.begin', tradingDay: '2026-11-23' });
    assert.equal(x.place('b', '1', 'BUY', 70000, 1, { timeCondition: 'GTD' }).code, ResultCode.ParameterError);
    assert.equal(x.place('b', '2', 'BUY', 70000, 1, { timeCondition: 'GTD', validUntilDate: '2026-11-20' }).code, ResultCode.ParameterError);
    assert.equal(x.place('b', '3', 'BUY', 70000, 1, { timeCondition: 'GTD', validUntilDate: '2026-11-23' }).code, ResultCode.Success);
  });

  it('the end of a trading day expires GFD, GFS and due GTD orders and keeps GTC and later GTD', () => {
    const x = new CoreHarness();
    x.run({ type: 'trading-day.begin', tradingDay: '2026-11-23' });
    x.place('b', 'gfd', 'BUY', 70000, 1);
    x.place('b', 'gfs', 'BUY', 70000, 1, { timeCondition: 'GFS' });
    x.place('b', 'gtc', 'BUY', 69990, 1, { timeCondition: 'GTC' });
    x.place('b', 'gtd-today', 'BUY', 69980, 1, { timeCondition: 'GTD', validUntilDate: '2026-11-23' });
    x.place('b', 'gtd-later', 'BUY', 69970, 1, { timeCondition: 'GTD', validUntilDate: '2026-11-25' });
    const result = x.run({ type: 'trading-day.end' });
    assert.deepEqual(
      eventsOfType(result, 'order.cancelled').map((e) => [e.orderId, e.reason]),
      [['gfd', 'expired'], ['gfs', 'expired'], ['gtd-today', 'expired']],
    );
    assert.equal(eventsOfType(result, 'trading-day.ended')[0]?.expiredOrders, 3);
    assert.deepEqual(restingOrders(x.state, CU, 'BUY').map((o) => o.orderId), ['gtc', 'gtd-later']);
  });

  it('a new trading day must come after the current one', () => {
    const x = new CoreHarness();
    assert.equal(x.run({ type: 'trading-day.begin', tradingDay: '2026-11-23' }).code, ResultCode.Success);
    assert.equal(x.run({ type: 'trading-day.begin', tradingDay: '2026-11-23' }).code, ResultCode.ParameterError);
    assert.equal(x.run({ type: 'trading-day.begin', tradingDay: '23/11/2026' }).code, ResultCode.ParameterError);
  });
});

describe('volume conditions', () => {
  it('ALL (fill or kill) trades nothing when the whole volume is not there', () => {
    const x = new CoreHarness();
    x.place('s', 'a', 'SELL', 70010, 2);
    const result = x.place('b', 'f', 'BUY', 70010, 3, { timeCondition: 'IOC', volumeCondition: 'ALL' });
    assert.deepEqual(tradesOf(result), []);
    assert.equal(eventsOfType(result, 'order.cancelled')[0]?.reason, 'volume-condition');
    assert.equal(restingOrders(x.state, CU, 'SELL')[0]?.volumeLeft, 2, 'the resting order is untouched');
  });

  it('ALL fills completely across levels when the volume is there', () => {
    const x = new CoreHarness();
    x.place('s', 'a', 'SELL', 70010, 2);
    x.place('s', 'b', 'SELL', 70020, 2);
    const result = x.place('b', 'f', 'BUY', 70020, 3, { timeCondition: 'IOC', volumeCondition: 'ALL' });
    assert.deepEqual(tradeSummary(result), ['70010x2 s/a->b/f', '70020x1 s/b->b/f']);
  });

  it('MIN trades nothing below min_volume, and otherwise trades and rests the rest', () => {
    const x = new CoreHarness();
    x.place('s', 'a', 'SELL', 70010, 2);
    const short = x.place('b', 'm1', 'BUY', 70010, 5, { volumeCondition: 'MIN', minVolume: 3 });
    assert.deepEqual(tradesOf(short), []);
    const enough = x.place('b', 'm2', 'BUY', 70010, 5, { volumeCondition: 'MIN', minVolume: 2 });
    assert.deepEqual(tradeSummary(enough), ['70010x2 s/a->b/m2']);
    assert.equal(liveOrder(x.state, 'b', 'm2')?.volumeLeft, 3);
    // Its minimum was met when it entered: a modify moves the rest, it does not judge it again.
    const moved = x.modify('b', 'm2', 70000, 3);
    assert.equal(moved.code, ResultCode.Success);
    assert.deepEqual([liveOrder(x.state, 'b', 'm2')?.volumeLeft, liveOrder(x.state, 'b', 'm2')?.limitPrice], [3, 70000]);
  });

  it('MIN needs a min_volume between 1 and the volume', () => {
    const x = new CoreHarness();
    assert.equal(x.place('b', 'm', 'BUY', 70010, 5, { volumeCondition: 'MIN' }).code, ResultCode.ParameterError);
    assert.equal(x.place('b', 'm', 'BUY', 70010, 5, { volumeCondition: 'MIN', minVolume: 6 }).code, ResultCode.ParameterError);
  });
});

describe('cancel', () => {
  it('removes a live order and reports the level it left', () => {
    const x = new CoreHarness();
    x.place('b', 'x', 'BUY', 70000, 3);
    const result = x.cancel('b', 'x');
    assert.equal(result.code, ResultCode.Success);
    assert.deepEqual(eventsOfType(result, 'order.cancelled').map((e) => [e.reason, e.volumeLeft]), [['user', 3]]);
    assert.deepEqual(eventsOfType(result, 'book.level').map((e) => [e.price, e.volume]), [[70000, 0]]);
    assert.deepEqual(bookDepth(x.state, CU, 5)!.bids, []);
  });

  it('answers "order not found" (3001) for unknown, filled, cancelled and other accounts\' orders', () => {
    const x = new CoreHarness();
    x.place('s', 'a', 'SELL', 70010, 1);
    x.place('b', 'filled', 'BUY', 70010, 1);
    x.place('b', 'c', 'BUY', 70000, 1);
    x.cancel('b', 'c');
    x.place('b', 'mine', 'BUY', 69990, 1);
    for (const [account, id] of [['b', 'nope'], ['b', 'filled'], ['b', 'c'], ['intruder', 'mine']] as const) {
      const result = x.cancel(account, id);
      assert.equal(result.code, ResultCode.OrderNotFound, `${account}/${id}`);
      assert.equal(result.message, 'order not found');
    }
  });
});

describe('modify (cancel and replace)', () => {
  it('moves the order to the back of its new price with a new exchange order id', () => {
    const x = new CoreHarness();
    x.place('b1', 'x', 'BUY', 70000, 1);
    x.place('b2', 'y', 'BUY', 70000, 1);
    const before = liveOrder(x.state, 'b1', 'x')!.exchangeOrderId;
    const result = x.modify('b1', 'x', 70000, 2);
    assert.equal(result.code, ResultCode.Success);
    const [replaced] = eventsOfType(result, 'order.replaced');
    assert.equal(replaced?.previousExchangeOrderId, before);
    assert.ok(replaced!.order.exchangeOrderId > before);
    assert.deepEqual(restingOrders(x.state, CU, 'BUY').map((o) => [o.accountId, o.volumeLeft]), [['b2', 1], ['b1', 2]]);
  });

  it('trades at once when the new price crosses', () => {
    const x = new CoreHarness();
    x.place('s', 'a', 'SELL', 70010, 1);
    x.place('b', 'x', 'BUY', 70000, 1);
    assert.deepEqual(tradeSummary(x.modify('b', 'x', 70010, 1)), ['70010x1 s/a->b/x']);
  });

  it('leaves the old order exactly as it was when the new price or volume is refused', () => {
    const x = new CoreHarness();
    x.place('b1', 'x', 'BUY', 70000, 1);
    x.place('b2', 'y', 'BUY', 70000, 1);
    const before = restingOrders(x.state, CU, 'BUY');
    assert.equal(x.modify('b1', 'x', 70005, 1).code, ResultCode.ParameterError);
    assert.equal(x.modify('b1', 'x', 90000, 1).code, ResultCode.PriceOutOfLimits);
    assert.equal(x.modify('b1', 'x', 70000, 0).code, ResultCode.InvalidVolume);
    assert.deepEqual(restingOrders(x.state, CU, 'BUY'), before);
  });

  it('answers 3001 for an order that is not live', () => {
    const x = new CoreHarness();
    assert.equal(x.modify('b', 'nope', 70000, 1).code, ResultCode.OrderNotFound);
  });

  it('keeps what a modify leaves out: the price, or the volume still to fill when it is applied', () => {
    const x = new CoreHarness();
    x.place('b', 'x', 'BUY', 70000, 5);
    x.place('s', 'a', 'SELL', 70000, 2); // 3 left to fill
    const modify = (fields: { price?: number; volume?: number }) => x.run({ type: 'order.modify', accountId: 'b', orderId: 'x', ...fields });
    assert.equal(modify({ price: 69990 }).code, ResultCode.Success);
    assert.deepEqual([liveOrder(x.state, 'b', 'x')!.limitPrice, liveOrder(x.state, 'b', 'x')!.volumeLeft], [69990, 3]);
    assert.equal(modify({ volume: 4 }).code, ResultCode.Success);
    assert.deepEqual([liveOrder(x.state, 'b', 'x')!.limitPrice, liveOrder(x.state, 'b', 'x')!.volumeLeft], [69990, 4]);
    const nothing = modify({});
    assert.deepEqual([nothing.code, nothing.message], [ResultCode.ParameterError, 'nothing to modify: give a new price, a new volume or both']);
  });
});

describe('self-trade prevention', () => {
  it('cancels the incoming remainder at the first resting order of the same account', () => {
    const x = new CoreHarness();
    x.place('other', 'a', 'SELL', 70010, 1);
    x.place('me', 'b', 'SELL', 70010, 1);
    x.place('other', 'c', 'SELL', 70010, 1);
    const result = x.place('me', 'x', 'BUY', 70010, 3);
    assert.deepEqual(tradeSummary(result), ['70010x1 other/a->me/x']);
    const [cancelled] = eventsOfType(result, 'order.cancelled');
    assert.equal(cancelled?.reason, 'self-trade');
    assert.equal(cancelled?.volumeLeft, 2);
    assert.deepEqual(restingOrders(x.state, CU, 'SELL').map((o) => o.orderId), ['b', 'c'], 'resting orders untouched');
    assert.deepEqual(restingOrders(x.state, CU, 'BUY'), [], 'the incoming order does not rest');
  });

  it('stops at a resting order of another account of the same user too (no wash trade between one\'s own accounts), FOK counting alike', () => {
    const x = new CoreHarness();
    x.ensureAccount('mine-1');
    x.run({ type: 'account.open', userId: 'u-mine-1', accountId: 'mine-2', initialBalance: 1e9 });
    x.place('other', 'a', 'SELL', 70010, 1);
    x.place('mine-1', 'b', 'SELL', 70010, 1);
    x.place('other', 'c', 'SELL', 70010, 1);
    const result = x.place('mine-2', 'x', 'BUY', 70010, 3);
    assert.deepEqual(tradeSummary(result), ['70010x1 other/a->mine-2/x']);
    const [cancelled] = eventsOfType(result, 'order.cancelled');
    assert.deepEqual([cancelled?.reason, cancelled?.volumeLeft, cancelled?.message], ['self-trade', 2, 'remaining volume cancelled: it would trade with an order of your account mine-1']);
    assert.deepEqual(restingOrders(x.state, CU, 'SELL').map((o) => o.orderId), ['b', 'c'], 'resting orders untouched');
    // A fill-or-kill order counts only the volume before the user's own order: none here.
    const fok = x.place('mine-2', 'y', 'BUY', 70010, 1, { timeCondition: 'IOC', volumeCondition: 'ALL' });
    assert.deepEqual([tradeSummary(fok), eventsOfType(fok, 'order.cancelled')[0]?.reason], [[], 'volume-condition']);
    // Another user's order trades with it as before.
    assert.deepEqual(tradeSummary(x.place('someone', 'z', 'BUY', 70010, 1)), ['70010x1 mine-1/b->someone/z']);
  });

  it('trades with one\'s own orders when prevention is off', () => {
    const x = new CoreHarness([COPPER], false);
    x.place('me', 'b', 'SELL', 70010, 1);
    assert.deepEqual(tradeSummary(x.place('me', 'x', 'BUY', 70010, 1)), ['70010x1 me/b->me/x']);
  });
});

describe('identifiers and statuses', () => {
  it('numbers orders and trades from one sequence per instrument', () => {
    const x = new CoreHarness([COPPER, INDEX]);
    const ids: number[] = [];
    ids.push(eventsOfType(x.place('s', 'a', 'SELL', 70010, 1), 'order.accepted')[0]!.order.exchangeOrderId);
    const cross = x.place('b', 'b', 'BUY', 70010, 1);
    ids.push(eventsOfType(cross, 'order.accepted')[0]!.order.exchangeOrderId, tradesOf(cross)[0]!.tradeId);
    assert.deepEqual(ids, [1, 2, 3]);
    const other = x.run({ type: 'order.place', accountId: 'b', orderId: 'i', instrumentId: INDEX.instrumentId, direction: 'BUY', offset: 'OPEN', priceType: 'LIMIT', price: 4000, volume: 1, timeCondition: 'GFD', volumeCondition: 'ANY' });
    assert.equal(eventsOfType(other, 'order.accepted')[0]?.order.exchangeOrderId, 1, 'each instrument has its own sequence');
  });

  it('walks ACCEPTED -> PARTIAL_FILLED -> FILLED', () => {
    const x = new CoreHarness();
    const placed = x.place('b', 'x', 'BUY', 70010, 3);
    assert.equal(eventsOfType(placed, 'order.accepted')[0]?.order.status, 'ACCEPTED');
    const first = tradesOf(x.place('s', 'a', 'SELL', 70010, 1))[0]!;
    assert.deepEqual([first.maker.status, first.maker.volumeLeft], ['PARTIAL_FILLED', 2]);
    const second = tradesOf(x.place('s', 'b', 'SELL', 70010, 2))[0]!;
    assert.deepEqual([second.maker.status, second.maker.volumeLeft], ['FILLED', 0]);
    assert.equal(second.taker.status, 'FILLED');
  });
});
