/**
 * exchange.session_mode = "scheduled" end to end (DECISIONS.md): with the exchange's clock
 * driven by hand, orders are taken during trading_hours only, the day is settled at
 * settlement_time, and the next morning the market opens on the new trading day.
 */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../../../src/app/clock.ts';
import { HttpHarness, type TestUser } from '../../support/http-harness.ts';
import { refused } from '../../support/route-checks.ts';
import { configWithExchangeToml } from '../../support/shipped-config.ts';

/** Epoch ms of a Shanghai wall-clock time (UTC+8). */
const shanghai = (isoLocal: string): number => Date.parse(`${isoLocal}+08:00`);

/**
 * The next Monday and the Tuesday after it (Shanghai dates): near the real date, since
 * tokens issued at the exchange's clock expire by the wall clock.
 */
function nextWeek(): { monday: string; tuesday: string } {
  const day = new Date(Date.now() + 8 * 3_600_000);
  do day.setUTCDate(day.getUTCDate() + 1);
  while (day.getUTCDay() !== 1);
  const monday = day.toISOString().slice(0, 10);
  day.setUTCDate(day.getUTCDate() + 1);
  return { monday, tuesday: day.toISOString().slice(0, 10) };
}
const { monday, tuesday } = nextWeek();

describe('scheduled sessions', () => {
  const clock = new ManualClock(shanghai(`${monday}T10:00`));
  const config = configWithExchangeToml(['[exchange]', 'session_mode = "scheduled"', 'trading_hours = "09:00-15:00"', 'settlement_time = "15:30"', ''].join('\n'));
  let h: HttpHarness;
  let alice: TestUser & { accountId: string };
  const order = (orderId: string) =>
    h.call('POST', '/api/order/submit', {
      token: alice.token,
      body: { account_id: alice.accountId, instrument_id: 'SHFE.cu2701', direction: 'BUY', offset: 'OPEN', volume: 1, price: 86000, price_type: 'LIMIT', order_id: orderId },
    });

  before(async () => {
    h = await HttpHarness.start({ clock, env: config.env });
    alice = await h.trader('alice', 'ALICE1');
  });
  after(async () => {
    await h.stop();
    rmSync(config.dir, { recursive: true, force: true });
  });

  it('takes orders during trading hours', async () => {
    await h.service.exchange.runSchedule();
    assert.equal((await h.ok('GET', '/health')).market_open, true);
    const placed = await order('morning');
    assert.equal(placed.status, 200, placed.raw);
    assert.equal(placed.body.data.exchange_status, 'ACCEPTED');
  });

  it("refuses an administrator's settlement while a session trades (1001 / 400): the day would end in the middle of it", async () => {
    const message = await refused(h, 'POST', '/api/admin/settlement/execute', { token: h.admin.token, body: {} }, 1001, 400);
    assert.equal(message, `the market is open: trading day ${monday} is settled at 15:30 (Asia/Shanghai), or by hand once its session has closed`);
    assert.equal(h.service.exchange.state.tradingDay, monday);
  });

  it('refuses orders after the close (3004 / 422, naming the hours), and takes cancels', async () => {
    clock.set(shanghai(`${monday}T15:00`));
    await h.service.exchange.runSchedule();
    assert.equal((await h.ok('GET', '/health')).market_open, false, 'an instrument\'s own status apart, /health says it');
    const calendar = await h.ok('GET', '/api/market/calendar');
    assert.deepEqual([calendar.market_open, calendar.market_closed_reason], [false, 'orders are taken 09:00-15:00 (Asia/Shanghai), Monday to Friday, holidays excepted']);
    const late = await refused(h, 'POST', '/api/order/submit', {
      token: alice.token,
      body: { account_id: alice.accountId, instrument_id: 'SHFE.cu2701', direction: 'BUY', offset: 'OPEN', volume: 1, price: 86000, price_type: 'LIMIT' },
    }, 3004, 422);
    assert.match(late, /the market is closed: orders are taken 09:00-15:00 \(Asia\/Shanghai\), Monday to Friday, holidays excepted/);
    const modify = await h.call('PUT', '/api/order/modify/morning', { token: alice.token, body: { account_id: alice.accountId, new_price: 86100, new_volume: 1 } });
    assert.equal(modify.body.error?.code, 3004);
    await h.ok('POST', '/api/order/cancel', { token: alice.token, body: { account_id: alice.accountId, order_id: 'morning' } });
  });

  it('settles the day at settlement_time, once, and opens the next morning on the new trading day', async () => {
    clock.set(shanghai(`${monday}T15:29`));
    await h.service.exchange.runSchedule();
    assert.equal((await h.asAdmin('GET', '/api/admin/settlement/history')).length, 0, 'not before settlement_time');
    clock.set(shanghai(`${monday}T15:30`));
    await h.service.exchange.runSchedule();
    await h.service.exchange.runSchedule();
    const history = (await h.asAdmin('GET', '/api/admin/settlement/history')) as { settlement_date: string }[];
    assert.deepEqual(history.map((s) => s.settlement_date), [monday]);
    assert.equal(h.service.exchange.state.tradingDay, tuesday);
    clock.set(shanghai(`${tuesday}T09:00`));
    await h.service.exchange.runSchedule();
    assert.equal((await order('tuesday')).status, 200);
  });

  it('an administrator settles by hand once the session has closed, before settlement_time', async () => {
    clock.set(shanghai(`${tuesday}T15:10`));
    await h.service.exchange.runSchedule();
    const summary = await h.asAdmin('POST', '/api/admin/settlement/execute', {});
    assert.equal(summary.settlement_date, tuesday);
    assert.notEqual(h.service.exchange.state.tradingDay, tuesday);
  });
});

