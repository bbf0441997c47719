/**
 * npm run bench:http  (node --import tsx bench/http/run.ts)
 *
 * The REST API under load over loopback. The exchange runs as a child process (the load
 * generator, autocannon, runs in this one), on a throw-away DATA_DIR with the shipped
 * configuration: durability "full", every group-commit batch fsync'd before any reply.
 * Traders are prepared over HTTP (users, logins, accounts with large balances); then,
 * each phase after an unmeasured warm-up, with closed-loop keep-alive connections:
 *   (a) GET /health: the HTTP stack's ceiling on this machine;
 *   (b) POST /api/order/submit: one LIMIT order per request on SHFE.cu2701 around 86500,
 *       BUY and SELL alternating over many accounts, about half crossing (orders.ts);
 *       every request must succeed: non-2xx answers are counted and reported;
 *   (c) POST /api/order/batch: 100 such orders per request (one account, one side).
 * Latency percentiles come from an HdrHistogram of every 2xx response time. The ratio is
 * submit req/s over /health req/s. Both processes share this machine's cores, so the
 * figures are those of a server with a load generator beside it, not of a dedicated host.
 * At the end the server gets SIGTERM and must exit 0; the snapshots it logged are counted
 * (the shipped configuration snapshots every 500,000 commands, which a batch phase may pass).
 * The LAST stdout line is one JSON object.
 *
 * Environment knobs (all optional):
 *   BENCH_HTTP_SECONDS=10            measured seconds of each phase
 *   BENCH_HTTP_WARMUP_SECONDS=3      unmeasured warm-up before each phase (0 = none)
 *   BENCH_HTTP_CONNECTIONS=50        connections of the /health and submit phases
 *   BENCH_HTTP_BATCH_CONNECTIONS=50  connections of the batch phase (default: CONNECTIONS)
 *   BENCH_HTTP_BATCH_SIZE=100        orders per batch request (the route takes at most 100)
 *   BENCH_HTTP_USERS=10              users registered (an even number)...
 *   BENCH_HTTP_ACCOUNTS_PER_USER=10  ...each with this many accounts (the total must be even)
 *   BENCH_HTTP_PHASES=health,submit,batch   which phases to run
 *   BENCH_HTTP_CPU_PROF=<dir>        run the server under node --cpu-prof, write the profile
 *                                    there and print, for each measured phase (only the samples
 *                                    of its time window), the top self-time functions. V8 writes
 *                                    the profile when the server exits: a server killed after
 *                                    the shutdown timeout leaves none (e.g. profile the submit
 *                                    load with BENCH_HTTP_PHASES=submit)
 *   BENCH_SERVER_NODE_FLAGS="..."    extra node flags for the server (e.g. --trace-gc)
 *   BENCH_SERVER_LOG=<file>          save the server's output there when it stops
 *   BENCH_HTTP_SEED=20261122         seed of the order prices
 *   BENCH_HTTP_SHUTDOWN_TIMEOUT=120  seconds the server gets to exit after SIGTERM (then killed)
 */
