/**
 * Starts the exchange as a child process (`node --import tsx src/app/main.ts`, what
 * `npm start` runs) on free ports and a throw-away data folder, so that a benchmark's load
 * generator and the server are separate processes, as in production.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const BENCH_ADMIN = { username: 'benchadmin', password: 'bench-admin-password' } as const;

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address !== null ? address.port : 0;
}

export interface ServerProcess {
  readonly httpUrl: string;
  readonly wsUrl: string;
  readonly child: ChildProcess;
  stop(): Promise<void>;
}

export async function startServer(env: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'basis-bench-'));
  const httpPort = await freePort();
  const wsPort = await freePort();
  // BENCH_SERVER_PROFILE=<dir> writes a CPU profile of the server there.
  const profile = process.env.BENCH_SERVER_PROFILE;
  const flags = profile === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${profile}`];
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', 'src/app/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      HTTP_PORT: String(httpPort),
      WS_PORT: String(wsPort),
      ADMIN_USERNAME: BENCH_ADMIN.username,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('http:         listening')) {
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the server exited with ${code} before listening:\n${output}`)));
  });
  return {
    httpUrl: `http://127.0.0.1:${httpPort}`,
    wsUrl: `ws://127.0.0.1:${wsPort}`,
    child,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** POST/GET with the envelope unwrapped; throws on a failure envelope. */
export async function api<T = any>(base: string, method: string, url: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token !== undefined && { authorization: `Bearer ${token}` }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const envelope = (await response.json()) as { success: boolean; data: T; error: { code: number; message: string } | null };
  if (!envelope.success) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(envelope.error)}`);
  return envelope.data;
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
