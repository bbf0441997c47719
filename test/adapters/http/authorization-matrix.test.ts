/**
 * Authorization matrix (DECISIONS.md "Authentication and permission"): every private route
 * of the OpenAPI document, called by each kind of caller, on real resources of an "owner".
 *
 * Expected answers per kind of route:
 *
 *   | caller                                   | owner route       | admin route       | any user's route  |
 *   |------------------------------------------|-------------------|-------------------|-------------------|
 *   | no token                                 | 1002 / 401        | 1002 / 401        | 1002 / 401        |
 *   | expired token                            | 1002 / 401        | 1002 / 401        | 1002 / 401        |
 *   | malformed token                          | 1002 / 401        | 1002 / 401        | 1002 / 401        |
 *   | forged token (wrong secret, role admin)  | 1002 / 401        | 1002 / 401        | 1002 / 401        |
 *   | another user's token                     | 1003 / 403        | 1003 / 403        | allowed           |
 *   | the owner's token                        | allowed           | 1003 / 403        | allowed           |
 *   | an admin's token                         | allowed           | allowed           | allowed           |
 *
 * (An "any user's" route names no one's resources: the public standings, which the
 * exchange here is configured to publish.)
 *
 * "allowed" = neither 401 nor 403 nor code 1002/1003 (the request may still fail for a
 * business reason). A denied request must not change the exchange's state at all.
 *
 * The routes come from GET /openapi.json: a route of the document without a row in MATRIX
 * fails (after its token checks ran), so new routes cannot slip through untested.
 */
import assert from 'node:assert/strict';
import { createSigner } from 'fast-jwt';
import { after, before, describe, it } from 'node:test';
import { TokenService } from '../../../src/app/auth/tokens.ts';
import { stateHash } from '../../../src/app/state-hash.ts';
import { HttpHarness, type Reply } from '../../support/http-harness.ts';
import { type ApiOperation, apiOperations, buildWorld, fillPath, isAdminRoute, isPublicRoute, pathValues, type World } from '../../support/http-routes.ts';

const JWT_SECRET = 'test-secret-0123456789-0123456789-abcdef';

/** Who may call a route besides an admin: the owner of the resources it names, any logged-in user, or nobody. */
type May = 'owner' | 'admin' | 'user';

interface Row {
  readonly may: May;
  /** Query string (without `?`) naming the owner's resources. */
  readonly query?: (w: World) => string;
  /** JSON body naming the owner's resources. */
  readonly body?: (w: World) => unknown;
  /** Path parameters other than the owner's (pathValues). */
  readonly path?: (w: World) => Record<string, string>;
}

/** Each allowed enrolment registers a user of a new name. */
let enrolments = 0;

const OWNER: May = 'owner';
const ADMIN: May = 'admin';
const ANY_USER: May = 'user';

const submitBody = (w: World, orderId?: string) => ({
  user_id: w.owner.userId,
  account_id: w.owner.accountId,
  instrument_id: 'cu2701',
  exchange_id: 'SHFE',
  direction: 'BUY',
  offset: 'OPEN',
  volume: 1,
  price: 85000,
  price_type: 'LIMIT',
  ...(orderId !== undefined && { order_id: orderId }),
});

/**
 * One row per private route. Path parameters are filled with the owner's ids
 * (pathValues); routes without a path id name the owner's user/account in query or body,
 * so "another user's token" means acting on someone else's account.
 */
