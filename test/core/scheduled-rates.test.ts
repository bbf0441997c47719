/**
 * Rate changes announced for a coming settlement (instrument.update with atSettlementOf),
 * as exchanges raise margins and widen limits "from the settlement of" a day before a
 * holiday: nothing changes until that settlement, which margins the positions held
 * through it at the new rate (liquidating an account it pushes to force-close) and
 * derives the next day's limits from the new limit rates.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderNotification, ResultCode, restoreState, serializeState } from '../../src/core/index.ts';
import { stateHash } from '../../src/app/state-hash.ts';
import { COPPER, CoreHarness, eventsOfType } from '../support/core-harness.ts';
import { assertAllIdentities, expectAccount } from '../support/ledger-checks.ts';

const ID = COPPER.instrumentId;

/** 2026-11-23 (a Monday): A long 2 lots and B short 2 at 70,000 (margin 0.1: 35,000 each). */
function heldPositions(balance = 1_000_000): CoreHarness {
  const x = new CoreHarness([]);
  x.run({ type: 'trading-day.begin', tradingDay: '2026-11-23' });
  x.run({ type: 'instrument.add', spec: COPPER });
  x.ensureAccount('A', balance);
  x.ensureAccount('B', 10_000_000);
  x.place('B', 'b1', 'SELL', 70000, 2);
  x.place('A', 'a1', 'BUY', 70000, 2);
  x.run({ type: 'settlement.set-price', instrumentId: ID, price: 70000 });
  return x;
}

const schedule = (x: CoreHarness, atSettlementOf: string, rates: { marginRatio?: number; limitUpRate?: number; limitDownRate?: number; commissionRate?: number }) =>
  x.run({ type: 'instrument.update', instrumentId: ID, atSettlementOf, ...rates });

