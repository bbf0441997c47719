/**
 * HTTP fuzzing with fast-check over every route of GET /openapi.json: malformed bodies
 * (wrong types, missing required fields, extra nesting, huge strings, hostile numbers,
 * arrays for objects, invalid JSON, empty bodies, other content types), malformed query
 * strings and malformed path parameters.
 *
 * Invariants for every reply (DECISIONS.md "Envelope and HTTP status"):
 *  - never a 5xx;
 *  - JSON in the envelope: {success:true, data, error:null} with 200, or
 *    {success:false, data:null, error:{code:int, message:non-empty}} with the status of
 *    that code (oversized and non-JSON bodies too: 1001 with 400; 1002 as 429 when failed
 *    logins are rate-limited); the exceptions are the success of /api/market/symbols.json,
 *    the bare catalogue DIFF clients load, and of the CSV exports (text/csv);
 *  - a rejected request changes nothing in the exchange's state. Rejected commands may be
 *    journaled and bump lastSeq/lastTs, so the comparison is of serializeState without
 *    those two fields (businessState).
 *
 * Private routes are called with the owner's token (admin routes with the admin's), so the
 * requests get past authentication into validation and handlers. Bodies start from a valid
 * request built from the route's schema with the owner's real ids, then get broken.
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { after, before, describe, it } from 'node:test';
import {
  BAD_ENCODINGS,
  type BodySpec,
  bodySpec,
  fieldPaths,
  JSON_TYPE,
  malformedSegment,
  OVERLONG,
  queryArb,
} from '../../support/hostile-requests.ts';
import { HttpHarness } from '../../support/http-harness.ts';
import {
  type ApiOperation,
  apiOperations,
  buildWorld,
  businessState,
  fillPath,
  isAdminRoute,
  isPublicRoute,
  type JsonSchema,
  pathValues,
  type World,
} from '../../support/http-routes.ts';

const BODY_LIMIT = 256 * 1024;
/** FUZZ_SCALE=<k> multiplies the runs per route (default 1, about 30 s). */
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const RUNS = { body: 25 * SCALE, query: 15 * SCALE, path: 20 * SCALE } as const;
/** FUZZ_SEED=<n> replays a run; fast-check prints the seed of a failure. */
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const fcOptions = (numRuns: number) => ({ numRuns, includeErrorInReport: true, ...(SEED !== undefined && { seed: SEED }) });

// ------------------------------------------------------------------ requests and checks

interface Req {
  readonly method: string;
  readonly url: string;
  readonly token?: string | undefined;
  readonly contentType?: string | undefined;
  readonly payload?: string | undefined;
}

interface Res {
  readonly status: number;
  readonly raw: string;
  readonly contentType: string;
}

// Thousands of reads of one owner's history: the per-user limit would answer most of them
// before the handler this test is about (the limit has its own test).
const h = await HttpHarness.start({ historyReads: { perSecond: 1_000_000, burst: 1_000_000 } });
const operations = await apiOperations(h);

async function send(req: Req): Promise<Res> {
  const headers: Record<string, string> = {};
  if (req.token !== undefined) headers.authorization = `Bearer ${req.token}`;
  if (req.contentType !== undefined) headers['content-type'] = req.contentType;
  const response = await h.service.http.inject({
    method: req.method as 'GET',
    url: req.url,
    headers,
    ...(req.payload !== undefined && { payload: req.payload }),
  });
  return { status: response.statusCode, raw: response.body, contentType: String(response.headers['content-type'] ?? '') };
}

/** The statuses DECISIONS.md gives each code. */
const STATUS_OF: Record<number, readonly number[]> = {
  1001: [400],
  1002: [401, 429],
  1003: [403],
  1004: [404],
  1005: [500],
  2001: [404],
  2002: [409],
  2003: [422],
  2004: [422],
  2005: [422],
  3001: [404],
  3002: [409],
  3003: [404],
  3004: [422],
  3005: [422],
  3006: [422],
  3007: [400],
  4001: [422],
  4002: [422],
  4003: [422],
};

/** Routes whose success is a bare JSON object (DIFF clients' symbols URL); their failures are the envelope. */
const BARE_ROUTES = new Set(['/api/market/symbols.json']);
/** Routes whose success is a CSV file. */
const CSV_ROUTES = new Set(['/api/management/leaderboard.csv']);