const MATRIX: Record<string, Row> = {
  // auth
  'GET /api/auth/user/{user_id}': { may: OWNER },
  // Bodies refused after the token checks, before anything changes: a change that went
  // through would end the tokens the rows after it use.
  'POST /api/auth/password': { may: ANY_USER, body: () => ({ password: 'unchanged1', new_password: 'unchanged1' }) },
  'POST /api/management/users/{user_id}/password': { may: ADMIN, body: () => ({ password: 'short' }) },
  'POST /api/auth/logout-everywhere': { may: ANY_USER, body: () => ({ password: '' }) },
  // A user no one is (1004 to an admin): ending the owner's sessions would end its token.
  'POST /api/management/users/{user_id}/logout-everywhere': { may: ADMIN, path: () => ({ user_id: 'no-such-user' }) },
  'GET /api/auth/users': { may: ADMIN },
  // user accounts
  'POST /api/user/{user_id}/account/create': { may: OWNER, body: () => ({ initial_balance: 1000 }) },
  'GET /api/user/{user_id}/accounts': { may: OWNER },
  // accounts
  'POST /api/account/open': { may: OWNER, body: (w) => ({ user_id: w.owner.userId, initial_balance: 1000 }) },
  'GET /api/account/{account_id}': { may: OWNER },
  'POST /api/account/deposit': { may: OWNER, body: (w) => ({ account_id: w.owner.accountId, amount: 100 }) },
  'POST /api/account/withdraw': { may: OWNER, body: (w) => ({ account_id: w.owner.accountId, amount: 1 }) },
  'GET /api/account/{user_id}/equity-curve': { may: OWNER },
  'POST /api/account/transfer': {
    may: OWNER,
    body: (w) => ({ account_id: w.owner.accountId, bank_id: w.bankId, amount: 10, bank_password: 'bankpass', future_password: w.owner.password }),
  },
  'GET /api/account/{account_id}/banks': { may: OWNER },
  'GET /api/account/{account_id}/transfers': { may: OWNER },
  'GET /api/account/{account_id}/settlements': { may: OWNER },
  'GET /api/account/{account_id}/liquidations': { may: OWNER },
  'GET /api/account/{account_id}/settlements/{trading_day}': { may: OWNER },
  // orders
  'POST /api/order/submit': { may: OWNER, body: (w) => submitBody(w) },
  'POST /api/order/cancel': { may: OWNER, body: (w) => ({ user_id: w.owner.userId, account_id: w.owner.accountId, order_id: w.spareOrderIds[0] }) },
  'PUT /api/order/modify/{order_id}': { may: OWNER, body: (w) => ({ user_id: w.owner.userId, account_id: w.owner.accountId, new_price: 85990, new_volume: 1 }) },
  'GET /api/order/{order_id}': { may: OWNER, query: (w) => `account_id=${w.owner.accountId}` },
  'GET /api/order/user/{user_id}': { may: OWNER },
  'POST /api/order/batch': { may: OWNER, body: (w) => ({ user_id: w.owner.userId, account_id: w.owner.accountId, orders: [submitBody(w)] }) },
  'POST /api/order/batch-cancel': { may: OWNER, body: (w) => ({ user_id: w.owner.userId, account_id: w.owner.accountId, order_ids: [w.spareOrderIds[1]] }) },
  'POST /api/order/conditional': {
    may: OWNER,
    body: (w) => ({
      account_id: w.owner.accountId,
      instrument_id: 'cu2701',
      exchange_id: 'SHFE',
      direction: 'SELL',
      offset: 'OPEN',
      volume: 1,
      order_type: 'LIMIT',
      limit_price: 80000,
      condition_type: 'StopLoss',
      trigger_price: 80000,
      trigger_condition: 'LessOrEqual',
    }),
  },
  'GET /api/order/conditional/list': { may: OWNER, query: (w) => `account_id=${w.owner.accountId}` },
  'GET /api/order/conditional/statistics': { may: OWNER, query: (w) => `account_id=${w.owner.accountId}` },
  'DELETE /api/order/conditional/{conditional_order_id}': { may: OWNER },
  // positions and trades
  'GET /api/position/account/{account_id}': { may: OWNER },
  'GET /api/position/user/{user_id}': { may: OWNER },
  'GET /api/position/{user_id}': { may: OWNER },
  'GET /api/trades/account/{account_id}': { may: OWNER },
  'GET /api/trades/user/{user_id}': { may: OWNER },
  // monitoring
  'GET /api/monitoring/system': { may: ADMIN },
  'GET /api/monitoring/storage': { may: ADMIN },
  'GET /api/monitoring/accounts': { may: ADMIN },
  'GET /api/monitoring/orders': { may: ADMIN },
  'GET /api/monitoring/trades': { may: ADMIN },
  'GET /api/monitoring/report': { may: ADMIN },
  // management
  'GET /api/management/accounts': { may: ADMIN },
  'GET /api/management/account/{user_id}/detail': { may: ADMIN },
  'GET /api/management/orders': { may: ADMIN },
  'GET /api/management/trades': { may: ADMIN },
  'GET /api/management/leaderboard': { may: ADMIN },
  // a competition's standings, for its participants
  'GET /api/competition': { may: ANY_USER },
  'GET /api/competition/leaderboard': { may: ANY_USER },
  'POST /api/management/deposit': { may: ADMIN, body: (w) => ({ user_id: w.owner.userId, account_id: w.owner.accountId, amount: 100 }) },
  'POST /api/management/withdraw': { may: ADMIN, body: (w) => ({ user_id: w.owner.userId, account_id: w.owner.accountId, amount: 1 }) },
  'GET /api/management/leaderboard.csv': { may: ADMIN },
  'POST /api/management/users': { may: ADMIN, body: () => ({ users: [{ username: `enrolled_${++enrolments}`, initial_balance: 1000 }] }) },
  'GET /api/management/transactions/{user_id}': { may: ADMIN },
  'PUT /api/management/accounts/{account_id}/freeze': { may: ADMIN },
  'PUT /api/management/accounts/{account_id}/unfreeze': { may: ADMIN },
  // risk
  'GET /api/management/risk/accounts': { may: ADMIN },
  'GET /api/management/risk/margin-summary': { may: ADMIN },
  'GET /api/management/risk/liquidations': { may: ADMIN },
  'POST /api/management/risk/force-liquidate': { may: ADMIN, body: (w) => ({ account_id: w.other.accountId }) },
  // instrument administration (on an instrument of the test's own)
  'GET /api/admin/instruments': { may: ADMIN },
  'POST /api/admin/instrument/create': {
    may: ADMIN,
    body: () => ({ instrument_id: `USER.mxnew${Math.floor(Math.random() * 1e6)}`, product_id: 'mxnew', price_tick: 1, volume_multiple: 10, pre_settlement: 100 }),
  },
  'PUT /api/admin/instrument/{id}/update': { may: ADMIN, body: () => ({ margin_rate: 0.12 }) },
  'DELETE /api/admin/instrument/{id}/scheduled-rates': { may: ADMIN },
  'PUT /api/admin/instrument/{id}/suspend': { may: ADMIN },
  'PUT /api/admin/instrument/{id}/resume': { may: ADMIN },
  'DELETE /api/admin/instrument/{id}/delist': { may: ADMIN },
  'POST /api/admin/compaction/trigger': { may: ADMIN },
  // the trading calendar (dates refused after the token checks: nothing changes)
  'POST /api/admin/calendar/holidays': { may: ADMIN, body: () => ({ holidays: [{ date: '2026-02-30' }] }) },
  'DELETE /api/admin/calendar/holidays/{date}': { may: ADMIN, path: () => ({ date: '2099-01-02' }) },
  // settlement administration
  'POST /api/admin/settlement/set-price': { may: ADMIN, body: (w) => ({ instrument_id: w.instrumentId, settlement_price: 1000 }) },
  'POST /api/admin/settlement/batch-set-prices': { may: ADMIN, body: (w) => ({ prices: [{ instrument_id: w.instrumentId, settlement_price: 1000 }] }) },
  'POST /api/admin/settlement/execute': { may: ADMIN },
  'GET /api/admin/settlement/history': { may: ADMIN },
  'GET /api/admin/settlement/detail/{date}': { may: ADMIN },
};

