/**
 * A contract's life: orders from its list date, its last trading day's settlement
 * delisting it and closing every position at the settlement price, and no contract added
 * after its last trading day.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { positionViews, renderNotification, ResultCode } from '../../src/core/index.ts';
import { COPPER, CoreHarness, eventsOfType } from '../support/core-harness.ts';
import { assertAllIdentities, expectAccount } from '../support/ledger-checks.ts';

const ID = COPPER.instrumentId;

function market(dates: { listDate?: string; expireDate?: string }, tradingDay = '2026-11-23'): CoreHarness {
  const x = new CoreHarness([]);
  x.run({ type: 'trading-day.begin', tradingDay });
  const added = x.run({ type: 'instrument.add', spec: { ...COPPER, commissionRate: 0.0001, listDate: '', expireDate: '', ...dates } });
  assert.equal(added.code, ResultCode.Success, added.message);
  for (const id of ['A', 'B', 'C']) x.ensureAccount(id, 1_000_000);
  return x;
}

describe('contract dates', () => {
  it('refuses orders and conditional orders before the list date (3004), and takes them from it', () => {
    const x = market({ listDate: '2026-11-24' });
    const early = x.place('A', 'a1', 'BUY', 70000, 1);
    assert.equal(early.code, ResultCode.InstrumentSuspended);
    assert.match(early.message, /not listed yet: it trades from 2026-11-24 \(the trading day is 2026-11-23\)/);
    const conditional = x.run({
      type: 'conditional.create', conditionalId: 'k1', accountId: 'A', instrumentId: ID, direction: 'BUY', offset: 'OPEN', volume: 1,
      orderType: 'MARKET', limitPrice: 0, conditionType: 'PriceTouch', triggerPrice: 70000, triggerCondition: 'GreaterOrEqual', validUntil: 0,
    });
    assert.equal(conditional.code, ResultCode.InstrumentSuspended);
    x.run({ type: 'settlement.execute' });
    assert.equal(x.place('A', 'a2', 'BUY', 70000, 1).code, ResultCode.Success, 'on its list date it trades');
  });

  it('ends with its last trading day: orders cancelled, holders told, positions closed at the settlement price', () => {
    const x = market({ expireDate: '2026-11-24' });
    x.place('B', 'b1', 'SELL', 70000, 2);
    x.place('A', 'a1', 'BUY', 70000, 2);
    x.place('C', 'gtc', 'BUY', 69000, 1, { timeCondition: 'GTC' });
    // Not the last day yet: the settlement of the 23rd changes nothing of the contract.
    x.run({ type: 'settlement.set-price', instrumentId: ID, price: 70200 });
    x.run({ type: 'settlement.execute' });
    assert.equal(x.state.instruments.get(ID)!.status, 'TRADING');
    assert.equal(x.state.tradingDay, '2026-11-24');
    assert.equal(x.place('A', 'a2', 'BUY', 70100, 1).code, ResultCode.Success, 'its last day trades');
    x.run({ type: 'settlement.set-price', instrumentId: ID, price: 70500 });
    const last = x.run({ type: 'settlement.execute' });
    assert.equal(last.code, ResultCode.Success);
    assert.equal(x.state.instruments.get(ID)!.status, 'DELISTED');
    const cancelled = eventsOfType(last, 'order.cancelled').filter((e) => e.orderId === 'gtc');
    assert.equal(cancelled.length, 1, 'the GTC order ends with the contract');
    const changed = eventsOfType(last, 'instrument.changed').find((e) => e.statusChanged);
    assert.deepEqual([changed?.status, changed?.cause], ['DELISTED', 'settlement']);
    // Told to the holders and to C, whose order it ended, though by now none holds anything in it.
    const told = eventsOfType(last, 'notification').filter((n) => n.message.kind === 'instrument');
    assert.deepEqual(told.map((n) => n.accountId).sort(), ['A', 'B', 'C']);
    assert.equal(
      renderNotification(told[0]!.message),
      `${ID} expired: 2026-11-24 was its last trading day; its positions are closed at the settlement price`,
    );
    // A's 2 lots, held since the 23rd at 70,200: (70,500 - 70,200) x 2 x 5 = 3,000 closed at expiry.
    const [summary] = eventsOfType(last, 'settlement.completed');
    const line = (id: string) => summary?.accounts.find((a) => a.accountId === id);
    assert.deepEqual(line('A')?.closedAtDelisting, [{ instrumentId: ID, longVolume: 2, shortVolume: 0, settlementPrice: 70500, closeProfit: 3000 }]);
    assert.deepEqual(line('B')?.closedAtDelisting, [{ instrumentId: ID, longVolume: 0, shortVolume: 2, settlementPrice: 70500, closeProfit: -3000 }]);
    assert.deepEqual([positionViews(x.state, 'A'), positionViews(x.state, 'B')], [{}, {}]);
    expectAccount(x, 'A', { margin: 0, frozen_margin: 0 });
    assertAllIdentities(x.state);
    const after = x.place('A', 'a3', 'BUY', 70500, 1);
    assert.equal(after.code, ResultCode.InstrumentNotFound);
    assert.match(after.message, /delisted/);
  });

  it('expiring on a Saturday, ends with the Friday before: no order on the Monday after', () => {
    // 2026-12-04 is a Friday, 2026-12-05 a Saturday.
    const x = market({ expireDate: '2026-12-05' }, '2026-12-03');
    x.place('B', 'b1', 'SELL', 70000, 1);
    x.place('A', 'a1', 'BUY', 70000, 1);
    x.run({ type: 'settlement.execute' });
    assert.equal(x.state.instruments.get(ID)!.status, 'TRADING', 'Thursday is not its last trading day');
    assert.equal(x.state.tradingDay, '2026-12-04');
    const friday = x.run({ type: 'settlement.execute' });
    assert.equal(x.state.tradingDay, '2026-12-07');
    assert.equal(x.state.instruments.get(ID)!.status, 'DELISTED');
    const told = eventsOfType(friday, 'notification').find((n) => n.message.kind === 'instrument');
    assert.match(renderNotification(told!.message), /2026-12-04 was its last trading day/);
    assert.deepEqual([positionViews(x.state, 'A'), positionViews(x.state, 'B')], [{}, {}]);
    assert.equal(x.place('A', 'monday', 'BUY', 70000, 1).code, ResultCode.InstrumentNotFound);
    assertAllIdentities(x.state);
  });

  it('adds no contract whose last trading day has passed; one that ends today is added', () => {
    const x = new CoreHarness([]);
    x.run({ type: 'trading-day.begin', tradingDay: '2026-11-23' });
    const late = x.run({ type: 'instrument.add', spec: { ...COPPER, expireDate: '2026-11-20' } });
    assert.equal(late.code, ResultCode.ParameterError);
    assert.match(late.message, /expired on 2026-11-20, before the trading day 2026-11-23/);
    assert.equal(x.run({ type: 'instrument.add', spec: { ...COPPER, expireDate: '2026-11-23' } }).code, ResultCode.Success);
  });
});
