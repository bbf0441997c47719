/**
 * /api/management (accounts, detail, orders, trades, deposit, withdraw, transactions) and
 * /api/management/risk (accounts at risk, margin summary, liquidations, forced liquidation)
 * by in-process injection. Codes and statuses asserted, never message texts beyond
 * "not empty".
 *
 * Instrument SHFE.cu2701: multiplier 5, margin 0.09, commission 0.00005, limits 79580..93420.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { HttpHarness, type TestUser } from '../../support/http-harness.ts';
import { cents, hasFields, needsToken, refused } from '../../support/route-checks.ts';

type Trader = TestUser & { accountId: string };

describe('HTTP /api/management', () => {
  let h: HttpHarness;
  let n = 0;
  const trader = async (balance = 10_000_000): Promise<Trader> => {
    n++;
    return h.trader(`mgmt_user_${n}`, `MGMT${n}`, balance);
  };
  const admin = <T = any>(method: string, url: string, body?: unknown) => h.asAdmin<T>(method, url, body);
  const tradeAt = (price: number) => h.tradeAt(price);

  before(async () => {
    h = await HttpHarness.start();
  });
  after(async () => h.stop());

  describe('GET /api/management/accounts', () => {
    it('lists every account with its owner\'s name; filters by user_id and account_id; pages', async () => {
      const alice = await trader(1_000);
      await h.ok('POST', '/api/account/open', { token: alice.token, body: { user_id: alice.userId, account_id: `${alice.accountId}-2`, initial_balance: 2_000 } });
      const bob = await trader(3_000);
      const all = await admin<any[]>('GET', '/api/management/accounts');
      const ids = all.map((a) => a.account_id);
      for (const id of [alice.accountId, `${alice.accountId}-2`, bob.accountId]) assert.ok(ids.includes(id), `${id} is listed`);
      const row = all.find((a) => a.account_id === alice.accountId);
      hasFields(row, { account_id: 'string', user_id: 'string', username: 'string', balance: 'number', available: 'number', margin: 'number', risk_ratio: 'number' }, 'account');
      assert.equal(row.user_id, alice.userId);
      assert.equal(row.username, alice.username);
      assert.equal(row.balance, 1_000);
      assert.equal(row.available, 1_000);
      assert.equal(row.margin, 0);
      const ofAlice = await admin<any[]>('GET', `/api/management/accounts?user_id=${alice.userId}`);
      assert.deepEqual(ofAlice.map((a) => [a.account_id, a.balance]), [[alice.accountId, 1_000], [`${alice.accountId}-2`, 2_000]]);
      const one = await admin<any[]>('GET', `/api/management/accounts?account_id=${bob.accountId}`);
      assert.deepEqual(one.map((a) => a.account_id), [bob.accountId]);
      const page = await admin<any[]>('GET', `/api/management/accounts?user_id=${alice.userId}&limit=1&offset=1`);
      assert.deepEqual(page.map((a) => a.account_id), [`${alice.accountId}-2`]);
      assert.deepEqual(await admin('GET', '/api/management/accounts?account_id=NOPE'), []);
      // search: the account id, the user id or the username, any part, ignoring case.
      const byName = await h.call('GET', `/api/management/accounts?search=${alice.username.toUpperCase()}&limit=1`, { token: h.admin.token });
      assert.deepEqual(byName.body.data.map((a: { account_id: string }) => a.account_id), [alice.accountId]);
      assert.equal(byName.headers['x-total-count'], '2', "both of alice's accounts match; the header counts before paging");
      const byAccount = await admin<any[]>('GET', `/api/management/accounts?search=${bob.accountId.slice(1)}`);
      assert.deepEqual(byAccount.map((a) => a.account_id), [bob.accountId]);
      assert.deepEqual(await admin('GET', '/api/management/accounts?search=no-such-text'), []);
    });

    it('sort=newest lists the latest opened first; account_id and user_id together narrow both ways', async () => {
      const alice = await trader();
      const bob = await trader();
      const oldest = await admin<any[]>('GET', '/api/management/accounts?limit=1000');
      const newest = await admin<any[]>('GET', '/api/management/accounts?limit=1000&sort=newest');
      assert.deepEqual(newest.map((a) => a.account_id), oldest.map((a) => a.account_id).reverse());
      assert.equal(newest[0].account_id, bob.accountId);
      const firstTwo = await admin<any[]>('GET', '/api/management/accounts?limit=2&sort=newest');
      assert.deepEqual(firstTwo.map((a) => a.account_id), [bob.accountId, alice.accountId]);
      assert.deepEqual(await admin('GET', `/api/management/accounts?account_id=${alice.accountId}&user_id=${bob.userId}`), [], "alice's account is not bob's");
      const both = await admin<any[]>('GET', `/api/management/accounts?account_id=${alice.accountId}&user_id=${alice.userId}`);
      assert.deepEqual(both.map((a) => a.account_id), [alice.accountId]);
      assert.deepEqual(await admin('GET', `/api/management/orders?account_id=${alice.accountId}&user_id=${bob.userId}`), []);
    });

    it('refuses bad paging (1001 / 400), users (1003 / 403), no token (1002 / 401)', async () => {
      const alice = await trader();
      await refused(h, 'GET', '/api/management/accounts?limit=0', { token: h.admin.token }, 1001, 400);
      await refused(h, 'GET', '/api/management/accounts?limit=1001', { token: h.admin.token }, 1001, 400);
      await refused(h, 'GET', '/api/management/accounts', { token: alice.token }, 1003, 403);
      await needsToken(h, 'GET', '/api/management/accounts');
    });
  });

  describe('PUT /api/management/accounts/{account_id}/freeze and /unfreeze', () => {
    it('a frozen account places no orders and withdraws nothing (2005 / 422), until unfrozen', async () => {
      const alice = await trader();
      const frozen = await admin('PUT', `/api/management/accounts/${alice.accountId}/freeze`);
      assert.equal(frozen.is_frozen, true);
      await refused(h, 'POST', '/api/order/submit', {
        token: alice.token,
        body: { account_id: alice.accountId, instrument_id: 'SHFE.cu2701', direction: 'BUY', offset: 'OPEN', volume: 1, price: 86500, price_type: 'LIMIT' },
      }, 2005, 422);
      await refused(h, 'POST', '/api/account/withdraw', { token: alice.token, body: { account_id: alice.accountId, amount: 1 } }, 2005, 422);
      const thawed = await admin('PUT', `/api/management/accounts/${alice.accountId}/unfreeze`);
      assert.equal(thawed.is_frozen, false);
      const order = await h.order(alice, { direction: 'BUY', price: 86000 });
      assert.equal(order.status, 'ALIVE');
      await h.cancelAllLiveOrders();
    });

    it('refuses an unknown account (2001 / 404), users (1003 / 403), no token (1002 / 401)', async () => {
      const alice = await trader();
      await refused(h, 'PUT', '/api/management/accounts/NOPE/freeze', { token: h.admin.token }, 2001, 404);
      await refused(h, 'PUT', `/api/management/accounts/${alice.accountId}/freeze`, { token: alice.token }, 1003, 403);
      await needsToken(h, 'PUT', `/api/management/accounts/${alice.accountId}/unfreeze`);
    });
  });

  describe('GET /api/management/account/{user_id}/detail', () => {
    it('returns the user and every account in snapshot form with orders, trades and positions', async () => {
      const alice = await trader();
      const bob = await trader();
      await h.order(alice, { direction: 'SELL', price: 86000, volume: 2, order_id: 'det-s' });
      await h.order(bob, { direction: 'BUY', price: 86000, volume: 1, order_id: 'det-b' });
      const detail = await admin('GET', `/api/management/account/${alice.userId}/detail`);
      assert.equal(detail.user.user_id, alice.userId);
      assert.equal(detail.user.username, alice.username);
      assert.deepEqual(detail.user.account_ids, [alice.accountId]);
      assert.ok(Number.isFinite(Date.parse(detail.user.created_at)));
      assert.equal(detail.accounts.length, 1);
      const snap = detail.accounts[0];
      assert.equal(snap.account_cookie, alice.accountId);
      hasFields(snap.accounts, {
        user_id: 'string', currency: 'string', pre_balance: 'number', deposit: 'number', withdraw: 'number', static_balance: 'number',
        close_profit: 'number', commission: 'number', float_profit: 'number', position_profit: 'number', balance: 'number',
        margin: 'number', frozen_margin: 'number', available: 'number', risk_ratio: 'number',
      }, 'accounts');
      assert.equal(snap.accounts.deposit, 10_000_000);
      assert.equal(cents(snap.accounts.commission), cents(0.00005 * 86000 * 5));
      assert.equal(snap.orders['det-s'].volume_left, 1);
      assert.equal(snap.orders['det-s'].exchange_status, 'PARTIAL_FILLED');
      assert.equal(Object.keys(snap.trades).length, 1);
      assert.equal(snap.positions['SHFE.cu2701'].volume_short, 1);
      await h.cancelAllLiveOrders();
    });

    it('answers 1004 / 404 for an unknown user, 1003 / 403 for users, 1002 / 401 without a token', async () => {
      const alice = await trader();
      await refused(h, 'GET', '/api/management/account/00000000-0000-0000-0000-000000000000/detail', { token: h.admin.token }, 1004, 404);
      await refused(h, 'GET', `/api/management/account/${alice.userId}/detail`, { token: alice.token }, 1003, 403);
      await needsToken(h, 'GET', `/api/management/account/${alice.userId}/detail`);
    });
  });

  describe('GET /api/management/orders and /trades', () => {
    it('lists orders and trades of everyone, of one user or one account, oldest first, paged', async () => {
      const alice = await trader();
      const bob = await trader();
      await h.order(alice, { direction: 'SELL', price: 86000, volume: 2, order_id: 'mo-1' });
      await h.order(bob, { direction: 'BUY', price: 86000, volume: 1, order_id: 'mo-2' });
      await h.order(bob, { direction: 'BUY', price: 86000, volume: 1, order_id: 'mo-3' });
      const all = await admin<any[]>('GET', '/api/management/orders?limit=1000');
      const allIds = all.map((o) => o.order_id);
      for (const id of ['mo-1', 'mo-2', 'mo-3']) assert.ok(allIds.includes(id));
      const ofBob = await admin<any[]>('GET', `/api/management/orders?user_id=${bob.userId}`);
      assert.deepEqual(ofBob.map((o) => o.order_id), ['mo-2', 'mo-3']);
      assert.ok(ofBob.every((o) => o.exchange_status === 'FILLED' && o.account_id === bob.accountId));
      const ofAlice = await admin<any[]>('GET', `/api/management/orders?account_id=${alice.accountId}`);
      assert.deepEqual(ofAlice.map((o) => [o.order_id, o.exchange_status, o.filled_volume]), [['mo-1', 'FILLED', 2]]);
      const paged = await admin<any[]>('GET', `/api/management/orders?user_id=${bob.userId}&limit=1&offset=1`);
      assert.deepEqual(paged.map((o) => o.order_id), ['mo-3']);

      const trades = await admin<any[]>('GET', `/api/management/trades?user_id=${bob.userId}`);
      assert.equal(trades.length, 2);
      assert.deepEqual(trades.map((t) => [t.order_id, t.direction, t.price, t.volume]), [['mo-2', 'BUY', 86000, 1], ['mo-3', 'BUY', 86000, 1]]);
      assert.ok(trades.every((t) => t.user_id === bob.userId && t.instrument_id === 'cu2701' && t.exchange_id === 'SHFE'));
      const makerTrades = await admin<any[]>('GET', `/api/management/trades?account_id=${alice.accountId}`);
      assert.equal(makerTrades.length, 2);
      assert.ok(makerTrades.every((t) => t.direction === 'SELL' && t.order_id === 'mo-1'));
      const everyone = await admin<any[]>('GET', '/api/management/trades?limit=1000');
      assert.ok(everyone.length >= 4);
      const pagedTrades = await admin<any[]>('GET', `/api/management/trades?user_id=${bob.userId}&limit=1`);
      assert.equal(pagedTrades.length, 1);
    });

    it('refuses bad paging (1001 / 400), users (1003 / 403), no token (1002 / 401)', async () => {
      const alice = await trader();
      for (const path of ['/api/management/orders', '/api/management/trades']) {
        await refused(h, 'GET', `${path}?offset=-1`, { token: h.admin.token }, 1001, 400);
        await refused(h, 'GET', path, { token: alice.token }, 1003, 403);
        await needsToken(h, 'GET', path);
      }
    });
  });

  describe('POST /api/management/deposit and /withdraw', () => {
    it('deposits to and withdraws from a user\'s account, answering the updated summary', async () => {
      const alice = await trader(1_000);
      const deposited = await admin('POST', '/api/management/deposit', { user_id: alice.userId, amount: 500.5 });
      assert.equal(deposited.account_id, alice.accountId);
      assert.equal(deposited.user_id, alice.userId);
      assert.equal(deposited.balance, 1_500.5);
      assert.equal(deposited.available, 1_500.5);
      const withdrawn = await admin('POST', '/api/management/withdraw', { user_id: alice.userId, amount: 200 });
      assert.equal(withdrawn.balance, 1_300.5);
      assert.equal(withdrawn.available, 1_300.5);
      const account = await h.ok('GET', `/api/account/${alice.accountId}`, { token: alice.token });
      assert.equal(account.accounts.deposit, 1_500.5);
      assert.equal(account.accounts.withdraw, 200);
      assert.equal(account.balance, 1_300.5);
    });

    it('uses account_id when given (else the user\'s first account)', async () => {
      const alice = await trader(1_000);
      await h.ok('POST', '/api/account/open', { token: alice.token, body: { user_id: alice.userId, account_id: `${alice.accountId}-2`, initial_balance: 0 } });
      const data = await admin('POST', '/api/management/deposit', { user_id: alice.userId, account_id: `${alice.accountId}-2`, amount: 42 });
      assert.equal(data.account_id, `${alice.accountId}-2`);
      assert.equal(data.balance, 42);
      assert.equal((await h.ok('GET', `/api/account/${alice.accountId}`, { token: alice.token })).balance, 1_000);
    });

    it('refuses a withdrawal beyond available with 2003 / 422 (frozen margin counts)', async () => {
      const alice = await trader(100_000);
      await h.order(alice, { direction: 'BUY', price: 86000, order_id: 'wd-freeze' });
      const available = (await h.ok('GET', `/api/account/${alice.accountId}`, { token: alice.token })).available;
      assert.ok(available < 100_000);
      await refused(h, 'POST', '/api/management/withdraw', { token: h.admin.token, body: { user_id: alice.userId, amount: available + 0.01 } }, 2003, 422);
      // All of available would leave the bid, filled, at the force-close ratio: a cent stays.
      await refused(h, 'POST', '/api/management/withdraw', { token: h.admin.token, body: { user_id: alice.userId, amount: available } }, 4001, 422);
      const ok = await admin('POST', '/api/management/withdraw', { user_id: alice.userId, amount: Math.round(available * 100 - 1) / 100 });
      assert.equal(ok.available, 0.01);
      await h.cancelAllLiveOrders();
    });

    it('refuses bad amounts and mismatched ids (1001 / 400), unknown users (1004 / 404) and accounts (2001 / 404), users (1003 / 403)', async () => {
      const alice = await trader(1_000);
      const bob = await trader(1_000);
      const lonely = await h.user(`mgmt_noacct_${++n}`);
      for (const kind of ['deposit', 'withdraw']) {
        const path = `/api/management/${kind}`;
        for (const amount of [0, -5, 0.001, '10']) {
          await refused(h, 'POST', path, { token: h.admin.token, body: { user_id: alice.userId, amount } }, 1001, 400);
        }
        await refused(h, 'POST', path, { token: h.admin.token, body: { user_id: alice.userId } }, 1001, 400);
        await refused(h, 'POST', path, { token: h.admin.token, body: { amount: 10 } }, 1001, 400);
        await refused(h, 'POST', path, { token: h.admin.token, body: { user_id: '00000000-0000-0000-0000-000000000000', amount: 10 } }, 1004, 404);
        await refused(h, 'POST', path, { token: h.admin.token, body: { user_id: alice.userId, account_id: 'NOPE', amount: 10 } }, 2001, 404);
        await refused(h, 'POST', path, { token: h.admin.token, body: { user_id: lonely.userId, amount: 10 } }, 2001, 404);
        // An account of another user than the one named: a request that contradicts itself (1001), nothing moves.
        await refused(h, 'POST', path, { token: h.admin.token, body: { user_id: alice.userId, account_id: bob.accountId, amount: 10 } }, 1001, 400);
        await refused(h, 'POST', path, { token: alice.token, body: { user_id: alice.userId, amount: 10 } }, 1003, 403);
        await needsToken(h, 'POST', path, { user_id: alice.userId, amount: 10 });
      }
      assert.equal((await h.ok('GET', `/api/account/${alice.accountId}`, { token: alice.token })).balance, 1_000);
      assert.equal((await h.ok('GET', `/api/account/${bob.accountId}`, { token: bob.token })).balance, 1_000);
    });
  });

  describe('GET /api/management/transactions/{user_id}', () => {
    it('lists the money movements of the user\'s accounts in time order, paged', async () => {
      const alice = await trader(1_000);
      await admin('POST', '/api/management/deposit', { user_id: alice.userId, amount: 500.5 });
      await admin('POST', '/api/management/withdraw', { user_id: alice.userId, amount: 200 });
      await h.ok('POST', '/api/account/transfer', { token: alice.token, body: { account_id: alice.accountId, bank_id: 'ICBC', amount: 100, bank_password: 'bank', future_password: 'password1' } });
      const rows = await admin<any[]>('GET', `/api/management/transactions/${alice.userId}`);
      assert.equal(rows.length, 4);
      for (const row of rows) hasFields(row, { account_id: 'string', kind: 'string', amount: 'number', change: 'number', datetime: 'integer' }, 'movement');
      assert.deepEqual(rows.map((r) => r.amount), [1_000, 500.5, 200, 100]);
      assert.deepEqual(rows.map((r) => r.change), [1_000, 500.5, -200, 100], 'change: negative for money out');
      const balance = (await admin<any[]>('GET', `/api/management/accounts?account_id=${alice.accountId}`))[0].balance;
      assert.equal(rows.reduce((sum, r) => sum + r.change, 0), balance, 'the changes sum to the balance of an account that never traded');
      assert.ok(rows.every((r) => r.account_id === alice.accountId));
      assert.equal(rows[1].kind, 'deposit');
      assert.equal(rows[2].kind, 'withdraw');
      const kinds = new Set(rows.map((r) => r.kind));
      assert.equal(kinds.size, 4, `four kinds of movement: ${[...kinds]}`);
      for (let i = 1; i < rows.length; i++) assert.ok(rows[i].datetime >= rows[i - 1].datetime);
      const paged = await admin<any[]>('GET', `/api/management/transactions/${alice.userId}?limit=2&offset=1`);
      assert.deepEqual(paged.map((r) => r.amount), [500.5, 200]);
    });

    it('answers 1004 / 404 for an unknown user, 1003 / 403 for users, 1002 / 401 without a token', async () => {
      const alice = await trader();
      await refused(h, 'GET', '/api/management/transactions/00000000-0000-0000-0000-000000000000', { token: h.admin.token }, 1004, 404);
      await refused(h, 'GET', `/api/management/transactions/${alice.userId}`, { token: alice.token }, 1003, 403);
      await needsToken(h, 'GET', `/api/management/transactions/${alice.userId}`);
    });
  });

  describe('/api/management/risk', () => {
    let risky: Trader;
    it('GET /accounts lists an account driven to warning level by a price move, with its ratio', async () => {
      // 2 lots at 86500 on 100,000: margin 77,850, commission 43.25, ratio 0.779 (normal).
      risky = await trader(100_000);
      const seller = await trader();
      await h.order(seller, { direction: 'SELL', price: 86500, volume: 2 });
      await h.order(risky, { direction: 'BUY', price: 86500, volume: 2 });
      let atRisk = await admin<any[]>('GET', '/api/management/risk/accounts');
      assert.ok(!atRisk.some((a) => a.account_id === risky.accountId), 'normal at 0.78');
      // At 86000: margin 77,400, balance 100,000 - 43.25 - 5,000 = 94,956.75, ratio 0.815 (warning).
      await tradeAt(86000);
      atRisk = await admin<any[]>('GET', '/api/management/risk/accounts');
      const row = atRisk.find((a) => a.account_id === risky.accountId);
      assert.ok(row !== undefined, 'the account is at risk');
      assert.equal(row.risk_level, 'warning');
      assert.equal(row.user_id, risky.userId);
      assert.equal(cents(row.margin), cents(77_400));
      assert.equal(cents(row.balance), cents(94_956.75));
      assert.ok(Math.abs(row.risk_ratio - 77_400 / 94_956.75) < 1e-4, `risk_ratio ${row.risk_ratio}`);
      for (let i = 1; i < atRisk.length; i++) assert.ok(atRisk[i].risk_ratio <= atRisk[i - 1].risk_ratio, 'highest risk first');

      // min_level: every account from 'normal', the riskiest first; none at force-close yet.
      const everyone = await admin<any[]>('GET', '/api/management/risk/accounts?min_level=normal&limit=1000');
      const all = await admin<any[]>('GET', '/api/management/accounts?limit=1000');
      assert.equal(everyone.length, all.length);
      assert.deepEqual(everyone.slice(0, atRisk.length).map((a) => a.account_id), atRisk.map((a) => a.account_id));
      for (let i = 1; i < everyone.length; i++) assert.ok(everyone[i].risk_ratio <= everyone[i - 1].risk_ratio, 'highest risk first');
      assert.deepEqual((await admin<any[]>('GET', '/api/management/risk/accounts?min_level=warning')).map((a) => a.account_id), atRisk.map((a) => a.account_id));
      assert.deepEqual(await admin<any[]>('GET', '/api/management/risk/accounts?min_level=force-close'), []);
      assert.deepEqual((await admin<any[]>('GET', '/api/management/risk/accounts?min_level=normal&limit=1&offset=1')).map((a) => a.account_id), [everyone[1].account_id]);
      await refused(h, 'GET', '/api/management/risk/accounts?min_level=danger', { token: h.admin.token }, 1001, 400);
    });

    it('GET /margin-summary sums margin against equity exchange-wide', async () => {
      const data = await admin('GET', '/api/management/risk/margin-summary');
      hasFields(data, { total_balance: 'number', total_margin: 'number', total_available: 'number', margin_ratio: 'number', accounts_count: 'integer', warning_accounts: 'integer' }, 'summary');
      const accounts = await admin<any[]>('GET', '/api/management/accounts?limit=1000');
      assert.equal(data.accounts_count, accounts.length);
      assert.equal(cents(data.total_balance), accounts.reduce((t, a) => t + cents(a.balance), 0));
      assert.equal(cents(data.total_margin), accounts.reduce((t, a) => t + cents(a.margin), 0));
      assert.ok(Math.abs(data.margin_ratio - data.total_margin / data.total_balance) < 1e-9);
      assert.ok(data.warning_accounts >= 1);
      assert.equal(data.force_close_accounts, 0);
      assert.equal(data.warning_threshold, 0.8);
      assert.equal(data.force_close_threshold, 1);
    });

    it('reaching the force-close threshold liquidates the account; GET /liquidations shows it', async () => {
      const whale = await trader();
      await h.order(whale, { direction: 'BUY', price: 83900, volume: 2, order_id: 'whale-bid' });
      // At 84000: margin 75,600, balance 74,956.75, ratio 1.009: forced liquidation into the 83900 bid.
      await tradeAt(84000);
      const account = await h.ok('GET', `/api/account/${risky.accountId}`, { token: risky.token });
      assert.equal(account.positions['SHFE.cu2701']?.volume_long ?? 0, 0, 'the position is closed');
      assert.equal(account.margin, 0);
      const closeLoss = (83900 - 86500) * 2 * 5;
      assert.equal(cents(account.balance), cents(100_000 - 43.25 + closeLoss - 0.00005 * 83900 * 2 * 5));
      const list = await admin<any[]>('GET', `/api/management/risk/liquidations?account_id=${risky.accountId}`);
      assert.equal(list.length, 1);
      const record = list[0];
      hasFields(record, { liquidation_id: 'string', account_id: 'string', user_id: 'string', trigger: 'string', datetime: 'integer', risk_ratio_before: 'number', risk_ratio_after: 'number', result: 'string', orders: 'array' }, 'liquidation');
      assert.equal(record.account_id, risky.accountId);
      assert.equal(record.user_id, risky.userId);
      assert.equal(record.trigger, 'risk');
      assert.ok(record.risk_ratio_before >= 1);
      assert.equal(record.result, 'complete');
      assert.equal(record.orders.length, 1);
      assert.equal(record.orders[0].direction, 'SELL');
      assert.equal(record.orders[0].volume, 2);
      assert.equal(record.orders[0].filled, 2);
      assert.equal(record.orders[0].average_price, 83900);
      assert.equal((await h.ok('GET', '/api/order/whale-bid', { token: whale.token })).exchange_status, 'FILLED');
      const atRisk = await admin<any[]>('GET', '/api/management/risk/accounts');
      assert.ok(!atRisk.some((a) => a.account_id === risky.accountId), 'no longer at risk');
    });

    it('POST /force-liquidate cancels the account\'s orders, closes its positions, and is listed first', async () => {
      const target = await trader();
      const seller = await trader();
      const bidder = await trader();
      await h.order(seller, { direction: 'SELL', price: 84000, volume: 1 });
      await h.order(target, { direction: 'BUY', price: 84000, volume: 1 });
      await h.order(target, { direction: 'BUY', price: 80000, volume: 1, order_id: 'fl-resting' });
      await h.order(bidder, { direction: 'BUY', price: 83800, volume: 1 });
      const reply = await h.call('POST', '/api/management/risk/force-liquidate', { token: h.admin.token, body: { account_id: target.accountId } });
      assert.equal(reply.status, 200, reply.raw);
      const { account, liquidation } = reply.body.data;
      assert.equal(account.account_id, target.accountId);
      assert.equal(account.margin, 0);
      assert.equal(account.frozen_margin, 0);
      assert.equal(liquidation.trigger, 'admin');
      assert.equal(liquidation.account_id, target.accountId);
      assert.equal(liquidation.cancelled_orders, 1);
      assert.equal(liquidation.cancelled_conditional_orders, 0);
      assert.equal(liquidation.result, 'complete');
      assert.deepEqual(liquidation.orders.map((o: any) => [o.direction, o.volume, o.filled, o.average_price]), [['SELL', 1, 1, 83800]]);
      assert.equal((await h.ok('GET', '/api/order/fl-resting', { token: target.token })).exchange_status, 'CANCELLED');
      const positions = (await h.ok('GET', `/api/position/account/${target.accountId}`, { token: target.token })).positions;
      assert.equal(positions['SHFE.cu2701']?.volume_long ?? 0, 0);
      const list = await admin<any[]>('GET', '/api/management/risk/liquidations');
      assert.equal(list[0].liquidation_id, liquidation.liquidation_id, 'newest first');
      assert.equal(list[0].trigger, 'admin');
      assert.ok(list.some((r) => r.account_id === risky.accountId && r.trigger === 'risk'));
      const paged = await admin<any[]>('GET', '/api/management/risk/liquidations?limit=1&offset=1');
      assert.equal(paged.length, 1);
      assert.equal(paged[0].liquidation_id, list[1].liquidation_id);
    });

    it('POST /force-liquidate by user_id; without liquidity the result is none, and no close order is placed', async () => {
      await h.cancelAllLiveOrders();
      const target = await trader();
      const seller = await trader();
      await h.order(seller, { direction: 'SELL', price: 84000, volume: 1 });
      await h.order(target, { direction: 'BUY', price: 84000, volume: 1 });
      const data = await admin('POST', '/api/management/risk/force-liquidate', { user_id: target.userId });
      assert.equal(data.account.account_id, target.accountId);
      assert.equal(data.liquidation.result, 'none');
      assert.deepEqual([data.liquidation.orders[0].filled, data.liquidation.orders[0].refusal], [0, 'no bids on SHFE.cu2701 to close against']);
      const orders = (await h.ok('GET', `/api/order/user/${target.userId}`, { token: target.token })) as { order_id: string }[];
      assert.ok(!orders.some((o) => o.order_id.startsWith('LQ')), 'no close order to be cancelled at once');
      const positions = (await h.ok('GET', `/api/position/account/${target.accountId}`, { token: target.token })).positions;
      assert.equal(positions['SHFE.cu2701'].volume_long, 1, 'nothing to sell into: the position stays');
    });

    it('POST /force-liquidate of an account with nothing to close answers liquidation null and records nothing', async () => {
      const idle = await trader();
      const before = (await admin('GET', '/api/management/risk/liquidations?limit=1000')) as unknown[];
      const data = await admin('POST', '/api/management/risk/force-liquidate', { account_id: idle.accountId });
      assert.equal(data.account.account_id, idle.accountId);
      assert.equal(data.liquidation, null);
      const after = (await admin('GET', '/api/management/risk/liquidations?limit=1000')) as unknown[];
      assert.equal(after.length, before.length);
    });

    it('POST /force-liquidate refuses an empty body (1001 / 400), unknown accounts (2001 / 404) and users (1004 / 404)', async () => {
      const alice = await trader();
      const path = '/api/management/risk/force-liquidate';
      await refused(h, 'POST', path, { token: h.admin.token, body: {} }, 1001, 400);
      await refused(h, 'POST', path, { token: h.admin.token, body: { account_id: 'NOPE' } }, 2001, 404);
      await refused(h, 'POST', path, { token: h.admin.token, body: { user_id: '00000000-0000-0000-0000-000000000000' } }, 1004, 404);
      await refused(h, 'POST', path, { token: alice.token, body: { account_id: alice.accountId } }, 1003, 403);
      await needsToken(h, 'POST', path, { account_id: alice.accountId });
    });

    it('the risk routes need the admin role (1003 / 403) and a token (1002 / 401); paging is checked', async () => {
      const alice = await trader();
      for (const path of ['/api/management/risk/accounts', '/api/management/risk/margin-summary', '/api/management/risk/liquidations']) {
        await refused(h, 'GET', path, { token: alice.token }, 1003, 403);
        await needsToken(h, 'GET', path);
      }
      await refused(h, 'GET', '/api/management/risk/accounts?limit=0', { token: h.admin.token }, 1001, 400);
      await refused(h, 'GET', '/api/management/risk/liquidations?limit=5000', { token: h.admin.token }, 1001, 400);
    });
  });
});