type Caller = 'no token' | 'expired token' | 'malformed token' | 'forged token' | "another user's token" | "the owner's token" | "an admin's token";

const DENIED_401 = { status: 401, code: 1002 } as const;
const DENIED_403 = { status: 403, code: 1003 } as const;
const ALLOWED = 'allowed' as const;
type Expectation = typeof DENIED_401 | typeof DENIED_403 | typeof ALLOWED;

/** The expectation table above, as data. */
const EXPECTED: Record<May, Record<Caller, Expectation>> = {
  owner: {
    'no token': DENIED_401,
    'expired token': DENIED_401,
    'malformed token': DENIED_401,
    'forged token': DENIED_401,
    "another user's token": DENIED_403,
    "the owner's token": ALLOWED,
    "an admin's token": ALLOWED,
  },
  admin: {
    'no token': DENIED_401,
    'expired token': DENIED_401,
    'malformed token': DENIED_401,
    'forged token': DENIED_401,
    "another user's token": DENIED_403,
    "the owner's token": DENIED_403,
    "an admin's token": ALLOWED,
  },
  user: {
    'no token': DENIED_401,
    'expired token': DENIED_401,
    'malformed token': DENIED_401,
    'forged token': DENIED_401,
    "another user's token": ALLOWED,
    "the owner's token": ALLOWED,
    "an admin's token": ALLOWED,
  },
};

