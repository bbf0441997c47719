import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { accountView, liveOrder, positionViews, ResultCode } from '../../src/core/index.ts';
import { COPPER, CoreHarness, eventsOfType, INDEX } from '../support/core-harness.ts';
import { assertAllIdentities, expectAccount } from '../support/ledger-checks.ts';

const CU = { ...COPPER, commissionRate: 0.0001 };
const ID = CU.instrumentId;

function market(): CoreHarness {
  const x = new CoreHarness([CU]);
  x.run({ type: 'trading-day.begin', tradingDay: '2026-11-23' });
  for (const id of ['A', 'B', 'C', 'D']) x.ensureAccount(id, 1_000_000);
  return x;
}

function tradeAt(x: CoreHarness, price: number, id: string) {
  x.place('C', `c${id}`, 'SELL', price, 1);
  return x.place('D', `d${id}`, 'BUY', price, 1);
}

describe('day-end settlement over two days', () => {
  it('carries equity, turns today into his and marks against settlement prices', () => {
    const x = market();
    // Day 1: A buys 2 @ 70,000 from B; C and D trade at 71,000; settlement price set to 70,800.
    x.place('B', 'b1', 'SELL', 70000, 2);
    x.place('A', 'a1', 'BUY', 70000, 2);
    tradeAt(x, 71000, '1');
    x.place('A', 'gfd', 'BUY', 69000, 1);
    x.place('A', 'gtc', 'BUY', 69010, 1, { timeCondition: 'GTC' });
    assert.equal(x.run({ type: 'settlement.set-price', instrumentId: ID, price: 70800 }).code, ResultCode.Success);
    const day1 = x.run({ type: 'settlement.execute' });
    assert.equal(day1.code, ResultCode.Success);
    const [summary] = eventsOfType(day1, 'settlement.completed');
    assert.deepEqual([summary?.settlementDate, summary?.nextTradingDay, summary?.totalAccounts], ['2026-11-23', '2026-11-24', 4]);
    assert.deepEqual(summary?.instruments.map((i) => [i.settlementPrice, i.source]), [[70800, 'set']]);
    // A: commission 2x70000x5x0.0001 = 70; position profit (70,800 - 70,000) x 2 x 5 = 8,000
    //    balance 1,000,000 - 70 + 8,000 = 1,007,930
    const a = summary!.accounts.find((r) => r.accountId === 'A')!;
    assert.deepEqual([a.commission, a.positionProfit, a.balance], [70, 8000, 1_007_930]);
    // What each account held is recorded for its statement; B's short is one of them.
    assert.deepEqual(a.positions, [
      { instrumentId: ID, longVolume: 2, longToday: 2, shortVolume: 0, shortToday: 0, settlementPrice: 70800, positionProfit: 8000, margin: 70_800 },
    ]);
    const b = summary!.accounts.find((r) => r.accountId === 'B')!;
    assert.deepEqual(b.positions?.map((p) => [p.shortVolume, p.positionProfit]), [[2, -8000]]);
    // Next day: pre_balance = that balance, the day's flows start at zero, the lots are his
    // at the settlement price, margin 2 x 70,800 x 5 x 0.1 = 70,800 (plus the GTC bid's frozen funds).
    expectAccount(x, 'A', { pre_balance: 1_007_930, deposit: 0, commission: 0, close_profit: 0, float_profit: 0, margin: 70_800, balance: 1_007_930 });
    const position = positionViews(x.state, 'A')[ID]!;
    assert.deepEqual([position.volume_long_today, position.volume_long_his, position.position_price_long, position.open_price_long], [0, 2, 70800, 70000]);
    assert.equal(liveOrder(x.state, 'A', 'gfd'), undefined, 'GFD orders expire at settlement');
    assert.ok(liveOrder(x.state, 'A', 'gtc'), 'GTC orders survive settlement');
    assert.equal(x.state.tradingDay, '2026-11-24');

    // Day 2: a trade at 71,000 marks A: float (71,000 - 70,800) x 2 x 5 = 2,000.
    tradeAt(x, 71000, '2');
    expectAccount(x, 'A', { float_profit: 2000, balance: 1_009_930 });
    // On SHFE, CLOSE takes his lots: A closes 1 @ 71,000.
    // close profit (71,000 - 70,800) x 5 = 1,000; commission 71,000 x 5 x 0.0001 = 35.5; float left 1,000
    x.place('D', 'd3', 'BUY', 71000, 1);
    assert.equal(x.place('A', 'a2', 'SELL', 71000, 1, { offset: 'CLOSE' }).code, ResultCode.Success);
    expectAccount(x, 'A', { close_profit: 1000, commission: 35.5, float_profit: 1000, balance: 1_009_894.5 });
    // No price set: the day's volume-weighted average price (all at 71,000) settles it.
    const day2 = eventsOfType(x.run({ type: 'settlement.execute' }), 'settlement.completed')[0]!;
    assert.deepEqual(day2.instruments.map((i) => [i.settlementPrice, i.source]), [[71000, 'vwap']]);
    // A's remaining lot is an earlier one, marked from 70,800 to 71,000.
    assert.deepEqual(day2.accounts.find((r) => r.accountId === 'A')?.positions, [
      { instrumentId: ID, longVolume: 1, longToday: 0, shortVolume: 0, shortToday: 0, settlementPrice: 71000, positionProfit: 1000, margin: 35_500 },
    ]);
    expectAccount(x, 'A', { pre_balance: 1_009_894.5, float_profit: 0 });
    assert.equal(x.state.tradingDay, '2026-11-25');
  });

  it('a GTC CLOSETODAY order that outlived a settlement can be modified: it holds earlier lots now', () => {
    const x = market();
    // A opens 3 long on SHFE and rests a GTC CLOSETODAY sell of 2 above the market.
    x.place('B', 'b1', 'SELL', 70000, 3);
    x.place('A', 'a1', 'BUY', 70000, 3);
    assert.equal(x.place('A', 'close', 'SELL', 70500, 2, { offset: 'CLOSETODAY', timeCondition: 'GTC' }).code, ResultCode.Success);
    x.run({ type: 'settlement.execute' });
    // Its lots are earlier ones now; a modify keeps them, and may ask for more today's lots only.
    assert.equal(x.modify('A', 'close', 70400, 2).code, ResultCode.Success);
    let position = positionViews(x.state, 'A')[ID]!;
    assert.deepEqual([position.volume_long_today, position.volume_long_his], [0, 3]);
    const refused = x.modify('A', 'close', 70400, 3);
    assert.equal(refused.code, ResultCode.PositionLimitExceeded, 'the third lot is an earlier one, and CLOSETODAY takes only today\'s besides those it held');
    assert.ok(liveOrder(x.state, 'A', 'close'), 'a refused modify leaves the order as it was');
    // The replaced order fills from the lots it holds.
    x.place('D', 'd1', 'BUY', 70400, 2);
    position = positionViews(x.state, 'A')[ID]!;
    assert.deepEqual([position.volume_long_today, position.volume_long_his], [0, 1]);
    assertAllIdentities(x.state);
  });

  it('a settlement that asks for a closed market (an administrator\'s, under scheduled sessions) is refused while it is open', () => {
    const x = market();
    const open = x.run({ type: 'settlement.execute', whileClosed: true });
    assert.deepEqual([open.code, open.message, open.events], [ResultCode.ParameterError, 'the market is open: trading day 2026-11-23 is settled once its session has closed', []]);
    assert.equal(x.state.tradingDay, '2026-11-23');
    x.run({ type: 'market.close', reason: 'the session ended' });
    assert.equal(x.run({ type: 'settlement.execute', whileClosed: true }).code, ResultCode.Success);
    assert.equal(x.state.tradingDay, '2026-11-24');
  });

  it('moves price limits to the new reference price', () => {
    const x = market();
    tradeAt(x, 72000, '1');
    x.run({ type: 'settlement.execute' });
    // reference 72,000: limits 72,000 x 1.08 = 77,760 and 72,000 x 0.92 = 66,240
    assert.equal(x.place('A', 'up', 'BUY', 77760, 1).code, ResultCode.Success);
    assert.equal(x.place('A', 'over', 'BUY', 77770, 1).code, ResultCode.PriceOutOfLimits);
  });

  it('skips the weekend when advancing the trading day', () => {
    const x = new CoreHarness([INDEX]);
    x.run({ type: 'trading-day.begin', tradingDay: '2026-11-27' });
    x.run({ type: 'settlement.execute' });
    assert.equal(x.state.tradingDay, '2026-11-30');
  });

  it('closes positions of a delisted instrument at the settlement price', () => {
    const x = market();
    x.place('B', 'b1', 'SELL', 70000, 1);
    x.place('A', 'a1', 'BUY', 70000, 1);
    x.run({ type: 'instrument.delist', instrumentId: ID });
    assert.equal(x.run({ type: 'settlement.set-price', instrumentId: ID, price: 70500 }).code, ResultCode.Success, 'its price closes the positions left');
    const [summary] = eventsOfType(x.run({ type: 'settlement.execute' }), 'settlement.completed');
    // No position left: a price for it would settle nothing, and says so.
    const idle = x.run({ type: 'settlement.set-price', instrumentId: ID, price: 70500 });
    assert.deepEqual([idle.code, /delisted and no position is left/.test(idle.message)], [ResultCode.InstrumentNotFound, true]);
    // A realises (70,500 - 70,000) x 5 = 2,500 less commission 35; B the opposite
    expectAccount(x, 'A', { pre_balance: 1_002_465, margin: 0 });
    expectAccount(x, 'B', { pre_balance: 997_465, margin: 0 });
    assert.deepEqual(positionViews(x.state, 'A'), {});
    // Each account's statement shows the lots closed at the delisting, with what they made.
    const line = (id: string) => summary?.accounts.find((a) => a.accountId === id);
    assert.deepEqual(line('A')?.closedAtDelisting, [{ instrumentId: ID, longVolume: 1, shortVolume: 0, settlementPrice: 70500, closeProfit: 2500 }]);
    assert.deepEqual(line('B')?.closedAtDelisting, [{ instrumentId: ID, longVolume: 0, shortVolume: 1, settlementPrice: 70500, closeProfit: -2500 }]);
    assert.deepEqual([line('A')?.closeProfit, line('A')?.positions], [2500, []]);
    assert.deepEqual(line('C')?.closedAtDelisting, []);
  });

  it('counts an account whose forced liquidation found nothing to close against as failed, not force-closed', () => {
    const x = market();
    x.ensureAccount('E', 40_000);
    x.place('B', 'b1', 'SELL', 70000, 1);
    x.place('E', 'e1', 'BUY', 70000, 1);
    // A day bid expires with the day, before the liquidation (docs/decisions.md, Settlement).
    x.place('D', 'd1', 'BUY', 65000, 1);
    x.run({ type: 'settlement.set-price', instrumentId: ID, price: 66000 });
    // At 66,000: balance 40,000 - 35 - 20,000 = 19,965 against margin 33,000, ratio 1.65.
    const result = x.run({ type: 'settlement.execute' });
    const [summary] = eventsOfType(result, 'settlement.completed');
    assert.deepEqual(summary?.forceClosedAccounts, []);
    assert.deepEqual([summary?.totalAccounts, summary?.settledAccounts, summary?.failedAccounts], [5, 4, 1]);
    const record = summary?.accounts.find((a) => a.accountId === 'E');
    assert.deepEqual([record?.forceClosed, record?.forceCloseFailed], [false, true]);
    const [liquidation] = eventsOfType(result, 'account.liquidated');
    assert.equal(liquidation?.result, 'none');
    assert.equal(liquidation?.orders[0]?.filled, 0);
    assert.equal(liquidation?.orders[0]?.refusal, 'no bids on SHFE.cu2601 to close against');
    assert.equal(positionViews(x.state, 'E')['SHFE.cu2601']?.volume_long, 1, 'the position is still held');
  });

  it('sums the summary\'s totals in cents: commissions of 0.57, 0.29 and 0.56 a side total exactly 2.84', () => {
    const T = { ...CU, instrumentId: 'DCE.t1', exchangeId: 'DCE' as const, productId: 't', priceTick: 1, volumeMultiple: 1, commissionRate: 0.0001, limitUpRate: 0.5, limitDownRate: 0.5, preSettlement: 5000 };
    const x = new CoreHarness([T]);
    x.run({ type: 'trading-day.begin', tradingDay: '2026-11-23' });
    for (const id of ['A', 'B', 'C', 'D']) x.ensureAccount(id, 100_000);
    const on = { instrumentId: T.instrumentId };
    for (const [buyer, seller, price] of [['A', 'B', 5700], ['C', 'D', 2900], ['A', 'C', 5600]] as const) {
      x.place(buyer, `${buyer}${price}`, 'BUY', price, 1, on);
      x.place(seller, `${seller}${price}`, 'SELL', price, 1, on);
    }
    const [summary] = eventsOfType(x.run({ type: 'settlement.execute' }), 'settlement.completed');
    assert.equal(summary?.totalCommission, 2.84);
    assert.equal(summary?.totalProfit, 0, 'what one side gains the other loses');
  });

  it('ends a GTD order with the last trading day on or before its date (a Saturday date ends with Friday)', () => {
    const x = new CoreHarness([CU]);
    x.run({ type: 'trading-day.begin', tradingDay: '2026-11-27' });
    x.ensureAccount('A', 1_000_000);
    x.place('A', 'sat', 'BUY', 69000, 1, { timeCondition: 'GTD', validUntilDate: '2026-11-28' });
    x.place('A', 'mon', 'BUY', 69000, 1, { timeCondition: 'GTD', validUntilDate: '2026-11-30' });
    x.run({ type: 'settlement.execute' });
    assert.equal(x.state.tradingDay, '2026-11-30');
    assert.equal(liveOrder(x.state, 'A', 'sat'), undefined, 'no trading day on or before Saturday is left');
    assert.ok(liveOrder(x.state, 'A', 'mon'), 'Monday is still to come');
  });

  it('refuses a settlement price off the grid, or not positive, saying which', () => {
    const x = market();
    const offGrid = x.run({ type: 'settlement.set-price', instrumentId: ID, price: 70805 });
    assert.deepEqual([offGrid.code, offGrid.message], [ResultCode.ParameterError, `settlement_price 70805 is not a multiple of the price tick ${CU.priceTick} of ${ID}`]);
    const negative = x.run({ type: 'settlement.set-price', instrumentId: ID, price: -10 });
    assert.deepEqual([negative.code, negative.message], [ResultCode.ParameterError, 'settlement_price must be a positive price, got -10']);
    assert.equal(x.run({ type: 'settlement.set-price', instrumentId: 'X.y', price: 1 }).code, ResultCode.InstrumentNotFound);
  });

  it('refuses a settlement price beyond the day\'s limits, and takes one at either limit', () => {
    const x = market();
    const instrument = x.state.instruments.get(ID)!;
    const { upperLimit, lowerLimit } = instrument;
    const tick = CU.priceTick;
    const over = x.run({ type: 'settlement.set-price', instrumentId: ID, price: upperLimit + tick });
    assert.equal(over.code, ResultCode.PriceOutOfLimits);
    assert.match(over.message, new RegExp(`${lowerLimit} to ${upperLimit}`));
    assert.equal(x.run({ type: 'settlement.set-price', instrumentId: ID, price: lowerLimit - tick }).code, ResultCode.PriceOutOfLimits);
    assert.equal(instrument.settlementPriceTicks, 0, 'nothing was set');
    assert.equal(x.run({ type: 'settlement.set-price', instrumentId: ID, price: upperLimit }).code, ResultCode.Success);
    assert.equal(x.run({ type: 'settlement.set-price', instrumentId: ID, price: lowerLimit }).code, ResultCode.Success);
    assert.equal(instrument.grid.toPrice(instrument.settlementPriceTicks), lowerLimit);
  });
});

