import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { MAX_ENROLLMENTS } from '../../../src/adapters/http/routes/enrollment-routes.ts';
import { HttpHarness } from '../../support/http-harness.ts';
import { needsToken, refused } from '../../support/route-checks.ts';

describe('POST /api/management/users (enrolling a class)', () => {
  let h: HttpHarness;
  before(async () => {
    h = await HttpHarness.start();
  });
  after(async () => h.stop());

  it('registers each user with an account and its balance, generates the passwords not given, and answers one result per user in order', async () => {
    const taken = await h.trader('enrol_taken', 'ENROL-TAKEN');
    const reply = await h.asAdmin('POST', '/api/management/users', {
      users: [
        { username: 'enrol_ann', password: 'ann-secret', account_id: 'ENROL-ANN', initial_balance: 500_000 },
        { username: 'enrol_ben', initial_balance: 250_000 },
        { username: 'enrol_cy' },
        { username: taken.username.toUpperCase(), initial_balance: 1 },
        { username: 'enrol_dee', account_id: 'ENROL-TAKEN', initial_balance: 1 },
        { username: 'enrol_eve', account_id: taken.userId },
        { username: 'enrol_fay', initial_balance: 100.005 },
      ],
    });
    assert.equal(reply.enrolled, 3);
    const [ann, ben, cy, again, dee, eve, fay] = reply.users;
    assert.deepEqual(ann, { username: 'enrol_ann', user_id: ann.user_id, account_id: 'ENROL-ANN', password: null, error: null });
    assert.equal(ben.error, null);
    assert.match(ben.password, /^[A-Za-z0-9]{12}$/, 'a generated password is returned once: letters and digits');
    assert.match(ben.account_id, /^A[0-9a-f]{12}$/);
    assert.equal(cy.account_id, null, 'no account asked for, none opened');
    assert.deepEqual(again.error, { code: 2002, message: `username ${taken.username.toUpperCase()} is already taken` });
    // A taken account id refuses the user before it is registered: the list can be sent again, mended.
    assert.deepEqual([dee.user_id, dee.error.code], [null, 2002]);
    assert.deepEqual([eve.user_id, eve.error.code], [null, 1001]);
    assert.deepEqual(await h.asAdmin('GET', '/api/auth/users?search=enrol_dee'), []);
    // So does a balance the account would refuse: registered without it, the user's name was taken for good.
    assert.deepEqual([fay.user_id, fay.error.code, fay.error.message], [null, 1001, 'initial_balance must have at most two decimals, got 100.005']);
    assert.deepEqual(await h.asAdmin('GET', '/api/auth/users?search=enrol_fay'), []);

    // They can log in with those passwords and trade on those balances.
    const login = await h.ok('POST', '/api/auth/login', { body: { username: 'enrol_ben', password: ben.password } });
    const account = await h.ok('GET', `/api/account/${ben.account_id}`, { token: login.token });
    assert.equal(account.balance, 250_000);
    assert.equal(account.user_id, ben.user_id);
    const annLogin = await h.ok('POST', '/api/auth/login', { body: { username: 'enrol_ann', password: 'ann-secret' } });
    assert.equal((await h.ok('GET', '/api/account/ENROL-ANN', { token: annLogin.token })).balance, 500_000);
  });

  it(`refuses an empty or oversized batch (more than ${MAX_ENROLLMENTS}) and bad items with 1001 / 400, before enrolling anyone`, async () => {
    const users = Array.from({ length: MAX_ENROLLMENTS + 1 }, (_, i) => ({ username: `enrol_many_${i}` }));
    await refused(h, 'POST', '/api/management/users', { token: h.admin.token, body: { users } }, 1001, 400);
    await refused(h, 'POST', '/api/management/users', { token: h.admin.token, body: { users: [] } }, 1001, 400);
    await refused(h, 'POST', '/api/management/users', { token: h.admin.token, body: { users: [{ username: 'enrol_ok' }, { username: 'enrol_pw', password: 'short' }] } }, 1001, 400);
    await refused(h, 'POST', '/api/management/users', { token: h.admin.token, body: { users: [{ username: 'enrol_ok', initial_balance: -1 }] } }, 1001, 400);
    await refused(h, 'POST', '/api/management/users', { token: h.admin.token, body: { users: [{ username: 'enrol_ok', initial_balance: 1e13 }] } }, 1001, 400);
    await refused(h, 'POST', '/api/management/users', { token: h.admin.token, body: { users: [{ username: 'enrol_ok' }, { username: 'x' }] } }, 1001, 400);
    await refused(h, 'POST', '/api/management/users', { token: h.admin.token, body: { users: [{ username: 'enrol_ok', account_id: 'no spaces' }] } }, 1001, 400);
    const twice = await refused(h, 'POST', '/api/management/users', { token: h.admin.token, body: { users: [{ username: 'enrol_ok' }, { username: 'ENROL_OK' }] } }, 1001, 400);
    assert.equal(twice, 'body.users[1].username repeats body.users[0].username (ENROL_OK)');
    const sameAccount = await refused(
      h,
      'POST',
      '/api/management/users',
      { token: h.admin.token, body: { users: [{ username: 'enrol_ok', account_id: 'ENROL-X' }, { username: 'enrol_ok2' }, { username: 'enrol_ok3', account_id: 'ENROL-X' }] } },
      1001,
      400,
    );
    assert.equal(sameAccount, 'body.users[2].account_id repeats body.users[0].account_id (ENROL-X)');
    const listed = await h.asAdmin('GET', '/api/auth/users?search=enrol_ok');
    assert.deepEqual(listed, []);
  });

  it('is for administrators only', async () => {
    const user = await h.user('enrol_user');
    await refused(h, 'POST', '/api/management/users', { token: user.token, body: { users: [{ username: 'enrol_sneak' }] } }, 1003, 403);
    await needsToken(h, 'POST', '/api/management/users', { users: [{ username: 'enrol_sneak' }] });
  });
});

