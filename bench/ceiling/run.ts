/**
 * npm run bench:ceiling
 *
 * What this machine allows the two network benchmarks, measured with their own load
 * generators against servers that do none of the exchange's work:
 *   (a) HTTP (bench/ceiling/http-stub.ts): the exchange's own HTTP server, on a real
 *       exchange with the shipped configuration (durability "full"), with one route more,
 *       POST /bench/order/submit: the submit route's work before and after the exchange,
 *       without the exchange. bench:http's traders and order stream; after a warm-up each,
 *       GET /health, the stub route, and the real POST /api/order/submit, in one run. The
 *       stub's ratio to /health is the most a submit can reach on this server before the
 *       exchange does anything (sequencing, the fsync'd journal, matching, history).
 *   (b) DIFF (bench/ceiling/ws-stub.ts): bench:ws's order entry (50 clients, one order per
 *       frame, then 100 per batched frame) against a server that answers each order with
 *       its order and trade views at once.
 * Each server runs in its own process with the start script's node flags, as the exchange
 * does in bench:http and bench:ws. Knobs as for bench:http (BENCH_HTTP_SECONDS,
 * BENCH_HTTP_WARMUP_SECONDS, BENCH_HTTP_CONNECTIONS, BENCH_HTTP_USERS,
 * BENCH_HTTP_ACCOUNTS_PER_USER, BENCH_HTTP_SEED) and bench:ws (BENCH_WS_CLIENTS,
 * BENCH_WS_ORDERS); BENCH_SERVER_NODE_FLAGS adds node flags to both servers (e.g.
 * "--cpu-prof --cpu-prof-dir=<dir>"). The last stdout line is one JSON object.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { FetchClient } from '../../test/support/fetch-client.ts';
import { freePort, PROJECT_ROOT, startScriptNodeFlags } from '../../test/support/server-process.ts';
import { prepareAccounts } from '../http/accounts.ts';
import { readConfig } from '../http/config.ts';
import { type LoadResult, runLoad } from '../http/load.ts';
import { submitRequests } from '../http/orders.ts';
import { describeLoad, int } from '../http/report.ts';
import { runOrderEntry } from '../ws/order-entry.ts';

const log = (line: string): void => {
  process.stdout.write(`${line}\n`);
};
const round2 = (x: number): number => Math.round(x * 100) / 100;
const config = readConfig();
const clients = Number(process.env.BENCH_WS_CLIENTS ?? 50);
const ordersPerClient = Number(process.env.BENCH_WS_ORDERS ?? 1000);
const READY_TIMEOUT_MS = 60_000;

/** Starts a server in its own process and waits for its "ready" line. */
async function startServer(file: string, args: readonly string[]): Promise<ChildProcess> {
  const extraFlags = (process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(/\s+/).filter((flag) => flag !== '');
  const child = spawn(process.execPath, [...startScriptNodeFlags(), ...extraFlags, '--import', 'tsx', path.join(PROJECT_ROOT, file), ...args], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.setEncoding('utf8');
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${file} not ready after ${READY_TIMEOUT_MS / 1000} s`)), READY_TIMEOUT_MS);
      child.stdout!.on('data', (chunk: string) => {
        output += chunk;
        if (output.includes('ready')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`${file} ended (${code ?? signal}) before it was ready: ${output.slice(-500)}`));
      });
    });
  } catch (error) {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGKILL');
      await exited;
    }
    throw error;
  }
  return child;
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  await exited;
  clearTimeout(timer);
}

log(`bench:ceiling — node ${process.version}, ${cpus().length} cores, load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);
const loadAtStart = round2(loadavg()[0] ?? 0);

// (a) The HTTP server with a submit route that skips the exchange, beside the real one.
const httpPort = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'basis-bench-ceiling-'));
let health: LoadResult;
let stub: LoadResult;
let submit: LoadResult;
try {
  const httpServer = await startServer('bench/ceiling/http-stub.ts', [String(httpPort), dataDir]);
  try {
    const url = `http://127.0.0.1:${httpPort}`;
    const accounts = await prepareAccounts(new FetchClient(url), config.users, config.accountsPerUser);
    const ring = submitRequests(accounts, 16_384, config.seed);
    const phase = async (spec: Omit<Parameters<typeof runLoad>[0], 'url' | 'seconds'>): Promise<LoadResult> => {
      if (config.warmupSeconds > 0) await runLoad({ ...spec, url, seconds: config.warmupSeconds });
      return runLoad({ ...spec, url, seconds: config.seconds });
    };
    health = await phase({ method: 'GET', path: '/health', connections: config.connections });
    log(describeLoad('GET /health', health));
    stub = await phase({ method: 'POST', path: '/bench/order/submit', connections: config.connections, ring });
    log(describeLoad('POST /bench/order/submit (no exchange)', stub));
    submit = await phase({ method: 'POST', path: '/api/order/submit', connections: config.connections, ring });
    log(describeLoad('POST /api/order/submit', submit));
  } finally {
    await stopServer(httpServer);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
const stubRatio = round2(stub.rps / health.rps);
const submitRatio = round2(submit.rps / health.rps);
log(`ratio to /health: ${stubRatio} for a submit without the exchange, ${submitRatio} for the real submit`);

// (b) DIFF order entry without the exchange.
const wsPort = await freePort();
const wsServer = await startServer('bench/ceiling/ws-stub.ts', [String(wsPort)]);
let single: Awaited<ReturnType<typeof runOrderEntry>>;
let batched: Awaited<ReturnType<typeof runOrderEntry>>;
try {
  const traders = Array.from({ length: clients }, (_, i) => ({ userId: `user-${i}`, username: `entry${i}`, token: `entry${i}`, accountId: `ENTRY${i}` }));
  const wsUrl = `ws://127.0.0.1:${wsPort}`;
  // The clients wait for their orders to come back: a stub that dies would leave them waiting.
  const died = new Promise<never>((_, reject) => {
    wsServer.once('exit', (code, signal) => reject(new Error(`the DIFF stub ended (${code ?? signal}) during the run`)));
  });
  died.catch(() => undefined);
  const entry = (options: Parameters<typeof runOrderEntry>[2]) => Promise.race([runOrderEntry(wsUrl, traders, options), died]);
  single = await entry({ ordersPerClient, perFrame: 1, tag: 's', window: 200 });
  log(`DIFF order entry without the exchange, one per frame: ${int(single.orders)} orders in ${single.seconds.toFixed(2)} s = ${int(single.ordersPerSecond)}/s`);
  batched = await entry({ ordersPerClient: ordersPerClient * 4, perFrame: 100, tag: 'm', window: 400 });
  log(`DIFF order entry without the exchange, 100 per frame: ${int(batched.orders)} orders in ${batched.seconds.toFixed(2)} s = ${int(batched.ordersPerSecond)}/s`);
} finally {
  await stopServer(wsServer);
}

log(
  JSON.stringify({
    bench: 'ceiling',
    health_rps: health.rps,
    stub_submit_rps: stub.rps,
    stub_ratio: stubRatio,
    submit_rps: submit.rps,
    submit_ratio: submitRatio,
    non2xx: stub.non2xx + submit.non2xx,
    stub_ws_orders_per_sec_single: Math.round(single.ordersPerSecond),
    stub_ws_orders_per_sec_batched: Math.round(batched.ordersPerSecond),
    config: {
      seconds: config.seconds,
      warmup_seconds: config.warmupSeconds,
      connections: config.connections,
      accounts: config.users * config.accountsPerUser,
      ws_clients: clients,
      node: process.version,
      cores: cpus().length,
      load_average_at_start: loadAtStart,
    },
  }),
);
