/**
 * Scheduled sessions around holidays: no session on a holiday, no night session on the
 * evening before one (as on Chinese exchanges), the day before a holiday settled at its
 * time, and days missed over a holiday settled on the exchange's return.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dueCommands, type SessionTimes } from '../../src/app/market-schedule.ts';
import { tradingDayAt } from '../../src/app/trading-calendar.ts';
import { parseClockTime, parseTradingHours } from '../../src/config/clock-time.ts';
import { createCoreState, ResultCode } from '../../src/core/index.ts';
import { COPPER, CoreHarness } from '../support/core-harness.ts';

const DAY: SessionTimes = { tradingHours: parseTradingHours('09:00-15:00'), settlementTime: parseClockTime('15:30'), timeZone: 'Asia/Shanghai' };
const CHINA: SessionTimes = { ...DAY, tradingHours: parseTradingHours('21:00-02:30,09:00-10:15,10:30-11:30,13:30-15:00') };
/** A night session that ends before midnight: still the next trading day's. */
const EVENING: SessionTimes = { ...DAY, tradingHours: parseTradingHours('21:00-23:00,09:00-15:00') };
const shanghai = (isoLocal: string): number => Date.parse(`${isoLocal}+08:00`);

/** A state on `tradingDay` (market closed unless `open`) with `holidays`. */
function stateOn(tradingDay: string, holidays: string[], open = false) {
  const state = createCoreState();
  state.tradingDay = tradingDay;
  if (!open) state.marketClosed = 'closed';
  for (const date of holidays) state.holidays.set(date, '');
  return state;
}

const due = (state: ReturnType<typeof stateOn>, local: string, times = DAY) => dueCommands(state, shanghai(local), times).map((c) => c.type);

// 2026-12-24 is a Thursday, 2026-12-25 a Friday, 2026-12-28 a Monday.
describe('scheduled sessions and holidays', () => {
  it('holds no session on a holiday, and opens on the next trading day', () => {
    const christmas = ['2026-12-25'];
    assert.deepEqual(due(stateOn('2026-12-28', christmas), '2026-12-25T10:00'), [], 'closed on the holiday');
    assert.deepEqual(due(stateOn('2026-12-25', []), '2026-12-25T10:00'), ['market.open'], 'without it, Friday trades');
    assert.deepEqual(due(stateOn('2026-12-28', christmas), '2026-12-28T09:00'), ['market.open']);
    assert.equal(tradingDayAt(shanghai('2026-12-25T10:00'), 'Asia/Shanghai', new Set(christmas)), '2026-12-28');
  });

  it('settles the day before a holiday at its settlement time, and a day left unsettled over the holiday on return', () => {
    assert.deepEqual(due(stateOn('2026-12-24', ['2026-12-25']), '2026-12-24T15:30'), ['settlement.execute']);
    assert.deepEqual(due(stateOn('2026-12-24', ['2026-12-25']), '2026-12-25T10:00'), ['settlement.execute'], 'down over the settlement time');
  });

  it('holds no night session on the evening before a holiday, a Friday evening before a Monday holiday included', () => {
    // Thursday evening, with Friday a holiday: closed, and after midnight too.
    assert.deepEqual(due(stateOn('2026-12-28', ['2026-12-25']), '2026-12-24T21:30', CHINA), []);
    assert.deepEqual(due(stateOn('2026-12-28', ['2026-12-25']), '2026-12-25T00:30', CHINA), []);
    assert.deepEqual(due(stateOn('2026-12-28', ['2026-12-25']), '2026-12-24T21:30', EVENING), [], 'an evening session that ends before midnight too');
    // Without the holiday, Thursday's night session is held.
    assert.deepEqual(due(stateOn('2026-12-25', []), '2026-12-24T21:30', CHINA), ['market.open']);
    // Friday evening before a Monday holiday: none; Friday evening before an ordinary Monday: held.
    assert.deepEqual(due(stateOn('2026-12-29', ['2026-12-28']), '2026-12-25T21:30', CHINA), []);
    assert.deepEqual(due(stateOn('2026-12-28', []), '2026-12-25T21:30', CHINA), ['market.open']);
    // The holiday's own evening holds none either (it is no trading day); the next trading day's does.
    assert.deepEqual(due(stateOn('2026-12-29', ['2026-12-28']), '2026-12-28T21:30', CHINA), []);
    assert.deepEqual(due(stateOn('2026-12-30', ['2026-12-28']), '2026-12-29T21:30', CHINA), ['market.open']);
  });

  it('day by day through the core: after the settlement before a holiday, no session until the trading day after it', () => {
    // Wednesday 2026-11-25, trading, Thursday declared a holiday; the schedule runs every minute to Friday's open.
    const x = new CoreHarness([]);
    x.run({ type: 'trading-day.begin', tradingDay: '2026-11-25' });
    x.run({ type: 'instrument.add', spec: COPPER });
    assert.equal(x.run({ type: 'calendar.add-holidays', holidays: [{ date: '2026-11-26', name: 'Holiday' }] }).code, ResultCode.Success);
    const submitted: string[] = [];
    let seen = shanghai('2026-11-25T14:00');
    for (let now = seen; now <= shanghai('2026-11-27T09:30'); seen = now, now += 60_000) {
      for (const command of dueCommands(x.state, now, CHINA, seen)) {
        assert.equal(x.run(command).code, ResultCode.Success, command.type);
        const local = new Date(now + 8 * 3_600_000).toISOString().slice(5, 16);
        submitted.push(`${local} ${command.type}${command.type === 'settlement.execute' ? ` -> ${x.state.tradingDay}` : ''}`);
      }
    }
    assert.deepEqual(submitted, ['11-25T15:00 market.close', '11-25T15:30 settlement.execute -> 2026-11-27', '11-27T09:00 market.open']);
    assert.deepEqual(x.state.holidays.list().map((h) => h.date), ['2026-11-26'], 'kept until the settlement after it');
  });

  it('closes a session open on the eve of a holiday once it ends, and tells why', () => {
    const open = stateOn('2026-12-24', ['2026-12-25'], true);
    const close = dueCommands(open, shanghai('2026-12-24T15:00'), CHINA)[0];
    assert.deepEqual(close, { type: 'market.close', reason: 'orders are taken 21:00-02:30, 09:00-10:15, 10:30-11:30, 13:30-15:00 (Asia/Shanghai), Monday to Friday, holidays excepted, with no night session on the evening before a holiday' });
  });
});
