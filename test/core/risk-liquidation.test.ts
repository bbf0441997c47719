import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { accountView, type InstrumentSpec, renderNotification, ResultCode } from '../../src/core/index.ts';
import { riskLevelOf } from '../../src/core/risk/risk-level.ts';
import { COPPER, CoreHarness, eventsOfType } from '../support/core-harness.ts';
import { expectAccount } from '../support/ledger-checks.ts';

/** Copper: tick 10, multiplier 5, margin 10%, commission 1/10,000, limits 64,400..75,600. */
const CU = { ...COPPER, commissionRate: 0.0001 };

/** A holds 1 long @ 70,000 with 40,000 deposited; B, C, D, E are well funded. */
function longOnThinEquity(): CoreHarness {
  const x = new CoreHarness([CU]);
  x.ensureAccount('A', 40_000);
  for (const other of ['B', 'C', 'D', 'E']) x.ensureAccount(other, 1_000_000);
  x.place('B', 'b1', 'SELL', 70000, 1);
  return x;
}

/**
 * On `spec` alone: A (with `funds`) buys one lot at `entry` from B; then C and D trade one
 * lot at `price`, whose result is `moved`.
 */
function longThenMove(spec: InstrumentSpec, funds: number, entry: number, price: number) {
  const x = new CoreHarness([spec]);
  x.ensureAccount('A', funds);
  for (const other of ['B', 'C', 'D']) x.ensureAccount(other, 1_000_000);
  const on = { instrumentId: spec.instrumentId };
  x.place('B', 'b1', 'SELL', entry, 1, on);
  x.place('A', 'a1', 'BUY', entry, 1, on);
  x.place('C', 'c1', 'SELL', price, 1, on);
  return { x, moved: x.place('D', 'd1', 'BUY', price, 1, on) };
}

/** C and D trade one lot at `price`, which becomes the last price. */
function tradeAt(x: CoreHarness, price: number, id: string) {
  x.place('C', `c${id}`, 'SELL', price, 1);
  return x.place('D', `d${id}`, 'BUY', price, 1);
}

describe('risk levels', () => {
  it('raises a warning (P1, 4001) when the risk ratio reaches 0.8', () => {
    const x = longOnThinEquity();
    // margin 70000x5x0.1 = 35,000; balance 40,000 - 35 commission = 39,965; ratio 0.8758
    const result = x.place('A', 'a1', 'BUY', 70000, 1);
    const [change] = eventsOfType(result, 'risk.level-changed');
    assert.deepEqual([change?.accountId, change?.from, change?.to], ['A', 'normal', 'warning']);
    assert.equal(change?.riskRatio, 35_000 / 39_965);
    const [note] = eventsOfType(result, 'notification').filter((n) => n.key === 'risk:A');
    assert.deepEqual([note?.priority, note?.level, note?.code, note?.userId], [1, 'WARNING', 4001, 'u-A']);
    assert.equal(renderNotification(note!.message), 'risk ratio 0.8758 is above the warning threshold');
  });
});

describe('risk levels of accounts marked lazily', () => {
  it('a price move by other traders raises the warning exactly when the ratio crosses 0.8', () => {
    const x = new CoreHarness([CU]);
    x.ensureAccount('A', 50_000);
    for (const other of ['B', 'C', 'D']) x.ensureAccount(other, 1_000_000);
    x.place('B', 'b1', 'SELL', 70000, 1);
    // A: margin 35,000, balance 49,965: ratio 0.70, normal
    assert.equal(eventsOfType(x.place('A', 'a1', 'BUY', 70000, 1), 'risk.level-changed').length, 0);
    // ratio >= 0.8  <=>  0.5p >= 0.8 x (49,965 + 5 (p - 70,000))  <=>  p <= 68,579.4
    // at 68,600: 34,300 / 42,965 = 0.7983, still normal
    const near = tradeAt(x, 68600, '1');
    assert.equal(eventsOfType(near, 'risk.level-changed').filter((e) => e.accountId === 'A').length, 0);
    // at 68,570: 34,285 / 42,815 = 0.8008: warning
    const crossed = tradeAt(x, 68570, '2');
    const [change] = eventsOfType(crossed, 'risk.level-changed').filter((e) => e.accountId === 'A');
    assert.deepEqual([change?.from, change?.to, change?.riskRatio], ['normal', 'warning', 3_428_500 / 4_281_500]);
    // and back to normal when the price recovers
    const back = tradeAt(x, 69000, '3');
    assert.deepEqual(eventsOfType(back, 'risk.level-changed').filter((e) => e.accountId === 'A').map((e) => e.to), ['normal']);
  });
});

