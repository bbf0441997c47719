import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { HttpHarness } from '../../support/http-harness.ts';
import { isAdminRoute } from '../../support/http-routes.ts';

/** The routes of the spec's "Endpoints" section (method and path, OpenAPI style). */
const SPEC_ROUTES = [
  'POST /api/auth/register', 'POST /api/auth/login', 'GET /api/auth/user/{user_id}', 'GET /api/auth/users',
  'POST /api/user/{user_id}/account/create', 'GET /api/user/{user_id}/accounts',
  'POST /api/account/open', 'GET /api/account/{account_id}', 'POST /api/account/deposit', 'POST /api/account/withdraw',
  'GET /api/account/{user_id}/equity-curve', 'POST /api/account/transfer', 'GET /api/account/{account_id}/banks',
  'GET /api/account/{account_id}/transfers',
  'POST /api/order/submit', 'POST /api/order/cancel', 'GET /api/order/{order_id}', 'GET /api/order/user/{user_id}',
  'POST /api/order/batch', 'POST /api/order/batch-cancel', 'PUT /api/order/modify/{order_id}', 'POST /api/order/conditional',
  'GET /api/order/conditional/list', 'DELETE /api/order/conditional/{conditional_order_id}', 'GET /api/order/conditional/statistics',
  'GET /api/position/account/{account_id}', 'GET /api/position/user/{user_id}', 'GET /api/position/{user_id}',
  'GET /api/trades/account/{account_id}', 'GET /api/trades/user/{user_id}',
  'GET /api/market/instruments', 'GET /api/market/orderbook/{instrument_id}', 'GET /api/market/tick/{instrument_id}',
  'GET /api/market/trades/{instrument_id}', 'GET /api/market/kline/{instrument_id}', 'GET /api/market/symbols',
  'GET /health', 'GET /api/monitoring/system', 'GET /api/monitoring/storage', 'GET /api/monitoring/accounts',
  'GET /api/monitoring/orders', 'GET /api/monitoring/trades', 'GET /api/monitoring/report',
  'GET /api/management/accounts', 'GET /api/management/account/{user_id}/detail', 'GET /api/management/orders',
  'GET /api/management/trades', 'POST /api/management/deposit', 'POST /api/management/withdraw',
  'GET /api/management/transactions/{user_id}',
  'GET /api/management/risk/accounts', 'GET /api/management/risk/margin-summary', 'GET /api/management/risk/liquidations',
  'POST /api/management/risk/force-liquidate',
  'GET /api/admin/instruments', 'POST /api/admin/instrument/create', 'PUT /api/admin/instrument/{id}/update',
  'PUT /api/admin/instrument/{id}/suspend', 'PUT /api/admin/instrument/{id}/resume', 'DELETE /api/admin/instrument/{id}/delist',
  'POST /api/admin/compaction/trigger',
  'POST /api/admin/settlement/set-price', 'POST /api/admin/settlement/batch-set-prices', 'POST /api/admin/settlement/execute',
  'GET /api/admin/settlement/history', 'GET /api/admin/settlement/detail/{date}',
];

