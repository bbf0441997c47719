/**
 * /api/auth through in-process injection: registration, login (JWT), the login rate limit,
 * user records and the admin's user list. Asserts codes, statuses and data, never message
 * texts beyond "not empty" and "names the field".
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { createSigner } from 'fast-jwt';
import { ADMIN, HttpHarness } from '../../support/http-harness.ts';
import { hasFields, jwtPayload, needsToken, refused, refusedNaming, UUID } from '../../support/route-checks.ts';
import { configWithExchangeToml } from '../../support/shipped-config.ts';

/** The harness's JWT secret (HttpHarness.start). */
const SECRET = 'test-secret-0123456789-0123456789-abcdef';

describe('HTTP /api/auth', () => {
  let h: HttpHarness;
  before(async () => {
    h = await HttpHarness.start();
  });
  after(async () => h.stop());

  describe('POST /api/auth/register', () => {
    it('creates a user and answers user_id, username and created_at, without any password field', async () => {
      const before = Date.now();
      const reply = await h.call('POST', '/api/auth/register', { body: { username: 'reg_alice', password: 'secret-pass' } });
      assert.equal(reply.status, 200);
      assert.equal(reply.body.success, true);
      assert.equal(reply.body.error, null);
      const data = reply.body.data;
      hasFields(data, { user_id: 'string', username: 'string', created_at: 'string' }, 'data');
      assert.match(data.user_id, UUID);
      assert.equal(data.username, 'reg_alice');
      const created = Date.parse(data.created_at);
      assert.ok(Number.isFinite(created), 'created_at is an ISO 8601 timestamp');
      assert.match(data.created_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/);
      assert.ok(created >= before - 1000 && created <= Date.now() + 1000, 'created_at is now');
      assert.ok(!reply.raw.includes('secret-pass'), 'the password is never returned');
      assert.ok(!/password|hash/i.test(Object.keys(data).join(',')), 'no password or hash field');
    });

    it('accepts the allowed characters and the length limits (3 and 32)', async () => {
      for (const username of ['abc', 'u.s_e-r@x', 'x'.repeat(32)]) {
        const data = await h.ok('POST', '/api/auth/register', { body: { username, password: '123456' } });
        assert.equal(data.username, username);
      }
    });

    it('refuses a username already taken with 2002 / 409, whatever its case', async () => {
      await h.ok('POST', '/api/auth/register', { body: { username: 'taken_name', password: 'password1' } });
      await refused(h, 'POST', '/api/auth/register', { body: { username: 'taken_name', password: 'other-password' } }, 2002, 409);
      await refused(h, 'POST', '/api/auth/register', { body: { username: 'TAKEN_Name', password: 'other-password' } }, 2002, 409);
    });

    it('refuses an invalid username with 1001 / 400 naming the field', async () => {
      for (const username of ['ab', 'has space', 'bad!char', 'x'.repeat(33), '', 'name/slash', 'y'.repeat(200)]) {
        await refusedNaming(h, 'POST', '/api/auth/register', { body: { username, password: 'password1' } }, 1001, 400, 'username');
        // The rule in words, the same for every length: not a regular expression, not a 64 of the schema's.
        const message = await h.fails('POST', '/api/auth/register', { body: { username, password: 'password1' } }, 1001, 400);
        assert.match(message, /username must be 3 to 32 characters: letters, digits and _ \. @ -/);
      }
    });

    it("refuses names that read as the exchange's staff to a trader registering itself; an operator may still give them", async () => {
      for (const username of ['Administrator', 'sup.port', 'SYSTEM', 'root', 'Risk_Control']) {
        const message = await refused(h, 'POST', '/api/auth/register', { body: { username, password: 'password1' } }, 1001, 400);
        assert.equal(message, `username ${JSON.stringify(username)} reads as the exchange's own staff: choose another`);
      }
      await h.ok('POST', '/api/auth/register', { body: { username: 'admin_fan', password: 'password1' } });
      const enrolled = await h.asAdmin('POST', '/api/management/users', { users: [{ username: 'support' }] });
      assert.deepEqual([enrolled.enrolled, enrolled.users[0].error], [1, null], 'an operator may enrol "support"');
    });

    it('refuses a password shorter than 6 characters with 1001 / 400 naming the field', async () => {
      await refusedNaming(h, 'POST', '/api/auth/register', { body: { username: 'shortpw', password: '12345' } }, 1001, 400, 'password');
      await refusedNaming(h, 'POST', '/api/auth/register', { body: { username: 'shortpw', password: '' } }, 1001, 400, 'password');
      // Nothing was registered by the refusals.
      await h.ok('POST', '/api/auth/register', { body: { username: 'shortpw', password: '123456' } });
    });

    it('refuses missing or mistyped fields with 1001 / 400', async () => {
      await refusedNaming(h, 'POST', '/api/auth/register', { body: { username: 'nopass' } }, 1001, 400, 'password');
      await refusedNaming(h, 'POST', '/api/auth/register', { body: { password: 'password1' } }, 1001, 400, 'username');
      await refused(h, 'POST', '/api/auth/register', { body: {} }, 1001, 400);
      await refused(h, 'POST', '/api/auth/register', {}, 1001, 400);
      await refusedNaming(h, 'POST', '/api/auth/register', { body: { username: 'typed', password: 1234567 } }, 1001, 400, 'password');
      await refusedNaming(h, 'POST', '/api/auth/register', { body: { username: ['typed'], password: 'password1' } }, 1001, 400, 'username');
      assert.match(await refused(h, 'POST', '/api/auth/register', { rawBody: '{"username": "typed", ' }, 1001, 400), /malformed JSON body/);
      // Valid JSON with a prototype key: refused for the key, not called malformed.
      for (const rawBody of ['{"username":"protoed","password":"password1","__proto__":{"x":1}}', '{"username":"protoed","password":"password1","constructor":{"prototype":{"x":1}}}']) {
        assert.match(await refused(h, 'POST', '/api/auth/register', { rawBody }, 1001, 400), /a key named __proto__, or constructor holding prototype, is not accepted/);
      }
      await refused(h, 'POST', '/api/auth/register', { body: 'a string' }, 1001, 400);
      // JSON sent as text/plain: the content type is what is wrong, and the message says so.
      const asText = { rawBody: '{"username":"texty","password":"password1"}', headers: { 'content-type': 'text/plain' } };
      assert.match(await refused(h, 'POST', '/api/auth/register', asText, 1001, 400), /must be JSON \(Content-Type: application\/json\)/);
      // An empty text/plain body is no body (fetch sends one for a PUT with body ''): a route without a body takes it.
      const suspend = await h.call('PUT', '/api/admin/instrument/SHFE.rb2701/suspend', { token: h.admin.token, rawBody: '', headers: { 'content-type': 'text/plain' } });
      assert.equal(suspend.status, 200, suspend.raw);
      await h.ok('PUT', '/api/admin/instrument/SHFE.rb2701/resume', { token: h.admin.token });
    });

    it('creates no account: the new user has no account_ids', async () => {
      const user = await h.user('no_account_yet');
      const record = await h.ok('GET', `/api/auth/user/${user.userId}`, { token: user.token });
      assert.deepEqual(record.account_ids, []);
      const accounts = await h.ok('GET', `/api/user/${user.userId}/accounts`, { token: user.token });
      assert.deepEqual(accounts.accounts, []);
    });
  });

  describe('POST /api/auth/login', () => {
    it('returns user_id, username and a JWT usable on a private route', async () => {
      const registered = await h.ok('POST', '/api/auth/register', { body: { username: 'login_bob', password: 'bob-password' } });
      const login = await h.ok('POST', '/api/auth/login', { body: { username: 'login_bob', password: 'bob-password' } });
      hasFields(login, { user_id: 'string', username: 'string', token: 'string' }, 'data');
      assert.equal(login.user_id, registered.user_id);
      assert.equal(login.username, 'login_bob');
      assert.ok(!JSON.stringify(login).includes('bob-password'));
      // DECISIONS.md: HS256, sub = user_id, username, role, iat, exp (24 h by default).
      const header = JSON.parse(Buffer.from(login.token.split('.')[0], 'base64url').toString('utf8'));
      assert.equal(header.alg, 'HS256');
      const claims = jwtPayload(login.token);
      assert.equal(claims.sub, registered.user_id);
      assert.equal(claims.username, 'login_bob');
      assert.equal(claims.role, 'user');
      assert.equal(typeof claims.iat, 'number');
      assert.equal(typeof claims.exp, 'number');
      assert.equal((claims.exp as number) - (claims.iat as number), 24 * 3600);
      // The token opens a private route.
      const me = await h.ok('GET', `/api/auth/user/${registered.user_id}`, { token: login.token });
      assert.equal(me.user_id, registered.user_id);
      assert.equal(me.username, 'login_bob');
      // The admin's token carries role admin.
      assert.equal(jwtPayload(h.admin.token).role, 'admin');
    });

    it('refuses a wrong password with 1002 / 401', async () => {
      await h.user('login_carol', 'carol-password');
      await refused(h, 'POST', '/api/auth/login', { body: { username: 'login_carol', password: 'not-carols' } }, 1002, 401);
    });

    it('refuses an unknown user with 1002 / 401', async () => {
      await refused(h, 'POST', '/api/auth/login', { body: { username: 'nobody_here', password: 'whatever1' } }, 1002, 401);
    });

    it('ignores the case of ASCII letters only: a name that folds into one (the Kelvin sign) is another name', async () => {
      await h.user('kate_kelvin', 'kate-password');
      await h.ok('POST', '/api/auth/login', { body: { username: 'KATE_KELVIN', password: 'kate-password' } });
      await refused(h, 'POST', '/api/auth/login', { body: { username: '\u212Aate_kelvin', password: 'kate-password' } }, 1002, 401);
    });

    it('refuses missing fields with 1001 / 400', async () => {
      await refusedNaming(h, 'POST', '/api/auth/login', { body: { username: 'login_carol' } }, 1001, 400, 'password');
      await refusedNaming(h, 'POST', '/api/auth/login', { body: { password: 'carol-password' } }, 1001, 400, 'username');
      await refused(h, 'POST', '/api/auth/login', {}, 1001, 400);
    });

    it('answers repeated failures with 429 and the envelope; other users are not affected', async () => {
      await h.user('locked_out', 'right-password');
      let limited: Awaited<ReturnType<HttpHarness['call']>> | undefined;
      for (let attempt = 1; attempt <= 10 && limited === undefined; attempt++) {
        const reply = await h.call('POST', '/api/auth/login', { body: { username: 'locked_out', password: `wrong-${attempt}` } });
        if (reply.status === 429) limited = reply;
        else {
          assert.equal(reply.status, 401);
          assert.equal(reply.body.error?.code, 1002);
        }
      }
      assert.ok(limited !== undefined, 'ten failed logins in a row are rate-limited');
      assert.equal(limited.body.success, false);
      assert.equal(limited.body.data, null);
      assert.equal(typeof limited.body.error?.code, 'number');
      assert.equal(limited.body.error?.code, 1002);
      assert.ok((limited.body.error?.message ?? '').length > 0);
      const wait = Number(limited.headers['retry-after']);
      assert.ok(Number.isInteger(wait) && wait >= 1 && wait <= 60, `Retry-After ${limited.headers['retry-after']}`);
      // Still limited on the next attempt.
      assert.equal((await h.call('POST', '/api/auth/login', { body: { username: 'locked_out', password: 'wrong-again' } })).status, 429);
      // Another user logs in normally.
      await h.user('not_locked', 'password1');
      const other = await h.ok('POST', '/api/auth/login', { body: { username: 'not_locked', password: 'password1' } });
      assert.equal(typeof other.token, 'string');
    });

    it('limits a burst of guesses sent together: five are checked, the rest answer 429 unchecked', async () => {
      await h.user('burst_target', 'right-password');
      const replies = await Promise.all(
        Array.from({ length: 30 }, (_, i) => h.call('POST', '/api/auth/login', { body: { username: 'burst_target', password: `guess-${i}` } })),
      );
      const statuses = replies.map((r) => r.status);
      assert.equal(statuses.filter((s) => s === 401).length, 5, `checked: ${statuses.join(',')}`);
      assert.equal(statuses.filter((s) => s === 429).length, 25);
      // While blocked, the right password is refused too: answering it would keep answering guesses.
      assert.equal((await h.call('POST', '/api/auth/login', { body: { username: 'burst_target', password: 'right-password' } })).status, 429);
    });

    it('lets several right logins sent together all pass (a client opening sessions at once)', async () => {
      await h.user('many_sessions', 'right-password');
      const replies = await Promise.all(
        Array.from({ length: 12 }, () => h.call('POST', '/api/auth/login', { body: { username: 'many_sessions', password: 'right-password' } })),
      );
      assert.deepEqual(replies.map((r) => r.status), Array(12).fill(200));
    });

    it('ignores X-Forwarded-For unless the proxy is trusted (a client cannot pick its own address)', async () => {
      await h.user('proxied_user', 'right-password');
      const from = (address: string, password: string) =>
        h.service.http.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'proxied_user', password }, headers: { 'x-forwarded-for': address } });
      for (let i = 0; i < 6; i++) await from('203.0.113.7', 'wrong-pass');
      // Without trust_proxy (the default) every request counts for the socket's address.
      assert.equal((await from('198.51.100.9', 'right-password')).statusCode, 429);
    });

    it('does not limit a user whose failures are followed by a success', async () => {
      await h.user('sometimes_wrong', 'right-password');
      for (let round = 0; round < 3; round++) {
        for (let i = 0; i < 3; i++) {
          await refused(h, 'POST', '/api/auth/login', { body: { username: 'sometimes_wrong', password: 'wrong-pass' } }, 1002, 401);
        }
        await h.ok('POST', '/api/auth/login', { body: { username: 'sometimes_wrong', password: 'right-password' } });
      }
    });
  });

  describe('GET /api/auth/user/{user_id}', () => {
    it('answers user_id, username, account_ids and created_at to the owner', async () => {
      const registered = await h.ok('POST', '/api/auth/register', { body: { username: 'record_dan', password: 'password1' } });
      const login = await h.ok('POST', '/api/auth/login', { body: { username: 'record_dan', password: 'password1' } });
      await h.ok('POST', '/api/account/open', { token: login.token, body: { user_id: registered.user_id, account_id: 'DAN-1', initial_balance: 1000 } });
      await h.ok('POST', '/api/account/open', { token: login.token, body: { user_id: registered.user_id, account_id: 'DAN-2', initial_balance: 0 } });
      const record = await h.ok('GET', `/api/auth/user/${registered.user_id}`, { token: login.token });
      hasFields(record, { user_id: 'string', username: 'string', account_ids: 'array', created_at: 'string' }, 'data');
      assert.equal(record.user_id, registered.user_id);
      assert.equal(record.username, 'record_dan');
      assert.deepEqual(record.account_ids, ['DAN-1', 'DAN-2']);
      assert.equal(record.created_at, registered.created_at);
      // When the password was changed, and by whom, is told; never the password or its hash.
      assert.ok(!/password(?!_changed_(at|by))|hash/i.test(Object.keys(record).join(',')), Object.keys(record).join(','));
      assert.deepEqual([record.password_changed_at, record.password_changed_by], [null, null]);
    });

    it("lets the admin read any user's record", async () => {
      const user = await h.user('record_erin');
      const record = await h.ok('GET', `/api/auth/user/${user.userId}`, { token: h.admin.token });
      assert.equal(record.user_id, user.userId);
      assert.equal(record.username, 'record_erin');
    });

    it("refuses another user's record with 1003 / 403", async () => {
      const frank = await h.user('record_frank');
      const gina = await h.user('record_gina');
      await refused(h, 'GET', `/api/auth/user/${gina.userId}`, { token: frank.token }, 1003, 403);
      await refused(h, 'GET', `/api/auth/user/${h.admin.userId}`, { token: frank.token }, 1003, 403);
    });

    it('answers an unknown user with 1004 / 404 (admin)', async () => {
      await refused(h, 'GET', `/api/auth/user/${randomUUID()}`, { token: h.admin.token }, 1004, 404);
    });

    it('needs a valid, unexpired token of an existing user (1002 / 401)', async () => {
      const user = await h.user('record_hal');
      const url = `/api/auth/user/${user.userId}`;
      await needsToken(h, 'GET', url);
      const now = Math.floor(Date.now() / 1000);
      const claims = { sub: user.userId, username: user.username, role: 'user' };
      const signed = createSigner({ key: SECRET, algorithm: 'HS256' });
      // Sanity: a token signed the same way and not expired is accepted.
      await h.ok('GET', url, { token: signed({ ...claims, iat: now, exp: now + 600 }) });
      await refused(h, 'GET', url, { token: signed({ ...claims, iat: now - 7200, exp: now - 3600 }) }, 1002, 401);
      const otherKey = createSigner({ key: 'another-secret-0123456789-0123456789', algorithm: 'HS256' });
      await refused(h, 'GET', url, { token: otherKey({ ...claims, iat: now, exp: now + 600 }) }, 1002, 401);
      const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ ...claims, iat: now, exp: now + 600 })).toString('base64url')}.`;
      await refused(h, 'GET', url, { token: unsigned }, 1002, 401);
      // A well-signed token for a user that does not exist.
      await refused(h, 'GET', url, { token: signed({ sub: randomUUID(), username: 'ghost', role: 'admin', iat: now, exp: now + 600 }) }, 1002, 401);
    });
  });

  describe('GET /api/auth/users', () => {
    it('lists every user to the admin, without passwords', async () => {
      const ivy = await h.user('list_ivy');
      const users = await h.ok('GET', '/api/auth/users', { token: h.admin.token });
      assert.ok(Array.isArray(users));
      const byName = new Map(users.map((u: { username: string }) => [u.username, u]));
      assert.ok(byName.has(ADMIN.username));
      const row = byName.get('list_ivy') as Record<string, unknown>;
      hasFields(row, { user_id: 'string', username: 'string', account_ids: 'array', created_at: 'string' }, 'list_ivy');
      assert.equal(row.user_id, ivy.userId);
      assert.ok(!/password(?!_changed_(at|by))|hash/i.test(JSON.stringify(users)), 'no password or hash in the list');
      assert.equal(new Set(users.map((u: { user_id: string }) => u.user_id)).size, users.length, 'each user once');
    });

    it('pages with limit and offset', async () => {
      const all = await h.ok('GET', '/api/auth/users', { token: h.admin.token });
      assert.ok(all.length >= 4);
      const first = await h.ok('GET', '/api/auth/users?limit=2', { token: h.admin.token });
      assert.deepEqual(first, all.slice(0, 2));
      const next = await h.ok('GET', '/api/auth/users?limit=2&offset=2', { token: h.admin.token });
      assert.deepEqual(next, all.slice(2, 4));
      assert.deepEqual(await h.ok('GET', `/api/auth/users?offset=${all.length}`, { token: h.admin.token }), []);
      await refusedNaming(h, 'GET', '/api/auth/users?limit=0', { token: h.admin.token }, 1001, 400, 'limit');
      await refusedNaming(h, 'GET', '/api/auth/users?limit=1001', { token: h.admin.token }, 1001, 400, 'limit');
      await refusedNaming(h, 'GET', '/api/auth/users?offset=-1', { token: h.admin.token }, 1001, 400, 'offset');
    });

    it('finds users by a part of the name, the id or an account id, ignoring case, and pages what it found', async () => {
      const kim = await h.trader('search_Kim', 'KIM-ACCT-7');
      const names = async (query: string) => ((await h.ok('GET', `/api/auth/users?${query}`, { token: h.admin.token })) as { username: string }[]).map((u) => u.username);
      assert.deepEqual(await names('search=SEARCH_k'), ['search_Kim']);
      assert.deepEqual(await names('search=acct-7'), ['search_Kim']);
      assert.deepEqual(await names(`search=${kim.userId}`), ['search_Kim']);
      assert.deepEqual(await names(`search=${kim.userId.slice(0, 8)}`), [], 'a part of a user id finds nothing');
      await h.user('search_kit');
      assert.deepEqual(await names('search=search_ki&limit=1&offset=1'), ['search_kit']);
      assert.deepEqual(await names('search=nobody-has-this'), []);
      await refusedNaming(h, 'GET', '/api/auth/users?search=', { token: h.admin.token }, 1001, 400, 'search');
      await refusedNaming(h, 'GET', `/api/auth/users?search=${'x'.repeat(65)}`, { token: h.admin.token }, 1001, 400, 'search');
    });

    it('refuses a non-admin with 1003 / 403 and a caller without a token with 1002 / 401', async () => {
      const jack = await h.user('list_jack');
      await refused(h, 'GET', '/api/auth/users', { token: jack.token }, 1003, 403);
      await needsToken(h, 'GET', '/api/auth/users');
    });
  });
});

describe('login limits behind a trusted proxy (server.trust_proxy = 1)', () => {
  const config = configWithExchangeToml('[server]\ntrust_proxy = 1\n');
  let h: HttpHarness;
  before(async () => {
    h = await HttpHarness.start({ env: config.env });
  });
  after(async () => {
    await h.stop();
    rmSync(config.dir, { recursive: true, force: true });
  });

  it('counts attempts per address the proxy appended: one client blocked, another not, forged entries ignored', async () => {
    await h.user('proxied_user', 'right-password');
    const from = (forwarded: string, password: string) =>
      h.service.http.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'proxied_user', password }, headers: { 'x-forwarded-for': forwarded } });
    // The client writes a different address each time on the left; the proxy appends the real one.
    for (let i = 0; i < 6; i++) await from(`10.9.${i}.1, 203.0.113.7`, 'wrong-pass');
    assert.equal((await from('10.9.99.1, 203.0.113.7', 'right-password')).statusCode, 429);
    assert.equal((await from('198.51.100.9', 'right-password')).statusCode, 200);
  });
});

