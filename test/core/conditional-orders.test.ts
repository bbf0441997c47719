import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CreateConditionalOrder } from '../../src/core/index.ts';
import { ResultCode } from '../../src/core/index.ts';
import { MAX_PENDING_CONDITIONALS_PER_ACCOUNT } from '../../src/core/conditional/conditional-book.ts';
import { COPPER, CoreHarness, eventsOfType } from '../support/core-harness.ts';

const CU = COPPER.instrumentId;

function conditional(id: string, extra: Partial<CreateConditionalOrder> = {}): CreateConditionalOrder {
  return {
    type: 'conditional.create',
    conditionalId: id,
    accountId: 'A',
    instrumentId: CU,
    direction: 'SELL',
    offset: 'CLOSETODAY',
    volume: 1,
    orderType: 'MARKET',
    limitPrice: 0,
    conditionType: 'StopLoss',
    triggerPrice: 69500,
    triggerCondition: 'LessOrEqual',
    validUntil: 0,
    ...extra,
  };
}

/** A is long 1 @ 70,000; E bids 69,000 for the stop to hit. */
function longPosition(): CoreHarness {
  const x = new CoreHarness();
  for (const id of ['A', 'B', 'C', 'D', 'E']) x.ensureAccount(id);
  x.place('B', 'b1', 'SELL', 70000, 1);
  x.place('A', 'a1', 'BUY', 70000, 1);
  x.place('E', 'e1', 'BUY', 69000, 1);
  return x;
}

function tradeAt(x: CoreHarness, price: number, id: string) {
  x.place('C', `c${id}`, 'SELL', price, 1);
  return x.place('D', `d${id}`, 'BUY', price, 1);
}

