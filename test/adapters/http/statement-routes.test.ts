/**
 * /api/account/{account_id}/settlements: an account's settlement statements over two
 * trading days, checked against the admin's settlement detail and against the
 * statement's own identities (formula 7, positions summing to the account's margin and
 * position profit, trades summing to its commission), not only against examples.
 *
 * Day 1: alice sells 1 SHFE.cu2701 to bob at 86000 and 1 at 86010; settlement price 87000.
 * Day 2: alice deposits 500 and buys 1 back from bob (closing) at 86500; settled at the
 * day's average price.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { HttpHarness, type TestUser } from '../../support/http-harness.ts';
import { needsToken, refused } from '../../support/route-checks.ts';

type Trader = TestUser & { accountId: string };

describe('HTTP /api/account/{account_id}/settlements', () => {
  let h: HttpHarness;
  let alice: Trader;
  let bob: Trader;
  let late: Trader;
  let day1: string;
  let day2: string;

  const statement = (trader: Trader, day: string, query = '') => h.ok('GET', `/api/account/${trader.accountId}/settlements/${day}${query}`, { token: trader.token });

  before(async () => {
    h = await HttpHarness.start();
    alice = await h.trader('st_alice', 'ST_A');
    bob = await h.trader('st_bob', 'ST_B');
    await h.order(bob, { direction: 'BUY', price: 86000, volume: 1 });
    await h.order(alice, { direction: 'SELL', price: 86000, volume: 1 });
    await h.order(bob, { direction: 'BUY', price: 86010, volume: 1 });
    await h.order(alice, { direction: 'SELL', price: 86010, volume: 1 });
    await h.asAdmin('POST', '/api/admin/settlement/set-price', { instrument_id: 'SHFE.cu2701', settlement_price: 87000 });
    day1 = (await h.asAdmin('POST', '/api/admin/settlement/execute')).settlement_date;
    late = await h.trader('st_late', 'ST_L');
    await h.ok('POST', '/api/account/deposit', { token: alice.token, body: { account_id: alice.accountId, amount: 500 } });
    await h.order(bob, { direction: 'SELL', price: 86500, volume: 1, offset: 'CLOSE' });
    await h.order(alice, { direction: 'BUY', price: 86500, volume: 1, offset: 'CLOSE' });
    day2 = (await h.asAdmin('POST', '/api/admin/settlement/execute')).settlement_date;
  });
  after(async () => h.stop());

  it('lists the days an account was settled, newest first, as the admin detail settled them', async () => {
    const reply = await h.call('GET', `/api/account/${alice.accountId}/settlements`, { token: alice.token });
    assert.equal(reply.status, 200, reply.raw);
    assert.equal(reply.headers['x-total-count'], '2');
    const days = reply.body.data;
    assert.deepEqual(days.map((d: any) => d.trading_day), [day2, day1]);
    for (const day of days) {
      const detail = await h.asAdmin('GET', `/api/admin/settlement/detail/${day.trading_day}?search=${alice.accountId}`);
      const line = detail.accounts[0];
      for (const field of ['pre_balance', 'deposit', 'withdraw', 'close_profit', 'position_profit', 'commission', 'balance', 'margin', 'available', 'risk_ratio', 'force_closed']) {
        assert.equal(day[field], line[field], `${day.trading_day} ${field}`);
      }
      assert.equal(day.currency, 'CNY');
      assert.equal(day.next_trading_day, detail.next_trading_day);
    }
    assert.deepEqual(days.map((d: any) => d.trade_count), [1, 2]);
    const paged = await h.ok('GET', `/api/account/${alice.accountId}/settlements?limit=1&offset=1`, { token: alice.token });
    assert.deepEqual(paged.map((d: any) => d.trading_day), [day1]);
  });

  it("day 1: the money, the short held at the settlement price, and the day's trades", async () => {
    const s = await statement(alice, day1);
    assert.equal(s.account_id, alice.accountId);
    // (86000 - 87000) x 5 + (86010 - 87000) x 5 = -9,950 marked against her short.
    assert.equal(s.position_profit, -9950);
    assert.deepEqual(s.positions, [
      { instrument_id: 'SHFE.cu2701', volume_long: 0, volume_long_today: 0, volume_short: 2, volume_short_today: 2, settlement_price: 87000, position_profit: -9950, margin: s.margin },
    ]);
    assert.deepEqual(s.trades.map((t: any) => [t.direction, t.offset, t.price, t.volume]), [['SELL', 'OPEN', 86000, 1], ['SELL', 'OPEN', 86010, 1]]);
    assert.equal(s.trade_count, 2);
    // YYYYMMDD names the same day.
    assert.deepEqual(await statement(alice, day1.replace(/-/g, '')), s);
  });

  it("day 2: the deposit, the close, and what was left; yesterday's trades are not the day's", async () => {
    const s = await statement(alice, day2);
    assert.equal(s.deposit, 500);
    assert.deepEqual(s.trades.map((t: any) => [t.direction, t.offset, t.price, t.volume]), [['BUY', 'CLOSE', 86500, 1]]);
    assert.deepEqual(s.positions.map((p: any) => [p.volume_short, p.volume_short_today, p.settlement_price]), [[1, 0, 86500]]);
    // The close took a lot carried at 87,000: (87,000 - 86,500) x 5 = 2,500 realised.
    assert.equal(s.close_profit, 2500);
  });

  it('every statement keeps its identities: formula 7, positions and trades summing to the account', async () => {
    for (const trader of [alice, bob]) {
      for (const day of [day1, day2]) {
        const s = await statement(trader, day, '?limit=1000');
        const cents = (n: number) => Math.round(n * 100);
        assert.equal(cents(s.balance), cents(s.pre_balance) + cents(s.deposit) - cents(s.withdraw) + cents(s.close_profit) + cents(s.position_profit) - cents(s.commission), `${trader.username} ${day} balance`);
        assert.equal(cents(s.available), cents(s.balance) - cents(s.margin), `${trader.username} ${day} available`);
        assert.equal(s.positions.reduce((sum: number, p: any) => sum + cents(p.margin), 0), cents(s.margin), `${trader.username} ${day} margin`);
        assert.equal(s.positions.reduce((sum: number, p: any) => sum + cents(p.position_profit), 0), cents(s.position_profit), `${trader.username} ${day} position profit`);
        assert.equal(s.trades.reduce((sum: number, t: any) => sum + cents(t.commission), 0), cents(s.commission), `${trader.username} ${day} commission`);
        assert.equal(s.trades.length, s.trade_count);
      }
    }
    // Day 2 starts from day 1's balance.
    const [first, second] = [await statement(alice, day1), await statement(alice, day2)];
    assert.equal(second.pre_balance, first.balance);
  });

  it('pages the trades of a day', async () => {
    const page = await statement(alice, day1, '?limit=1&offset=1');
    assert.deepEqual(page.trades.map((t: any) => t.price), [86010]);
    assert.equal(page.trade_count, 2);
  });

  it('an account opened after a settlement has no statement of that day (1004 / 404), and one for the next', async () => {
    await refused(h, 'GET', `/api/account/${late.accountId}/settlements/${day1}`, { token: late.token }, 1004, 404);
    const s = await statement(late, day2);
    assert.deepEqual([s.trade_count, s.positions], [0, []]);
  });

  it('refuses a day never settled (1004 / 404), a malformed day (1001 / 400), another user (1003 / 403) and no token (1002 / 401)', async () => {
    await refused(h, 'GET', `/api/account/${alice.accountId}/settlements/2001-01-01`, { token: alice.token }, 1004, 404);
    await refused(h, 'GET', `/api/account/${alice.accountId}/settlements/yesterday`, { token: alice.token }, 1001, 400);
    await refused(h, 'GET', `/api/account/${alice.accountId}/settlements/2026-13-01`, { token: alice.token }, 1001, 400);
    await refused(h, 'GET', `/api/account/${alice.accountId}/settlements/${day1}?limit=0`, { token: alice.token }, 1001, 400);
    await refused(h, 'GET', `/api/account/${alice.accountId}/settlements/${day1}`, { token: bob.token }, 1003, 403);
    await refused(h, 'GET', `/api/account/${alice.accountId}/settlements`, { token: bob.token }, 1003, 403);
    await needsToken(h, 'GET', `/api/account/${alice.accountId}/settlements`);
    const admin = await h.asAdmin('GET', `/api/account/${alice.accountId}/settlements/${day1}`);
    assert.equal(admin.account_id, alice.accountId);
  });
});
