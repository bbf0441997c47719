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
    const taken = await h.user('enrol_taken');
    const reply = await h.asAdmin('POST', '/api/management/users', {
      users: [
        { username: 'enrol_ann', password: 'ann-secret', account_id: 'ENROL-ANN', initial_balance: 500_000 },
        { username: 'enrol_ben', initial_balance: 250_000 },
        { username: 'enrol_cy' },
        { username: taken.username, initial_balance: 1 },
        { username: 'x', initial_balance: 1 },
        { username: 'enrol_dee', account_id: 'ENROL-ANN', initial_balance: 1 },
      ],
    });
    assert.equal(reply.enrolled, 4);
    const [ann, ben, cy, again, short, dee] = reply.users;
    assert.deepEqual(ann, { username: 'enrol_ann', user_id: ann.user_id, account_id: 'ENROL-ANN', password: null, error: null });
    assert.equal(ben.error, null);
    assert.match(ben.password, /^[\w-]{12}$/, 'a generated password is returned once');
    assert.match(ben.account_id, /^A[0-9a-f]{12}$/);
    assert.equal(cy.account_id, null, 'no account asked for, none opened');
    assert.equal(again.user_id, null);
    assert.equal(again.error.code, 2002);
    assert.equal(short.error.code, 1001);
    assert.equal(dee.error.code, 2002, 'the account id is taken');
    assert.match(dee.error.message, /^registered, but the account was not opened: /);
    assert.notEqual(dee.user_id, null);

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
    const listed = await h.asAdmin('GET', '/api/auth/users?search=enrol_ok');
    assert.deepEqual(listed, []);
  });

  it('is for administrators only', async () => {
    const user = await h.user('enrol_user');
    await refused(h, 'POST', '/api/management/users', { token: user.token, body: { users: [{ username: 'enrol_sneak' }] } }, 1003, 403);
    await needsToken(h, 'POST', '/api/management/users', { users: [{ username: 'enrol_sneak' }] });
  });
});
