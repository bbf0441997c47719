import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderNotification, ResultCode } from '../../src/core/index.ts';
import { COPPER, CoreHarness, eventsOfType } from '../support/core-harness.ts';

describe('notifications', () => {
  it('a fill notifies both sides (P2) with text rendered from the trade', () => {
    const x = new CoreHarness([COPPER]);
    x.place('S', 's1', 'SELL', 70000, 2);
    const result = x.place('B', 'b1', 'BUY', 70000, 2);
    const notes = eventsOfType(result, 'notification').filter((n) => n.message.kind === 'fill');
    assert.deepEqual(notes.map((n) => [n.accountId, n.userId, n.priority, n.key]), [['S', 'u-S', 2, ''], ['B', 'u-B', 2, '']]);
    assert.deepEqual(notes.map((n) => renderNotification(n.message)), [
      'SELL OPEN 2 SHFE.cu2601 @ 70000 (order s1)',
      'BUY OPEN 2 SHFE.cu2601 @ 70000 (order b1)',
    ]);
  });

  it('a refused order notifies its owner with a warning carrying the refusal code', () => {
    const x = new CoreHarness([COPPER]);
    const result = x.place('B', 'b1', 'BUY', 90000, 1);
    const [note] = eventsOfType(result, 'notification');
    assert.deepEqual([note?.priority, note?.level, note?.code], [1, 'WARNING', ResultCode.PriceOutOfLimits]);
    assert.match(renderNotification(note!.message), /^order b1 refused: price 90000 is beyond the price limits/);
  });

  it('cancellations by the exchange notify, the user\'s own do not', () => {
    const x = new CoreHarness([COPPER]);
    x.place('B', 'b1', 'BUY', 70000, 1);
    assert.equal(eventsOfType(x.cancel('B', 'b1'), 'notification').length, 0);
    const ioc = x.place('B', 'b2', 'BUY', 70000, 1, { timeCondition: 'IOC' });
    const [note] = eventsOfType(ioc, 'notification');
    assert.equal(renderNotification(note!.message), 'order b2: remaining volume cancelled (immediate-or-cancel)');
  });

  it('a suspension and a resumption are told once to every account the instrument concerns', () => {
    const x = new CoreHarness([COPPER]);
    const id = COPPER.instrumentId;
    // A and B hold positions, C rests an order, D waits on a stop; E has nothing there.
    x.place('B', 'b1', 'SELL', 70000, 1);
    x.place('A', 'a1', 'BUY', 70000, 1);
    x.place('C', 'c1', 'BUY', 69000, 1);
    x.ensureAccount('D');
    x.ensureAccount('E');
    x.run({
      type: 'conditional.create', conditionalId: 'stop', accountId: 'D', instrumentId: id, direction: 'BUY', offset: 'OPEN', volume: 1,
      orderType: 'MARKET', limitPrice: 0, conditionType: 'PriceTouch', triggerPrice: 71000, triggerCondition: 'GreaterOrEqual', validUntil: 0,
    });
    const told = (result: ReturnType<CoreHarness['run']>) =>
      eventsOfType(result, 'notification').filter((n) => n.message.kind === 'instrument').map((n) => [n.accountId, n.level, n.code, renderNotification(n.message)]);
    const suspended = `${id} is suspended`;
    assert.deepEqual(told(x.run({ type: 'instrument.suspend', instrumentId: id })), [
      ['A', 'WARNING', ResultCode.InstrumentSuspended, suspended],
      ['B', 'WARNING', ResultCode.InstrumentSuspended, suspended],
      ['C', 'WARNING', ResultCode.InstrumentSuspended, suspended],
      ['D', 'WARNING', ResultCode.InstrumentSuspended, suspended],
    ]);
    // Other changes of a suspended instrument carry its status, but tell nobody again.
    assert.deepEqual(told(x.run({ type: 'instrument.update', instrumentId: id, commissionRate: 0.0001 })), []);
    assert.deepEqual(told(x.run({ type: 'settlement.execute' })), []);
    assert.deepEqual(told(x.run({ type: 'instrument.resume', instrumentId: id })).map(([account, level, code, text]) => [account, level, code, text]), [
      ['A', 'INFO', 0, `${id} is trading`],
      ['B', 'INFO', 0, `${id} is trading`],
      ['C', 'INFO', 0, `${id} is trading`],
      ['D', 'INFO', 0, `${id} is trading`],
    ]);
  });

  it('funds movements and settlement are informational (P3)', () => {
    const x = new CoreHarness([COPPER]);
    x.ensureAccount('A', 1000);
    x.run({ type: 'trading-day.begin', tradingDay: '2026-11-23' });
    const deposit = eventsOfType(x.run({ type: 'account.deposit', accountId: 'A', amount: 500 }), 'notification')[0]!;
    assert.deepEqual([deposit.priority, renderNotification(deposit.message)], [3, 'deposit of 500; balance 1500']);
    const settled = eventsOfType(x.run({ type: 'settlement.execute' }), 'notification')[0]!;
    assert.equal(renderNotification(settled.message), 'settled 2026-11-23: balance 1500, next trading day 2026-11-24');
  });
});
