/**
 * The exchange for the WebSocket benchmark: the shared bench server (a separate process,
 * full durability, request logging off) and small HTTP helpers to set up traders.
 */
import { BENCH_ADMIN, startBenchServer } from '../http/server.ts';

export { BENCH_ADMIN };

export interface ServerProcess {
  readonly httpUrl: string;
  readonly wsUrl: string;
  stop(): Promise<void>;
}

/** BENCH_SERVER_PROFILE=<dir> writes a CPU profile of the server there. */
export async function startServer(options: { orderLimit?: boolean } = {}): Promise<ServerProcess> {
  const bench = await startBenchServer(process.env.BENCH_SERVER_PROFILE ?? '', options);
  return {
    httpUrl: bench.server.baseUrl,
    wsUrl: `ws://127.0.0.1:${bench.server.wsPort}`,
    async stop() {
      const report = await bench.stop(60_000);
      if (report.error !== null) console.log(`server shutdown: ${report.error}`);
    },
  };
}

/**
 * POST/GET with the envelope unwrapped; throws on a failure envelope. A 429 (the server
 * shares password hashing out per address, and the benchmark's traders all come from
 * one) is waited out and tried again, as a client should.
 */
export async function api<T = any>(base: string, method: string, url: string, body?: unknown, token?: string): Promise<T> {
  for (;;) {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token !== undefined && { authorization: `Bearer ${token}` }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    const envelope = (await response.json()) as { success: boolean; data: T; error: { code: number; message: string } | null };
    if (response.status === 429) {
      const seconds = Number(/in (\d+) s/.exec(envelope.error?.message ?? '')?.[1] ?? 1);
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000 + 50));
      continue;
    }
    if (!envelope.success) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(envelope.error)}`);
    return envelope.data;
  }
}

export interface BenchTrader {
  readonly userId: string;
  readonly username: string;
  readonly token: string;
  readonly accountId: string;
}

/** Registers `count` users (password `password1`), each with one account holding `balance`. */
export async function createTraders(base: string, prefix: string, count: number, balance = 1_000_000_000_000): Promise<BenchTrader[]> {
  const traders: BenchTrader[] = [];
  // A few at a time: registration hashes passwords on the server's thread pool.
  for (let start = 0; start < count; start += 8) {
    const batch = Array.from({ length: Math.min(8, count - start) }, async (_, i) => {
      const username = `${prefix}${start + i}`;
      const registered = await api(base, 'POST', '/api/auth/register', { username, password: 'password1' });
      const login = await api(base, 'POST', '/api/auth/login', { username, password: 'password1' });
      const accountId = `${prefix.toUpperCase()}${start + i}`;
      await api(base, 'POST', '/api/account/open', { user_id: registered.user_id, account_id: accountId, initial_balance: balance }, login.token);
      return { userId: registered.user_id, username, token: login.token, accountId };
    });
    traders.push(...(await Promise.all(batch)));
  }
  return traders;
}