describe('risk levels of accounts marked lazily, where cent rounding moves the crossing', () => {
  it('a margin ratio close to the warning threshold still raises the warning at the first price past it', () => {
    // Tick 0.01 worth 1 cent, margin 79%: the ratio moves about 0.0001 per tick, and the
    // half-cent rounding of the margin shifts where it reaches 0.8 by dozens of ticks.
    const R1 = { ...COPPER, instrumentId: 'USER.r1', exchangeId: 'USER' as const, productId: 'r', priceTick: 0.01, volumeMultiple: 1, marginRatio: 0.79, commissionRate: 0, limitUpRate: 0.5, limitDownRate: 0.5, preSettlement: 100 };
    // One move from the entry price straight to each price around the crossing (80.30).
    for (let cents = 7900; cents <= 8200; cents += 5) {
      const { x, moved } = longThenMove(R1, 99, 100, cents / 100);
      assert.equal(moved.code, ResultCode.Success);
      const ratio = accountView(x.state, 'A')!.risk_ratio;
      assert.equal(x.state.accounts.get('A')!.riskLevel, riskLevelOf(ratio, x.state.options), `at ${cents / 100}: ratio ${ratio}`);
    }
  });
});

describe('risk trigger heaps', () => {
  it('stay bounded when fills re-index the same accounts at a price that never moves', () => {
    const x = new CoreHarness([CU]);
    x.ensureAccount('A', 1_000_000_000);
    x.ensureAccount('B', 1_000_000_000);
    const instrument = x.state.instruments.get(CU.instrumentId)!;
    for (let i = 0; i < 2_000; i++) {
      x.place('A', `a${i}`, 'BUY', 70000, 1);
      x.place('B', `b${i}`, 'SELL', 70000, 1);
    }
    const entries = instrument.risingRiskTriggers.size + instrument.fallingRiskTriggers.size;
    assert.ok(entries <= Math.max(65, 4 * instrument.lazyRiskEntries + 1), `${entries} entries for ${instrument.lazyRiskEntries} lazy accounts`);
  });
});