describe('OpenAPI document', () => {
  let h: HttpHarness;
  interface Operation {
    responses?: Record<string, unknown>;
    requestBody?: unknown;
    security?: unknown;
    summary?: string;
    operationId?: string;
    parameters?: { name: string; required: boolean }[];
    'x-required-role'?: string;
  }
  let doc: { paths: Record<string, Record<string, Operation>> };
  before(async () => {
    h = await HttpHarness.start();
    const reply = await h.service.http.inject({ method: 'GET', url: '/openapi.json' });
    assert.equal(reply.statusCode, 200);
    doc = reply.json();
  });
  after(async () => h.stop());

  it('lists every route of the specification with its response schema', () => {
    for (const route of SPEC_ROUTES) {
      const [method, path] = route.split(' ') as [string, string];
      const operation = doc.paths[path]?.[method.toLowerCase()];
      assert.ok(operation, `${route} is missing from /openapi.json`);
      assert.ok(operation.responses?.['200'], `${route} has no 200 response schema`);
      assert.ok(operation.responses?.['4XX'] ?? operation.responses?.['4xx'], `${route} has no error response schema`);
    }
  });

  it('documents request bodies and marks private routes as needing a bearer token', () => {
    for (const route of SPEC_ROUTES) {
      const [method, path] = route.split(' ') as [string, string];
      const operation = doc.paths[path]?.[method.toLowerCase()];
      const isPublic = path === '/health' || path.startsWith('/api/market/') || path === '/api/auth/register' || path === '/api/auth/login';
      assert.equal(operation?.security !== undefined, !isPublic, `${route}: security`);
    }
    assert.ok(doc.paths['/api/order/submit']?.post?.requestBody, 'submit documents its body');
  });

  it('says which routes need the admin role, and that query parameters with defaults are optional', () => {
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const admin = isAdminRoute(method.toUpperCase(), path);
        assert.equal(operation['x-required-role'], admin ? 'admin' : undefined, `${method} ${path}: x-required-role`);
        if (admin) assert.match(operation.summary ?? '', /\(admin\)$/, `${method} ${path}: summary`);
      }
    }
    const required = (path: string) => Object.fromEntries((doc.paths[path]?.get?.parameters ?? []).map((p) => [p.name, p.required]));
    assert.deepEqual(required('/api/market/orderbook/{instrument_id}'), { depth: false, instrument_id: true });
    assert.deepEqual(required('/api/market/kline/{instrument_id}'), { period: false, count: false, instrument_id: true });
    assert.ok(doc.paths['/api/market/symbols.json']?.get?.responses?.['200'], 'the bare catalogue for DIFF clients is documented');
  });

  it('names every operation once (operationId), as client generators need', () => {
    const ids = Object.values(doc.paths).flatMap((operations) => Object.values(operations).map((operation) => operation.operationId));
    assert.ok(ids.every((id) => typeof id === 'string' && /^[a-z]+[A-Za-z0-9]*$/.test(id)), `operationIds: ${ids.filter((id) => typeof id !== 'string').length} missing`);
    assert.equal(new Set(ids).size, ids.length, 'operationIds repeat');
    assert.equal(doc.paths['/api/account/{account_id}/liquidations']?.get?.operationId, 'getAccountLiquidationsByAccountId');
  });

  it("is OpenAPI 3.0 throughout: bounds in 3.0's form, and a body the route may go without is not required", () => {
    const numericExclusive: string[] = [];
    const walk = (node: unknown, at: string): void => {
      if (typeof node !== 'object' || node === null) return;
      for (const [key, value] of Object.entries(node)) {
        if ((key === 'exclusiveMinimum' || key === 'exclusiveMaximum') && typeof value !== 'boolean') numericExclusive.push(`${at}.${key}`);
        walk(value, `${at}.${key}`);
      }
    };
    walk(doc, '');
    assert.deepEqual(numericExclusive, []);
    const trigger = (doc.paths['/api/order/conditional']?.post?.requestBody as any).content['application/json'].schema.properties.trigger_price;
    assert.deepEqual([trigger.minimum, trigger.exclusiveMinimum], [0, true]);
    assert.equal((doc.paths['/api/admin/settlement/execute']?.post?.requestBody as any).required, false);
    assert.equal((doc.paths['/api/order/submit']?.post?.requestBody as any).required, true);
  });

  it('serves the interactive documentation at /docs', async () => {
    const reply = await h.service.http.inject({ method: 'GET', url: '/docs/' });
    assert.equal(reply.statusCode, 200);
    assert.match(reply.body, /swagger/i);
    // A page a browser renders: the same policy as the web front end.
    assert.match(String(reply.headers['content-security-policy']), /script-src 'self'.*frame-ancestors 'none'/);
    assert.equal(reply.headers['x-frame-options'], 'DENY');
  });

  it('marks API answers never to be stored or sniffed, without the page headers', async () => {
    for (const url of ['/api/market/instruments', '/health', '/api/account/nobody']) {
      const reply = await h.service.http.inject({ method: 'GET', url });
      assert.equal(reply.headers['cache-control'], 'no-store', url);
      assert.equal(reply.headers['x-content-type-options'], 'nosniff', url);
      assert.equal(reply.headers['content-security-policy'], undefined, url);
    }
  });
});
