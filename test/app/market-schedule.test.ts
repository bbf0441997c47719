/**
 * Scheduled sessions: what the schedule submits at each moment (market.open, market.close,
 * settlement.execute), for day and night sessions, weekends, and days missed while the
 * exchange was down; and the core's side of it (orders refused while closed, GFS orders
 * expiring at the close, liquidation at settlement still closing positions).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ManualClock } from '../../src/app/clock.ts';
import { dueCommands, MarketSchedule, type SessionTimes } from '../../src/app/market-schedule.ts';
import { parseClockTime, parseTradingHours } from '../../src/config/clock-time.ts';
import { createCoreState, ResultCode, restoreState, serializeState } from '../../src/core/index.ts';
import { COPPER, CoreHarness, eventsOfType } from '../support/core-harness.ts';

const DAY: SessionTimes = { tradingHours: parseTradingHours('09:00-15:00'), settlementTime: parseClockTime('15:30'), timeZone: 'Asia/Shanghai' };
const NIGHT: SessionTimes = { ...DAY, tradingHours: parseTradingHours('21:00-02:30') };
/** As Chinese futures trade: a night session, and the day's three with their breaks. */
const CHINA: SessionTimes = { ...DAY, tradingHours: parseTradingHours('21:00-02:30,09:00-10:15,10:30-11:30,13:30-15:00') };

/** Epoch ms of a Shanghai wall-clock time (UTC+8, no daylight saving). */
const shanghai = (isoLocal: string): number => Date.parse(`${isoLocal}+08:00`);

/** A state on `tradingDay`, open or closed. */
function stateOn(tradingDay: string, closed = false) {
  const state = createCoreState();
  state.tradingDay = tradingDay;
  if (closed) state.marketClosed = 'closed';
  return state;
}

const types = (commands: { type: string }[]) => commands.map((c) => c.type);

