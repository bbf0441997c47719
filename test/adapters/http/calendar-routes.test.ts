/**
 * The trading calendar over HTTP: GET /api/market/calendar (anyone), and the operators'
 * POST /api/admin/calendar/holidays (a list, or a closure from one date to another) and
 * DELETE /api/admin/calendar/holidays/{date}. A settlement then skips the holidays.
 * Dates are taken from the exchange's current trading day (the real date): tokens expire
 * by the wall clock, so the exchange runs on it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { HttpHarness, type TestUser } from '../../support/http-harness.ts';
import { hasFields, refused, refusedNaming } from '../../support/route-checks.ts';

/** The `count` weekdays after `day` (YYYY-MM-DD), and the first Saturday after it. */
function daysAfter(day: string, count: number): { weekdays: string[]; saturday: string } {
  const weekdays: string[] = [];
  let saturday = '';
  for (const d = new Date(`${day}T00:00:00Z`); weekdays.length < count || saturday === ''; ) {
    d.setUTCDate(d.getUTCDate() + 1);
    const text = d.toISOString().slice(0, 10);
    if (d.getUTCDay() === 6 && saturday === '') saturday = text;
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6 && weekdays.length < count) weekdays.push(text);
  }
  return { weekdays, saturday };
}

describe('trading calendar routes', () => {
  let h: HttpHarness;
  let trader: TestUser;
  let today: string;
  let next: string[];
  let saturday: string;
  const admin = () => ({ token: h.admin.token });
  const calendar = (query = '') => h.ok('GET', `/api/market/calendar${query}`);
  const declare = (body: unknown) => h.call('POST', '/api/admin/calendar/holidays', { ...admin(), body });

  before(async () => {
    h = await HttpHarness.start();
    trader = await h.user('cal_trader');
    today = (await calendar()).trading_day;
    ({ weekdays: next, saturday } = daysAfter(today, 12));
  });
  after(() => h.stop());

  it('shows the calendar to anyone: the current and next trading days, no holidays yet, the sessions', async () => {
    const view = await calendar();
    hasFields(view, {
      timezone: 'string',
      session_mode: 'string',
      trading_hours: 'null',
      settlement_time: 'null',
      trading_day: 'string',
      next_trading_day: 'string',
      market_open: 'boolean',
      market_closed_reason: 'string',
      holidays: 'array',
      trading_days: 'array',
    });
    assert.deepEqual([view.timezone, view.session_mode, view.market_open, view.market_closed_reason], ['Asia/Shanghai', 'continuous', true, '']);
    assert.equal(view.next_trading_day, next[0]);
    assert.deepEqual(view.trading_days, [today, ...next.slice(0, 9)]);
    assert.deepEqual((await calendar('?days=3')).trading_days, [today, next[0], next[1]]);
    for (const days of ['0', '251', 'two']) await refusedNaming(h, 'GET', `/api/market/calendar?days=${days}`, {}, 1001, 400, 'days');
  });

  it('declares holidays as a list or a closure (its weekdays), answering the new calendar; a settlement skips them', async () => {
    const listed = await h.ok('POST', '/api/admin/calendar/holidays', { ...admin(), body: { holidays: [{ date: next[0], name: 'Founders Day' }, { date: next[2]!.replace(/-/g, '') }], name: 'Exchange holiday' } });
    assert.deepEqual(listed.holidays.map((d: { date: string; name: string }) => [d.date, d.name]), [[next[0], 'Founders Day'], [next[2], 'Exchange holiday']]);
    assert.equal(listed.next_trading_day, next[1]);
    assert.deepEqual(listed.trading_days.slice(0, 4), [today, next[1], next[3], next[4]]);
    // A closure over a weekend: its weekdays only.
    const closure = await h.ok('POST', '/api/admin/calendar/holidays', { ...admin(), body: { from: next[5], to: next[9], name: 'Autumn break' } });
    const autumn = closure.holidays.filter((d: { name: string }) => d.name === 'Autumn break');
    assert.deepEqual(autumn.map((d: { date: string }) => d.date), next.slice(5, 10));
    assert.ok(autumn.every((d: { weekday: string }) => !['Saturday', 'Sunday'].includes(d.weekday)));

    const settled = await h.ok('POST', '/api/admin/settlement/execute', { ...admin(), body: {} });
    assert.equal(settled.next_trading_day, next[1], 'the settlement moved the day past the holiday');
    const after = await calendar();
    assert.equal(after.trading_day, next[1]);
    // The skipped holiday is still shown (it lies ahead on the clock) until the next settlement, and stays.
    assert.deepEqual(after.holidays.map((d: { date: string }) => d.date), [next[0], next[2], ...next.slice(5, 10)]);
    await refused(h, 'DELETE', `/api/admin/calendar/holidays/${next[0]}`, admin(), 1001, 400);
  });

  it('withdraws a holiday: the day trades again; one that is none is 1004', async () => {
    const view = await h.ok('DELETE', `/api/admin/calendar/holidays/${next[2]}`, admin());
    assert.equal(view.next_trading_day, next[2]);
    assert.equal(await refused(h, 'DELETE', `/api/admin/calendar/holidays/${next[2]}`, admin(), 1004, 404), `${next[2]} is not an upcoming holiday of the exchange`);
    await refusedNaming(h, 'DELETE', '/api/admin/calendar/holidays/2026-02-30', admin(), 1001, 400, 'params.date');
    await refusedNaming(h, 'DELETE', '/api/admin/calendar/holidays/soon', admin(), 1001, 400, 'date');
  });

  it('refuses what names no upcoming weekday, or names it two ways, changing nothing', async () => {
    const before = await calendar();
    const cases: [unknown, RegExp][] = [
      [{}, /either as holidays .* or as from/],
      [{ holidays: [{ date: next[3] }], from: next[3] }, /one of the two/],
      [{ holidays: [{ date: next[3] }], to: next[3] }, /body.to ends a closure begun by body.from/],
      [{ from: next[4], to: next[3] }, /the closure's last day \(body.to\) .* is before its first day \(body.from\)/],
      [{ from: saturday, to: saturday }, /is a Saturday: weekends are never trading days, so there is nothing to declare/],
      [{ from: next[3], to: '2099-01-01' }, /a closure spans at most 366 days/],
      [{ holidays: [{ date: saturday }] }, /is a Saturday: weekends are never trading days/],
      [{ holidays: [{ date: today }] }, /is not after the current trading day/],
      [{ holidays: [{ date: '2026-02-30' }] }, /body.holidays\[0\].date 2026-02-30 is not a date/],
      [{ holidays: [{ date: next[3]!.slice(0, 7) + next[3]!.slice(8) }] }, /date/],
      [{ holidays: [{ date: next[3] }, { date: next[3] }] }, /is named twice/],
      [{ holidays: [] }, /holidays/],
      [{ holidays: [{ date: next[3], name: 'x'.repeat(65) }] }, /name/],
      [{ holidays: 'tomorrow' }, /holidays/],
    ];
    for (const [body, message] of cases) {
      const reply = await declare(body);
      assert.deepEqual([reply.status, reply.body.error?.code], [400, 1001], JSON.stringify(body));
      assert.match(reply.body.error!.message, message, JSON.stringify(body));
    }
    assert.deepEqual(await calendar(), before);
  });

  it('is for operators: a trader is refused (1003), without a token 1002', async () => {
    await refused(h, 'POST', '/api/admin/calendar/holidays', { token: trader.token, body: { holidays: [{ date: next[3] }] } }, 1003, 403);
    await refused(h, 'DELETE', `/api/admin/calendar/holidays/${next[3]}`, { token: trader.token }, 1003, 403);
    await refused(h, 'POST', '/api/admin/calendar/holidays', { body: { holidays: [{ date: next[3] }] } }, 1002, 401);
  });
});