const CALLERS = Object.keys(EXPECTED.owner) as Caller[];
const TOKENLESS: readonly Caller[] = ['no token', 'expired token', 'malformed token', 'forged token'];

// The document is read before the tests are declared, so each of its routes gets a test.
const h = await HttpHarness.start({ adjust: (config) => ({ ...config, competition: { publicLeaderboard: true } }) });
const operations = await apiOperations(h);
const privateOperations = operations.filter((op) => !isPublicRoute(op.method, op.path));

describe('authorization matrix: every private route of /openapi.json × every kind of caller', () => {
  let world: World;
  let tokens: Record<Caller, string | undefined>;

  before(async () => {
    world = await buildWorld(h, 'mx');
    const longAgo = Date.UTC(2001, 0, 1);
    const expired = new TokenService(JWT_SECRET, 24 * 3600 * 1000, () => longAgo).issue({
      userId: world.owner.userId,
      username: world.owner.username,
      role: 'user',
    });
    // Right claims, admin role, wrong key: a forgery must not pass.
    const forged = createSigner({ key: 'not-the-secret-0123456789-0123456789', algorithm: 'HS256', expiresIn: 3600_000 })({
      sub: world.admin.userId,
      username: 'admin',
      role: 'admin',
    });
    tokens = {
      'no token': undefined,
      'expired token': expired,
      'malformed token': 'this-is.not-a.jwt',
      'forged token': forged,
      "another user's token": world.other.token,
      "the owner's token": world.owner.token,
      "an admin's token": world.admin.token,
    };
  });
  after(async () => h.stop());

  it('the document lists private routes, and every one of them has a row in the matrix', () => {
    assert.ok(privateOperations.length >= 50, `only ${privateOperations.length} private routes in /openapi.json`);
    const missing = privateOperations.filter((op) => MATRIX[op.key] === undefined).map((op) => op.key);
    assert.deepEqual(missing, [], 'routes of /openapi.json without a row in MATRIX');
    const stale = Object.keys(MATRIX).filter((key) => !operations.some((op) => op.key === key));
    assert.deepEqual(stale, [], 'rows of MATRIX for routes that are not in /openapi.json');
  });

  it('the matrix marks exactly the admin routes of DECISIONS.md as admin-only', () => {
    for (const [key, row] of Object.entries(MATRIX)) {
      const [method, path] = key.split(' ') as [string, string];
      assert.equal(row.may === ADMIN, isAdminRoute(method, path), `${key}: DECISIONS.md says ${isAdminRoute(method, path) ? 'admin' : 'not admin'}`);
    }
  });

  it('the document marks exactly the private routes as needing a bearer token', () => {
    for (const op of operations) {
      assert.equal(op.documentedSecure, !isPublicRoute(op.method, op.path), `${op.key}: security in /openapi.json`);
    }
  });

  it('public routes answer without a token', async () => {
    const values = { instrument_id: 'SHFE.cu2701' };
    for (const op of operations.filter((o) => isPublicRoute(o.method, o.path))) {
      const body = op.path === '/api/auth/register' ? { username: 'mxpublic', password: 'password1' } : op.path === '/api/auth/login' ? { username: 'mxpublic', password: 'password1' } : undefined;
      const reply = await h.call(op.method, fillPath(op.path, values), { body });
      assert.ok(reply.status !== 401 && reply.status !== 403, `${op.key} without a token: ${reply.status} ${reply.raw.slice(0, 200)}`);
    }
  });

  for (const op of privateOperations) {
    it(`${op.key}`, async () => {
      const row = MATRIX[op.key];
      const url = requestUrl(op, row, world);
      const body = row?.body?.(world);
      const seen: string[] = [];
      for (const caller of row === undefined ? TOKENLESS : CALLERS) {
        const expected: Expectation = EXPECTED[row?.may ?? OWNER][caller];
        const before = stateHash(h.exchange.state);
        const reply = await h.call(op.method, url, { token: tokens[caller], ...(body !== undefined && { body }) });
        const what = `${op.key} (${url}) with ${caller}: ${reply.status} ${reply.raw.slice(0, 240)}`;
        seen.push(`${caller}: ${reply.status} ${reply.body.error?.code ?? 'ok'}`);
        assertEnvelope(reply, what);
        if (expected === ALLOWED) {
          assert.ok(reply.status !== 401 && reply.status !== 403, `expected allowed, got ${what}`);
          assert.ok(reply.body.error?.code !== 1002 && reply.body.error?.code !== 1003, `expected allowed, got ${what}`);
        } else {
          assert.equal(reply.body.success, false, `expected ${expected.code}/${expected.status}, got ${what}`);
          assert.equal(reply.body.error?.code, expected.code, `expected code ${expected.code}, got ${what}`);
          assert.equal(reply.status, expected.status, `expected HTTP ${expected.status}, got ${what}`);
          assert.equal(stateHash(h.exchange.state), before, `a denied request changed the state: ${what}`);
        }
      }
      assert.ok(row !== undefined, `${op.key} is in /openapi.json but has no row in MATRIX (token checks passed: ${seen.join('; ')})`);
    });
  }

  it("another user cannot read the owner's order by id alone (no account_id): refused or not found, never shown", async () => {
    const reply = await h.call('GET', `/api/order/${world.orderId}`, { token: world.other.token });
    assert.equal(reply.body.success, false, reply.raw);
    assert.ok([403, 404].includes(reply.status), reply.raw);
    assert.ok(!reply.raw.includes(world.owner.accountId), `the reply names the owner's account: ${reply.raw}`);
  });

  it("another user naming the owner's account via account_id only (no user_id) is refused", async () => {
    const calls: [string, string, unknown][] = [
      ['POST', '/api/order/submit', { ...submitBody(world), user_id: undefined }],
      ['POST', '/api/order/cancel', { account_id: world.owner.accountId, order_id: world.orderId }],
      ['PUT', `/api/order/modify/${world.orderId}`, { account_id: world.owner.accountId, new_price: 85000, new_volume: 1 }],
      ['POST', '/api/order/batch-cancel', { account_id: world.owner.accountId, order_ids: [world.orderId] }],
      ['GET', `/api/order/user/${world.other.userId}?account_id=${world.owner.accountId}`, undefined],
      ['GET', `/api/trades/user/${world.other.userId}?account_id=${world.owner.accountId}`, undefined],
    ];
    for (const [method, url, body] of calls) {
      const before = stateHash(h.exchange.state);
      await h.fails(method, url, { token: world.other.token, ...(body !== undefined && { body }) }, 1003, 403);
      assert.equal(stateHash(h.exchange.state), before, `${method} ${url} changed the state`);
    }
  });

  it("another user's own user_id with the owner's account_id is refused", async () => {
    await h.fails(
      'POST',
      '/api/order/submit',
      { token: world.other.token, body: { ...submitBody(world), user_id: world.other.userId } },
      1003,
      403,
    );
  });

  it('a token for a user the exchange does not know is refused with 1002', async () => {
    const ghost = new TokenService(JWT_SECRET, 3600_000).issue({ userId: 'no-such-user', username: 'ghost', role: 'admin' });
    await h.fails('GET', '/api/auth/users', { token: ghost }, 1002, 401);
  });

  it('other malformed Authorization headers are refused with 1002', async () => {
    const headers = ['Bearer', 'Bearer ', `Basic ${Buffer.from('admin:adminpass').toString('base64')}`, `Token ${world.admin.token}`, `Bearer ${world.admin.token}x`, `Bearer ${world.admin.token.split('.').slice(0, 2).join('.')}.`];
    for (const authorization of headers) {
      const reply = await h.call('GET', '/api/auth/users', { headers: { authorization } });
      assertEnvelope(reply, authorization);
      assert.equal(reply.status, 401, `${authorization}: ${reply.raw}`);
      assert.equal(reply.body.error?.code, 1002, `${authorization}: ${reply.raw}`);
    }
  });
});

function requestUrl(op: ApiOperation, row: Row | undefined, w: World): string {
  const path = fillPath(op.path, { ...pathValues(w), ...row?.path?.(w) });
  const query = row?.query?.(w);
  return query === undefined ? path : `${path}?${query}`;
}

function assertEnvelope(reply: Reply, what: string): void {
  const keys = Object.keys(reply.body ?? {}).sort();
  assert.deepEqual(keys, ['data', 'error', 'success'], `not the envelope: ${what}`);
  if (reply.body.success) {
    assert.equal(reply.body.error, null, what);
  } else {
    assert.equal(reply.body.data, null, what);
    assert.ok(Number.isInteger(reply.body.error?.code), what);
    assert.ok(typeof reply.body.error?.message === 'string' && reply.body.error.message.length > 0, what);
  }
}