describe('market schedule', () => {
  // 2026-11-23 is a Monday; 2026-11-28 a Saturday.
  it('opens during trading hours on weekdays and closes outside them', () => {
    assert.deepEqual(types(dueCommands(stateOn('2026-11-23', true), shanghai('2026-11-23T09:00'), DAY)), ['market.open']);
    assert.deepEqual(types(dueCommands(stateOn('2026-11-23'), shanghai('2026-11-23T14:59'), DAY)), []);
    assert.deepEqual(types(dueCommands(stateOn('2026-11-23'), shanghai('2026-11-23T15:00'), DAY)), ['market.close']);
    assert.deepEqual(types(dueCommands(stateOn('2026-11-23'), shanghai('2026-11-23T08:59'), DAY)), ['market.close']);
    assert.deepEqual(types(dueCommands(stateOn('2026-11-30', true), shanghai('2026-11-28T10:00'), DAY)), [], 'closed on Saturday');
    const close = dueCommands(stateOn('2026-11-23'), shanghai('2026-11-23T15:00'), DAY)[0];
    assert.deepEqual(close, { type: 'market.close', reason: 'orders are taken 09:00-15:00 (Asia/Shanghai), Monday to Friday, holidays excepted' });
  });

  it('settles the day once its settlement time has passed, and only once', () => {
    assert.deepEqual(types(dueCommands(stateOn('2026-11-23', true), shanghai('2026-11-23T15:29'), DAY)), []);
    assert.deepEqual(types(dueCommands(stateOn('2026-11-23', true), shanghai('2026-11-23T15:30'), DAY)), ['settlement.execute']);
    // Settled: the trading day moved on to Tuesday.
    assert.deepEqual(types(dueCommands(stateOn('2026-11-24', true), shanghai('2026-11-23T15:31'), DAY)), []);
    // Friday's settlement moves the day to Monday; nothing is due over the weekend.
    assert.deepEqual(types(dueCommands(stateOn('2026-11-30', true), shanghai('2026-11-29T12:00'), DAY)), []);
  });

  it('settles the days missed while the exchange was down, and closes first when both are due', () => {
    assert.deepEqual(types(dueCommands(stateOn('2026-11-23'), shanghai('2026-11-25T16:00'), DAY)), ['market.close', 'settlement.execute']);
    // Down from Friday morning to Saturday: Friday is settled on Saturday.
    assert.deepEqual(types(dueCommands(stateOn('2026-11-27', true), shanghai('2026-11-28T10:00'), DAY)), ['settlement.execute']);
     // Down from Monday's close to Tuesday's session: Monday is settled first, and the market
    // opens in the next round, so no order taken at the open belongs to a day then ended.
    assert.deepEqual(types(dueCommands(stateOn('2026-11-23', true), shanghai('2026-11-24T10:00'), DAY)), ['settlement.execute']);
    assert.deepEqual(types(dueCommands(stateOn('2026-11-24', true), shanghai('2026-11-24T10:00'), DAY)), ['market.open']);
  });

  it('runs a night session past midnight as the session of the weekday it began on', () => {
    assert.deepEqual(types(dueCommands(stateOn('2026-11-24', true), shanghai('2026-11-23T21:00'), NIGHT)), ['market.open']);
    assert.deepEqual(types(dueCommands(stateOn('2026-11-24'), shanghai('2026-11-24T02:29'), NIGHT)), []);
    assert.deepEqual(types(dueCommands(stateOn('2026-11-24'), shanghai('2026-11-24T02:30'), NIGHT)), ['market.close']);
    // Friday night runs into Saturday morning; Saturday night does not open.
    assert.deepEqual(types(dueCommands(stateOn('2026-11-30'), shanghai('2026-11-28T01:00'), NIGHT)), []);
    assert.deepEqual(types(dueCommands(stateOn('2026-11-30', true), shanghai('2026-11-28T21:30'), NIGHT)), []);
    assert.deepEqual(types(dueCommands(stateOn('2026-11-30', true), shanghai('2026-11-30T00:30'), NIGHT)), [], 'Sunday night is no session');
  });
  it('runs several sessions a day: closed in the breaks, the night session the next day\'s, Friday night into Saturday only', () => {
    const at = (state: ReturnType<typeof stateOn>, local: string) => types(dueCommands(state, shanghai(local), CHINA));
    // Monday's day sessions and their breaks.
    assert.deepEqual(at(stateOn('2026-11-23', true), '2026-11-23T09:00'), ['market.open']);
    assert.deepEqual(at(stateOn('2026-11-23'), '2026-11-23T10:15'), ['market.close']);
    assert.deepEqual(at(stateOn('2026-11-23', true), '2026-11-23T10:20'), []);
    assert.deepEqual(at(stateOn('2026-11-23', true), '2026-11-23T10:30'), ['market.open']);
    assert.deepEqual(at(stateOn('2026-11-23'), '2026-11-23T11:30'), ['market.close']);
    assert.deepEqual(at(stateOn('2026-11-23', true), '2026-11-23T13:30'), ['market.open']);
    assert.deepEqual(at(stateOn('2026-11-23'), '2026-11-23T15:00'), ['market.close']);
    assert.deepEqual(at(stateOn('2026-11-23', true), '2026-11-23T15:30'), ['settlement.execute']);
    // Monday night trades for Tuesday, into Tuesday morning; Tuesday's day sessions follow.
    assert.deepEqual(at(stateOn('2026-11-24', true), '2026-11-23T21:00'), ['market.open']);
    assert.deepEqual(at(stateOn('2026-11-24'), '2026-11-24T02:00'), []);
    assert.deepEqual(at(stateOn('2026-11-24'), '2026-11-24T02:30'), ['market.close']);
    assert.deepEqual(at(stateOn('2026-11-24', true), '2026-11-24T09:00'), ['market.open']);
    // Friday night trades for Monday and runs into Saturday morning; Saturday's day
    // sessions and Sunday night do not open; Monday's day sessions do.
    assert.deepEqual(at(stateOn('2026-11-30', true), '2026-11-27T21:00'), ['market.open']);
    assert.deepEqual(at(stateOn('2026-11-30'), '2026-11-28T01:00'), []);
    assert.deepEqual(at(stateOn('2026-11-30'), '2026-11-28T02:30'), ['market.close']);
    assert.deepEqual(at(stateOn('2026-11-30', true), '2026-11-28T09:30'), []);
    assert.deepEqual(at(stateOn('2026-11-30', true), '2026-11-29T21:30'), []);
    assert.deepEqual(at(stateOn('2026-11-30', true), '2026-11-30T00:30'), []);
    assert.deepEqual(at(stateOn('2026-11-30', true), '2026-11-30T09:00'), ['market.open']);
    const close = dueCommands(stateOn('2026-11-23'), shanghai('2026-11-23T12:00'), CHINA)[0];
    assert.deepEqual(close, { type: 'market.close', reason: 'orders are taken 21:00-02:30, 09:00-10:15, 10:30-11:30, 13:30-15:00 (Asia/Shanghai), Monday to Friday, holidays excepted, with no night session on the evening before a holiday' });
  });

  it('closes a market left open by an earlier session before it opens the next (the exchange was down over a break): GFS orders go with their session', () => {
    const at = (state: ReturnType<typeof stateOn>, local: string, seen: string) => types(dueCommands(state, shanghai(local), CHINA, shanghai(seen)));
    // Seen open at 10:00, back at 10:40: the 10:15 break happened.
    assert.deepEqual(at(stateOn('2026-11-23'), '2026-11-23T10:40', '2026-11-23T10:00'), ['market.close']);
    assert.deepEqual(at(stateOn('2026-11-23'), '2026-11-23T10:40', '2026-11-23T10:31'), [], 'the same session');
    // Seen in Monday night's session, back on Tuesday morning's.
    assert.deepEqual(at(stateOn('2026-11-24'), '2026-11-24T09:30', '2026-11-24T01:00'), ['market.close']);
    assert.deepEqual(at(stateOn('2026-11-24'), '2026-11-24T01:30', '2026-11-23T21:05'), [], "one night session, across midnight");
    // Seen open on Monday afternoon, back on Tuesday morning: closed before Monday is settled.
    assert.deepEqual(at(stateOn('2026-11-23'), '2026-11-24T10:00', '2026-11-23T14:00'), ['market.close', 'settlement.execute']);
  });

  it('closes and reopens across a restart in a later session, once', async () => {
    const clock = new ManualClock(shanghai('2026-11-24T09:30'));
    const state = stateOn('2026-11-24');
    // The last command was applied in Monday night's session.
    state.lastTs = shanghai('2026-11-24T01:00');
    const submitted: string[] = [];
    const submit = async (command: { type: string }) => {
      submitted.push(command.type);
      if (command.type === 'market.close') state.marketClosed = 'closed';
      if (command.type === 'market.open') state.marketClosed = '';
      return { result: { code: ResultCode.Success, message: '' } };
    };
    const schedule = new MarketSchedule(() => state, submit, clock, CHINA, () => {});
    await schedule.tick();
    assert.deepEqual(submitted, ['market.close', 'market.open']);
    clock.set(shanghai('2026-11-24T09:31'));
    await schedule.tick();
    assert.deepEqual(submitted, ['market.close', 'market.open'], 'nothing more within the session');
    await schedule.stop();
  });

  it('logs a tick that fails and still runs the next one (a rejected tick used to stop every later one)', async () => {
    const log: string[] = [];
    const submitted: string[] = [];
    let reads = 0;
    const state = () => {
      if (++reads === 1) throw new Error('state unreadable');
      return stateOn('2026-11-23', true);
    };
    const submit = async (command: { type: string }) => {
      submitted.push(command.type);
      return { result: { code: ResultCode.Success, message: '' } };
    };
    const schedule = new MarketSchedule(state, submit, new ManualClock(shanghai('2026-11-23T10:00:00')), DAY, (line) => log.push(line));
    await schedule.tick(1);
    assert.deepEqual(log, ['schedule: tick failed: state unreadable']);
    await schedule.tick(1);
    assert.deepEqual(submitted, ['market.open']);
    await schedule.stop();
  });
});