describe('instrument administration', () => {
  it('suspend refuses orders with 3004, resume allows them again', () => {
    const x = market();
    x.run({ type: 'instrument.suspend', instrumentId: ID });
    assert.equal(x.place('A', 'a', 'BUY', 70000, 1).code, ResultCode.InstrumentSuspended);
    x.run({ type: 'instrument.resume', instrumentId: ID });
    assert.equal(x.place('A', 'a', 'BUY', 70000, 1).code, ResultCode.Success);
  });

  it('delist cancels resting orders and refuses new ones', () => {
    const x = market();
    x.place('A', 'a', 'BUY', 70000, 1);
    const result = x.run({ type: 'instrument.delist', instrumentId: ID });
    assert.deepEqual(eventsOfType(result, 'order.cancelled').map((e) => e.reason), ['delisted']);
    expectAccount(x, 'A', { frozen_margin: 0 });
    assert.equal(x.place('A', 'b', 'BUY', 70000, 1).code, ResultCode.InstrumentNotFound);
  });

  it('new rates apply at once: limits move and open positions are re-margined', () => {
    const x = market();
    x.place('B', 'b1', 'SELL', 70000, 1);
    x.place('A', 'a1', 'BUY', 70000, 1);
    x.run({ type: 'instrument.update', instrumentId: ID, marginRatio: 0.2, limitUpRate: 0.05 });
    expectAccount(x, 'A', { margin: 70_000 }); // 70,000 x 5 x 0.2
    assert.equal(x.place('A', 'up', 'BUY', 73510, 1).code, ResultCode.PriceOutOfLimits); // limit-up 73,500
    assert.equal(x.run({ type: 'instrument.update', instrumentId: ID, marginRatio: 1.5 }).code, ResultCode.ParameterError);
  });

  // Limits 64,400-75,600 around 70,000 at 8%; at 2% they become 68,600-71,400.
  it('narrower limits cancel the bids resting above limit-up, which would trade beyond it; bids below limit-down stay', () => {
    const x = market();
    x.place('A', 'high', 'BUY', 75000, 1);
    x.place('A', 'low', 'BUY', 65000, 1);
    x.place('C', 'low', 'BUY', 65000, 1);
    const update = x.run({ type: 'instrument.update', instrumentId: ID, limitUpRate: 0.02, limitDownRate: 0.02 });
    const cancelled = eventsOfType(update, 'order.cancelled');
    assert.deepEqual(cancelled.map((e) => [e.orderId, e.reason]), [['high', 'price-limits']]);
    assert.match(cancelled[0]!.message, /price 75000 is beyond the new price limits, 68600 to 71400/);
    assert.equal(liveOrder(x.state, 'A', 'low')?.limitPrice, 65000);
    // Only the bid that stays holds funds: as much as C's, which rests the same bid alone.
    expectAccount(x, 'A', { frozen_margin: accountView(x.state, 'C')!.frozen_margin });
    // A sell at limit-down does not reach the cancelled bid: nothing trades beyond the band.
    x.place('B', 'sell', 'SELL', 68600, 1);
    assert.equal(eventsOfType(x.place('B', 'sell2', 'SELL', 68600, 1, { priceType: 'MARKET', timeCondition: 'IOC' }), 'trade.executed').length, 0);
    assertAllIdentities(x.state);
  });

  it('narrower limits cancel the asks resting below limit-down; asks above limit-up stay', () => {
    const x = market();
    x.place('B', 'low', 'SELL', 65000, 1);
    x.place('B', 'high', 'SELL', 75000, 1);
    const update = x.run({ type: 'instrument.update', instrumentId: ID, limitUpRate: 0.02, limitDownRate: 0.02 });
    assert.deepEqual(eventsOfType(update, 'order.cancelled').map((e) => [e.orderId, e.reason]), [['low', 'price-limits']]);
    assert.equal(eventsOfType(x.place('A', 'buy', 'BUY', 71400, 1), 'trade.executed').length, 0);
    assertAllIdentities(x.state);
  });

  it('a settlement that moves the limits cancels the GTC orders that would cross them, and only those', () => {
    const x = market();
    x.place('A', 'bid', 'BUY', 75000, 1, { timeCondition: 'GTC' });
    x.place('B', 'ask', 'SELL', 75500, 1, { timeCondition: 'GTC' });
    // Settled at 66,000: the next day's limits are 60,720-71,280.
    assert.equal(x.run({ type: 'settlement.set-price', instrumentId: ID, price: 66000 }).code, ResultCode.Success);
    const settled = x.run({ type: 'settlement.execute' });
    assert.equal(settled.code, ResultCode.Success);
    const cancelled = eventsOfType(settled, 'order.cancelled');
    assert.deepEqual(cancelled.map((e) => [e.orderId, e.reason]), [['bid', 'price-limits']]);
    assert.match(cancelled[0]!.message, /beyond the new price limits, 60720 to 71280/);
    assert.ok(liveOrder(x.state, 'B', 'ask') !== undefined, 'the ask above limit-up waits for the band');
    expectAccount(x, 'A', { frozen_margin: 0 });
    assert.equal(eventsOfType(x.place('C', 'sell', 'SELL', 60720, 1), 'trade.executed').length, 0);
    assertAllIdentities(x.state);
  });
});

describe('bank transfers', () => {
  it('moves funds in and out and records every attempt', () => {
    const x = market();
    const transfer = (id: string, amount: number, credentialError = '') =>
      x.run({ type: 'account.bank-transfer', transferId: id, accountId: 'A', bankId: 'icbc', bankName: 'ICBC', amount, credentialError });
    const ok = transfer('t1', 500);
    assert.equal(ok.code, ResultCode.Success);
    assert.deepEqual(eventsOfType(ok, 'transfer.recorded').map((t) => [t.errorId, t.amount]), [[0, 500]]);
    const wrong = transfer('t2', 100, 'future_password is not the account owner\'s password');
    assert.equal(wrong.code, ResultCode.AuthenticationFailed);
    assert.equal(eventsOfType(wrong, 'transfer.recorded')[0]?.errorId, 1002);
    const tooMuch = transfer('t3', -2_000_000);
    assert.equal(tooMuch.code, ResultCode.InsufficientBalance);
    assert.equal(eventsOfType(tooMuch, 'transfer.recorded')[0]?.errorId, 2003);
    transfer('t4', -200);
    expectAccount(x, 'A', { deposit: 1_000_500, withdraw: 200, balance: 1_000_300 });
  });
});
