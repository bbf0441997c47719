/**
 * Exchange holidays: declared weekdays that do not trade. A settlement moves the trading
 * day past them as past a weekend; GTD orders and contracts dated on one end with the
 * trading day before; declarations are all or nothing, for upcoming weekdays only.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { stateHash } from '../../src/app/state-hash.ts';
import { type AddHolidays, MAX_HOLIDAYS, ResultCode, restoreState, serializeState } from '../../src/core/index.ts';
import { COPPER, CoreHarness, eventsOfType } from '../support/core-harness.ts';

// 2026-12-24 is a Thursday, 2026-12-25 a Friday, 2026-12-28 a Monday.
function exchangeOn(tradingDay: string, specs = [COPPER]): CoreHarness {
  const x = new CoreHarness([]);
  x.run({ type: 'trading-day.begin', tradingDay });
  for (const spec of specs) assert.equal(x.run({ type: 'instrument.add', spec }).code, ResultCode.Success);
  return x;
}

const declare = (x: CoreHarness, ...holidays: [date: string, name?: string][]) =>
  x.run({ type: 'calendar.add-holidays', holidays: holidays.map(([date, name = '']) => ({ date, name })) });

describe('exchange holidays', () => {
  it('a settlement skips a holiday as it skips a weekend; the holiday is kept until the settlement after it (it is still ahead on the clock)', () => {
    const x = exchangeOn('2026-12-24');
    const declared = declare(x, ['2026-12-28', 'Boxing Day (observed)'], ['2026-12-25', 'Christmas Day']);
    assert.equal(declared.code, ResultCode.Success, declared.message);
    assert.deepEqual(eventsOfType(declared, 'calendar.changed'), [
      {
        type: 'calendar.changed',
        added: [{ date: '2026-12-25', name: 'Christmas Day' }, { date: '2026-12-28', name: 'Boxing Day (observed)' }],
        removed: [],
        nextTradingDay: '2026-12-29',
      },
    ]);
    const settled = x.run({ type: 'settlement.execute' });
    assert.equal(settled.code, ResultCode.Success, settled.message);
    assert.equal(eventsOfType(settled, 'settlement.completed')[0]?.nextTradingDay, '2026-12-29');
    assert.equal(x.state.tradingDay, '2026-12-29');
    // On the evening of the 24th both days off are still ahead: a schedule holds no session on them.
    assert.deepEqual(x.state.holidays.list().map((h) => h.date), ['2026-12-25', '2026-12-28']);
    const withdrawn = x.run({ type: 'calendar.remove-holidays', dates: ['2026-12-28'] });
    assert.deepEqual([withdrawn.code, withdrawn.message], [ResultCode.ParameterError, '2026-12-28 was skipped by the settlement that began the trading day 2026-12-29: it stays a holiday']);
    x.run({ type: 'settlement.execute' });
    assert.deepEqual(x.state.holidays.list(), [], 'past once the 29th is settled');
  });

  it('a GTD order or a contract dated on a holiday ends with the trading day before', () => {
    const EXPIRING = { ...COPPER, instrumentId: 'SHFE.cu2612', expireDate: '2026-12-25' };
    const run = (withHoliday: boolean) => {
      const x = exchangeOn('2026-12-24', [COPPER, EXPIRING]);
      if (withHoliday) assert.equal(declare(x, ['2026-12-25', 'Christmas Day']).code, ResultCode.Success);
      x.place('A', 'on-holiday', 'BUY', 69000, 1, { timeCondition: 'GTD', validUntilDate: '2026-12-25' });
      x.place('A', 'after', 'BUY', 69000, 1, { timeCondition: 'GTD', validUntilDate: '2026-12-28' });
      const settled = x.run({ type: 'settlement.execute' });
      assert.equal(settled.code, ResultCode.Success, settled.message);
      return {
        expired: eventsOfType(settled, 'order.cancelled').map((e) => e.orderId).sort(),
        contract: x.state.instruments.get(EXPIRING.instrumentId)!.status,
        day: x.state.tradingDay,
      };
    };
    assert.deepEqual(run(false), { expired: [], contract: 'TRADING', day: '2026-12-25' });
    assert.deepEqual(run(true), { expired: ['on-holiday'], contract: 'DELISTED', day: '2026-12-28' });
  });

  it('refuses what is no upcoming weekday, all or nothing, and changes nothing', () => {
    const x = exchangeOn('2026-12-24');
    /** The state but for the command count and time, which every command moves. */
    const unstamped = () => JSON.stringify({ ...serializeState(x.state), lastSeq: 0, lastTs: 0 });
    const before = unstamped();
    const refusals: [AddHolidays['holidays'], RegExp][] = [
      [[{ date: '2026-12-24', name: '' }], /2026-12-24 is not after the current trading day 2026-12-24/],
      [[{ date: '2026-12-01', name: '' }], /not after the current trading day/],
      [[{ date: '2026-12-26', name: '' }], /2026-12-26 is a Saturday: weekends are never trading days/],
      [[{ date: '2026-02-30', name: '' }], /calendar date YYYY-MM-DD, got 2026-02-30/],
      [[{ date: 'tomorrow', name: '' }], /got tomorrow/],
      [[{ date: '2026-12-25', name: '' }, { date: '2026-12-25', name: '' }], /2026-12-25 is named twice/],
      [[{ date: '2026-12-25', name: 'x'.repeat(65) }], /the name of 2026-12-25 must be text of at most 64 characters/],
      [[{ date: '2026-12-25', name: '🎄'.repeat(65) }], /at most 64 characters/],
      [[{ date: '2026-12-25', name: 'fine' }, { date: '2026-12-27', name: 'a Sunday' }], /Sunday/],
      [[], /at least one date/],
    ];
    for (const [holidays, message] of refusals) {
      const refused = x.run({ type: 'calendar.add-holidays', holidays });
      assert.equal(refused.code, ResultCode.ParameterError, JSON.stringify(holidays));
      assert.match(refused.message, message);
      assert.deepEqual(refused.events, []);
    }
    assert.equal(unstamped(), before);
  });

  it('a declared day takes a new name; withdrawn, it trades again', () => {
    const x = exchangeOn('2026-12-24');
    declare(x, ['2026-12-25', 'Xmas']);
    // 64 characters, as people count them: an emoji is one (two UTF-16 units).
    assert.equal(declare(x, ['2026-12-25', '🎄'.repeat(64)]).code, ResultCode.Success);
    assert.equal(declare(x, ['2026-12-25', 'Christmas Day']).code, ResultCode.Success);
    assert.deepEqual(x.state.holidays.list(), [{ date: '2026-12-25', name: 'Christmas Day' }]);
    const twice = x.run({ type: 'calendar.remove-holidays', dates: ['2026-12-25', '2026-12-25'] });
    assert.deepEqual([twice.code, twice.message], [ResultCode.ParameterError, '2026-12-25 is named twice']);
    const withdrawn = x.run({ type: 'calendar.remove-holidays', dates: ['2026-12-25'] });
    assert.equal(withdrawn.code, ResultCode.Success);
    assert.deepEqual(eventsOfType(withdrawn, 'calendar.changed')[0], { type: 'calendar.changed', added: [], removed: ['2026-12-25'], nextTradingDay: '2026-12-25' });
    const again = x.run({ type: 'calendar.remove-holidays', dates: ['2026-12-25'] });
    assert.deepEqual([again.code, again.message], [ResultCode.ResourceNotFound, '2026-12-25 is not an upcoming holiday of the exchange']);
    x.run({ type: 'settlement.execute' });
    assert.equal(x.state.tradingDay, '2026-12-25');
  });

  it(`keeps at most ${MAX_HOLIDAYS} upcoming holidays; a declared one can still be renamed at the cap`, () => {
    const x = exchangeOn('2026-12-24');
    const weekdays: string[] = [];
    for (let d = new Date('2027-01-04T00:00:00Z'); weekdays.length < MAX_HOLIDAYS + 1; d.setUTCDate(d.getUTCDate() + 1)) {
      if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) weekdays.push(d.toISOString().slice(0, 10));
    }
    assert.equal(declare(x, ...weekdays.slice(0, MAX_HOLIDAYS).map((date): [string] => [date])).code, ResultCode.Success);
    const over = declare(x, [weekdays[MAX_HOLIDAYS]!]);
    assert.equal(over.code, ResultCode.ParameterError);
    assert.match(over.message, new RegExp(`at most ${MAX_HOLIDAYS} upcoming holidays \\(${MAX_HOLIDAYS} declared, 1 more asked\\)`));
    assert.equal(declare(x, [weekdays[0]!, 'renamed']).code, ResultCode.Success);
    assert.equal(x.state.holidays.size, MAX_HOLIDAYS);
  });

  it('a trading day cannot begin on a holiday; the next day that begins forgets those before the day that ended', () => {
    const x = exchangeOn('2026-12-23');
    declare(x, ['2026-12-24'], ['2026-12-31']);
    const refused = x.run({ type: 'trading-day.begin', tradingDay: '2026-12-24' });
    assert.deepEqual([refused.code, refused.message], [ResultCode.ParameterError, '2026-12-24 is a holiday of the exchange']);
    assert.equal(x.run({ type: 'trading-day.begin', tradingDay: '2026-12-25' }).code, ResultCode.Success);
    assert.deepEqual(x.state.holidays.list().map((h) => h.date), ['2026-12-24', '2026-12-31']);
    assert.equal(x.run({ type: 'trading-day.begin', tradingDay: '2026-12-28' }).code, ResultCode.Success);
    assert.deepEqual(x.state.holidays.list().map((h) => h.date), ['2026-12-31']);
  });

  it('a snapshot keeps the holidays; a state without any serialises as before', () => {
    const x = exchangeOn('2026-12-24');
    assert.equal('holidays' in serializeState(x.state), false);
    declare(x, ['2027-01-01', "New Year's Day"], ['2026-12-25', 'Christmas Day']);
    const saved = serializeState(x.state);
    assert.deepEqual(saved.holidays, [['2026-12-25', 'Christmas Day'], ['2027-01-01', "New Year's Day"]]);
    const restored = restoreState(JSON.parse(JSON.stringify(saved)));
    assert.equal(stateHash(restored), stateHash(x.state));
    restored.holidays.forgetThrough('2026-12-31');
    assert.deepEqual(restored.holidays.list(), [{ date: '2027-01-01', name: "New Year's Day" }]);
  });
});