describe('a closed market in the core', () => {
  it('refuses new orders and modifies (3004, recorded), allows cancels, and expires GFS orders at the close', () => {
    const x = new CoreHarness([COPPER]);
    x.place('A', 'gfd', 'BUY', 69000, 1);
    x.place('A', 'gfs', 'BUY', 69010, 1, { timeCondition: 'GFS' });
    const close = x.run({ type: 'market.close', reason: 'orders are taken 09:00-15:00' });
    assert.equal(close.code, ResultCode.Success);
    assert.deepEqual(eventsOfType(close, 'order.cancelled').map((e) => e.orderId), ['gfs']);
    assert.deepEqual(eventsOfType(close, 'market.status-changed').map((e) => [e.open, e.expiredOrders]), [[false, 1]]);
    const refused = x.place('A', 'late', 'BUY', 69000, 1);
    assert.deepEqual([refused.code, refused.message], [ResultCode.InstrumentSuspended, 'the market is closed: orders are taken 09:00-15:00']);
    assert.equal(eventsOfType(refused, 'order.rejected').length, 1, 'the refusal is recorded');
    assert.equal(x.modify('A', 'gfd', 69100, 1).code, ResultCode.InstrumentSuspended);
    assert.equal(x.run({ type: 'market.close', reason: 'again' }).code, ResultCode.ParameterError);
    // The state keeps it through a snapshot.
    assert.equal(restoreState(serializeState(x.state)).marketClosed, 'orders are taken 09:00-15:00');
    assert.equal(x.cancel('A', 'gfd').code, ResultCode.Success);
    assert.equal(x.run({ type: 'market.open' }).code, ResultCode.Success);
    assert.equal(x.place('A', 'again', 'BUY', 69000, 1).code, ResultCode.Success);
    assert.equal('marketClosed' in serializeState(x.state), false, "an open market's snapshot text is as before");
  });

  it('still liquidates at settlement, which runs after the close', () => {
    const x = new CoreHarness([{ ...COPPER, commissionRate: 0 }]);
    x.run({ type: 'trading-day.begin', tradingDay: '2026-11-23' });
    x.ensureAccount('A', 40_000);
    x.place('B', 'b1', 'SELL', 70000, 1);
    x.place('A', 'a1', 'BUY', 70000, 1);
    x.place('E', 'e1', 'BUY', 64400, 1, { timeCondition: 'GTC' }); // stays over the day's end
    x.run({ type: 'market.close', reason: 'closed' });
    x.run({ type: 'settlement.set-price', instrumentId: COPPER.instrumentId, price: 64400 });
    const settled = x.run({ type: 'settlement.execute' });
    const [liquidation] = eventsOfType(settled, 'account.liquidated');
    assert.deepEqual([liquidation?.trigger, liquidation?.orders[0]?.filled], ['settlement', 1]);
  });

  it('settles only the trading day the schedule named (an administrator may have settled it a moment before)', () => {
    const x = new CoreHarness([COPPER]);
    x.run({ type: 'trading-day.begin', tradingDay: '2026-11-23' });
    assert.equal(x.run({ type: 'settlement.execute', tradingDay: '2026-11-23' }).code, ResultCode.Success);
    const late = x.run({ type: 'settlement.execute', tradingDay: '2026-11-23' });
    assert.deepEqual([late.code, x.state.tradingDay], [ResultCode.ParameterError, '2026-11-24']);
    assert.deepEqual(dueCommands(stateOn('2026-11-23', true), shanghai('2026-11-23T15:30'), DAY), [{ type: 'settlement.execute', tradingDay: '2026-11-23' }]);
  });

  it('keeps conditional orders waiting while closed (a liquidation may trade), and judges them at the open', () => {
    const x = new CoreHarness([COPPER]);
    x.place('C', 'c0', 'SELL', 70000, 2);
    x.place('A', 'a0', 'BUY', 70000, 1);
    x.place('F', 'f0', 'BUY', 70000, 1);
    const stop = {
      type: 'conditional.create', conditionalId: 'stop', accountId: 'A', instrumentId: COPPER.instrumentId, direction: 'SELL', offset: 'CLOSETODAY',
      volume: 1, orderType: 'LIMIT', limitPrice: 69000, conditionType: 'StopLoss', triggerPrice: 69500, triggerCondition: 'LessOrEqual', validUntil: 0,
    } as const;
    assert.equal(x.run(stop).code, ResultCode.Success);
    x.place('E', 'e0', 'BUY', 69400, 1, { timeCondition: 'GTC' });
    x.run({ type: 'market.close', reason: 'closed' });
    // A liquidation after the close trades into E's bid: the price goes through the trigger.
    const liquidation = x.run({ type: 'account.force-liquidate', accountId: 'F' });
    assert.deepEqual(eventsOfType(liquidation, 'trade.executed').map((t) => t.price), [69400]);
    assert.equal(x.conditionals.get('stop')?.status, 'Pending');
    const open = x.run({ type: 'market.open' });
    assert.deepEqual(eventsOfType(open, 'conditional.changed').map((e) => [e.conditional.conditionalId, e.conditional.status]), [['stop', 'Triggered']]);
  });

  describe('conditional orders across the close', () => {
    const stop = (id: string, triggerPrice: number, direction: 'BUY' | 'SELL', triggerCondition: 'LessOrEqual' | 'GreaterOrEqual', accountId = 'A') =>
      ({
        type: 'conditional.create', conditionalId: id, accountId, instrumentId: COPPER.instrumentId, direction, offset: 'OPEN',
        volume: 1, orderType: 'LIMIT', limitPrice: 70000, conditionType: 'PriceTouch', triggerPrice, triggerCondition, validUntil: 0,
      }) as const;
    const statusOf = (x: CoreHarness, id: string) => x.conditionals.get(id)?.status;

    it('the open judges only what a trade while closed reached: not a price already past the trigger, not the reference', () => {
      const x = new CoreHarness([COPPER]);
      x.ensureAccount('A');
      x.place('C', 'c0', 'SELL', 70000, 1);
      x.place('D', 'd0', 'BUY', 70000, 1);
      // Last trade 70,000, already past this trigger: it waits for the next trade.
      assert.equal(x.run(stop('past', 71000, 'SELL', 'LessOrEqual')).code, ResultCode.Success);
      x.run({ type: 'market.close', reason: 'closed' });
      x.run({ type: 'market.open' });
      assert.equal(statusOf(x, 'past'), 'Pending');
      // An instrument that never traded: its reference price is no trade either.
      const y = new CoreHarness([COPPER]);
      y.ensureAccount('A');
      assert.equal(y.run(stop('never', 69000, 'BUY', 'GreaterOrEqual')).code, ResultCode.Success);
      y.run({ type: 'market.close', reason: 'closed' });
      y.run({ type: 'market.open' });
      assert.equal(statusOf(y, 'never'), 'Pending');
    });

    it('a settlement price is no trade: a stop the day\'s trades never reached stays pending past the settlement and the open', () => {
      const x = new CoreHarness([COPPER]);
      x.run({ type: 'trading-day.begin', tradingDay: '2026-11-23' });
      x.place('C', 'c0', 'SELL', 70000, 10);
      x.place('D', 'd0', 'BUY', 70000, 10);
      x.place('C', 'c1', 'SELL', 71000, 1);
      x.place('D', 'd1', 'BUY', 71000, 1);
      x.ensureAccount('A');
      assert.equal(x.run(stop('vwap', 70500, 'SELL', 'LessOrEqual')).code, ResultCode.Success);
      x.run({ type: 'market.close', reason: 'closed' });
      // Settles at the day's VWAP, 70,090: below the trigger, but no trade was.
      x.run({ type: 'settlement.execute' });
      x.run({ type: 'market.open' });
      assert.equal(statusOf(x, 'vwap'), 'Pending');
    });

    it('in continuous trading, a settlement\'s liquidation trade is judged at its own price, not the settlement price', () => {
      const x = new CoreHarness([{ ...COPPER, commissionRate: 0 }]);
      x.run({ type: 'trading-day.begin', tradingDay: '2026-11-23' });
      x.ensureAccount('L', 40_000);
      x.place('B', 'b1', 'SELL', 70000, 1);
      x.place('L', 'l1', 'BUY', 70000, 1);
      x.place('E', 'e1', 'BUY', 64500, 1, { timeCondition: 'GTC' });
      assert.equal(x.run(stop('reached', 64800, 'SELL', 'LessOrEqual', 'E')).code, ResultCode.Success);
      assert.equal(x.run(stop('not-reached', 64800, 'BUY', 'GreaterOrEqual', 'E')).code, ResultCode.Success);
      x.run({ type: 'settlement.set-price', instrumentId: COPPER.instrumentId, price: 65000 });
      const settled = x.run({ type: 'settlement.execute' });
      assert.deepEqual(eventsOfType(settled, 'trade.executed').map((t) => t.price), [64500]);
      assert.equal(statusOf(x, 'reached'), 'Triggered');
      assert.equal(statusOf(x, 'not-reached'), 'Pending');
    });

    it('a trade while closed places, at the open, the orders it reached then (kept over a snapshot), not one made after it', () => {
      const x = new CoreHarness([COPPER]);
      x.place('C', 'c0', 'SELL', 70000, 2);
      x.place('A', 'a0', 'BUY', 70000, 1);
      x.place('F', 'f0', 'BUY', 70000, 1);
      assert.equal(x.run(stop('deferred', 69500, 'SELL', 'LessOrEqual')).code, ResultCode.Success);
      x.place('E', 'e0', 'BUY', 69400, 1, { timeCondition: 'GTC' });
      x.run({ type: 'market.close', reason: 'closed' });
      x.run({ type: 'account.force-liquidate', accountId: 'F' });
      // Made after the trade, while still closed: that trade was already past it.
      x.ensureAccount('G');
      assert.equal(x.run(stop('late', 69500, 'SELL', 'LessOrEqual', 'G')).code, ResultCode.Success);
      const restored = restoreState(serializeState(x.state));
      assert.deepEqual([...restored.conditionals.reachedWhileClosed], ['deferred']);
      const open = x.run({ type: 'market.open' });
      assert.deepEqual(eventsOfType(open, 'conditional.changed').map((e) => [e.conditional.conditionalId, e.conditional.status]), [['deferred', 'Triggered']]);
      assert.equal(statusOf(x, 'late'), 'Pending');
    });
  });
});
