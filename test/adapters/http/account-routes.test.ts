/**
 * /api/user/{user_id}/account* and /api/account/* through in-process injection: opening
 * accounts, the snapshot form, deposits and withdrawals, and the equity curve before any
 * settlement (after one: account-money.test.ts). Bank transfers: account-transfers.test.ts.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { HttpHarness, type TestUser } from '../../support/http-harness.ts';
import { cents, hasFields, needsToken, refused, refusedNaming } from '../../support/route-checks.ts';

type Trader = TestUser & { accountId: string };

const SUMMARY_FIELDS = {
  account_id: 'string',
  user_id: 'string',
  balance: 'number',
  available: 'number',
  margin: 'number',
  frozen_margin: 'number',
  frozen: 'number',
  risk_ratio: 'number',
} as const;

/** The spec's "Fields of accounts" (snapshot form). */
const ACCOUNT_FIELDS = {
  user_id: 'string',
  currency: 'string',
  pre_balance: 'number',
  deposit: 'number',
  withdraw: 'number',
  static_balance: 'number',
  close_profit: 'number',
  commission: 'number',
  float_profit: 'number',
  position_profit: 'number',
  balance: 'number',
  margin: 'number',
  frozen_margin: 'number',
  available: 'number',
  risk_ratio: 'number',
} as const;

function assertFreshSummary(summary: Record<string, unknown>, accountId: string, userId: string, balance: number): void {
  hasFields(summary, SUMMARY_FIELDS, 'summary');
  assert.equal(summary.account_id, accountId);
  assert.equal(summary.user_id, userId);
  assert.equal(summary.balance, balance);
  assert.equal(summary.available, balance);
  assert.equal(summary.margin, 0);
  assert.equal(summary.frozen_margin, 0);
  assert.equal(summary.frozen, 0);
  assert.equal(summary.risk_ratio, 0);
}