describe('conditional orders', () => {
  it('a stop-loss waits for the last price to cross its trigger, then places its order', () => {
    const x = longPosition();
    const created = x.run(conditional('sl1'));
    assert.equal(created.code, ResultCode.Success);
    assert.equal(eventsOfType(created, 'conditional.changed')[0]?.conditional.status, 'Pending');
    assert.equal(eventsOfType(tradeAt(x, 69600, '1'), 'conditional.changed').length, 0, '69,600 is above the trigger');
    const crossed = tradeAt(x, 69500, '2');
    const [change] = eventsOfType(crossed, 'conditional.changed');
    assert.deepEqual([change?.conditional.status, change?.conditional.orderId], ['Triggered', 'sl1']);
    const [trade] = eventsOfType(crossed, 'trade.executed').filter((t) => t.taker.orderId === 'sl1');
    assert.deepEqual([trade?.price, trade?.maker.accountId], [69000, 'E']);
  });

  it('a trigger refused because a live order holds its id fails without pointing at that order', () => {
    const x = longPosition();
    x.run(conditional('sl1'));
    // The trader's own resting order under the same id: the stop's order cannot be placed.
    x.place('A', 'sl1', 'BUY', 65000, 1);
    const [change] = eventsOfType(tradeAt(x, 69500, '1'), 'conditional.changed');
    assert.equal(change?.conditional.status, 'Failed');
    assert.match(change!.conditional.reason, /already used by a live order/);
    assert.equal(change?.conditional.orderId, '', 'no order of its own: not the trader\'s order under that id');
  });

  it('delisting the instrument cancels its pending conditional orders, saying why', () => {
    const x = longPosition();
    x.run(conditional('sl1'));
    const delisted = x.run({ type: 'instrument.delist', instrumentId: CU });
    const [change] = eventsOfType(delisted, 'conditional.changed');
    assert.deepEqual([change?.conditional.status, change?.conditional.reason], ['Cancelled', `cancelled: ${CU} was delisted`]);
    assert.equal(x.state.conditionals.hasPending, false);
    const again = x.run({ type: 'instrument.resume', instrumentId: CU });
    assert.deepEqual([again.code, again.message], [ResultCode.InstrumentNotFound, `${CU} is delisted: it can no longer be changed`]);
  });

  it('take-profit and price-touch trigger upwards with GreaterOrEqual', () => {
    const x = longPosition();
    x.run(conditional('tp', { conditionType: 'TakeProfit', triggerCondition: 'GreaterOrEqual', triggerPrice: 70500, orderType: 'LIMIT', limitPrice: 70500 }));
    x.run(conditional('pt', { conditionType: 'PriceTouch', triggerCondition: 'GreaterOrEqual', triggerPrice: 70500, direction: 'BUY', offset: 'OPEN', orderType: 'LIMIT', limitPrice: 70000 }));
    const result = tradeAt(x, 70500, '1');
    assert.deepEqual(eventsOfType(result, 'conditional.changed').map((e) => [e.conditional.conditionalId, e.conditional.status]), [['tp', 'Triggered'], ['pt', 'Triggered']]);
  });

  it('fails with the reason when the placed order is refused', () => {
    const x = longPosition();
    // two lots to close, but only one is held
    x.run(conditional('big', { volume: 2 }));
    const [change] = eventsOfType(tradeAt(x, 69400, '1'), 'conditional.changed');
    assert.equal(change?.conditional.status, 'Failed');
    assert.match(change!.conditional.reason, /not enough long position/);
  });

  it('expires once valid_until has passed', () => {
    const x = longPosition();
    x.run(conditional('soon', { validUntil: x.ts + 3 }));
    x.place('C', 'c0', 'SELL', 71000, 1);
    x.place('C', 'c1', 'SELL', 71010, 1);
    const later = x.place('C', 'c2', 'SELL', 71020, 1);
    const [change] = eventsOfType(later, 'conditional.changed');
    assert.deepEqual([change?.conditional.conditionalId, change?.conditional.status], ['soon', 'Expired']);
    assert.equal(eventsOfType(tradeAt(x, 69000, '9'), 'conditional.changed').length, 0, 'an expired order never triggers');
  });

  it('expires before the command that comes after valid_until, even a trade through its trigger', () => {
    const x = longPosition();
    x.run(conditional('late', { validUntil: x.ts + 2 }));
    x.place('C', 'c1', 'SELL', 69400, 1); // ts = valid_until: still valid, no trade yet
    const crossing = x.place('D', 'd1', 'BUY', 69400, 1); // the first command after it: a trade through 69,500
    const changes = eventsOfType(crossing, 'conditional.changed').map((e) => e.conditional.status);
    assert.deepEqual(changes, ['Expired']);
    assert.equal(eventsOfType(crossing, 'order.accepted').filter((e) => e.order.orderId === 'late').length, 0, 'no order placed');
  });

  it('conditional.expire-due, the clock\'s command on a quiet exchange, expires what is due and nothing else', () => {
    const x = longPosition();
    x.run(conditional('soon', { validUntil: x.ts + 3 }));
    x.run(conditional('later', { validUntil: x.ts + 50 }));
    // ts = valid_until of 'soon': still valid.
    const early = x.run({ type: 'conditional.expire-due' });
    assert.deepEqual([early.code, early.events], [ResultCode.Success, []]);
    const due = x.run({ type: 'conditional.expire-due' });
    assert.equal(due.code, ResultCode.Success);
    assert.deepEqual(eventsOfType(due, 'conditional.changed').map((e) => [e.conditional.conditionalId, e.conditional.status]), [['soon', 'Expired']]);
    assert.deepEqual([...x.state.conditionals.pending.keys()], ['later']);
    assert.equal(x.state.conditionals.nextExpiry, x.state.conditionals.pending.get('later')!.request.validUntil);
  });

  it('the earliest deadline is computed afresh: a cancelled order\'s no longer counts', () => {
    const x = longPosition();
    x.run(conditional('soon', { validUntil: x.ts + 5 }));
    x.run(conditional('later', { validUntil: x.ts + 50 }));
    const soon = x.state.conditionals.pending.get('soon')!.request.validUntil;
    x.run({ type: 'conditional.cancel', conditionalId: 'soon', accountId: 'A' });
    assert.equal(x.state.conditionals.nextExpiry, soon, 'the kept earliest may name a finished order');
    assert.equal(x.state.conditionals.earliestExpiry(), x.state.conditionals.pending.get('later')!.request.validUntil);
  });

  it('a cancel after valid_until finds the order expired by the same command (the route then answers 3002 from the history)', () => {
    const x = longPosition();
    x.run(conditional('late', { validUntil: x.ts + 1 }));
    const cancel = x.run({ type: 'conditional.cancel', conditionalId: 'late', accountId: 'A' });
    assert.equal(cancel.code, ResultCode.OrderNotFound);
    assert.match(cancel.message, /no pending conditional order late/);
    assert.deepEqual(eventsOfType(cancel, 'conditional.changed').map((e) => e.conditional.status), ['Expired']);
  });

  it('cancels by id, not another account\'s; a cancelled one leaves the core (the route answers 3002 from the history)', () => {
    const x = longPosition();
    x.run(conditional('c'));
    assert.equal(x.run({ type: 'conditional.cancel', conditionalId: 'c', accountId: 'B' }).code, ResultCode.OrderNotFound);
    assert.equal(x.run({ type: 'conditional.cancel', conditionalId: 'c', accountId: 'A' }).code, ResultCode.Success);
    assert.equal(x.run({ type: 'conditional.cancel', conditionalId: 'c', accountId: 'A' }).code, ResultCode.OrderNotFound);
    assert.equal(x.conditionals.get('c')?.status, 'Cancelled');
    assert.equal(x.state.conditionals.pending.size, 0, 'a finished conditional order leaves the core');
  });

  it(`an account has at most ${MAX_PENDING_CONDITIONALS_PER_ACCOUNT} pending; a cancelled or fired one makes room, other accounts are not counted`, () => {
    const x = longPosition();
    for (let i = 0; i < MAX_PENDING_CONDITIONALS_PER_ACCOUNT; i++) {
      assert.equal(x.run(conditional(`p${i}`, { triggerPrice: 60000 + (i % 50) * 10 })).code, ResultCode.Success);
    }
    const over = x.run(conditional('one-more'));
    assert.equal(over.code, ResultCode.ParameterError);
    assert.match(over.message, /pending conditional orders, the most an account may have/);
    assert.equal(x.state.conditionals.pending.has('one-more'), false);
    assert.equal(x.run(conditional('for-b', { accountId: 'B', triggerPrice: 60000 })).code, ResultCode.Success, 'another account has its own');
    assert.equal(x.run({ type: 'conditional.cancel', conditionalId: 'p0', accountId: 'A' }).code, ResultCode.Success);
    assert.equal(x.run(conditional('one-more')).code, ResultCode.Success, 'a cancel makes room');
    assert.equal(x.run(conditional('and-another')).code, ResultCode.ParameterError);
    // A trade at 69,500 fires 'one-more' (LessOrEqual 69,500) and none of the others (at most 60,490).
    const fired = eventsOfType(tradeAt(x, 69500, 't'), 'conditional.changed').map((e) => e.conditional.conditionalId);
    assert.deepEqual(fired, ['one-more']);
    assert.equal(x.run(conditional('and-another')).code, ResultCode.Success, 'a fired order makes room');
  });

  it('a trade fires every order it reaches in creation order, whatever their trigger prices', () => {
    const x = longPosition();
    x.place('E', 'e2', 'BUY', 69000, 5);
    const triggers = [69500, 69700, 69500, 69900, 69600];
    triggers.forEach((triggerPrice, i) => x.run(conditional(`s${i}`, { triggerPrice, offset: 'OPEN' })));
    x.run(conditional('far', { triggerPrice: 68000, offset: 'OPEN' }));
    x.run(conditional('up', { triggerPrice: 69500, triggerCondition: 'GreaterOrEqual', direction: 'BUY', offset: 'OPEN' }));
    const fired = eventsOfType(tradeAt(x, 69500, 't'), 'conditional.changed')
      .filter((e) => e.conditional.status !== 'Pending')
      .map((e) => e.conditional.conditionalId);
    assert.deepEqual(fired, ['s0', 's1', 's2', 's3', 's4', 'up']);
    assert.deepEqual(x.state.conditionals.pendingOf(CU).map((c) => c.id), ['far']);
  });

  it('refuses malformed conditional orders with 1001', () => {
    const x = longPosition();
    assert.equal(x.run(conditional('x', { triggerPrice: 69505 })).code, ResultCode.ParameterError);
    assert.equal(x.run(conditional('x', { triggerCondition: 'Sideways' as 'LessOrEqual' })).code, ResultCode.ParameterError);
    assert.equal(x.run(conditional('x', { validUntil: 1 })).code, ResultCode.ParameterError);
    assert.equal(x.run(conditional('x', { orderType: 'LIMIT', limitPrice: 99990 })).code, ResultCode.PriceOutOfLimits);
    assert.equal(x.run(conditional('x', { accountId: 'ghost' })).code, ResultCode.AccountNotFound);
  });
});
