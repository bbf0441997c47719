/**
 * An exchange with its HTTP API in-process, on a throw-away data folder, for route tests
 * through fastify's `inject` (no sockets). Each harness has an admin (`admin` /
 * `adminpass`) and helpers to register users, open accounts and call routes.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DiffLimits } from '../../src/adapters/ws/diff-limits.ts';
import { type Clock, systemClock } from '../../src/app/clock.ts';
import { Service, type ServiceOptions } from '../../src/app/service.ts';
import { type ExchangeConfig, loadConfig } from '../../src/config/index.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const ADMIN = { username: 'admin', password: 'adminpass' } as const;

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address !== null ? address.port : 0;
}

export interface Reply<T = any> {
  readonly status: number;
  readonly body: { success: boolean; data: T; error: { code: number; message: string } | null };
  readonly raw: string;
  readonly headers: Record<string, unknown>;
}

export interface CallOptions {
  readonly token?: string | undefined;
  readonly body?: unknown;
  /** Sent as-is (e.g. malformed JSON); wins over `body`. */
  readonly rawBody?: string;
  readonly headers?: Record<string, string>;
}

export interface TestUser {
  readonly userId: string;
  readonly username: string;
  readonly token: string;
}

export class HttpHarness {
  private constructor(
    readonly service: Service,
    private readonly dataDir: string,
    readonly admin: TestUser,
    /** The HTTP port, when the harness listens on one (`listen: true`). */
    readonly httpPort: number | undefined,
  ) {}