describe('HTTP /api/user and /api/account', () => {
  let h: HttpHarness;
  /** A user without accounts, and a second user, for permission checks. */
  let owner: TestUser;
  let stranger: Trader;

  before(async () => {
    h = await HttpHarness.start();
    owner = await h.user('acct_owner');
    stranger = await h.trader('acct_stranger', 'STRANGER-1', 50_000);
  });
  after(async () => h.stop());

  describe('POST /api/account/open', () => {
    it('opens an account with initial_balance and answers its summary', async () => {
      const summary = await h.ok('POST', '/api/account/open', {
        token: owner.token,
        body: { user_id: owner.userId, account_id: 'OPEN-1', initial_balance: 123456.78 },
      });
      assertFreshSummary(summary, 'OPEN-1', owner.userId, 123456.78);
      const snapshot = await h.ok('GET', '/api/account/OPEN-1', { token: owner.token });
      assert.equal(snapshot.accounts.deposit, 123456.78);
      assert.equal(snapshot.accounts.pre_balance, 0);
      assert.equal(snapshot.accounts.static_balance, 123456.78);
      const record = await h.ok('GET', `/api/auth/user/${owner.userId}`, { token: owner.token });
      assert.ok(record.account_ids.includes('OPEN-1'));
    });

    it('accepts init_cash as an alias of initial_balance', async () => {
      const summary = await h.ok('POST', '/api/account/open', { token: owner.token, body: { user_id: owner.userId, account_id: 'OPEN-ALIAS', init_cash: 2500.5 } });
      assertFreshSummary(summary, 'OPEN-ALIAS', owner.userId, 2500.5);
    });

    it('accepts a zero opening balance', async () => {
      const summary = await h.ok('POST', '/api/account/open', { token: owner.token, body: { user_id: owner.userId, account_id: 'OPEN-ZERO', initial_balance: 0 } });
      assertFreshSummary(summary, 'OPEN-ZERO', owner.userId, 0);
    });

    it('generates an account_id when none is given', async () => {
      const first = await h.ok('POST', '/api/account/open', { token: owner.token, body: { user_id: owner.userId, initial_balance: 10 } });
      const second = await h.ok('POST', '/api/account/open', { token: owner.token, body: { user_id: owner.userId, init_cash: 20 } });
      assert.equal(typeof first.account_id, 'string');
      assert.ok(first.account_id.length > 0);
      assert.notEqual(first.account_id, second.account_id);
      assertFreshSummary(first, first.account_id, owner.userId, 10);
      assertFreshSummary(second, second.account_id, owner.userId, 20);
      // The generated id works everywhere an id is taken, path segments included.
      const snapshot = await h.ok('GET', `/api/account/${encodeURIComponent(first.account_id)}`, { token: owner.token });
      assert.equal(snapshot.account_cookie, first.account_id);
      const list = await h.ok('GET', `/api/user/${owner.userId}/accounts`, { token: owner.token });
      const ids = list.accounts.map((a: { account_id: string }) => a.account_id);
      assert.ok(ids.includes(first.account_id) && ids.includes(second.account_id));
    });

    it('says what an account id may hold, in words (1001 / 400)', async () => {
      const message = await refused(h, 'POST', '/api/account/open', { token: owner.token, body: { user_id: owner.userId, account_id: 'has space', initial_balance: 1 } }, 1001, 400);
      assert.match(message, /account_id (may hold only letters, digits and|must be 1 to 64 characters: letters, digits and)/);
      assert.doesNotMatch(message, /pattern/);
    });

    it('refuses an account_id already in use with 2002 / 409, even one of another user', async () => {
      await h.ok('POST', '/api/account/open', { token: owner.token, body: { user_id: owner.userId, account_id: 'OPEN-DUP', initial_balance: 1 } });
      await refused(h, 'POST', '/api/account/open', { token: owner.token, body: { user_id: owner.userId, account_id: 'OPEN-DUP', initial_balance: 5 } }, 2002, 409);
      await refused(
        h,
        'POST',
        '/api/account/open',
        { token: owner.token, body: { user_id: owner.userId, account_id: stranger.accountId, initial_balance: 5 } },
        2002,
        409,
      );
      // The existing account is untouched.
      const summary = await h.ok('GET', '/api/account/OPEN-DUP', { token: owner.token });
      assert.equal(summary.balance, 1);
      const theirs = await h.ok('GET', `/api/account/${stranger.accountId}`, { token: stranger.token });
      assert.equal(theirs.user_id, stranger.userId);
      assert.equal(theirs.balance, 50_000);
    });

    it('refuses an amount with three decimals with 1001 / 400', async () => {
      await refusedNaming(
        h,
        'POST',
        '/api/account/open',
        { token: owner.token, body: { user_id: owner.userId, account_id: 'OPEN-3DEC', initial_balance: 100.123 } },
        1001,
        400,
        'initial_balance',
      );
      await refused(h, 'POST', '/api/account/open', { token: owner.token, body: { user_id: owner.userId, account_id: 'OPEN-3DEC', init_cash: 0.001 } }, 1001, 400);
      // Nothing was opened.
      await refused(h, 'GET', '/api/account/OPEN-3DEC', { token: owner.token }, 2001, 404);
    });

    it('refuses a missing, negative or mistyped balance and a bad account_id with 1001 / 400', async () => {
      const open = (body: Record<string, unknown>) => ({ token: owner.token, body: { user_id: owner.userId, ...body } });
      await refusedNaming(h, 'POST', '/api/account/open', open({ account_id: 'OPEN-BAD' }), 1001, 400, 'initial_balance');
      await refusedNaming(h, 'POST', '/api/account/open', open({ account_id: 'OPEN-BAD', initial_balance: -1 }), 1001, 400, 'initial_balance');
      await refusedNaming(h, 'POST', '/api/account/open', open({ account_id: 'OPEN-BAD', initial_balance: '100' }), 1001, 400, 'initial_balance');
      await refusedNaming(h, 'POST', '/api/account/open', open({ account_id: 'OPEN-BAD', init_cash: -5 }), 1001, 400, 'init_cash');
      await refusedNaming(h, 'POST', '/api/account/open', open({ account_id: 'bad id!', initial_balance: 1 }), 1001, 400, 'account_id');
      await refusedNaming(h, 'POST', '/api/account/open', open({ account_id: 'x'.repeat(65), initial_balance: 1 }), 1001, 400, 'account_id');
      await refusedNaming(h, 'POST', '/api/account/open', open({ account_id: '', initial_balance: 1 }), 1001, 400, 'account_id');
      await refusedNaming(h, 'POST', '/api/account/open', { token: owner.token, body: { account_id: 'OPEN-BAD', initial_balance: 1 } }, 1001, 400, 'user_id');
      await refused(h, 'GET', '/api/account/OPEN-BAD', { token: owner.token }, 2001, 404);
    });

    it('refuses opening for another user with 1003 / 403; the admin may; an unknown user is 1004 / 404', async () => {
      await refused(h, 'POST', '/api/account/open', { token: owner.token, body: { user_id: stranger.userId, account_id: 'OPEN-THEIRS', initial_balance: 1 } }, 1003, 403);
      const byAdmin = await h.ok('POST', '/api/account/open', {
        token: h.admin.token,
        body: { user_id: stranger.userId, account_id: 'OPEN-BY-ADMIN', initial_balance: 700 },
      });
      assertFreshSummary(byAdmin, 'OPEN-BY-ADMIN', stranger.userId, 700);
      await refused(h, 'POST', '/api/account/open', { token: h.admin.token, body: { user_id: randomUUID(), account_id: 'OPEN-GHOST', initial_balance: 1 } }, 1004, 404);
    });

    it('needs a token (1002 / 401)', async () => {
      await needsToken(h, 'POST', '/api/account/open', { user_id: owner.userId, account_id: 'OPEN-ANON', initial_balance: 1 });
    });
  });

  describe('POST /api/user/{user_id}/account/create and GET /api/user/{user_id}/accounts', () => {
    let kim: TestUser;
    before(async () => {
      kim = await h.user('acct_kim');
    });

    it('creates accounts (with and without account_id) and lists them with their summaries', async () => {
      assert.deepEqual((await h.ok('GET', `/api/user/${kim.userId}/accounts`, { token: kim.token })).accounts, []);
      const named = await h.ok('POST', `/api/user/${kim.userId}/account/create`, { token: kim.token, body: { account_id: 'KIM-1', initial_balance: 1000.25 } });
      assertFreshSummary(named, 'KIM-1', kim.userId, 1000.25);
      const generated = await h.ok('POST', `/api/user/${kim.userId}/account/create`, { token: kim.token, body: { init_cash: 99 } });
      assertFreshSummary(generated, generated.account_id, kim.userId, 99);
      await h.ok('POST', '/api/account/deposit', { token: kim.token, body: { account_id: 'KIM-1', amount: 0.75 } });

      const list = await h.ok('GET', `/api/user/${kim.userId}/accounts`, { token: kim.token });
      assert.deepEqual(Object.keys(list), ['accounts']);
      assert.equal(list.accounts.length, 2);
      for (const row of list.accounts) hasFields(row, { account_id: 'string', balance: 'number', available: 'number', margin: 'number' }, 'accounts[]');
      assert.deepEqual(
        list.accounts.map((a: Record<string, unknown>) => [a.account_id, a.balance, a.available, a.margin]),
        [
          ['KIM-1', 1001, 1001, 0],
          [generated.account_id, 99, 99, 0],
        ],
      );
    });

    it('refuses an account_id in use (2002 / 409) and a missing or bad balance (1001 / 400)', async () => {
      await refused(h, 'POST', `/api/user/${kim.userId}/account/create`, { token: kim.token, body: { account_id: 'KIM-1', initial_balance: 1 } }, 2002, 409);
      await refusedNaming(h, 'POST', `/api/user/${kim.userId}/account/create`, { token: kim.token, body: { account_id: 'KIM-2' } }, 1001, 400, 'initial_balance');
      await refusedNaming(
        h,
        'POST',
        `/api/user/${kim.userId}/account/create`,
        { token: kim.token, body: { account_id: 'KIM-2', initial_balance: 1.005 } },
        1001,
        400,
        'initial_balance',
      );
      await refused(h, 'POST', `/api/user/${kim.userId}/account/create`, { token: kim.token }, 1001, 400);
    });

    it("refuses an account_id that is a user's id (1001 / 400): GET /api/account/{id} would answer it for that user", async () => {
      await refusedNaming(h, 'POST', `/api/user/${kim.userId}/account/create`, { token: kim.token, body: { account_id: stranger.userId, initial_balance: 5 } }, 1001, 400, 'user id');
      await refused(h, 'POST', '/api/account/open', { token: kim.token, body: { user_id: kim.userId, account_id: kim.userId, initial_balance: 5 } }, 1001, 400);
      // The stranger's own id still answers for the stranger's first account.
      const own = await h.ok('GET', `/api/account/${stranger.userId}`, { token: stranger.token });
      assert.equal(own.account_id, 'STRANGER-1');
    });

    it("refuses another user's path with 1003 / 403; the admin may; an unknown user is 1004 / 404", async () => {
      await refused(h, 'POST', `/api/user/${stranger.userId}/account/create`, { token: kim.token, body: { account_id: 'KIM-X', initial_balance: 1 } }, 1003, 403);
      await refused(h, 'GET', `/api/user/${stranger.userId}/accounts`, { token: kim.token }, 1003, 403);
      const created = await h.ok('POST', `/api/user/${kim.userId}/account/create`, { token: h.admin.token, body: { account_id: 'KIM-ADMIN', initial_balance: 5 } });
      assertFreshSummary(created, 'KIM-ADMIN', kim.userId, 5);
      const list = await h.ok('GET', `/api/user/${kim.userId}/accounts`, { token: h.admin.token });
      assert.ok(list.accounts.some((a: { account_id: string }) => a.account_id === 'KIM-ADMIN'));
      const ghost = randomUUID();
      await refused(h, 'POST', `/api/user/${ghost}/account/create`, { token: h.admin.token, body: { initial_balance: 1 } }, 1004, 404);
      await refused(h, 'GET', `/api/user/${ghost}/accounts`, { token: h.admin.token }, 1004, 404);
    });

    it('needs a token (1002 / 401)', async () => {
      await needsToken(h, 'POST', `/api/user/${kim.userId}/account/create`, { initial_balance: 1 });
      await needsToken(h, 'GET', `/api/user/${kim.userId}/accounts`);
    });
  });

  describe('GET /api/account/{id}', () => {
    let lee: Trader;
    let seller: Trader;
    before(async () => {
      lee = await h.trader('acct_lee', 'LEE-1', 2_000_000);
      await h.ok('POST', `/api/user/${lee.userId}/account/create`, { token: lee.token, body: { account_id: 'LEE-2', initial_balance: 3 } });
      seller = await h.trader('acct_seller', 'SELLER-1', 2_000_000);
      // Lee buys 2 lots of cu2701 at 86500 and leaves one bid resting.
      await h.order(seller, { direction: 'SELL', price: 86500, volume: 2, order_id: 'sell-1' });
      await h.order(lee, { direction: 'BUY', price: 86500, volume: 2, order_id: 'lee-buy-1' });
      await h.order(lee, { direction: 'BUY', price: 86000, volume: 1, order_id: 'lee-bid-2' });
    });

    it('answers the snapshot form with the summary fields at the top', async () => {
      const snap = await h.ok('GET', '/api/account/LEE-1', { token: lee.token });
      hasFields(snap, { account_cookie: 'string', accounts: 'object', positions: 'object', orders: 'object', trades: 'object', ...SUMMARY_FIELDS }, 'snapshot');
      assert.equal(snap.account_cookie, 'LEE-1');
      assert.equal(snap.account_id, 'LEE-1');
      assert.equal(snap.user_id, lee.userId);
      hasFields(snap.accounts, ACCOUNT_FIELDS, 'accounts');
      assert.equal(snap.accounts.user_id, lee.userId);
      assert.equal(snap.accounts.currency, 'CNY');
      // The top-level summary repeats the accounts figures.
      for (const field of ['balance', 'available', 'margin', 'frozen_margin', 'risk_ratio'] as const) {
        assert.equal(snap[field], snap.accounts[field], field);
      }
      assert.equal(cents(snap.frozen), cents(snap.balance) - cents(snap.available), 'frozen = balance - available');

      // Positions keyed <exchange_id>.<instrument_id>.
      assert.deepEqual(Object.keys(snap.positions), ['SHFE.cu2701']);
      const position = snap.positions['SHFE.cu2701'];
      assert.equal(position.exchange_id, 'SHFE');
      assert.equal(position.instrument_id, 'cu2701');
      assert.equal(position.user_id, lee.userId);
      assert.equal(position.volume_long, 2);
      assert.equal(position.margin, 2 * 86500 * 5 * 0.09);
      assert.equal(snap.accounts.margin, position.margin);

      // Orders keyed by order id, trades keyed by trade id.
      assert.deepEqual(Object.keys(snap.orders).sort(), ['lee-bid-2', 'lee-buy-1']);
      const filled = snap.orders['lee-buy-1'];
      assert.equal(filled.order_id, 'lee-buy-1');
      assert.equal(filled.status, 'FINISHED');
      assert.equal(filled.volume_orign, 2);
      assert.equal(filled.volume_left, 0);
      const resting = snap.orders['lee-bid-2'];
      assert.equal(resting.status, 'ALIVE');
      assert.equal(resting.volume_left, 1);
      assert.equal(snap.accounts.frozen_margin, resting.frozen_margin);
      assert.ok(snap.accounts.frozen_margin > 0);
      const tradeIds = Object.keys(snap.trades);
      assert.equal(tradeIds.length, 1);
      const trade = snap.trades[tradeIds[0] as string];
      assert.equal(trade.trade_id, tradeIds[0]);
      assert.equal(trade.order_id, 'lee-buy-1');
      assert.equal(trade.price, 86500);
      assert.equal(trade.volume, 2);
      assert.equal(trade.direction, 'BUY');
      assert.deepEqual(filled.trades, tradeIds);
      // Commission: rate x price x volume x multiplier, to the cent.
      assert.equal(cents(trade.commission), Math.round(0.00005 * 86500 * 2 * 5 * 100));
      assert.equal(snap.accounts.commission, trade.commission);
    });

    it("answers for a user id with that user's first account", async () => {
      const byUser = await h.ok('GET', `/api/account/${lee.userId}`, { token: lee.token });
      const byAccount = await h.ok('GET', '/api/account/LEE-1', { token: lee.token });
      assert.equal(byUser.account_cookie, 'LEE-1');
      assert.equal(byUser.user_id, lee.userId);
      hasFields(byUser, { user_id: 'string', balance: 'number', available: 'number', margin: 'number', risk_ratio: 'number' }, 'alternative form');
      assert.deepEqual(byUser.accounts, byAccount.accounts);
      assert.deepEqual(byUser.positions, byAccount.positions);
    });

    it("refuses another user's account or user id with 1003 / 403; the admin may read both", async () => {
      await refused(h, 'GET', '/api/account/LEE-1', { token: stranger.token }, 1003, 403);
      await refused(h, 'GET', `/api/account/${lee.userId}`, { token: stranger.token }, 1003, 403);
      const byAdmin = await h.ok('GET', '/api/account/LEE-2', { token: h.admin.token });
      assert.equal(byAdmin.account_cookie, 'LEE-2');
      assert.equal(byAdmin.balance, 3);
      assert.equal((await h.ok('GET', `/api/account/${lee.userId}`, { token: h.admin.token })).account_cookie, 'LEE-1');
    });

    it('answers an unknown account with 2001 / 404, as well as a user without an account', async () => {
      await refused(h, 'GET', '/api/account/NO-SUCH-ACCOUNT', { token: lee.token }, 2001, 404);
      await refused(h, 'GET', '/api/account/NO-SUCH-ACCOUNT', { token: h.admin.token }, 2001, 404);
      const bare = await h.user('acct_bare');
      await refused(h, 'GET', `/api/account/${bare.userId}`, { token: bare.token }, 2001, 404);
    });

    it('needs a token (1002 / 401)', async () => {
      await needsToken(h, 'GET', '/api/account/LEE-1');
    });
  });

  describe('POST /api/account/deposit and /api/account/withdraw', () => {
    let mia: Trader;
    let counterpart: Trader;
    before(async () => {
      mia = await h.trader('acct_mia', 'MIA-1', 1000);
      counterpart = await h.trader('acct_counter', 'COUNTER-1', 1_000_000);
    });

    it('deposit answers the updated summary; cents add up exactly', async () => {
      const first = await h.ok('POST', '/api/account/deposit', { token: mia.token, body: { account_id: 'MIA-1', amount: 0.1 } });
      hasFields(first, SUMMARY_FIELDS, 'summary');
      assert.equal(first.account_id, 'MIA-1');
      assert.equal(first.balance, 1000.1);
      const second = await h.ok('POST', '/api/account/deposit', { token: mia.token, body: { account_id: 'MIA-1', amount: 0.2 } });
      assert.equal(second.balance, 1000.3);
      assert.equal(second.available, 1000.3);
      const snap = await h.ok('GET', '/api/account/MIA-1', { token: mia.token });
      assert.equal(snap.accounts.deposit, 1000.3);
      assert.equal(snap.accounts.withdraw, 0);
    });

    it('withdraw answers the updated summary; withdrawing all that is available is allowed', async () => {
      const after = await h.ok('POST', '/api/account/withdraw', { token: mia.token, body: { account_id: 'MIA-1', amount: 500.15 } });
      hasFields(after, SUMMARY_FIELDS, 'summary');
      assert.equal(after.balance, 500.15);
      assert.equal(after.available, 500.15);
      const empty = await h.ok('POST', '/api/account/withdraw', { token: mia.token, body: { account_id: 'MIA-1', amount: 500.15 } });
      assert.equal(empty.balance, 0);
      assert.equal(empty.available, 0);
      const snap = await h.ok('GET', '/api/account/MIA-1', { token: mia.token });
      assert.equal(snap.accounts.withdraw, 1000.3);
      await h.ok('POST', '/api/account/deposit', { token: mia.token, body: { account_id: 'MIA-1', amount: 1000 } });
    });

    it('refuses a withdrawal beyond available with 2003 / 422, also when the balance would cover it', async () => {
      await refused(h, 'POST', '/api/account/withdraw', { token: mia.token, body: { account_id: 'MIA-1', amount: 1000.01 } }, 2003, 422);
      // A resting order freezes margin: balance stays, available drops below it.
      await h.ok('POST', '/api/account/deposit', { token: counterpart.token, body: { account_id: 'COUNTER-1', amount: 1 } });
      await h.ok('POST', '/api/account/deposit', { token: mia.token, body: { account_id: 'MIA-1', amount: 99_000 } });
      await h.order(mia, { direction: 'BUY', price: 80000, volume: 1, order_id: 'mia-bid' });
      const summary = await h.ok('GET', '/api/account/MIA-1', { token: mia.token });
      assert.equal(summary.balance, 100_000);
      assert.ok(summary.available < summary.balance);
      await refused(h, 'POST', '/api/account/withdraw', { token: mia.token, body: { account_id: 'MIA-1', amount: summary.balance } }, 2003, 422);
      await refused(h, 'POST', '/api/account/withdraw', { token: mia.token, body: { account_id: 'MIA-1', amount: summary.available + 0.01 } }, 2003, 422);
      const unchanged = await h.ok('GET', '/api/account/MIA-1', { token: mia.token });
      assert.equal(unchanged.balance, 100_000);
      assert.equal(unchanged.available, summary.available);
      // All of available would leave the bid, filled, at the force-close ratio: a cent stays.
      const all = await refused(h, 'POST', '/api/account/withdraw', { token: mia.token, body: { account_id: 'MIA-1', amount: summary.available } }, 4001, 422);
      assert.match(all, /^Risk ratio limit exceeded: .*force-close threshold 1 .*; at most [\d.]+ of available [\d.]+ can go$/);
      assert.equal(summary.withdrawable, Math.round(summary.available * 100 - 1) / 100, 'the account tells what can go');
      const ok = await h.ok('POST', '/api/account/withdraw', { token: mia.token, body: { account_id: 'MIA-1', amount: summary.withdrawable } });
      assert.equal(ok.available, 0.01);
      assert.equal(ok.withdrawable, 0);
      await h.ok('POST', '/api/order/cancel', { token: mia.token, body: { account_id: 'MIA-1', order_id: 'mia-bid' } });
      const released = await h.ok('GET', '/api/account/MIA-1', { token: mia.token });
      assert.equal(released.available, released.balance);
      assert.equal(released.withdrawable, released.available, 'with nothing in use, all of it');
      assert.equal(released.frozen_margin, 0);
    });

    it('refuses an unknown account with 2001 / 404', async () => {
      await refused(h, 'POST', '/api/account/deposit', { token: mia.token, body: { account_id: 'NO-SUCH', amount: 1 } }, 2001, 404);
      await refused(h, 'POST', '/api/account/withdraw', { token: mia.token, body: { account_id: 'NO-SUCH', amount: 1 } }, 2001, 404);
      await refused(h, 'POST', '/api/account/withdraw', { token: h.admin.token, body: { account_id: 'NO-SUCH', amount: 1 } }, 2001, 404);
    });

    it("refuses another user's account with 1003 / 403; the admin may", async () => {
      await refused(h, 'POST', '/api/account/deposit', { token: mia.token, body: { account_id: 'COUNTER-1', amount: 1 } }, 1003, 403);
      await refused(h, 'POST', '/api/account/withdraw', { token: mia.token, body: { account_id: 'COUNTER-1', amount: 1 } }, 1003, 403);
      const before = await h.ok('GET', '/api/account/COUNTER-1', { token: counterpart.token });
      const deposited = await h.ok('POST', '/api/account/deposit', { token: h.admin.token, body: { account_id: 'COUNTER-1', amount: 10 } });
      assert.equal(cents(deposited.balance), cents(before.balance) + 1000);
      const withdrawn = await h.ok('POST', '/api/account/withdraw', { token: h.admin.token, body: { account_id: 'COUNTER-1', amount: 10 } });
      assert.equal(withdrawn.balance, before.balance);
    });

    it('refuses a bad amount with 1001 / 400', async () => {
      for (const kind of ['deposit', 'withdraw']) {
        const url = `/api/account/${kind}`;
        for (const amount of [0, -5, 1.001, '10', null, 1e13]) {
          await refusedNaming(h, 'POST', url, { token: mia.token, body: { account_id: 'MIA-1', amount } }, 1001, 400, 'amount');
        }
        await refusedNaming(h, 'POST', url, { token: mia.token, body: { account_id: 'MIA-1' } }, 1001, 400, 'amount');
        await refusedNaming(h, 'POST', url, { token: mia.token, body: { amount: 1 } }, 1001, 400, 'account_id');
      }
      const snap = await h.ok('GET', '/api/account/MIA-1', { token: mia.token });
      assert.equal(snap.available, snap.balance);
    });

    it('refuses a withdrawal from a frozen account with 2005 / 422; a deposit is still taken', async () => {
      const frozen = await h.trader('acct_frozen', 'FROZEN-1', 500);
      await h.exchange.submit({ type: 'account.set-frozen', accountId: 'FROZEN-1', frozen: true });
      await refused(h, 'POST', '/api/account/withdraw', { token: frozen.token, body: { account_id: 'FROZEN-1', amount: 1 } }, 2005, 422);
      const deposited = await h.ok('POST', '/api/account/deposit', { token: frozen.token, body: { account_id: 'FROZEN-1', amount: 1 } });
      assert.equal(deposited.balance, 501);
      await h.exchange.submit({ type: 'account.set-frozen', accountId: 'FROZEN-1', frozen: false });
      assert.equal((await h.ok('POST', '/api/account/withdraw', { token: frozen.token, body: { account_id: 'FROZEN-1', amount: 1 } })).balance, 500);
    });

    it('needs a token (1002 / 401)', async () => {
      await needsToken(h, 'POST', '/api/account/deposit', { account_id: 'MIA-1', amount: 1 });
      await needsToken(h, 'POST', '/api/account/withdraw', { account_id: 'MIA-1', amount: 1 });
    });
  });

  describe('GET /api/account/{user_id}/equity-curve (no settlement yet)', () => {
    it("answers one point now, the sum of the user's balances; by account id, that account's", async () => {
      const nora = await h.trader('acct_nora', 'NORA-1', 1000.5);
      await h.ok('POST', `/api/user/${nora.userId}/account/create`, { token: nora.token, body: { account_id: 'NORA-2', initial_balance: 250.25 } });
      const before = Date.now();
      const curve = await h.ok('GET', `/api/account/${nora.userId}/equity-curve`, { token: nora.token });
      assert.deepEqual(Object.keys(curve), ['equity_curve']);
      assert.equal(curve.equity_curve.length, 1);
      const [point] = curve.equity_curve;
      hasFields(point, { timestamp: 'integer', equity: 'number' }, 'point');
      assert.ok(point.timestamp >= before - 1000 && point.timestamp <= Date.now() + 1000, 'timestamp in ms, now');
      assert.equal(point.equity, 1250.75);
      const one = await h.ok('GET', '/api/account/NORA-2/equity-curve', { token: nora.token });
      assert.equal(one.equity_curve.length, 1);
      assert.equal(one.equity_curve[0].equity, 250.25);
      const bare = await h.user('acct_curve_bare');
      assert.deepEqual((await h.ok('GET', `/api/account/${bare.userId}/equity-curve`, { token: bare.token })).equity_curve, []);
      // The admin reads anyone's curve.
      assert.equal((await h.ok('GET', `/api/account/${nora.userId}/equity-curve`, { token: h.admin.token })).equity_curve[0].equity, 1250.75);
    });

    it("refuses another user's curve with 1003 / 403 and an unknown id with 1004 / 404 (admin)", async () => {
      await refused(h, 'GET', `/api/account/${stranger.userId}/equity-curve`, { token: owner.token }, 1003, 403);
      await refused(h, 'GET', `/api/account/${stranger.accountId}/equity-curve`, { token: owner.token }, 1003, 403);
      await refused(h, 'GET', `/api/account/${randomUUID()}/equity-curve`, { token: h.admin.token }, 1004, 404);
      await needsToken(h, 'GET', `/api/account/${owner.userId}/equity-curve`);
    });
  });
});