function show(req: Req): string {
  const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}…(${s.length} chars)` : s);
  return `${req.method} ${cut(req.url, 200)}${req.contentType === undefined ? '' : ` [${req.contentType}]`}${req.payload === undefined ? '' : ` body ${cut(JSON.stringify(req.payload), 300)}`}`;
}

/** Checks one reply against the invariants; `before` is businessState before the request. */
function checkReply(req: Req, res: Res, before: string): { success: boolean; code: number | undefined } {
  const where = `${show(req)}\n  → ${res.status} ${res.raw.slice(0, 300)}`;
  assert.ok(res.status < 500, `server error: ${where}`);
  // The CSV exports: their success is the file, their failures the envelope.
  if (res.status === 200 && CSV_ROUTES.has(req.url.split('?')[0]!)) {
    assert.match(res.contentType, /^text\/csv/, `content-type of a CSV export: ${where}`);
    return { success: true, code: undefined };
  }
  let body: { success?: unknown; data?: unknown; error?: { code?: unknown; message?: unknown } | null };
  try {
    body = JSON.parse(res.raw);
  } catch {
    assert.fail(`reply is not JSON: ${where}`);
  }
  assert.ok(body !== null && typeof body === 'object' && !Array.isArray(body), `reply is not an object: ${where}`);
  // The one documented success without the envelope: the catalogue DIFF clients load.
  if (res.status === 200 && BARE_ROUTES.has(req.url.split('?')[0]!)) return { success: true, code: undefined };
  assert.deepEqual(Object.keys(body).sort(), ['data', 'error', 'success'], `reply is not the envelope: ${where}`);
  assert.match(res.contentType, /^application\/json/, `content-type of the reply: ${where}`);
  if (body.success === true) {
    assert.equal(res.status, 200, `success with status ${res.status}: ${where}`);
    assert.equal(body.error, null, `success with an error: ${where}`);
    return { success: true, code: undefined };
  }
  assert.equal(body.success, false, `success is not a boolean: ${where}`);
  assert.equal(body.data, null, `failure with data: ${where}`);
  const code = body.error?.code;
  assert.ok(typeof code === 'number' && Number.isInteger(code), `error.code is not an integer: ${where}`);
  assert.ok(typeof body.error?.message === 'string' && body.error.message.length > 0, `error.message is empty: ${where}`);
  const statuses = STATUS_OF[code];
  assert.ok(statuses !== undefined, `unknown error code ${code}: ${where}`);
  assert.ok(statuses.includes(res.status), `code ${code} with HTTP ${res.status} (expected ${statuses.join(' or ')}): ${where}`);
  const afterState = businessState(h);
  if (afterState !== before) assert.fail(`a rejected request changed the state: ${where}\n  ${stateDiff(before, afterState)}`);
  return { success: false, code };
}

/** The first place two serialised states differ, for the failure message. */
function stateDiff(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `before …${a.slice(Math.max(0, i - 120), i + 120)}…\n  after  …${b.slice(Math.max(0, i - 120), i + 120)}…`;
}

async function exercise(req: Req, statsKey?: string): Promise<{ success: boolean; code: number | undefined }> {
  const before = businessState(h);
  const res = await send(req);
  const outcome = checkReply(req, res, before);
  if (statsKey !== undefined) count(statsKey, outcome.success ? 'ok' : String(outcome.code));
  return outcome;
}

// ------------------------------------------------------------------ valid requests from the schemas

let serial = 0;
/** Real values for fields by name, so an unbroken request reaches the handler's business rules. */
function hints(w: World, op?: ApiOperation): Record<string, () => unknown> {
  const n = () => `${++serial}x${Date.now() % 100000}`;
  const creating = op?.path === '/api/admin/instrument/create';
  const opening = op?.path === '/api/account/open' || op?.path === '/api/user/{user_id}/account/create';
  return {
    user_id: () => w.owner.userId,
    account_id: () => (opening ? `FZ-A${n()}` : w.owner.accountId),
    order_id: () => w.orderId,
    order_ids: () => [w.spareOrderIds[2]],
    instrument_id: () => (creating ? `USER.fz${n()}` : 'SHFE.cu2701'),
    exchange_id: () => 'SHFE',
    amount: () => 100,
    initial_balance: () => 1000,
    volume: () => 1,
    price: () => 85000,
    limit_price: () => 85000,
    price_type: () => 'LIMIT',
    order_type: () => 'LIMIT',
    new_price: () => 85000,
    new_volume: () => 1,
    trigger_price: () => 80000,
    settlement_price: () => 86500,
    bank_id: () => w.bankId,
    bank_password: () => 'bankpass',
    future_password: () => w.owner.password,
    username: () => `fuzz${n()}`,
    // A change of password, or a log out everywhere, asks for the current one: never the right one here (see CHANGE_ROUTE).
    password: () => (op?.path === CHANGE_ROUTE || op?.path === LOGOUT_ROUTE ? NOT_THE_PASSWORD : 'password1'),
    new_password: () => NOT_THE_PASSWORD,
    price_tick: () => 1,
    volume_multiple: () => 10,
    margin_rate: () => 0.12,
  };
}

/** Optional fields worth sending in the valid request (the rest are left out). */
const USEFUL_OPTIONAL = new Set(['user_id', 'account_id', 'price', 'price_type', 'initial_balance', 'margin_rate', 'volume_multiple']);

function exampleOf(schema: JsonSchema | undefined, w: World, name?: string, op?: ApiOperation): unknown {
  const hint = name === undefined ? undefined : hints(w, op)[name];
  if (hint !== undefined) return hint();
  if (schema === undefined) return {};
  if (schema.enum !== undefined && schema.enum.length > 0) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, sub] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key) || USEFUL_OPTIONAL.has(key)) out[key] = exampleOf(sub, w, key, op);
      }
      return out;
    }
    case 'array':
      return [exampleOf(schema.items, w, undefined, op)];
    case 'string':
      return schema.pattern?.includes('\\d{4}') ? '2026-01-05' : 'x';
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return true;
    default:
      if (schema.anyOf?.[0] !== undefined) return exampleOf(schema.anyOf[0], w, name, op);
      return 'x';
  }
}

/**
 * Routes that end a user's tokens when they go through. A change of password and a log
 * out everywhere are fuzzed as a user of their own, with a current password that is never
 * right; a reset and an operator's log out on another user (an empty body generates a
 * password). Any of them done to the owner would end the token every later request uses.
 */
const CHANGE_ROUTE = '/api/auth/password';
const LOGOUT_ROUTE = '/api/auth/logout-everywhere';
const RESET_ROUTE = '/api/management/users/{user_id}/password';
const OPERATOR_LOGOUT_ROUTE = '/api/management/users/{user_id}/logout-everywhere';
const NOT_THE_PASSWORD = 'not-the-password';
let resetUserId = '';
let changerToken = '';

/** The token a route is fuzzed with: none for public routes, the admin's for admin routes, else the owner's. */
function tokenFor(op: ApiOperation, w: World): string | undefined {
  if (isPublicRoute(op.method, op.path)) return undefined;
  if (op.path === CHANGE_ROUTE || op.path === LOGOUT_ROUTE) return changerToken;
  return isAdminRoute(op.method, op.path) ? w.admin.token : w.owner.token;
}

/** The query parameters the route declares. */
function queryNames(op: ApiOperation): string[] {
  return op.parameters.filter((p) => p.in === 'query').map((p) => p.name);
}

/** Outcomes per route when FUZZ_STATS is set: shows the fuzz gets past validation into handlers. */
const stats = new Map<string, Map<string, number>>();
function count(key: string, outcome: string): void {
  if (process.env.FUZZ_STATS === undefined) return;
  const m = stats.get(key) ?? new Map<string, number>();
  m.set(outcome, (m.get(outcome) ?? 0) + 1);
  stats.set(key, m);
}

// ------------------------------------------------------------------ the tests

describe('HTTP fuzz: every route of /openapi.json', () => {
  let world: World;
  before(async () => {
    world = await buildWorld(h, 'fz');
    resetUserId = (await h.user('fzreset')).userId;
    changerToken = (await h.user('fzchanger')).token;
  });
  const valuesFor = (op: ApiOperation) =>
    op.path === RESET_ROUTE || op.path === OPERATOR_LOGOUT_ROUTE ? { ...pathValues(world), user_id: resetUserId } : pathValues(world);
  after(async () => {
    await h.stop();
    for (const [key, outcomes] of stats) console.log(`${key}: ${[...outcomes].map(([o, n]) => `${o}×${n}`).join(' ')}`);
  });

  it('the document lists the routes', () => {
    assert.ok(operations.length >= 60, `${operations.length} routes`);
  });

  const validPath = (op: ApiOperation) => fillPath(op.path, valuesFor(op));
  const validBody = (op: ApiOperation): BodySpec =>
    op.body === undefined ? {} : { contentType: JSON_TYPE, payload: JSON.stringify(exampleOf(op.body, world, undefined, op)) };

  for (const op of operations) {
    it(`${op.key}: malformed bodies`, async () => {
      await fc.assert(
        fc.asyncProperty(bodySpec(exampleOf(op.body ?? { type: 'object' }, world, undefined, op), fieldPaths(op.body)), async (spec) => {
          await exercise({ method: op.method, url: validPath(op), token: tokenFor(op, world), ...spec }, `${op.key} body`);
        }),
        fcOptions(RUNS.body),
      );
    });

    it(`${op.key}: malformed query strings`, async () => {
      await fc.assert(
        fc.asyncProperty(queryArb(queryNames(op), [world.owner.accountId, world.other.accountId, world.owner.userId, world.other.userId]), async (query) => {
          await exercise({ method: op.method, url: `${validPath(op)}?${query}`, token: tokenFor(op, world), ...validBody(op) }, `${op.key} query`);
        }),
        fcOptions(RUNS.query),
      );
    });

    const params = op.parameters.filter((p) => p.in === 'path').map((p) => p.name);
    if (params.length > 0) {
      it(`${op.key}: malformed path parameters`, async () => {
        const others: Record<string, string> = { user_id: op.path === RESET_ROUTE ? resetUserId : world.other.userId, account_id: world.other.accountId };
        const segment = (name: string) =>
          fc.oneof(
            { weight: 1, arbitrary: fc.constant(encodeURIComponent(valuesFor(op)[name] ?? 'x')) },
            { weight: 1, arbitrary: fc.constant(encodeURIComponent(others[name] ?? 'y')) },
            { weight: 4, arbitrary: malformedSegment },
          );
        const record = fc.record(Object.fromEntries(params.map((name) => [name, segment(name)])) as Record<string, fc.Arbitrary<string>>);
        await fc.assert(
          fc.asyncProperty(record, async (values) => {
            await exercise({ method: op.method, url: fillPath(op.path, values, true), token: tokenFor(op, world), ...validBody(op) }, `${op.key} path`);
          }),
          fcOptions(RUNS.path),
        );
      });
    }
  }

  it('oversized bodies (> 256 KiB) answer 400 / 1001 in the envelope and change nothing', async () => {
    for (const op of operations.filter((o) => o.method !== 'GET')) {
      const base = exampleOf(op.body ?? { type: 'object' }, world, undefined, op) as Record<string, unknown>;
      const payload = JSON.stringify({ ...(typeof base === 'object' && base !== null ? base : {}), padding: 'x'.repeat(BODY_LIMIT + 10) });
      const req: Req = { method: op.method, url: validPath(op), token: tokenFor(op, world), contentType: JSON_TYPE, payload };
      const before = businessState(h);
      const res = await send(req);
      const outcome = checkReply(req, res, before);
      assert.equal(res.status, 400, `${op.key}: ${res.status} ${res.raw.slice(0, 200)}`);
      assert.equal(outcome.code, 1001);
    }
  });

  it('oversized bodies without a token on private routes answer in the envelope (401 or 400)', async () => {
    for (const op of operations.filter((o) => o.method !== 'GET' && !isPublicRoute(o.method, o.path))) {
      const req: Req = { method: op.method, url: validPath(op), contentType: JSON_TYPE, payload: JSON.stringify({ padding: 'x'.repeat(BODY_LIMIT + 10) }) };
      const res = await send(req);
      checkReply(req, res, businessState(h));
      assert.ok([401, 400].includes(res.status), `${op.key}: ${res.status}`);
    }
  });

  it('unknown routes answer 404 with code 1004 in the envelope, with or without a token', async () => {
    const prefix = fc.constantFrom('', '/api', '/api/v2', '/apix', '/nope', '/api/admin/nope', '/api/management/nope', '/api/market/nope', '/api/auth/nope', '/api/monitoring/nope');
    const segment = fc.oneof(fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }).map(encodeURIComponent), fc.constantFrom('x', 'users', 'order', '%20', 'api'));
    await fc.assert(
      fc.asyncProperty(
        prefix,
        fc.array(segment, { minLength: 1, maxLength: 4 }),
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'),
        fc.constantFrom<'none' | 'owner' | 'admin'>('none', 'owner', 'admin'),
        async (start, segments, method, who) => {
          const url = `${start}/zz-unknown/${segments.join('/')}`;
          const token = who === 'none' ? undefined : who === 'owner' ? world.owner.token : world.admin.token;
          const req: Req = { method, url, token };
          const res = await send(req);
          const outcome = checkReply(req, res, businessState(h));
          assert.equal(res.status, 404, `${method} ${url}: ${res.status} ${res.raw.slice(0, 200)}`);
          assert.equal(outcome.code, 1004, `${method} ${url}: ${res.raw.slice(0, 200)}`);
        },
      ),
      fcOptions(60),
    );
  });

  it('a wrong method on an existing path answers in the envelope', async () => {
    const byPath = new Map<string, Set<string>>();
    for (const op of operations) byPath.set(op.path, (byPath.get(op.path) ?? new Set()).add(op.method));
    for (const [path, methods] of byPath) {
      for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
        if (methods.has(method)) continue;
        for (const token of [undefined, world.admin.token]) {
          const req: Req = { method, url: fillPath(path, pathValues(world)), token, ...(method !== 'GET' && method !== 'OPTIONS' && { contentType: JSON_TYPE, payload: '{}' }) };
          const res = await send(req);
          checkReply(req, res, businessState(h));
        }
      }
    }
  });

  /**
   * Every route with path parameters, each parameter in turn replaced by each value; the
   * failures are collected, one line per route and parameter with its first bad reply.
   */
  async function eachPathParameter(values: readonly string[]): Promise<string[]> {
    const failures: string[] = [];
    for (const op of operations) {
      for (const param of op.parameters.filter((p) => p.in === 'path')) {
        const bad: string[] = [];
        let first = '';
        for (const value of values) {
          const segments = Object.fromEntries(Object.entries(pathValues(world)).map(([k, v]) => [k, encodeURIComponent(v)]));
          const req: Req = { method: op.method, url: fillPath(op.path, { ...segments, [param.name]: value }, true), token: tokenFor(op, world), ...validBody(op) };
          try {
            await exercise(req);
          } catch (error) {
            bad.push(value.length > 20 ? `x…(${value.length} chars)` : value);
            if (first === '') first = (error as Error).message.split('\n').slice(0, 2).join(' ').slice(0, 260);
          }
        }
        if (bad.length > 0) failures.push(`${op.key} {${param.name}} = ${bad.join(' ')}\n    first: ${first}`);
      }
    }
    return failures;
  }

  it('a path parameter with malformed percent-encoding answers 400 in the envelope, on every route', async () => {
    const failures = await eachPathParameter(BAD_ENCODINGS);
    assert.ok(failures.length === 0, `${failures.length} routes/parameters answered outside the envelope:\n${failures.join('\n')}`);
  });

  it('a path parameter longer than the router allows (> 100 characters) answers in the envelope, on every route', async () => {
    const failures = await eachPathParameter(OVERLONG);
    assert.ok(failures.length === 0, `${failures.length} routes/parameters answered outside the envelope:\n${failures.join('\n')}`);
  });

  it('an unknown path with malformed percent-encoding answers 404 (or 400) in the envelope', async () => {
    const failures: string[] = [];
    for (const url of ['/api/nope/%zz', '/%E0%A4%A', '/api/nope/%FF/x', `/api/nope/${'x'.repeat(200)}`]) {
      const req: Req = { method: 'GET', url, token: world.owner.token };
      try {
        checkReply(req, await send(req), businessState(h));
      } catch (error) {
        failures.push((error as Error).message.split('\n').slice(0, 2).join(' ').slice(0, 260));
      }
    }
    assert.ok(failures.length === 0, `${failures.length} requests answered outside the envelope:\n${failures.join('\n')}`);
  });

  it('prototype pollution through bodies and query strings has no effect', async () => {
    const req: Req = {
      method: 'POST',
      url: '/api/account/deposit?__proto__[polluted]=1&constructor[prototype][polluted]=1',
      token: world.owner.token,
      contentType: JSON_TYPE,
      payload: `{"account_id":"${world.owner.accountId}","amount":1,"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}`,
    };
    checkReply(req, await send(req), businessState(h));
    assert.equal(({} as Record<string, unknown>).polluted, undefined, 'Object.prototype was polluted');
  });
});
