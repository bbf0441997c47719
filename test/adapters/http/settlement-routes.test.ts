/**
 * /api/admin/settlement: settlement prices, day-end settlement (summary), history and
 * per-date detail, by in-process injection. Codes and statuses asserted, never message
 * texts beyond "not empty".
 *
 * The day: alice sells 2 SHFE.cu2701 to bob at 86000, then bob sells 1 back to alice at
 * 86200 (both CLOSETODAY / closing today's lots). Commission 0.00005 of turnover:
 * 43 + 21.55 = 64.55 each. Settlement price set to 87000: bob's remaining long makes
 * (87000 - 86000) × 5 = 5000, alice's short loses as much; close profit ±1000.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { HttpHarness, type TestUser } from '../../support/http-harness.ts';
import { cents, hasFields, needsToken, refused, refusedNaming } from '../../support/route-checks.ts';

type Trader = TestUser & { accountId: string };
const DATE = /^\d{4}-\d{2}-\d{2}$/;

describe('HTTP /api/admin/settlement', () => {
  let h: HttpHarness;
  let alice: Trader;
  let bob: Trader;
  let carol: Trader;
  let firstDay: string;
  let firstSummary: any;
  let secondSummary: any;

  before(async () => {
    h = await HttpHarness.start();
    alice = await h.trader('set_alice', 'SET_A');
    bob = await h.trader('set_bob', 'SET_B');
    carol = await h.trader('set_carol', 'SET_C', 1_000_000);
    firstDay = (await h.ok('GET', '/health')).trading_day;
    await h.order(alice, { direction: 'SELL', price: 86000, volume: 2 });
    await h.order(bob, { direction: 'BUY', price: 86000, volume: 2 });
    await h.order(alice, { direction: 'BUY', price: 86200, volume: 1, offset: 'CLOSETODAY' });
    await h.order(bob, { direction: 'SELL', price: 86200, volume: 1, offset: 'CLOSETODAY' });
    // Carol's resting day order (GFD) and good-till-cancelled order.
    await h.order(carol, { direction: 'BUY', price: 80000, order_id: 'carol-gfd' });
    await h.ok('POST', '/api/order/submit', {
      token: carol.token,
      body: { account_id: carol.accountId, instrument_id: 'cu2701', exchange_id: 'SHFE', direction: 'BUY', offset: 'OPEN', volume: 1, price: 80010, price_type: 'LIMIT', time_condition: 'GTC', order_id: 'carol-gtc' },
    });
  });
  after(async () => h.stop());

  describe('POST /api/admin/settlement/set-price', () => {
    it('sets an instrument\'s settlement price (prefixed or bare id)', async () => {
      const reply = await h.call('POST', '/api/admin/settlement/set-price', { token: h.admin.token, body: { instrument_id: 'SHFE.cu2701', settlement_price: 86900 } });
      assert.equal(reply.status, 200, reply.raw);
      assert.deepEqual(reply.body.data, { instrument_id: 'SHFE.cu2701', settlement_price: 86900 });
      const again = await h.asAdmin('POST', '/api/admin/settlement/set-price', { instrument_id: 'cu2701', settlement_price: 87000 });
      assert.deepEqual(again, { instrument_id: 'SHFE.cu2701', settlement_price: 87000 });
    });

    it('refuses a price off the tick, zero or negative (1001 / 400), beyond the day\'s limits (3006 / 422), an unknown instrument (3003 / 404)', async () => {
      const path = '/api/admin/settlement/set-price';
      // cu2701's reference is 86500: limits 79,580 to 93,420.
      const beyond = await refused(h, 'POST', path, { token: h.admin.token, body: { instrument_id: 'SHFE.cu2701', settlement_price: 95000 } }, 3006, 422);
      assert.match(beyond, /79580 to 93420/);
      await refused(h, 'POST', path, { token: h.admin.token, body: { instrument_id: 'SHFE.cu2701', settlement_price: 79570 } }, 3006, 422);
      const batch = await h.call('POST', '/api/admin/settlement/batch-set-prices', { token: h.admin.token, body: { prices: [{ instrument_id: 'SHFE.cu2701', settlement_price: 95000 }] } });
      assert.match(batch.raw, /3006/);
      await refused(h, 'POST', path, { token: h.admin.token, body: { instrument_id: 'SHFE.cu2701', settlement_price: 86905 } }, 1001, 400);
      await refused(h, 'POST', path, { token: h.admin.token, body: { instrument_id: 'SHFE.cu2701', settlement_price: 0 } }, 1001, 400);
      await refused(h, 'POST', path, { token: h.admin.token, body: { instrument_id: 'SHFE.cu2701', settlement_price: -86900 } }, 1001, 400);
      await refused(h, 'POST', path, { token: h.admin.token, body: { instrument_id: 'SHFE.cu2701' } }, 1001, 400);
      await refused(h, 'POST', path, { token: h.admin.token, body: { instrument_id: 'SHFE.cu2701', settlement_price: '86900' } }, 1001, 400);
      await refused(h, 'POST', path, { token: h.admin.token, body: { instrument_id: 'SHFE.nope9999', settlement_price: 1000 } }, 3003, 404);
      await refused(h, 'POST', path, { token: alice.token, body: { instrument_id: 'SHFE.cu2701', settlement_price: 1000 } }, 1003, 403);
      await needsToken(h, 'POST', path, { instrument_id: 'SHFE.cu2701', settlement_price: 1000 });
    });
  });

  describe('POST /api/admin/settlement/batch-set-prices', () => {
    it('sets several prices and reports each outcome', async () => {
      const data = await h.asAdmin('POST', '/api/admin/settlement/batch-set-prices', {
        prices: [
          { instrument_id: 'SHFE.al2701', settlement_price: 21305 },
          { instrument_id: 'SHFE.nope9999', settlement_price: 100 },
          { instrument_id: 'SHFE.rb2701', settlement_price: 3080.5 },
          { instrument_id: 'DCE.m2701', settlement_price: 3020 },
        ],
      });
      assert.equal(data.total, 4);
      assert.equal(data.success_count, 2);
      assert.equal(data.failed_count, 2);
      assert.deepEqual(data.results.map((r: any) => [r.instrument_id, r.success]), [
        ['SHFE.al2701', true], ['SHFE.nope9999', false], ['SHFE.rb2701', false], ['DCE.m2701', true],
      ]);
      assert.equal(data.results[1].error.code, 3003);
      assert.equal(data.results[2].error.code, 1001);
      assert.equal(data.results[0].error, null);
      // The admin list shows what the coming settlement will use: the price set, else null.
      const listed = (await h.asAdmin('GET', '/api/admin/instruments')) as any[];
      const priceOf = (id: string) => listed.find((i) => i.instrument_id === id)?.settlement_price;
      assert.deepEqual([priceOf('SHFE.al2701'), priceOf('DCE.m2701'), priceOf('SHFE.rb2701')], [21305, 3020, null]);
    });

    it('refuses an empty list and more than 100 prices (1001 / 400); needs the admin role', async () => {
      const path = '/api/admin/settlement/batch-set-prices';
      await refused(h, 'POST', path, { token: h.admin.token, body: { prices: [] } }, 1001, 400);
      const many = Array.from({ length: 101 }, () => ({ instrument_id: 'SHFE.cu2701', settlement_price: 87000 }));
      await refused(h, 'POST', path, { token: h.admin.token, body: { prices: many } }, 1001, 400);
      await refused(h, 'POST', path, { token: h.admin.token, body: {} }, 1001, 400);
      await refused(h, 'POST', path, { token: alice.token, body: { prices: [{ instrument_id: 'SHFE.cu2701', settlement_price: 87000 }] } }, 1003, 403);
      await needsToken(h, 'POST', path, { prices: [] });
    });
  });

  describe('POST /api/admin/settlement/execute', () => {
    it('settles the day and answers the summary of the spec', async () => {
      const reply = await h.call('POST', '/api/admin/settlement/execute', { token: h.admin.token });
      assert.equal(reply.status, 200, reply.raw);
      const s = reply.body.data;
      hasFields(s, {
        settlement_date: 'string', total_accounts: 'integer', settled_accounts: 'integer', failed_accounts: 'integer',
        force_closed_accounts: 'array', total_commission: 'number', total_profit: 'number',
      }, 'summary');
      assert.match(s.settlement_date, DATE);
      assert.equal(s.settlement_date, firstDay);
      assert.equal(s.total_accounts, 3);
      assert.equal(s.settled_accounts, 3);
      assert.equal(s.failed_accounts, 0);
      assert.deepEqual(s.force_closed_accounts, []);
      assert.equal(cents(s.total_commission), cents(2 * 64.55));
      assert.equal(cents(s.total_profit), 0, 'the profits of the two sides cancel out');
      firstSummary = s;
      const nextDay = (await h.ok('GET', '/health')).trading_day;
      assert.ok(nextDay > firstDay, `the next trading day begins (${firstDay} -> ${nextDay})`);
      if (s.next_trading_day !== undefined) assert.equal(s.next_trading_day, nextDay);
    });

    it('carried equity to pre_balance, today\'s lots to earlier lots, at the settlement price', async () => {
      const account = await h.ok('GET', `/api/account/${bob.accountId}`, { token: bob.token });
      const expected = 10_000_000 + 1000 + 5000 - 64.55;
      assert.equal(cents(account.accounts.pre_balance), cents(expected));
      assert.equal(cents(account.balance), cents(expected));
      assert.equal(account.accounts.commission, 0);
      assert.equal(account.accounts.close_profit, 0);
      assert.equal(cents(account.margin), cents(87000 * 5 * 0.09));
      const position = account.positions['SHFE.cu2701'];
      assert.equal(position.volume_long, 1);
      assert.equal(position.volume_long_today, 0);
      assert.equal(position.volume_long_his, 1);
      assert.equal(position.last_price, 87000);
      const shortSide = (await h.ok('GET', `/api/account/${alice.accountId}`, { token: alice.token }));
      assert.equal(cents(shortSide.balance), cents(10_000_000 - 1000 - 5000 - 64.55));
      // The settlement price is the next day's reference: limits 87000 ± 8%.
      const cu = ((await h.asAdmin('GET', '/api/admin/instruments')) as any[]).find((i) => i.instrument_id === 'SHFE.cu2701');
      assert.equal(cu.pre_settlement, 87000);
      assert.equal(cu.upper_limit, 93960);
      assert.equal(cu.lower_limit, 80040);
      assert.equal(cu.settlement_price, null, 'a settlement uses the set price once');
    });

    it('cancelled the GFD order and kept the GTC order', async () => {
      const gfd = await h.ok('GET', '/api/order/carol-gfd', { token: carol.token });
      assert.equal(gfd.status, 'FINISHED');
      assert.equal(gfd.exchange_status, 'CANCELLED');
      assert.ok(gfd.last_msg.length > 0);
      const gtc = await h.ok('GET', '/api/order/carol-gtc', { token: carol.token });
      assert.equal(gtc.status, 'ALIVE');
    });

    it('needs the admin role (1003 / 403) and a token (1002 / 401)', async () => {
      await refused(h, 'POST', '/api/admin/settlement/execute', { token: alice.token }, 1003, 403);
      await needsToken(h, 'POST', '/api/admin/settlement/execute');
      assert.equal((await h.asAdmin('GET', '/api/admin/settlement/history')).length, 1, 'nothing was settled');
    });

    it('refuses a body naming a day the exchange is not on (1001 / 400), a malformed day or an unknown field', async () => {
      const path = '/api/admin/settlement/execute';
      const today = (await h.ok('GET', '/health')).trading_day;
      const settled = await refused(h, 'POST', path, { token: h.admin.token, body: { trading_day: firstDay } }, 1001, 400);
      assert.match(settled, /already settled/);
      assert.ok(settled.includes(today), 'the message names the day being traded');
      const never = await refused(h, 'POST', path, { token: h.admin.token, body: { trading_day: '1999-01-04' } }, 1001, 400);
      assert.equal(never, `trading day 1999-01-04 was never traded here: the exchange is trading ${today}`);
      const ahead = await refused(h, 'POST', path, { token: h.admin.token, body: { trading_day: '2099-01-02' } }, 1001, 400);
      assert.match(ahead, /not begun/);
      await refused(h, 'POST', path, { token: h.admin.token, body: { trading_day: '20991231' } }, 1001, 400);
      await refusedNaming(h, 'POST', path, { token: h.admin.token, body: { tradingDay: today } }, 1001, 400, 'tradingDay');
      await refused(h, 'POST', path, { token: alice.token, body: { trading_day: today } }, 1003, 403);
      assert.equal((await h.asAdmin('GET', '/api/admin/settlement/history')).length, 1, 'nothing was settled');
      assert.equal((await h.ok('GET', '/health')).trading_day, today);
    });

    it('settles a day named twice at once only once: a double click or a retry does not settle the next day', async () => {
      const day = (await h.ok('GET', '/health')).trading_day;
      const send = () => h.call('POST', '/api/admin/settlement/execute', { token: h.admin.token, body: { trading_day: day } });
      const replies = await Promise.all([send(), send()]);
      const statuses = replies.map((r) => r.status).sort();
      assert.deepEqual(statuses, [200, 400], replies.map((r) => r.raw).join('\n'));
      const done = replies.find((r) => r.status === 200)!.body.data;
      assert.equal(done.settlement_date, day);
      assert.equal(replies.find((r) => r.status === 400)!.body.error?.code, 1001);
      assert.equal((await h.ok('GET', '/health')).trading_day, done.next_trading_day, 'one day was settled');
      secondSummary = done;
    });
  });

  describe('GET /api/admin/settlement/history and /detail/{date}', () => {
    it('lists settlements newest first, with paging', async () => {
      const second = secondSummary;
      assert.ok(second.settlement_date > firstSummary.settlement_date);
      assert.equal(second.total_commission, 0);
      const history = (await h.asAdmin('GET', '/api/admin/settlement/history')) as any[];
      assert.equal(history.length, 2);
      assert.deepEqual(history.map((s) => s.settlement_date), [second.settlement_date, firstSummary.settlement_date]);
      assert.deepEqual(history[1], firstSummary);
      const paged = (await h.asAdmin('GET', '/api/admin/settlement/history?limit=1&offset=1')) as any[];
      assert.deepEqual(paged.map((s) => s.settlement_date), [firstSummary.settlement_date]);
      await refused(h, 'GET', '/api/admin/settlement/history?limit=0', { token: h.admin.token }, 1001, 400);
      await refused(h, 'GET', '/api/admin/settlement/history', { token: alice.token }, 1003, 403);
      await needsToken(h, 'GET', '/api/admin/settlement/history');
    });

    it('details one date: the summary, every instrument\'s price and source, every account', async () => {
      const detail = await h.asAdmin('GET', `/api/admin/settlement/detail/${firstDay}`);
      assert.equal(detail.settlement_date, firstDay);
      assert.deepEqual(await h.asAdmin('GET', `/api/admin/settlement/detail/${firstDay.replaceAll('-', '')}`), detail, 'YYYYMMDD as an account statement takes it');
      assert.equal(detail.total_accounts, 3);
      assert.equal(cents(detail.total_commission), cents(129.1));
      const cu = detail.instruments.find((i: any) => i.instrument_id === 'SHFE.cu2701');
      assert.deepEqual(cu, { instrument_id: 'SHFE.cu2701', settlement_price: 87000, source: 'set', pre_settlement: 86500 });
      const al = detail.instruments.find((i: any) => i.instrument_id === 'SHFE.al2701');
      assert.equal(al.settlement_price, 21305);
      assert.equal(al.source, 'set');
      const rb = detail.instruments.find((i: any) => i.instrument_id === 'SHFE.rb2701');
      assert.notEqual(rb.source, 'set', 'the refused price was not used');
      assert.equal(detail.instruments.length, 18);
      const b = detail.accounts.find((a: any) => a.account_id === bob.accountId);
      assert.equal(b.user_id, bob.userId);
      assert.equal(b.pre_balance, 0);
      assert.equal(b.deposit, 10_000_000);
      assert.equal(b.withdraw, 0);
      assert.equal(cents(b.close_profit), cents(1000));
      assert.equal(cents(b.position_profit), cents(5000));
      assert.equal(cents(b.commission), cents(64.55));
      assert.equal(cents(b.balance), cents(10_000_000 + 1000 + 5000 - 64.55));
      assert.equal(cents(b.margin), cents(87000 * 5 * 0.09));
      assert.equal(b.force_closed, false);
      const c = detail.accounts.find((a: any) => a.account_id === carol.accountId);
      assert.equal(c.balance, 1_000_000);
      assert.equal(detail.accounts.length, 3);
      assert.equal(detail.account_lines, 3);
    });

    it('finds account lines by part of an account or user id, and pages them in settlement order', async () => {
      const path = `/api/admin/settlement/detail/${firstDay}`;
      const whole = await h.asAdmin('GET', path);
      const ids = whole.accounts.map((a: any) => a.account_id);
      const second = await h.asAdmin('GET', `${path}?limit=1&offset=1`);
      assert.deepEqual(second.accounts.map((a: any) => a.account_id), [ids[1]]);
      assert.equal(second.account_lines, 3);
      assert.equal(second.total_accounts, 3, 'the summary is the whole day\'s');
      assert.equal(second.instruments.length, whole.instruments.length);
      assert.deepEqual((await h.asAdmin('GET', `${path}?offset=2`)).accounts.map((a: any) => a.account_id), [ids[2]]);
      assert.deepEqual((await h.asAdmin('GET', `${path}?offset=9`)).accounts, []);
      const byAccount = await h.asAdmin('GET', `${path}?search=${bob.accountId.slice(1).toLowerCase()}`);
      assert.deepEqual(byAccount.accounts.map((a: any) => a.account_id), [bob.accountId]);
      assert.equal(byAccount.account_lines, 1);
      const byUser = await h.asAdmin('GET', `${path}?search=${encodeURIComponent(carol.userId.toUpperCase())}`);
      assert.deepEqual(byUser.accounts.map((a: any) => a.user_id), [carol.userId]);
      const byName = await h.asAdmin('GET', `${path}?search=${carol.username.slice(1).toUpperCase()}`);
      assert.deepEqual(byName.accounts.map((a: any) => a.user_id), [carol.userId]);
      // A part of a user id is not a search for it: a few letters are in most UUIDs.
      assert.deepEqual((await h.asAdmin('GET', `${path}?search=${carol.userId.slice(0, 8)}`)).account_lines, 0);
      const none = await h.asAdmin('GET', `${path}?search=no-such-account`);
      assert.deepEqual([none.account_lines, none.accounts], [0, []]);
      for (const query of ['limit=0', 'limit=1001', 'offset=-1', 'limit=x', 'search=']) {
        await refused(h, 'GET', `${path}?${query}`, { token: h.admin.token }, 1001, 400);
      }
    });

    it('answers 1004 / 404 for a date without settlement, 1001 / 400 for a malformed date', async () => {
      await refused(h, 'GET', '/api/admin/settlement/detail/2000-01-03', { token: h.admin.token }, 1004, 404);
      await refused(h, 'GET', '/api/admin/settlement/detail/yesterday', { token: h.admin.token }, 1001, 400);
      await refused(h, 'GET', `/api/admin/settlement/detail/${firstDay}`, { token: alice.token }, 1003, 403);
      await needsToken(h, 'GET', `/api/admin/settlement/detail/${firstDay}`);
    });
  });

  describe('a day that ends with forced liquidation and a delisted contract', () => {
    it('force-closes accounts at or above the threshold at the settlement price, and closes delisted positions', async () => {
      // cu2701's reference is now 87000 (day 2 settled at the last price).
      const risky = await h.trader('set_risky', 'SET_R', 100_000);
      const seller = await h.trader('set_seller', 'SET_S');
      const whale = await h.trader('set_whale', 'SET_W');
      await h.order(seller, { direction: 'SELL', price: 87000, volume: 2 });
      await h.order(risky, { direction: 'BUY', price: 87000, volume: 2 });
      await h.ok('POST', '/api/order/submit', {
        token: whale.token,
        body: { account_id: whale.accountId, instrument_id: 'SHFE.cu2701', direction: 'BUY', offset: 'OPEN', volume: 2, price: 84000, price_type: 'LIMIT', time_condition: 'GTC' },
      });
      // A contract that is delisted with open positions: they close at its settlement price.
      await h.asAdmin('POST', '/api/admin/instrument/create', { instrument_id: 'SHFE.dl2701', exchange: 'SHFE', contract_multiplier: 10, price_tick: 1, margin_rate: 0.1, commission_rate: 0, pre_settlement: 1000 });
      await h.order(seller, { direction: 'SELL', price: 1000, volume: 1, instrument_id: 'SHFE.dl2701' });
      await h.order(whale, { direction: 'BUY', price: 1000, volume: 1, instrument_id: 'SHFE.dl2701' });
      await h.asAdmin('DELETE', '/api/admin/instrument/SHFE.dl2701/delist');
      await h.asAdmin('POST', '/api/admin/settlement/batch-set-prices', { prices: [{ instrument_id: 'SHFE.cu2701', settlement_price: 84500 }, { instrument_id: 'SHFE.dl2701', settlement_price: 1020 }] });

      // At 84500 risky's margin is 76,050 against 100,000 - 43.5 - 25,000: ratio 1.015.
      const summary = await h.asAdmin('POST', '/api/admin/settlement/execute');
      assert.deepEqual(summary.force_closed_accounts, [risky.accountId]);
      assert.equal(summary.total_accounts, 6);
      assert.equal(summary.settled_accounts, 6);
      assert.equal(summary.failed_accounts, 0);

      const detail = await h.asAdmin('GET', `/api/admin/settlement/detail/${summary.settlement_date}`);
      const record = detail.accounts.find((a: any) => a.account_id === risky.accountId);
      assert.equal(record.force_closed, true);
      assert.equal(record.force_close_failed, false);
      assert.equal(record.margin, 0);
      assert.equal(cents(record.close_profit), cents((84000 - 87000) * 2 * 5), 'closed into the 84000 bid');
      const liquidations = (await h.asAdmin('GET', `/api/management/risk/liquidations?account_id=${risky.accountId}`)) as any[];
      assert.equal(liquidations.length, 1);
      assert.equal(liquidations[0].trigger, 'settlement');
      assert.equal(liquidations[0].result, 'complete');
      const positions = (await h.ok('GET', `/api/position/account/${risky.accountId}`, { token: risky.token })).positions;
      assert.equal(positions['SHFE.cu2701']?.volume_long ?? 0, 0);

      const whaleRecord = detail.accounts.find((a: any) => a.account_id === whale.accountId);
      assert.equal(cents(whaleRecord.close_profit), cents((1020 - 1000) * 10), 'the delisted long closed at 1020');
      const whalePositions = (await h.ok('GET', `/api/position/account/${whale.accountId}`, { token: whale.token })).positions;
      assert.equal(whalePositions['SHFE.dl2701']?.volume_long ?? 0, 0);
      assert.equal(whalePositions['SHFE.cu2701'].volume_long, 2, 'the whale bought the liquidated lots');
    });

    it('names the accounts whose liquidation found nothing to close against (failed_account_ids)', async () => {
      const stuck = await h.trader('set_stuck', 'SET_STUCK', 100_000);
      const seller = await h.trader('set_seller2', 'SET_S2');
      await h.cancelAllLiveOrders();
      await h.order(seller, { direction: 'SELL', price: 84500, volume: 2 });
      await h.order(stuck, { direction: 'BUY', price: 84500, volume: 2 });
      // At 80500: margin 80,500 against about 100,000 - 40,000: ratio 1.34, and no bid to sell into.
      await h.asAdmin('POST', '/api/admin/settlement/set-price', { instrument_id: 'SHFE.cu2701', settlement_price: 80500 });
      const summary = await h.asAdmin('POST', '/api/admin/settlement/execute');
      assert.equal(summary.failed_accounts, 1);
      assert.deepEqual(summary.failed_account_ids, [stuck.accountId]);
      assert.ok(!summary.force_closed_accounts.includes(stuck.accountId));
      const history = (await h.asAdmin('GET', '/api/admin/settlement/history')) as any[];
      assert.deepEqual(history.find((day) => day.settlement_date === summary.settlement_date).failed_account_ids, [stuck.accountId]);
    });
  });
});
