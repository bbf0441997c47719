/**
 * npm run bench:ceiling
 *
 * What this machine allows the two network benchmarks, measured with their own load
 * generators against stubs that do none of the exchange's work:
 *   (a) HTTP (bench/ceiling/http-stub.ts): GET /health, then POST /api/order/submit with
 *       bench:http's request stream, on the real REST stack (framework, schemas,
 *       validators, hooks, response serialisers) answering each submit at once. The
 *       ratio submit/health here is the highest any implementation of the route on this
 *       stack can reach, before it does any exchange work (sequencing, durable journal,
 *       matching, history).
 *   (b) DIFF (bench/ceiling/ws-stub.ts): bench:ws's order entry (50 clients, one order per
 *       frame, then 100 per batched frame) against a server that answers each order with
 *       its order and trade views at once.
 * Each stub runs in its own process with the start script's node flags, as the exchange
 * does in bench:http and bench:ws. Knobs: BENCH_HTTP_SECONDS, BENCH_HTTP_WARMUP_SECONDS,
 * BENCH_HTTP_CONNECTIONS and BENCH_HTTP_SEED as for bench:http; BENCH_WS_CLIENTS and
 * BENCH_WS_ORDERS as for bench:ws. The last stdout line is one JSON object.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { freePort, PROJECT_ROOT, startScriptNodeFlags } from '../../test/support/server-process.ts';
import { readConfig } from '../http/config.ts';
import { type LoadResult, runLoad } from '../http/load.ts';
import { submitRequests } from '../http/orders.ts';
import { describeLoad, int } from '../http/report.ts';
import { runOrderEntry } from '../ws/order-entry.ts';

const log = (line: string): void => {
  process.stdout.write(`${line}\n`);
};
const config = readConfig();
const clients = Number(process.env.BENCH_WS_CLIENTS ?? 50);
const ordersPerClient = Number(process.env.BENCH_WS_ORDERS ?? 1000);

/** Starts a stub in its own process and waits for its "ready" line. */
async function startStub(file: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...startScriptNodeFlags(), '--import', 'tsx', path.join(PROJECT_ROOT, file), String(port)], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.setEncoding('utf8');
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: string) => {
      output += chunk;
      if (output.includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code} before it was ready`)));
  });
  await ready;
  return child;
}

async function stopStub(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

log(`bench:ceiling — node ${process.version}, ${cpus().length} cores, load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`);

// (a) the REST stack alone.
const httpPort = await freePort();
const httpStub = await startStub('bench/ceiling/http-stub.ts', httpPort);
let health: LoadResult;
let submit: LoadResult;
try {
  const url = `http://127.0.0.1:${httpPort}`;
  // Tokens as long as the exchange's JWTs, so that the requests are the same size.
  const accounts = Array.from({ length: 100 }, (_, i) => ({ userId: `user-${i}`, accountId: `BENCH-${i}`, token: `token-${i}-`.padEnd(220, 'x') }));
  const ring = submitRequests(accounts, 16_384, config.seed);
  const phase = async (spec: Omit<Parameters<typeof runLoad>[0], 'url' | 'seconds'>): Promise<LoadResult> => {
    if (config.warmupSeconds > 0) await runLoad({ ...spec, url, seconds: config.warmupSeconds });
    return runLoad({ ...spec, url, seconds: config.seconds });
  };
  health = await phase({ method: 'GET', path: '/health', connections: config.connections });
  log(describeLoad('stub GET /health', health));
  submit = await phase({ method: 'POST', path: '/api/order/submit', connections: config.connections, ring });
  log(describeLoad('stub POST /api/order/submit', submit));
} finally {
  await stopStub(httpStub);
}
const ratio = Math.round((submit.rps / health.rps) * 100) / 100;
log(`stub submit / health = ${ratio}: the most a submit route on this REST stack reaches here, doing no exchange work`);

// (b) DIFF order entry alone.
const wsPort = await freePort();
const wsStub = await startStub('bench/ceiling/ws-stub.ts', wsPort);
let single: Awaited<ReturnType<typeof runOrderEntry>>;
let batched: Awaited<ReturnType<typeof runOrderEntry>>;
try {
  const traders = Array.from({ length: clients }, (_, i) => ({ userId: `user-${i}`, username: `entry${i}`, token: `entry${i}`, accountId: `ENTRY${i}` }));
  const wsUrl = `ws://127.0.0.1:${wsPort}`;
  single = await runOrderEntry(wsUrl, traders, { ordersPerClient, perFrame: 1, tag: 's', window: 200 });
  log(`stub order entry, one per frame: ${int(single.orders)} orders in ${single.seconds.toFixed(2)} s = ${int(single.ordersPerSecond)}/s`);
  batched = await runOrderEntry(wsUrl, traders, { ordersPerClient: ordersPerClient * 4, perFrame: 100, tag: 'm', window: 400 });
  log(`stub order entry, 100 per frame: ${int(batched.orders)} orders in ${batched.seconds.toFixed(2)} s = ${int(batched.ordersPerSecond)}/s`);
} finally {
  await stopStub(wsStub);
}

log(
  JSON.stringify({
    bench: 'ceiling',
    health_rps: health.rps,
    stub_submit_rps: submit.rps,
    stub_ratio: ratio,
    stub_submit_non2xx: submit.non2xx,
    stub_ws_orders_per_sec_single: Math.round(single.ordersPerSecond),
    stub_ws_orders_per_sec_batched: Math.round(batched.ordersPerSecond),
    config: { seconds: config.seconds, warmup_seconds: config.warmupSeconds, connections: config.connections, ws_clients: clients, node: process.version, cores: cpus().length, load_average_at_start: Math.round((loadavg()[0] ?? 0) * 100) / 100 },
  }),
);