describe('rates scheduled for a settlement', () => {
  it('change nothing until the settlement of their day, which margins the positions at the new rate and sets the limits from the new limit rates', () => {
    const x = heldPositions();
    const scheduled = schedule(x, '2026-11-24', { marginRatio: 0.15, limitUpRate: 0.1, limitDownRate: 0.1 });
    assert.equal(scheduled.code, ResultCode.Success, scheduled.message);
    assert.deepEqual(eventsOfType(scheduled, 'instrument.rates-scheduled'), [
      { type: 'instrument.rates-scheduled', instrumentId: ID, scheduled: { atSettlementOf: '2026-11-24', marginRatio: 0.15, limitUpRate: 0.1, limitDownRate: 0.1 }, replaced: null },
    ]);
    expectAccount(x, 'A', { margin: 70000 });
    // Monday's settlement: the old rates still.
    x.run({ type: 'settlement.execute' });
    expectAccount(x, 'A', { margin: 70000 });
    assert.equal(x.state.instruments.get(ID)!.upperLimit, 75600);
    // Tuesday's: 2 lots x 70,000 x 5 x 0.15 = 105,000; limits 10% around 70,000.
    x.run({ type: 'settlement.set-price', instrumentId: ID, price: 70000 });
    const settled = x.run({ type: 'settlement.execute' });
    const line = eventsOfType(settled, 'settlement.completed')[0]!.accounts.find((a) => a.accountId === 'A')!;
    assert.equal(line.margin, 105000, "the day's statement margins at the new rate");
    expectAccount(x, 'A', { margin: 105000 });
    const copper = x.state.instruments.get(ID)!;
    assert.deepEqual([copper.marginRatio, copper.upperLimit, copper.lowerLimit, copper.scheduledRates], [0.15, 77000, 63000, undefined]);
    assertAllIdentities(x.state);
  });

  it('liquidates at that settlement an account the new margin pushes to force-close', () => {
    // A: 80,000 of equity holds 70,000 of margin (risk 0.875); at 0.2 it would need 140,000.
    const x = heldPositions(80_000);
    schedule(x, '2026-11-23', { marginRatio: 0.2 });
    const settled = x.run({ type: 'settlement.execute' });
    const line = eventsOfType(settled, 'settlement.completed')[0]!.accounts.find((a) => a.accountId === 'A')!;
    assert.ok(line.forceClosed || line.forceCloseFailed, 'the settlement liquidated (or tried to) the account');
    assert.ok(eventsOfType(settled, 'risk.level-changed').some((e) => e.accountId === 'A' && e.to === 'force-close'));
    assertAllIdentities(x.state);
  });

  it('dated on a day that became a holiday afterwards, moves to the settlement of the trading day before it, and its holders are told', () => {
    const x = heldPositions();
    schedule(x, '2026-11-25', { marginRatio: 0.15 });
    const declared = x.run({ type: 'calendar.add-holidays', holidays: [{ date: '2026-11-25', name: '' }] });
    assert.deepEqual(x.state.instruments.get(ID)!.scheduledRates, { atSettlementOf: '2026-11-24', marginRatio: 0.15 });
    const told = eventsOfType(declared, 'notification');
    assert.deepEqual(told.map((n) => n.accountId), ['A', 'B']);
    assert.equal(renderNotification(told[0]!.message), `${ID}: from the settlement of 2026-11-24, margin rate 0.15 (now 0.1)`);
    x.run({ type: 'settlement.execute' });
    assert.equal(x.state.tradingDay, '2026-11-24');
    expectAccount(x, 'A', { margin: 70000 });
    x.run({ type: 'settlement.set-price', instrumentId: ID, price: 70000 });
    x.run({ type: 'settlement.execute' });
    assert.equal(x.state.tradingDay, '2026-11-26');
    expectAccount(x, 'A', { margin: 105000 });
  });

  it('an at-once change of a scheduled rate wins: the announcement no longer undoes it at the settlement', () => {
    const x = heldPositions();
    schedule(x, '2026-11-23', { marginRatio: 0.12, commissionRate: 0.0002 });
    const raised = x.run({ type: 'instrument.update', instrumentId: ID, marginRatio: 0.2 });
    assert.deepEqual(eventsOfType(raised, 'instrument.rates-scheduled')[0]?.scheduled, { atSettlementOf: '2026-11-23', commissionRate: 0.0002 });
    x.run({ type: 'settlement.execute' });
    const copper = x.state.instruments.get(ID)!;
    assert.deepEqual([copper.marginRatio, copper.commissionRate], [0.2, 0.0002]);
    // Every scheduled rate changed at once: nothing is left of the announcement.
    schedule(x, '2026-11-24', { marginRatio: 0.3 });
    x.run({ type: 'instrument.update', instrumentId: ID, marginRatio: 0.25 });
    assert.equal(copper.scheduledRates, undefined);
  });

  it("liquidation trades in the settlement that raises the commission pay the settled day's rate", () => {
    const x = heldPositions(80_000);
    x.place('C', 'c1', 'SELL', 70000, 2, { timeCondition: 'GTC' });
    x.place('D', 'd1', 'BUY', 70000, 2, { timeCondition: 'GTC' });
    // A resting GTC bid the liquidation of A's 2 lots can sell into.
    x.place('E', 'e1', 'BUY', 69990, 5, { timeCondition: 'GTC' });
    schedule(x, '2026-11-23', { marginRatio: 0.2, commissionRate: 0.001 });
    const settled = x.run({ type: 'settlement.execute' });
    const line = eventsOfType(settled, 'settlement.completed')[0]!.accounts.find((a) => a.accountId === 'A')!;
    assert.equal(line.forceClosed, true);
    // Opened 2 lots at 70,000 and closed 2 at 69,990, at the day's 0.00005: 35 + 35.00
    // (34.995 rounded half away from zero); at the new 0.001 the close would be 699.90.
    assert.equal(line.commission, 70);
    assert.equal(x.state.instruments.get(ID)!.commissionRate, 0.001, 'the new rate from the next day');
    assertAllIdentities(x.state);
  });

  it('are told in advance to the accounts they concern: a margin rise as a warning, a withdrawal as news', () => {
    const x = heldPositions();
    x.ensureAccount('BYSTANDER');
    const scheduled = schedule(x, '2026-11-24', { marginRatio: 0.15, limitUpRate: 0.1 });
    const told = eventsOfType(scheduled, 'notification');
    assert.deepEqual(told.map((n) => [n.accountId, n.priority, n.level, n.key]), [['A', 1, 'WARNING', `rates:${ID}`], ['B', 1, 'WARNING', `rates:${ID}`]]);
    assert.equal(renderNotification(told[0]!.message), `${ID}: from the settlement of 2026-11-24, margin rate 0.15 (now 0.1), limit up rate 0.1 (now 0.08)`);
    const withdrawn = eventsOfType(x.run({ type: 'instrument.cancel-scheduled-rates', instrumentId: ID }), 'notification');
    assert.deepEqual(withdrawn.map((n) => [n.accountId, n.level]), [['A', 'INFO'], ['B', 'INFO']]);
    assert.equal(renderNotification(withdrawn[0]!.message), `${ID}: the rate change announced for the settlement of 2026-11-24 is withdrawn`);
  });

  it('a later schedule replaces the earlier; a withdrawn one applies nowhere', () => {
    const x = heldPositions();
    schedule(x, '2026-11-25', { marginRatio: 0.12 });
    const again = schedule(x, '2026-11-24', { marginRatio: 0.13 });
    assert.deepEqual(eventsOfType(again, 'instrument.rates-scheduled')[0]?.replaced, { atSettlementOf: '2026-11-25', marginRatio: 0.12 });
    const withdrawn = x.run({ type: 'instrument.cancel-scheduled-rates', instrumentId: ID });
    assert.equal(withdrawn.code, ResultCode.Success);
    const none = x.run({ type: 'instrument.cancel-scheduled-rates', instrumentId: ID });
    assert.deepEqual([none.code, none.message], [ResultCode.ResourceNotFound, `${ID} has no rate change scheduled`]);
    for (let i = 0; i < 3; i++) x.run({ type: 'settlement.execute' });
    assert.equal(x.state.instruments.get(ID)!.marginRatio, 0.1);
  });

  it('refuses a settled day, a day without settlement, no rate, a rate out of range', () => {
    const x = heldPositions();
    x.run({ type: 'calendar.add-holidays', holidays: [{ date: '2026-11-26', name: '' }] });
    const refusals: [Parameters<typeof schedule>[1], Parameters<typeof schedule>[2], RegExp][] = [
      ['2026-11-20', { marginRatio: 0.2 }, /2026-11-20 is settled: a change applies at the settlement of the current trading day 2026-11-23 or a later one/],
      ['2026-11-28', { marginRatio: 0.2 }, /no settlement falls on 2026-11-28 \(a Saturday\)/],
      ['2026-11-26', { marginRatio: 0.2 }, /no settlement falls on 2026-11-26 \(a holiday\)/],
      ['2026-11-31', { marginRatio: 0.2 }, /YYYY-MM-DD, got 2026-11-31/],
      ['2026-11-24', {}, /names at least one rate/],
      ['2026-11-24', { marginRatio: 1.5 }, /margin_rate must be in \(0, 1\]/],
    ];
    for (const [day, rates, message] of refusals) {
      const refused = schedule(x, day, rates);
      assert.equal(refused.code, ResultCode.ParameterError, day);
      assert.match(refused.message, message);
    }
    assert.equal(x.state.instruments.get(ID)!.scheduledRates, undefined);
    // No settlement of a contract comes after its expiry.
    x.run({ type: 'instrument.add', spec: { ...COPPER, instrumentId: 'SHFE.cu2611', expireDate: '2026-11-25' } });
    const late = x.run({ type: 'instrument.update', instrumentId: 'SHFE.cu2611', marginRatio: 0.2, atSettlementOf: '2026-11-27' });
    assert.deepEqual([late.code, late.message], [ResultCode.ParameterError, 'SHFE.cu2611 expires on 2026-11-25: no settlement of it comes on 2026-11-27']);
  });

  it('a snapshot keeps the schedule; delisting drops it', () => {
    const x = heldPositions();
    assert.equal('scheduledRates' in serializeState(x.state).instruments[0]!, false);
    schedule(x, '2026-11-24', { commissionRate: 0.0001 });
    const restored = restoreState(JSON.parse(JSON.stringify(serializeState(x.state))));
    assert.equal(stateHash(restored), stateHash(x.state));
    assert.deepEqual(restored.instruments.get(ID)!.scheduledRates, { atSettlementOf: '2026-11-24', commissionRate: 0.0001 });
    x.run({ type: 'instrument.delist', instrumentId: ID });
    assert.equal(x.state.instruments.get(ID)!.scheduledRates, undefined);
  });
});