import { readdirSync, statSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { FetchClient } from '../../test/support/fetch-client.ts';
import { prepareAccounts } from './accounts.ts';
import { readConfig } from './config.ts';
import { exchangeFigures, settle } from './figures.ts';
import { type LoadResult, runLoad } from './load.ts';
import { batchRequests, submitRequests } from './orders.ts';
import { monotonicUs, type ProfileWindow, readProfile, summarizeProfile } from './profile-summary.ts';
import { describeLoad, describeProfile, int, ms, target } from './report.ts';
import { BENCH_ADMIN, type ShutdownReport, snapshotLines, startBenchServer } from './server.ts';

const log = (line: string): void => {
  process.stdout.write(`${line}\n`);
};
const round2 = (x: number): number => Math.round(x * 100) / 100;

const config = readConfig();
/** The 1-minute load average when the run began: on a shared machine, read the figures with it. */
const loadAtStart = round2(loadavg()[0] ?? 0);
log(
  `bench:http — ${config.seconds} s per phase after ${config.warmupSeconds} s warm-up, ${config.connections} connections ` +
    `(batch ${config.batchConnections} × ${config.batchSize} orders), ${config.users * config.accountsPerUser} accounts; ` +
    `node ${process.version}, ${cpus().length} cores, load average ${loadavg().map((x) => x.toFixed(2)).join(' ')}`,
);

const startedAt = performance.now();
const bench = await startBenchServer(config.cpuProfDir);
const url = bench.server.baseUrl;
const serverPid = bench.server.pid;
log(`server: pid ${bench.server.pid}, ${url}, data ${bench.dataDir}, ready in ${((performance.now() - startedAt) / 1000).toFixed(1)} s`);

let health: LoadResult | undefined;
let submit: LoadResult | undefined;
let batch: (LoadResult & { ordersPerSec: number; failedItems: number; placed: number }) | undefined;
let submitTrades = 0;
let batchTrades = 0;
let shutdown: ShutdownReport = { seconds: 0, exitCode: null, error: 'not stopped' };
let snapshotsDuringRun = 0;
/** When each measured phase ran (for the server's CPU profile), and how many requests it answered. */
const windows: { phase: string; window: ProfileWindow; requests: number }[] = [];
try {
  const api = new FetchClient(url);
  const adminToken = await api.login(BENCH_ADMIN.username, BENCH_ADMIN.password);
  const prepared = performance.now();
  const accounts = await prepareAccounts(api, config.users, config.accountsPerUser);
  log(`setup: ${config.users} users, ${accounts.length} accounts over HTTP in ${((performance.now() - prepared) / 1000).toFixed(1)} s`);

  /** A warm-up run (not reported), then the measured one. */
  const phase = async (name: string, spec: Omit<Parameters<typeof runLoad>[0], 'url' | 'seconds'>): Promise<LoadResult> => {
    if (config.warmupSeconds > 0) {
      await runLoad({ ...spec, url, seconds: config.warmupSeconds, onBody: undefined });
      await settle(api);
    }
    const fromUs = monotonicUs();
    const result = await runLoad({ ...spec, url, seconds: config.seconds });
    windows.push({ phase: name, window: { fromUs, toUs: monotonicUs() }, requests: result.requests });
    await settle(api);
    return result;
  };

  if (config.phases.has('health')) {
    health = await phase('health', { method: 'GET', path: '/health', connections: config.connections });
    log(describeLoad('GET /health', health));
  }

  if (config.phases.has('submit')) {
    const ring = submitRequests(accounts, 16_384, config.seed);
    const before = await exchangeFigures(api, adminToken);
    submit = await phase('submit', { method: 'POST', path: '/api/order/submit', connections: config.connections, ring });
    const after = await exchangeFigures(api, adminToken);
    submitTrades = after.trades - before.trades;
    log(describeLoad('POST /api/order/submit', submit));
    log(
      `  exchange: ${int(after.orders - before.orders)} orders and ${int(submitTrades)} trades during warm-up + run; ` +
        `${int(after.liveOrders)} live orders, ${after.memoryMb} MB`,
    );
  }

  if (config.phases.has('batch')) {
    const ring = batchRequests(accounts, 2_048, config.batchSize, config.seed + 1);
    let placed = 0;
    let failedItems = 0;
    const SUCCESS = /"success_count":(\d+),"failed_count":(\d+)/;
    const before = await exchangeFigures(api, adminToken);
    const result = await phase('batch', {
      method: 'POST',
      path: '/api/order/batch',
      connections: config.batchConnections,
      ring,
      onBody: (status, body) => {
        if (status !== 200) return;
        const counts = SUCCESS.exec(body);
        if (counts === null) {
          failedItems += config.batchSize;
          return;
        }
        placed += Number(counts[1]);
        failedItems += Number(counts[2]);
      },
    });
    const after = await exchangeFigures(api, adminToken);
    batchTrades = after.trades - before.trades;
    batch = { ...result, placed, failedItems, ordersPerSec: Math.round(placed / result.seconds) };
    log(describeLoad(`POST /api/order/batch (${config.batchSize} orders)`, result));
    log(
      `  orders: ${int(batch.ordersPerSec)} orders/s (${int(placed)} placed, ${int(failedItems)} refused items); ` +
        `exchange: ${int(batchTrades)} trades during warm-up + run, ${int(after.liveOrders)} live orders, ${after.memoryMb} MB`,
    );
  }
} finally {
  const logBeforeStop = bench.server.log;
  shutdown = await bench.stop(config.shutdownTimeoutSeconds * 1000);
  log(
    shutdown.error === null
      ? `server: SIGTERM, clean exit 0 in ${shutdown.seconds} s`
      : `server: SIGTERM, ${shutdown.error} after ${shutdown.seconds} s`,
  );
  snapshotsDuringRun = snapshotLines(logBeforeStop).length;
  const all = snapshotLines(bench.server.log);
  log(`server: ${all.length} snapshots logged (${snapshotsDuringRun} before SIGTERM)${all.length > 0 ? `; last: ${all.at(-1)}` : ''}`);
}

const ratio = submit !== undefined && health !== undefined ? round2(submit.rps / health.rps) : null;
log('targets:');
if (ratio !== null) log(target('submit_rps / health_rps', ratio, '>= 0.6', ratio >= 0.6));
if (submit !== undefined) {
  log(target('submit p99 ms', ms(submit.latency.p99_us), '<= 25', ms(submit.latency.p99_us) <= 25));
  log(target('submit non-2xx', submit.non2xx, '0', submit.non2xx === 0));
}
if (batch !== undefined) log(target('batch orders/s', batch.ordersPerSec, '>= 50,000', batch.ordersPerSec >= 50_000));

interface PhaseProfile {
  window_us: [number, number];
  busy_pct: number;
  busy_us_per_request: number | null;
  top: { name: string; where: string; pct: number }[];
}
let profile: { file: string; phases: Record<string, PhaseProfile> } | undefined;
if (config.cpuProfDir !== '') {
  const dir = path.resolve(config.cpuProfDir);
  // The server's main thread writes the biggest profile (tsx's loader thread writes one too).
  const newest = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile') && f.includes(`.${serverPid}.`))
    .map((f) => path.join(dir, f))
    .sort((a, b) => statSync(a).size - statSync(b).size)
    .pop();
  if (newest !== undefined) {
    const cpuProfile = readProfile(newest);
    log(`server CPU profile: ${newest}`);
    profile = { file: newest, phases: {} };
    for (const { phase, window, requests } of windows) {
      const summary = summarizeProfile(cpuProfile, 20, window);
      for (const line of describeProfile(`${phase} phase`, summary, requests)) log(line);
      profile.phases[phase] = {
        window_us: [window.fromUs, window.toUs],
        busy_pct: summary.busyMs + summary.idleMs > 0 ? Math.round((100 * summary.busyMs) / (summary.busyMs + summary.idleMs)) : 0,
        busy_us_per_request: requests > 0 ? Math.round((1000 * summary.busyMs) / requests) : null,
        top: summary.topFunctions.slice(0, 8).map((f) => ({ name: f.name, where: f.where, pct: f.sharePct })),
      };
    }
  }
}

log(
  JSON.stringify({
    bench: 'http',
    submit_rps: submit?.rps ?? null,
    submit_p99_ms: submit !== undefined ? ms(submit.latency.p99_us) : null,
    health_rps: health?.rps ?? null,
    ratio,
    batch_orders_per_sec: batch?.ordersPerSec ?? null,
    submit_p50_ms: submit !== undefined ? ms(submit.latency.p50_us) : null,
    submit_p999_ms: submit !== undefined ? ms(submit.latency.p999_us) : null,
    submit_non2xx: submit?.non2xx ?? null,
    submit_errors: submit?.errors ?? null,
    submit_trades: submitTrades,
    health_p99_ms: health !== undefined ? ms(health.latency.p99_us) : null,
    health_non2xx: health?.non2xx ?? null,
    batch_rps: batch?.rps ?? null,
    batch_p99_ms: batch !== undefined ? ms(batch.latency.p99_us) : null,
    batch_non2xx: batch?.non2xx ?? null,
    batch_failed_items: batch?.failedItems ?? null,
    batch_trades: batchTrades,
    durations_s: { health: health?.seconds ?? null, submit: submit?.seconds ?? null, batch: batch?.seconds ?? null },
    shutdown_s: shutdown.seconds,
    shutdown_exit_code: shutdown.exitCode,
    ...(shutdown.error !== null && { shutdown_error: shutdown.error }),
    snapshots_before_sigterm: snapshotsDuringRun,
    ...(profile !== undefined && { profile }),
    config: {
      seconds: config.seconds,
      warmup_seconds: config.warmupSeconds,
      connections: config.connections,
      batch_connections: config.batchConnections,
      batch_size: config.batchSize,
      accounts: config.users * config.accountsPerUser,
      durability: 'full',
      node: process.version,
      cores: cpus().length,
      load_average_at_start: loadAtStart,
    },
  }),
);
