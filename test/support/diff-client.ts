/**
 * A minimal DIFF client for tests: keeps a mirror by applying every rtn_data patch with
 * its own merge-patch code (independent of the server's), peeks after each rtn_data as
 * real clients do, and lets a test wait for a condition on the mirror.
 */
import WebSocket from 'ws';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** RFC 7386, written separately from src/protocol/merge-patch.ts on purpose. */
export function mergePatch(target: Json | undefined, patch: Json): Json {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) return patch;
  const result: { [key: string]: Json } =
    target !== null && typeof target === 'object' && !Array.isArray(target) && target !== undefined ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    // Own properties only, "__proto__" included (an order id a client may choose).
    else Object.defineProperty(result, key, { value: mergePatch(Object.hasOwn(result, key) ? result[key] : undefined, value), writable: true, enumerable: true, configurable: true });
  }
  return result;
}

function isPlainObject(value: unknown): value is { [key: string]: Json } {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function sameJson(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && sameJson(a[k], b[k]));
  }
  return a === b;
}

/**
 * The parts of `patch` that change nothing when applied to `before`: a leaf equal to the
 * value held, a null for a field that is absent, an empty object merged into an object.
 * Returns their paths (empty: the patch holds only changes).
 */
export function unchangedFields(before: unknown, patch: unknown, path = ''): string[] {
  if (!isPlainObject(patch) || !isPlainObject(before)) return [];
  const found: string[] = [];
  for (const [key, value] of Object.entries(patch)) {
    const at = path === '' ? key : `${path}.${key}`;
    const held = before[key];
    if (value === null) {
      if (held === undefined) found.push(`${at} (null for an absent field)`);
    } else if (isPlainObject(value)) {
      if (isPlainObject(held)) {
        if (Object.keys(value).length === 0) found.push(`${at} (empty object)`);
        else found.push(...unchangedFields(held, value, at));
      }
    } else if (sameJson(value, held)) {
      found.push(`${at} = ${JSON.stringify(value)}`);
    }
  }
  return found;
}

export class DiffClient {
  mirror: { [key: string]: any } = {};
  readonly patches: any[] = [];
  /** Every patch with the mirror it was applied to (mergePatch never mutates, so `before` stays intact). */
  readonly history: { before: any; patch: any }[] = [];
  readonly messages: any[] = [];
  private waiters: (() => void)[] = [];
  autoPeek = true;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString());
      this.messages.push(message);
      if (message.aid === 'rtn_data') {
        for (const patch of message.data) {
          this.patches.push(patch);
          this.history.push({ before: this.mirror, patch });
          this.mirror = mergePatch(this.mirror, patch) as { [key: string]: any };
        }
        if (this.autoPeek) this.send({ aid: 'peek_message' });
      }
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  static async connect(url: string, options: WebSocket.ClientOptions = {}): Promise<DiffClient> {
    const socket = new WebSocket(url, options);
    const client = new DiffClient(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return client;
  }

  send(message: unknown): void {
    this.socket.send(JSON.stringify(message));
  }

  /** Resolves when `condition(mirror)` holds; rejects after `timeoutMs`. */
  async until(condition: (mirror: any) => boolean, timeoutMs = 5000, what = 'condition'): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition(this.mirror)) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}; mirror: ${JSON.stringify(this.mirror).slice(0, 1500)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  notifications(): { type: string; level: string; code: number; content: string }[] {
    return Object.values(this.mirror.notify ?? {});
  }

  /** Resolves with the close code once the socket closes (-1 if it already was); rejects after `timeoutMs`. */
  async closed(timeoutMs: number): Promise<number> {
    return (await this.closing(timeoutMs)).code;
  }

  /** Resolves with the close code and reason once the socket closes (code -1 if it already was); rejects after `timeoutMs`. */
  closing(timeoutMs = 5000): Promise<{ code: number; reason: string }> {
    return new Promise((resolve, reject) => {
      if (this.socket.readyState === this.socket.CLOSED) {
        resolve({ code: -1, reason: '' });
        return;
      }
      const timer = setTimeout(() => reject(new Error(`socket still open after ${timeoutMs} ms`)), timeoutMs);
      this.socket.once('close', (code, reason) => {
        clearTimeout(timer);
        resolve({ code, reason: reason.toString() });
      });
    });
  }

  /** Resolves once a {"aid":"ping"} is answered with a pong: the connection is usable. */
  async answersPing(): Promise<void> {
    const pongs = () => this.messages.filter((m) => m.aid === 'pong').length;
    const before = pongs();
    this.send({ aid: 'ping' });
    await this.until(() => pongs() > before, 2000, 'pong');
    if (this.socket.readyState !== this.socket.OPEN) throw new Error('the socket closed after its pong');
  }

  close(): void {
    this.socket.close();
  }
}
