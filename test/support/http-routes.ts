/**
 * The routes of the OpenAPI document, who may call them (DECISIONS.md "Authentication and
 * permission"), and a small world of real resources owned by one user, for the
 * authorization matrix and the HTTP fuzz tests.
 */
import assert from 'node:assert/strict';
import { serializeState } from '../../src/core/index.ts';
import type { HttpHarness, TestUser } from './http-harness.ts';

export interface JsonSchema {
  readonly type?: string | readonly string[];
  readonly properties?: Record<string, JsonSchema>;
  readonly required?: readonly string[];
  readonly items?: JsonSchema;
  readonly enum?: readonly unknown[];
  readonly nullable?: boolean;
  readonly anyOf?: readonly JsonSchema[];
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly pattern?: string;
  readonly default?: unknown;
}

export interface ApiParameter {
  readonly in: 'path' | 'query' | 'header';
  readonly name: string;
  readonly required?: boolean;
  readonly schema: JsonSchema;
}

export interface ApiOperation {
  /** Upper case: GET, POST, PUT, DELETE. */
  readonly method: string;
  /** OpenAPI style: /api/order/{order_id}. */
  readonly path: string;
  /** `METHOD path`, the key of the test tables. */
  readonly key: string;
  readonly parameters: readonly ApiParameter[];
  readonly body: JsonSchema | undefined;
  /** Whether the document says the route needs a bearer token. */
  readonly documentedSecure: boolean;
}

/** Every operation of GET /openapi.json, in document order. */
export async function apiOperations(h: HttpHarness): Promise<ApiOperation[]> {
  const reply = await h.service.http.inject({ method: 'GET', url: '/openapi.json' });
  assert.equal(reply.statusCode, 200);
  const doc = reply.json() as {
    paths: Record<string, Record<string, { parameters?: ApiParameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> }; security?: unknown }>>;
  };
  const out: ApiOperation[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!['get', 'post', 'put', 'delete', 'patch'].includes(method)) continue;
      const upper = method.toUpperCase();
      out.push({
        method: upper,
        path,
        key: `${upper} ${path}`,
        parameters: operation.parameters ?? [],
        body: operation.requestBody?.content?.['application/json']?.schema,
        documentedSecure: operation.security !== undefined,
      });
    }
  }
  return out;
}

/** DECISIONS.md: no token needed for register, login, /health and public market data. */
export function isPublicRoute(method: string, path: string): boolean {
  return (
    (method === 'POST' && (path === '/api/auth/register' || path === '/api/auth/login')) ||
    path === '/health' ||
    path.startsWith('/api/market/') ||
    path === '/openapi.json' ||
    path === '/docs' ||
    path.startsWith('/docs/')
  );
}

/** DECISIONS.md: /api/admin/**, /api/management/**, /api/monitoring/** and GET /api/auth/users need role admin. */
export function isAdminRoute(method: string, path: string): boolean {
  return (
    path.startsWith('/api/admin/') ||
    path.startsWith('/api/management/') ||
    path.startsWith('/api/monitoring/') ||
    (method === 'GET' && path === '/api/auth/users')
  );
}

export interface Trader extends TestUser {
  readonly accountId: string;
  readonly password: string;
}

/** Real resources of one "owner" user, plus a second user and the admin. */
export interface World {
  readonly owner: Trader;
  readonly other: Trader;
  readonly admin: TestUser;
  /** A live (resting) order of the owner. */
  readonly orderId: string;
  /** More live orders of the owner, for cancel routes (so `orderId` stays alive longer). */
  readonly spareOrderIds: readonly string[];
  readonly conditionalId: string;
  /** An instrument of its own for the admin routes (they suspend and delist it). */
  readonly instrumentId: string;
  /** The date of a settlement that ran. */
  readonly settlementDate: string;
  readonly bankId: string;
}

/** Builds the world: two funded traders, a settlement, a trade, resting orders and a conditional order. */
export async function buildWorld(h: HttpHarness, prefix = 'mx'): Promise<World> {
  const password = 'password1';
  const owner: Trader = { ...(await h.trader(`${prefix}owner`, `${prefix.toUpperCase()}-OWNER`)), password };
  const other: Trader = { ...(await h.trader(`${prefix}other`, `${prefix.toUpperCase()}-OTHER`)), password };
  const admin = h.admin;
  const instrumentId = `USER.${prefix}2701`;
  await h.ok('POST', '/api/admin/instrument/create', {
    token: admin.token,
    body: { instrument_id: instrumentId, product_id: prefix, price_tick: 1, volume_multiple: 10, pre_settlement: 1000, margin_ratio: 0.1, commission: 0 },
  });
  const settlement = await h.ok('POST', '/api/admin/settlement/execute', { token: admin.token });
  // A trade, so the owner has a position and trades to read.
  await h.order(owner, { direction: 'SELL', price: 86500, volume: 1, order_id: 'OWN-T' });
  await h.order(other, { direction: 'BUY', price: 86500, volume: 1, order_id: 'OTH-T' });
  const orderId = 'OWN-1';
  const spareOrderIds = ['OWN-2', 'OWN-3', 'OWN-4'];
  for (const [i, id] of [orderId, ...spareOrderIds].entries()) {
    const placed = await h.order(owner, { direction: 'BUY', price: 86000 - 10 * i, volume: 1, order_id: id });
    assert.equal(placed.status, 'ALIVE');
  }
  const conditional = await h.ok('POST', '/api/order/conditional', {
    token: owner.token,
    body: {
      account_id: owner.accountId,
      instrument_id: 'cu2701',
      exchange_id: 'SHFE',
      direction: 'SELL',
      offset: 'OPEN',
      volume: 1,
      order_type: 'MARKET',
      condition_type: 'PriceTouch',
      trigger_price: 80000,
      trigger_condition: 'LessOrEqual',
    },
  });
  const banks = await h.ok('GET', `/api/account/${owner.accountId}/banks`, { token: owner.token });
  return {
    owner,
    other,
    admin,
    orderId,
    spareOrderIds,
    conditionalId: conditional.conditional_order_id,
    instrumentId,
    settlementDate: settlement.settlement_date,
    bankId: banks[0].id,
  };
}

/** The owner's value for each path parameter name of the document. */
export function pathValues(world: World): Record<string, string> {
  return {
    user_id: world.owner.userId,
    account_id: world.owner.accountId,
    order_id: world.orderId,
    conditional_order_id: world.conditionalId,
    id: world.instrumentId,
    instrument_id: 'SHFE.cu2701',
    date: world.settlementDate,
    trading_day: world.settlementDate,
  };
}

/** Replaces `{name}` segments; values are URL-encoded unless `raw`. */
export function fillPath(path: string, values: Record<string, string>, raw = false): string {
  return path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const value = values[name];
    assert.ok(value !== undefined, `no value for path parameter {${name}} of ${path}: add it to pathValues()`);
    return raw ? value : encodeURIComponent(value);
  });
}

/**
 * The exchange's core state without the journal position (lastSeq, lastTs): rejected
 * commands may be journaled and bump those, but must change nothing else.
 */
export function businessState(h: HttpHarness): string {
  const { lastSeq: _seq, lastTs: _ts, ...rest } = serializeState(h.exchange.state);
  return JSON.stringify(rest);
}
