/**
 * /api/account/transfer, /api/account/{id}/banks and /transfers through in-process
 * injection: transfers in and out, the checks of both passwords (the login password limited
 * like logins), refusals recorded like any attempt, and the record's paging.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { HttpHarness, type TestUser } from '../../support/http-harness.ts';
import { hasFields, needsToken, refused, refusedNaming } from '../../support/route-checks.ts';

type Trader = TestUser & { accountId: string };

/** The banks of config/exchange.toml, in order. */
const BANKS = [
  { id: 'ICBC', name: 'Industrial and Commercial Bank of China' },
  { id: 'CCB', name: 'China Construction Bank' },
  { id: 'BOC', name: 'Bank of China' },
];

describe('HTTP bank transfers', () => {
  let h: HttpHarness;
  /** Another user, for permission checks. */
  let stranger: Trader;

  before(async () => {
    h = await HttpHarness.start();
    stranger = await h.trader('acct_stranger', 'STRANGER-1', 50_000);
  });
  after(async () => h.stop());

  describe('POST /api/account/transfer, GET /api/account/{id}/banks and /transfers', () => {
    let olga: Trader;
    const transfer = (body: Record<string, unknown>) => ({
      token: olga.token,
      body: { account_id: 'OLGA-1', bank_id: 'ICBC', bank_password: 'bank-pin', future_password: 'password1', ...body },
    });
    const balanceOf = async () => (await h.ok('GET', '/api/account/OLGA-1', { token: olga.token })).balance as number;
    const records = async () => (await h.ok('GET', '/api/account/OLGA-1/transfers', { token: olga.token })) as Record<string, unknown>[];

    before(async () => {
      olga = await h.trader('acct_olga', 'OLGA-1', 10_000);
    });

    it('lists the configured banks as {id, name}', async () => {
      const banks = await h.ok('GET', '/api/account/OLGA-1/banks', { token: olga.token });
      assert.deepEqual(banks, BANKS);
      assert.deepEqual(await h.ok('GET', '/api/account/OLGA-1/banks', { token: h.admin.token }), BANKS);
    });

    it('starts with no transfer records', async () => {
      assert.deepEqual(await records(), []);
    });

    it('moves funds in with a positive amount and records the transfer', async () => {
      const before = Date.now();
      const data = await h.ok('POST', '/api/account/transfer', transfer({ amount: 2500.55 }));
      hasFields(data, { transfer_id: 'string', datetime: 'integer', amount: 'number', error_id: 'integer', error_msg: 'string' }, 'transfer');
      assert.ok(data.transfer_id.length > 0);
      assert.ok(data.datetime >= before - 1000 && data.datetime <= Date.now() + 1000, 'datetime in ms');
      assert.equal(data.amount, 2500.55);
      assert.equal(data.error_id, 0);
      assert.equal(await balanceOf(), 12_500.55);
      const list = await records();
      assert.equal(list.length, 1);
      const record = list[0] as Record<string, unknown>;
      hasFields(
        record,
        { id: 'string', datetime: 'integer', currency: 'string', amount: 'number', error_id: 'integer', error_msg: 'string', bank_id: 'string', bank_name: 'string' },
        'record',
      );
      assert.equal(record.id, data.transfer_id);
      assert.equal(record.datetime, data.datetime);
      assert.equal(record.currency, 'CNY');
      assert.equal(record.amount, 2500.55);
      assert.equal(record.error_id, 0);
      assert.equal(record.bank_id, 'ICBC');
      assert.equal(record.bank_name, 'Industrial and Commercial Bank of China');
      const snap = await h.ok('GET', '/api/account/OLGA-1', { token: olga.token });
      assert.equal(snap.accounts.deposit, 12_500.55);
    });

    it('moves funds out with a negative amount and records the transfer', async () => {
      const data = await h.ok('POST', '/api/account/transfer', transfer({ amount: -500.55, bank_id: 'BOC' }));
      assert.equal(data.amount, -500.55);
      assert.equal(data.error_id, 0);
      assert.equal(await balanceOf(), 12_000);
      const list = await records();
      assert.equal(list.length, 2);
      const record = list[1] as Record<string, unknown>;
      assert.equal(record.id, data.transfer_id);
      assert.equal(record.amount, -500.55);
      assert.equal(record.error_id, 0);
      assert.equal(record.bank_id, 'BOC');
      assert.equal(record.bank_name, 'Bank of China');
      const snap = await h.ok('GET', '/api/account/OLGA-1', { token: olga.token });
      assert.equal(snap.accounts.withdraw, 500.55);
    });

    it('refuses a wrong future_password with 1002 and records the attempt with error_id != 0', async () => {
      await refused(h, 'POST', '/api/account/transfer', transfer({ amount: 100, future_password: 'not-the-password' }), 1002, 401);
      assert.equal(await balanceOf(), 12_000);
      const list = await records();
      assert.equal(list.length, 3);
      const record = list[2] as Record<string, unknown>;
      assert.equal(record.amount, 100);
      assert.notEqual(record.error_id, 0);
      assert.ok(String(record.error_msg).length > 0);
      // The bank password is the bank's business, not the exchange's login password.
      await h.ok('POST', '/api/account/transfer', transfer({ amount: 1, bank_password: 'anything' }));
      await h.ok('POST', '/api/account/transfer', transfer({ amount: -1 }));
    });

    it('refuses a transfer out beyond available (2003 / 422) and records it with error_id != 0', async () => {
      const count = (await records()).length;
      const message = await refused(h, 'POST', '/api/account/transfer', transfer({ amount: -12_000.01 }), 2003, 422);
      assert.equal(await balanceOf(), 12_000);
      const list = await records();
      assert.equal(list.length, count + 1);
      const record = list[count] as Record<string, unknown>;
      assert.ok(message.endsWith(` (recorded as transfer ${record.transfer_id})`), message);
      assert.equal(record.amount, -12_000.01);
      assert.notEqual(record.error_id, 0);
      assert.ok(String(record.error_msg).length > 0);
      // Exactly what is available may leave.
      await h.ok('POST', '/api/account/transfer', transfer({ amount: -12_000 }));
      assert.equal(await balanceOf(), 0);
      await h.ok('POST', '/api/account/transfer', transfer({ amount: 12_000 }));
    });

    it('refuses an unknown bank with 1001 / 400 naming bank_id, and records it with error_id != 0', async () => {
      const count = (await records()).length;
      await refusedNaming(h, 'POST', '/api/account/transfer', transfer({ amount: 100, bank_id: 'NOBANK' }), 1001, 400, 'bank_id');
      assert.equal(await balanceOf(), 12_000);
      const list = await records();
      assert.equal(list.length, count + 1);
      const record = list[count] as Record<string, unknown>;
      assert.deepEqual([record.bank_id, record.bank_name, record.error_id], ['NOBANK', '', 1001]);
    });

    it('refuses a zero or three-decimal amount with 1001 / 400 and moves nothing', async () => {
      for (const amount of [0, 10.001, -0.005]) {
        const message = await refused(h, 'POST', '/api/account/transfer', transfer({ amount }), 1001, 400);
        // Not "must be positive": a negative amount is a transfer out.
        if (amount === 0) assert.match(message, /must not be 0: .*negative one out/);
      }
      assert.equal(await balanceOf(), 12_000);
    });

    it('refuses missing fields with 1001 / 400 naming the field (all are required)', async () => {
      for (const field of ['account_id', 'bank_id', 'amount', 'bank_password', 'future_password']) {
        const body: Record<string, unknown> = { account_id: 'OLGA-1', bank_id: 'ICBC', amount: 1, bank_password: 'pin', future_password: 'password1' };
        delete body[field];
        await refusedNaming(h, 'POST', '/api/account/transfer', { token: olga.token, body }, 1001, 400, field);
      }
      await refusedNaming(h, 'POST', '/api/account/transfer', transfer({ amount: '100' }), 1001, 400, 'amount');
    });

    it('refuses an unknown account with 2001 / 404 and another user\'s with 1003 / 403', async () => {
      await refused(h, 'POST', '/api/account/transfer', transfer({ account_id: 'NO-SUCH', amount: 1 }), 2001, 404);
      await refused(h, 'POST', '/api/account/transfer', transfer({ account_id: stranger.accountId, amount: 1 }), 1003, 403);
      await refused(h, 'GET', '/api/account/NO-SUCH/banks', { token: olga.token }, 2001, 404);
      await refused(h, 'GET', `/api/account/${stranger.accountId}/banks`, { token: olga.token }, 1003, 403);
      await refused(h, 'GET', '/api/account/NO-SUCH/transfers', { token: olga.token }, 2001, 404);
      await refused(h, 'GET', `/api/account/${stranger.accountId}/transfers`, { token: olga.token }, 1003, 403);
      // Nothing was recorded on the stranger's account.
      assert.deepEqual(await h.ok('GET', `/api/account/${stranger.accountId}/transfers`, { token: stranger.token }), []);
    });

    it('refuses a transfer out of a frozen account with 2005 / 422 and records it', async () => {
      const pat = await h.trader('acct_pat', 'PAT-1', 100);
      await h.exchange.submit({ type: 'account.set-frozen', accountId: 'PAT-1', frozen: true });
      const body = { account_id: 'PAT-1', bank_id: 'CCB', amount: -10, bank_password: 'pin', future_password: 'password1' };
      await refused(h, 'POST', '/api/account/transfer', { token: pat.token, body }, 2005, 422);
      const list = await h.ok('GET', '/api/account/PAT-1/transfers', { token: pat.token });
      assert.equal(list.length, 1);
      assert.notEqual(list[0].error_id, 0);
      await h.exchange.submit({ type: 'account.set-frozen', accountId: 'PAT-1', frozen: false });
    });

    it('limits guesses of future_password like logins: after five wrong ones, 429, recorded, unchecked', async () => {
      const guessed = await h.trader('acct_guessed', 'GUESSED-1', 100);
      const body = (future_password: string) => ({ account_id: 'GUESSED-1', bank_id: 'CCB', amount: 1, bank_password: 'pin', future_password });
      const replies = await Promise.all(Array.from({ length: 8 }, (_, i) => h.call('POST', '/api/account/transfer', { token: guessed.token, body: body(`guess-${i}`) })));
      assert.deepEqual(replies.map((r) => r.status).sort(), [401, 401, 401, 401, 401, 429, 429, 429]);
      // The right password is not checked either while blocked.
      await refused(h, 'POST', '/api/account/transfer', { token: guessed.token, body: body('password1') }, 1002, 429);
      const list = await h.ok('GET', '/api/account/GUESSED-1/transfers', { token: guessed.token });
      assert.equal(list.length, 9, 'every attempt recorded');
      assert.ok(list.every((r: { error_id: number }) => r.error_id !== 0));
    });

    it('lists every attempt in order, failed or not', async () => {
      const list = await records();
      assert.deepEqual(
        list.map((r) => [r.amount, r.error_id === 0]),
        [
          [2500.55, true],
          [-500.55, true],
          [100, false],
          [1, true],
          [-1, true],
          [-12_000.01, false],
          [-12_000, true],
          [12_000, true],
          [100, false], // the unknown bank
          [0, false],
          [10.001, false],
          [-0.005, false],
        ],
      );
      const datetimes = list.map((r) => r.datetime as number);
      assert.deepEqual([...datetimes].sort((a, b) => a - b), datetimes);
      assert.equal(new Set(list.map((r) => r.id)).size, list.length, 'ids are unique');
    });

    it('pages the transfer records with limit and offset, like every list route', async () => {
      const list = await records();
      assert.ok(list.length >= 5);
      const url = '/api/account/OLGA-1/transfers';
      assert.deepEqual(await h.ok('GET', `${url}?limit=2`, { token: olga.token }), list.slice(0, 2));
      assert.deepEqual(await h.ok('GET', `${url}?limit=2&offset=3`, { token: olga.token }), list.slice(3, 5));
      assert.deepEqual(await h.ok('GET', `${url}?offset=${list.length}`, { token: olga.token }), []);
      await refusedNaming(h, 'GET', `${url}?limit=0`, { token: olga.token }, 1001, 400, 'limit');
      await refusedNaming(h, 'GET', `${url}?limit=1001`, { token: olga.token }, 1001, 400, 'limit');
      await refusedNaming(h, 'GET', `${url}?offset=-1`, { token: olga.token }, 1001, 400, 'offset');
    });

    it('refuses an amount above the per-movement maximum (1e12, as deposits do) with 1001 / 400', async () => {
      const quinn = await h.trader('acct_quinn', 'QUINN-1', 100);
      const body = { account_id: 'QUINN-1', bank_id: 'ICBC', amount: 1e15, bank_password: 'pin', future_password: 'password1' };
      // A deposit of the same amount is refused (1001): a transfer in is a deposit by another door.
      await refusedNaming(h, 'POST', '/api/account/deposit', { token: quinn.token, body: { account_id: 'QUINN-1', amount: 1e15 } }, 1001, 400, 'amount');
      await refused(h, 'POST', '/api/account/transfer', { token: quinn.token, body }, 1001, 400);
      // Out: the amount is named with its sign.
      const out = await refused(h, 'POST', '/api/account/transfer', { token: quinn.token, body: { ...body, amount: -1e15 } }, 1001, 400);
      assert.match(out, /^amount -1000000000000000: its size must not exceed 1000000000000, got 1000000000000000 \(recorded as transfer T[0-9a-f]{16}\)$/);
      const snap = await h.ok('GET', '/api/account/QUINN-1', { token: quinn.token });
      assert.equal(snap.balance, 100, 'no money moved');
    });

    it('refuses amounts finer than a cent that round to nothing (1e-9) with 1001 / 400', async () => {
      const rae = await h.trader('acct_rae', 'RAE-1', 100);
      await refusedNaming(h, 'POST', '/api/account/deposit', { token: rae.token, body: { account_id: 'RAE-1', amount: 1e-9 } }, 1001, 400, 'amount');
      await refusedNaming(h, 'POST', '/api/account/withdraw', { token: rae.token, body: { account_id: 'RAE-1', amount: 1e-9 } }, 1001, 400, 'amount');
      const body = { account_id: 'RAE-1', bank_id: 'ICBC', amount: 1e-9, bank_password: 'pin', future_password: 'password1' };
      await refused(h, 'POST', '/api/account/transfer', { token: rae.token, body }, 1001, 400);
      const list = await h.ok('GET', '/api/account/RAE-1/transfers', { token: rae.token });
      assert.ok(list.every((r: { error_id: number }) => r.error_id !== 0), 'no successful transfer of nothing is recorded');
      await refusedNaming(
        h,
        'POST',
        '/api/account/open',
        { token: rae.token, body: { user_id: rae.userId, account_id: 'RAE-2', initial_balance: 1e-9 } },
        1001,
        400,
        'initial_balance',
      );
    });

    it('needs a token (1002 / 401)', async () => {
      await needsToken(h, 'POST', '/api/account/transfer', { account_id: 'OLGA-1', bank_id: 'ICBC', amount: 1, bank_password: 'pin', future_password: 'password1' });
      await needsToken(h, 'GET', '/api/account/OLGA-1/banks');
      await needsToken(h, 'GET', '/api/account/OLGA-1/transfers');
    });
  });
});