describe('POST /api/management/users when the exchange stops during a batch', () => {
  it('answers the users enrolled so far with their generated passwords, and says the rest were not tried', async () => {
    const h = await HttpHarness.start();
    try {
      const users = Array.from({ length: 40 }, (_, i) => ({ username: `enrol_stop_${i}`, initial_balance: 1_000 }));
      const pending = h.asAdmin('POST', '/api/management/users', { users });
      // Wait until some are registered, then stop the exchange under the batch.
      while (h.exchange.state.users.size < 5) await new Promise((resolve) => setTimeout(resolve, 5));
      await h.exchange.stop();
      const reply = await pending;
      assert.equal(reply.users.length, 40);
      const done = reply.users.filter((r: { error: unknown }) => r.error === null);
      assert.ok(done.length >= 3 && done.length < 40, `${done.length} enrolled before the stop`);
      for (const r of done) assert.match(r.password, /^[A-Za-z0-9]{12}$/);
      const rest = reply.users.slice(done.length);
      assert.match(rest[0].error.message, /^not enrolled: .*; look the user up before enrolling it again$/);
      for (const r of rest.slice(1)) assert.match(r.error.message, /^not tried: the exchange stopped taking requests/);
      assert.equal(reply.enrolled, done.length);
    } finally {
      await h.stop().catch(() => undefined);
    }
  });
});

describe('POST /api/management/users when a shutdown begins during a batch', () => {
  it('stops at the next user and answers at once, within the grace the shutdown gives requests in flight', async () => {
    const h = await HttpHarness.start();
    try {
      const users = Array.from({ length: 40 }, (_, i) => ({ username: `enrol_close_${i}` }));
      const pending = h.asAdmin('POST', '/api/management/users', { users });
      while (h.exchange.state.users.size < 5) await new Promise((resolve) => setTimeout(resolve, 5));
      const closed = h.service.http.close();
      const reply = await pending;
      await closed;
      const done = reply.users.filter((r: { error: unknown }) => r.error === null);
      assert.ok(done.length >= 3 && done.length < 40, `${done.length} enrolled before the shutdown`);
      for (const r of reply.users.slice(done.length)) assert.equal(r.error.message, 'not tried: the exchange is shutting down');
    } finally {
      await h.stop().catch(() => undefined);
    }
  });
});

describe('POST /api/management/users when the exchange fails between a registration and its account', () => {
  it('answers the registered user with its generated password, and ends the batch', async () => {
    const h = await HttpHarness.start();
    const exchange = h.exchange;
    const submit = exchange.submit.bind(exchange);
    try {
      // The account's command fails as a storage failure would (not a refusal of the exchange).
      exchange.submit = ((command: Parameters<typeof submit>[0]) =>
        command.type === 'account.open' ? Promise.reject(new Error('storage failed')) : submit(command)) as typeof exchange.submit;
      const reply = await h.asAdmin('POST', '/api/management/users', { users: [{ username: 'enrol_half', initial_balance: 100 }, { username: 'enrol_after' }] });
      const [half, after] = reply.users;
      assert.notEqual(half.user_id, null);
      assert.match(half.password, /^[A-Za-z0-9]{12}$/, 'the password of a user that exists is never lost');
      assert.deepEqual(half.error, { code: 1005, message: 'registered, but the account was not opened: storage failed' });
      assert.equal(after.user_id, null);
      assert.match(after.error.message, /^not tried: /);
      assert.equal(reply.enrolled, 1);
    } finally {
      exchange.submit = submit;
      await h.stop().catch(() => undefined);
    }
  });
});