describe('scheduled sessions: a night session and a day with a break', () => {
  const clock = new ManualClock(shanghai(`${monday}T21:30`));
  const config = configWithExchangeToml(['[exchange]', 'session_mode = "scheduled"', 'trading_hours = "21:00-02:30,09:00-11:30,13:30-15:00"', 'settlement_time = "15:30"', ''].join('\n'));
  let h: HttpHarness;
  let alice: TestUser & { accountId: string };
  let bob: TestUser & { accountId: string };

  before(async () => {
    h = await HttpHarness.start({ clock, env: config.env });
    alice = await h.trader('alice', 'ALICE1');
    bob = await h.trader('bob', 'BOB1');
  });
  after(async () => {
    await h.stop();
    rmSync(config.dir, { recursive: true, force: true });
  });

  it("trades Monday night for Tuesday, closes for lunch, and settles the night's trades with Tuesday's", async () => {
    // Monday evening: Monday is settled first, then the night session opens for Tuesday.
    await h.service.exchange.runSchedule();
    await h.service.exchange.runSchedule();
    assert.equal(h.service.exchange.state.tradingDay, tuesday);
    await h.order(bob, { direction: 'SELL', price: 86000, volume: 1 });
    await h.order(alice, { direction: 'BUY', price: 86000, volume: 1 });

    clock.set(shanghai(`${tuesday}T12:00`));
    await h.service.exchange.runSchedule();
    const lunch = await refused(h, 'POST', '/api/order/submit', {
      token: alice.token,
      body: { account_id: alice.accountId, instrument_id: 'SHFE.cu2701', direction: 'BUY', offset: 'OPEN', volume: 1, price: 86000, price_type: 'LIMIT' },
    }, 3004, 422);
    assert.match(lunch, /orders are taken 21:00-02:30, 09:00-11:30, 13:30-15:00/);

    clock.set(shanghai(`${tuesday}T13:30`));
    await h.service.exchange.runSchedule();
    await h.order(bob, { direction: 'SELL', price: 86100, volume: 1 });
    await h.order(alice, { direction: 'BUY', price: 86100, volume: 1 });

    clock.set(shanghai(`${tuesday}T15:30`));
    await h.service.exchange.runSchedule();
    await h.service.exchange.runSchedule();
    const statement = await h.ok('GET', `/api/account/${alice.accountId}/settlements/${tuesday}`, { token: alice.token });
    assert.deepEqual(statement.trades.map((t: { price: number }) => t.price), [86000, 86100], "Monday night's trade is Tuesday's");
    assert.deepEqual(statement.positions.map((p: { volume_long: number }) => p.volume_long), [2]);
  });
});