describe('forced liquidation', () => {
  it('closes every position at market when the ratio reaches 1.0, and records it', () => {
    const x = longOnThinEquity();
    x.place('A', 'a1', 'BUY', 70000, 1);
    // a resting close order holds the lot: the liquidation must cancel it to close the lot
    assert.equal(x.place('A', 'a2', 'SELL', 75000, 1, { offset: 'CLOSETODAY' }).code, ResultCode.Success);
    x.place('E', 'e1', 'BUY', 67900, 1); // the bid the liquidation will hit
    // at 69,000: float -5,000, balance 34,965, margin 34,500: ratio 0.9867, still a warning
    assert.equal(eventsOfType(tradeAt(x, 69000, '1'), 'account.liquidated').length, 0);
    // at 68,000: float -10,000, balance 29,965, margin 34,000: ratio 1.1347 >= 1.0
    const result = tradeAt(x, 68000, '2');
    const [record] = eventsOfType(result, 'account.liquidated');
    assert.ok(record, 'liquidated');
    assert.deepEqual(
      [record.trigger, record.result, record.cancelledOrders, record.riskRatioBefore],
      ['risk', 'complete', 1, 34_000 / 29_965],
    );
    assert.deepEqual(record.orders.map((o) => [o.direction, o.offset, o.volume, o.filled, o.averagePrice]), [['SELL', 'CLOSETODAY', 1, 1, 67900]]);
    // The order itself says why it is there (a client that missed the notification sees it).
    const placed = eventsOfType(result, 'order.accepted').find((e) => e.order.orderId === record.orders[0]!.orderId);
    assert.equal(placed?.order.lastMsg, `forced liquidation ${record.liquidationId} (risk)`);
    // close profit (67,900 - 70,000) x 5 = -10,500; commission 35 + 67,900x5x0.0001 = 68.95
    // balance 40,000 - 10,500 - 68.95 = 29,431.05; nothing held, nothing frozen
    expectAccount(x, 'A', { close_profit: -10_500, commission: 68.95, balance: 29_431.05, margin: 0, frozen_margin: 0, available: 29_431.05, risk_ratio: 0 });
    const notes = eventsOfType(result, 'notification').filter((n) => n.accountId === 'A' && n.priority === 0);
    const liquidationNote = notes.find((n) => n.code === 4002 && n.message.kind === 'liquidation');
    assert.ok(liquidationNote, 'a P0 notification of the liquidation');
    assert.equal(renderNotification(liquidationNote.message), 'forced liquidation (risk): every position closed');
  });

  it('finds nothing to close against: records none, places no order; a bid that comes to rest closes it at once, an offer does not', () => {
    const x = longOnThinEquity();
    x.place('A', 'a1', 'BUY', 70000, 1);
    const first = tradeAt(x, 68000, '1');
    const [none] = eventsOfType(first, 'account.liquidated');
    assert.deepEqual([none?.liquidationId, none?.result, none?.orders[0]?.filled, none?.orders[0]?.refusal], ['LQ1', 'none', 0, 'no bids on SHFE.cu2601 to close against']);
    assert.equal(eventsOfType(first, 'order.accepted').filter((e) => e.order.accountId === 'A').length, 0, 'no close order placed only to be cancelled');
    // Offers are nothing a long closes against.
    assert.equal(eventsOfType(x.place('C', 'c8', 'SELL', 69000, 1), 'account.liquidated').length, 0);
    // E's bid rests below the last price, which does not move: A is closed into it in E's command.
    const bid = x.place('E', 'e1', 'BUY', 67900, 1);
    const [second] = eventsOfType(bid, 'account.liquidated');
    assert.deepEqual([second?.liquidationId, second?.result, second?.orders[0]?.filled, second?.orders[0]?.averagePrice], ['LQ2', 'complete', 1, 67900]);
    assert.equal(x.state.ledger.atForceClose.size, 0);
  });

  it('a retry that finds nothing to close against leaves no record and tells the user nothing; one that finds liquidity does', () => {
    const x = longOnThinEquity();
    x.place('A', 'a1', 'BUY', 70000, 1);
    assert.equal(eventsOfType(tradeAt(x, 68000, '1'), 'account.liquidated')[0]?.result, 'none');
    // C and D trade again at 68,000: A is checked again at the trade and finds no bid.
    const idle = tradeAt(x, 68000, '2');
    assert.equal(eventsOfType(idle, 'account.liquidated').length, 0);
    assert.equal(eventsOfType(idle, 'notification').filter((n) => n.accountId === 'A').length, 0);
    assert.deepEqual([...x.state.ledger.atForceClose].map((a) => a.accountId), ['A']);
    // A trade that leaves a bid (D buys two, one fills): A is closed into the rest.
    x.place('C', 'c3', 'SELL', 68000, 1);
    const rest = x.place('D', 'd3', 'BUY', 68000, 2);
    const [closed] = eventsOfType(rest, 'account.liquidated');
    assert.deepEqual([closed?.liquidationId, closed?.result, closed?.orders[0]?.averagePrice], ['LQ2', 'complete', 68000]);
  });

  it('retries an account its instrument\'s suspension kept from liquidation when trading resumes', () => {
    const x = longOnThinEquity();
    x.run({ type: 'trading-day.begin', tradingDay: '2026-11-23' });
    x.place('A', 'a1', 'BUY', 70000, 1);
    x.place('E', 'e1', 'BUY', 65000, 5, { timeCondition: 'GTC' });
    x.run({ type: 'instrument.suspend', instrumentId: CU.instrumentId });
    assert.equal(x.run({ type: 'settlement.set-price', instrumentId: CU.instrumentId, price: 65000 }).code, ResultCode.Success);
    x.run({ type: 'settlement.execute' });
    // Suspended: nothing could close A, left at force-close.
    assert.equal(x.state.accounts.get('A')!.riskLevel, 'force-close');
    assert.deepEqual([...x.state.ledger.atForceClose].map((a) => a.accountId), ['A']);
    const resumed = x.run({ type: 'instrument.resume', instrumentId: CU.instrumentId });
    const [liquidation] = eventsOfType(resumed, 'account.liquidated');
    assert.deepEqual([liquidation?.result, liquidation?.orders[0]?.averagePrice], ['complete', 65000]);
    assert.notEqual(x.state.accounts.get('A')!.riskLevel, 'force-close');
  });

  it('at settlement, tells the account it reached the force-close threshold before the liquidation that follows, then where it left it', () => {
    const x = longOnThinEquity();
    x.run({ type: 'trading-day.begin', tradingDay: '2026-11-23' });
    x.place('A', 'a1', 'BUY', 70000, 1);
    x.place('E', 'e1', 'BUY', 65000, 5, { timeCondition: 'GTC' });
    x.run({ type: 'settlement.set-price', instrumentId: CU.instrumentId, price: 65000 });
    const settled = x.run({ type: 'settlement.execute' });
    assert.equal(settled.code, ResultCode.Success);
    const told = eventsOfType(settled, 'notification').filter((n) => n.accountId === 'A' && (n.message.kind === 'risk' || n.message.kind === 'liquidation'));
    assert.deepEqual(
      told.map((n) => renderNotification(n.message).replace(/[\d.]+ /, 'R ')),
      ['risk ratio R reached the force-close threshold', 'forced liquidation (settlement): every position closed', 'risk ratio R is back to normal'],
    );
    assert.deepEqual(eventsOfType(settled, 'risk.level-changed').filter((e) => e.accountId === 'A').map((e) => [e.from, e.to]), [['warning', 'force-close'], ['force-close', 'normal']]);
    assert.equal(x.state.accounts.get('A')!.riskLevel, 'normal');
  });

  it('places no close order on a suspended instrument with bids resting: a retry then leaves no trace at all', () => {
    const MEAL = { ...CU, instrumentId: 'DCE.m2601', exchangeId: 'DCE' as const, productId: 'm', priceTick: 1, volumeMultiple: 1, marginRatio: 0.1, preSettlement: 100 };
    const x = new CoreHarness([CU, MEAL]);
    x.ensureAccount('A', 40_000);
    for (const other of ['B', 'C', 'D', 'E']) x.ensureAccount(other, 1_000_000);
    const meal = { instrumentId: MEAL.instrumentId };
    x.run({ type: 'trading-day.begin', tradingDay: '2026-11-23' });
    x.place('B', 'b1', 'SELL', 70000, 1);
    x.place('A', 'a1', 'BUY', 70000, 1);
    x.place('B', 'b2', 'SELL', 100, 1, meal);
    x.place('A', 'a2', 'BUY', 100, 1, meal);
    x.place('E', 'e1', 'BUY', 65000, 5, { timeCondition: 'GTC' });
    x.run({ type: 'instrument.suspend', instrumentId: CU.instrumentId });
    x.run({ type: 'settlement.set-price', instrumentId: CU.instrumentId, price: 65000 });
    const settled = x.run({ type: 'settlement.execute' });
    const [record] = eventsOfType(settled, 'account.liquidated');
    assert.deepEqual(record?.orders.map((o) => [o.instrumentId, o.filled, o.refusal]), [
      [MEAL.instrumentId, 0, `no bids on ${MEAL.instrumentId} to close against`],
      [CU.instrumentId, 0, `${CU.instrumentId} is suspended`],
    ]);
    assert.equal(eventsOfType(settled, 'order.rejected').length, 0, 'no close order refused for the suspension');
    // A trade in the other instrument A holds retries A: nothing can be closed, and nothing is told.
    x.place('C', 'c1', 'SELL', 100, 1, meal);
    const retried = x.place('D', 'd1', 'BUY', 100, 1, meal);
    assert.deepEqual(retried.events.filter((e) => ('accountId' in e && e.accountId === 'A') || ('order' in e && e.order.accountId === 'A')).map((e) => e.type), []);
    assert.deepEqual([...x.state.ledger.atForceClose].map((a) => a.accountId), ['A']);
  });

  it("cancels the account's pending conditional orders, so none opens again what it closed; other accounts' stay", () => {
    const x = longOnThinEquity();
    x.place('A', 'a1', 'BUY', 70000, 1);
    const conditional = (id: string, accountId: string, direction: 'BUY' | 'SELL', offset: 'OPEN' | 'CLOSETODAY', triggerPrice: number, triggerCondition: 'GreaterOrEqual' | 'LessOrEqual') =>
      x.run({
        type: 'conditional.create',
        conditionalId: id,
        accountId,
        instrumentId: CU.instrumentId,
        direction,
        offset,
        volume: 1,
        orderType: 'MARKET',
        limitPrice: 0,
        conditionType: triggerCondition === 'LessOrEqual' ? 'StopLoss' : 'PriceTouch',
        triggerPrice,
        triggerCondition,
        validUntil: 0,
      });
    // A buy stop above the market, and a stop-loss below the liquidation's price.
    assert.equal(conditional('A-up', 'A', 'BUY', 'OPEN', 68500, 'GreaterOrEqual').code, ResultCode.Success);
    assert.equal(conditional('A-down', 'A', 'SELL', 'CLOSETODAY', 60000, 'LessOrEqual').code, ResultCode.Success);
    assert.equal(conditional('E-up', 'E', 'BUY', 'OPEN', 68500, 'GreaterOrEqual').code, ResultCode.Success);
    x.place('E', 'e1', 'BUY', 67900, 1);
    const result = tradeAt(x, 68000, '1');
    const [record] = eventsOfType(result, 'account.liquidated');
    assert.deepEqual([record?.result, record?.cancelledOrders, record?.cancelledConditionals], ['complete', 0, 2]);
    const cancelled = eventsOfType(result, 'conditional.changed').map((e) => [e.conditional.conditionalId, e.conditional.status, e.conditional.reason]);
    assert.deepEqual(cancelled, [
      ['A-up', 'Cancelled', `cancelled by forced liquidation ${record!.liquidationId}`],
      ['A-down', 'Cancelled', `cancelled by forced liquidation ${record!.liquidationId}`],
    ]);
    // The price comes back past the buy stop: E's fires, A stays flat.
    x.place('C', 'c9', 'SELL', 68600, 5);
    const back = x.place('D', 'd9', 'BUY', 68600, 1);
    assert.deepEqual(eventsOfType(back, 'conditional.changed').map((e) => [e.conditional.conditionalId, e.conditional.status]), [['E-up', 'Triggered']]);
    expectAccount(x, 'A', { margin: 0, frozen_margin: 0 });
    assert.ok([...x.state.accounts.get('A')!.positions.values()].every((p) => p.isFlat), 'A holds nothing');
  });

  it('an administrator can liquidate any account through the same path', () => {
    const x = longOnThinEquity();
    x.place('A', 'a1', 'BUY', 70000, 1);
    x.place('E', 'e1', 'BUY', 69990, 1);
    const result = x.run({ type: 'account.force-liquidate', accountId: 'A' });
    const [record] = eventsOfType(result, 'account.liquidated');
    assert.deepEqual([record?.trigger, record?.result], ['admin', 'complete']);
    assert.equal(x.run({ type: 'account.force-liquidate', accountId: 'nobody' }).code, ResultCode.AccountNotFound);
  });

  it("an administrator's liquidation of an account with only a pending conditional order cancels it, and records that", () => {
    const x = longOnThinEquity();
    const created = x.run({
      type: 'conditional.create', conditionalId: 'A-stop', accountId: 'A', instrumentId: CU.instrumentId, direction: 'BUY', offset: 'OPEN', volume: 1,
      orderType: 'MARKET', limitPrice: 0, conditionType: 'PriceTouch', triggerPrice: 71000, triggerCondition: 'GreaterOrEqual', validUntil: 0,
    });
    assert.equal(created.code, ResultCode.Success);
    const result = x.run({ type: 'account.force-liquidate', accountId: 'A' });
    const [record] = eventsOfType(result, 'account.liquidated');
    assert.deepEqual([record?.result, record?.cancelledOrders, record?.cancelledConditionals, record?.orders.length], ['complete', 0, 1, 0]);
    assert.deepEqual(eventsOfType(result, 'conditional.changed').map((e) => e.conditional.status), ['Cancelled']);
    assert.equal(eventsOfType(x.run({ type: 'account.force-liquidate', accountId: 'A' }), 'account.liquidated').length, 0, 'nothing left: no record');
  });

  it('a liquidation order whose rest found nothing keeps saying what it is, then why it ended', () => {
    const x = new CoreHarness([CU]);
    x.ensureAccount('A', 80_000);
    for (const other of ['B', 'C', 'D', 'E']) x.ensureAccount(other, 1_000_000);
    x.place('B', 'b1', 'SELL', 70000, 2);
    x.place('A', 'a1', 'BUY', 70000, 2);
    x.place('E', 'e1', 'BUY', 67900, 1); // one lot of bids for two to close
    // at 68,000: balance 80,000 - 70 - 20,000 = 59,930 against margin 68,000
    const result = tradeAt(x, 68000, '1');
    const [record] = eventsOfType(result, 'account.liquidated');
    assert.equal(record?.result, 'partial');
    const orderId = record.orders[0]!.orderId;
    const [cancelled] = eventsOfType(result, 'order.cancelled').filter((e) => e.orderId === orderId);
    assert.match(cancelled?.message ?? '', new RegExp(`^forced liquidation ${record.liquidationId} \\(risk\\); .+`));
  });

  it('closes at the farthest resting price when the instrument has no band yet (no reference price)', () => {
    const fresh = { ...CU, instrumentId: 'SHFE.cu2612', preSettlement: 0 };
    const x = new CoreHarness([fresh]);
    x.ensureAccount('A', 40_000);
    for (const other of ['B', 'C', 'D', 'E']) x.ensureAccount(other, 1_000_000);
    const on = { instrumentId: fresh.instrumentId };
    x.place('B', 'b1', 'SELL', 70000, 1, on);
    x.place('A', 'a1', 'BUY', 70000, 1, on);
    x.place('E', 'e1', 'BUY', 67900, 1, on);
    x.place('E', 'e2', 'BUY', 50000, 1, on);
    x.place('C', 'c1', 'SELL', 68000, 1, on);
    const result = x.place('D', 'd1', 'BUY', 68000, 1, on);
    const [record] = eventsOfType(result, 'account.liquidated');
    assert.ok(record, 'liquidated');
    // Best bid first: the one lot goes to E's 67,900, the limit at 50,000 only bounds it.
    assert.deepEqual(record.orders.map((o) => [o.direction, o.volume, o.filled, o.averagePrice, o.refusal]), [['SELL', 1, 1, 67900, '']]);
    assert.equal(record.result, 'complete');
  });

  it('records a close it could not place when the other side of a band-less book is empty', () => {
    const fresh = { ...CU, instrumentId: 'SHFE.cu2612', preSettlement: 0 };
    const [record] = eventsOfType(longThenMove(fresh, 40_000, 70000, 68000).moved, 'account.liquidated');
    assert.deepEqual([record?.result, record?.orders[0]?.filled, record?.orders[0]?.refusal], ['none', 0, 'no bids on SHFE.cu2612 to close against']);
  });
});