  static async start(
    options: {
      clock?: Clock;
      env?: Record<string, string>;
      /** Changes to the shipped configuration, for settings no environment variable reaches. */
      adjust?: (config: ExchangeConfig) => ExchangeConfig;
      websocket?: boolean;
      listen?: boolean;
      diffLimits?: Partial<DiffLimits>;
      historyReads?: ServiceOptions['historyReads'];
      log?: (line: string) => void;
    } = {},
  ): Promise<HttpHarness> {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'basis-http-'));
    const wsPort = options.websocket === true ? await freePort() : 8001;
    const httpPort = options.listen === true ? await freePort() : undefined;
    const loaded = loadConfig(
      {
        DATA_DIR: dataDir,
        ADMIN_USERNAME: ADMIN.username,
        ADMIN_PASSWORD: ADMIN.password,
        JWT_SECRET: 'test-secret-0123456789-0123456789-abcdef',
        WS_PORT: String(wsPort),
        ...(httpPort !== undefined && { HTTP_HOST: '127.0.0.1', HTTP_PORT: String(httpPort) }),
        ...options.env,
      },
      root,
    );
    const config = options.adjust?.(loaded) ?? loaded;
    const service = await Service.start(config, options.clock ?? systemClock, options.log ?? (() => undefined), {
      listen: httpPort !== undefined,
      websocket: options.websocket === true,
      httpLogger: false,
      ...(options.diffLimits !== undefined && { diffLimits: options.diffLimits }),
      ...(options.historyReads !== undefined && { historyReads: options.historyReads }),
    });
    const login = await service.http.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
    const data = login.json().data;
    const harness = new HttpHarness(service, dataDir, { userId: data.user_id, username: ADMIN.username, token: data.token }, httpPort);
    return harness;
  }

  async stop(): Promise<void> {
    await this.service.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  get exchange() {
    return this.service.exchange;
  }

  async call<T = any>(method: string, url: string, options: CallOptions = {}): Promise<Reply<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
    let payload: string | undefined;
    if (options.rawBody !== undefined) payload = options.rawBody;
    else if (options.body !== undefined) payload = JSON.stringify(options.body);
    if (payload !== undefined) headers['content-type'] ??= 'application/json';
    const response = await this.service.http.inject({ method: method as 'GET', url, headers, ...(payload !== undefined && { payload }) });
    // A CSV export's success is its text, not the envelope (its failures are the envelope).
    if (response.statusCode === 200 && String(response.headers['content-type']).startsWith('text/csv')) {
      return { status: 200, body: { success: true, data: response.body as T, error: null }, raw: response.body, headers: response.headers };
    }
    let body: Reply['body'];
    try {
      body = JSON.parse(response.body);
    } catch {
      assert.fail(`${method} ${url} answered a body that is not JSON (status ${response.statusCode}): ${response.body.slice(0, 200)}`);
    }
    return { status: response.statusCode, body, raw: response.body, headers: response.headers };
  }

  /** Calls a route that must succeed; returns its data. */
  async ok<T = any>(method: string, url: string, options: CallOptions = {}): Promise<T> {
    const reply = await this.call<T>(method, url, options);
    assert.equal(reply.body.success, true, `${method} ${url} failed: ${reply.status} ${JSON.stringify(reply.body.error)}`);
    assert.equal(reply.status, 200);
    return reply.body.data;
  }

  /** Calls a route that must fail with `code` and HTTP `status`; returns the error message. */
  async fails(method: string, url: string, options: CallOptions, code: number, status: number): Promise<string> {
    const reply = await this.call(method, url, options);
    assert.equal(reply.body.success, false, `${method} ${url} should fail with ${code}, got ${reply.raw.slice(0, 300)}`);
    assert.equal(reply.body.data, null);
    assert.equal(reply.body.error?.code, code, `${method} ${url}: ${reply.raw.slice(0, 300)}`);
    assert.equal(reply.status, status, `${method} ${url}: status`);
    return reply.body.error?.message ?? '';
  }

  /** Registers and logs in a user. */
  async user(username: string, password = 'password1'): Promise<TestUser> {
    const registered = await this.ok('POST', '/api/auth/register', { body: { username, password } });
    const login = await this.ok('POST', '/api/auth/login', { body: { username, password } });
    return { userId: registered.user_id, username, token: login.token };
  }

  /** A user with one funded account named `accountId`. */
  async trader(username: string, accountId: string, balance = 10_000_000): Promise<TestUser & { accountId: string }> {
    const user = await this.user(username);
    await this.ok('POST', '/api/account/open', { token: user.token, body: { user_id: user.userId, account_id: accountId, initial_balance: balance } });
    return { ...user, accountId };
  }

  /** Calls a route with the admin's token; the route must succeed; returns its data. */
  async asAdmin<T = any>(method: string, url: string, body?: unknown): Promise<T> {
    return this.ok<T>(method, url, { token: this.admin.token, ...(body !== undefined && { body }) });
  }

  /** Cancels every live order of every account (as the admin), so a test starts with empty books. */
  async cancelAllLiveOrders(): Promise<number> {
    const live: { accountId: string; orderId: string }[] = [];
    for (const account of this.exchange.state.accounts.values()) {
      for (const order of account.liveOrders) live.push({ accountId: account.accountId, orderId: order.orderId });
    }
    for (const { accountId, orderId } of live) {
      await this.ok('POST', '/api/order/cancel', { token: this.admin.token, body: { account_id: accountId, order_id: orderId } });
    }
    return live.length;
  }

  private tradeCounter = 0;

  /** One trade at `price` on SHFE.cu2701 between two fresh accounts: moves the last price. */
  async tradeAt(price: number): Promise<void> {
    const n = ++this.tradeCounter;
    const maker = await this.trader(`tradeat_maker_${n}`, `TRADEAT-M${n}`);
    const taker = await this.trader(`tradeat_taker_${n}`, `TRADEAT-T${n}`);
    await this.order(maker, { direction: 'SELL', price });
    await this.order(taker, { direction: 'BUY', price });
  }

  /** A LIMIT order on SHFE.cu2701 (reference price 86500, tick 10). */
  async order(
    trader: { token: string; userId: string; accountId: string },
    fields: { direction: 'BUY' | 'SELL'; price: number; volume?: number; offset?: string; order_id?: string; instrument_id?: string },
  ) {
    return this.ok('POST', '/api/order/submit', {
      token: trader.token,
      body: {
        user_id: trader.userId,
        account_id: trader.accountId,
        instrument_id: fields.instrument_id ?? 'cu2701',
        exchange_id: 'SHFE',
        direction: fields.direction,
        offset: fields.offset ?? 'OPEN',
        volume: fields.volume ?? 1,
        price: fields.price,
        price_type: 'LIMIT',
        ...(fields.order_id !== undefined && { order_id: fields.order_id }),
      },
    });
  }
}
