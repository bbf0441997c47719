/**
 * A small client for the REST API over real HTTP (global fetch): every reply is parsed as
 * the envelope, and `ok` / `fails` assert the outcome with the route and body in the message.
 */
import assert from 'node:assert/strict';

export interface Envelope<T = any> {
  readonly success: boolean;
  readonly data: T;
  readonly error: { code: number; message: string } | null;
}

export interface HttpReply<T = any> {
  readonly status: number;
  readonly body: Envelope<T>;
  readonly raw: string;
}

export interface RequestOptions {
  readonly token?: string | undefined;
  readonly body?: unknown;
}

export class FetchClient {
  constructor(readonly baseUrl: string) {}

  async call<T = any>(method: string, url: string, options: RequestOptions = {}): Promise<HttpReply<T>> {
    const headers: Record<string, string> = {};
    if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}${url}`, {
      method,
      headers,
      ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
    });
    const raw = await response.text();
    let body: Envelope<T>;
    try {
      body = JSON.parse(raw) as Envelope<T>;
    } catch {
      assert.fail(`${method} ${url} answered a body that is not JSON (status ${response.status}): ${raw.slice(0, 300)}`);
    }
    return { status: response.status, body, raw };
  }

  /** A call that must succeed (HTTP 200, success true); returns `data`. */
  async ok<T = any>(method: string, url: string, options: RequestOptions = {}): Promise<T> {
    const reply = await this.call<T>(method, url, options);
    assert.equal(reply.status, 200, `${method} ${url}: HTTP ${reply.status} ${reply.raw.slice(0, 300)}`);
    assert.equal(reply.body.success, true, `${method} ${url}: ${reply.raw.slice(0, 300)}`);
    assert.equal(reply.body.error, null);
    return reply.body.data;
  }

  /** Registers a user and logs in; returns its id and token. */
  async userWithToken(username: string, password: string): Promise<{ userId: string; username: string; token: string }> {
    const registered = await this.ok('POST', '/api/auth/register', { body: { username, password } });
    const token = await this.login(username, password);
    return { userId: registered.user_id, username, token };
  }

  async login(username: string, password: string): Promise<string> {
    const login = await this.ok('POST', '/api/auth/login', { body: { username, password } });
    assert.equal(typeof login.token, 'string');
    return login.token;
  }
}
