/**
 * `npm run bench:ws`: the DIFF WebSocket server under load, the server in its own process.
 *   (a) BENCH_WS_CONNECTIONS (1000) authenticated connections subscribed to a quote while
 *       BENCH_WS_TRADES_PER_SEC (10) trades happen for BENCH_WS_SECONDS (10): trade-to-patch
 *       latency percentiles, the server's CPU, and how long the buying maker waits for
 *       its own fill meanwhile (fill p50/p99: order entry shares the thread). Each trade is two quote changes (the
 *       resting order, then the fill), each sent to every connection: 10 trades/s is 20,000
 *       patches/s, about what a bare `ws` server sends on this machine with its clients
 *       beside it; 100 trades/s (200,000 patches/s) saturates it.
 *   (b) order entry from BENCH_WS_CLIENTS (50) clients, fully durable: orders/s with one
 *       order per frame (BENCH_WS_ORDERS per client, 1000) and with 100 per batched frame.
 * The last line is one JSON object. BENCH_SERVER_PROFILE=<dir> profiles the server's CPU;
 * BENCH_SERVER_NODE_FLAGS and BENCH_SERVER_LOG as for bench:http (bench/http/server.ts).
 */
import { summarizeLatencies } from '../engine/stats.ts';
import { createTraders, startServer } from '../support/server-process.ts';
import { runFanout } from './fanout.ts';
import { runOrderEntry } from './order-entry.ts';

const env = (name: string, fallback: number): number => Number(process.env[name] ?? fallback);
const CONNECTIONS = env('BENCH_WS_CONNECTIONS', 1000);
const TRADES_PER_SEC = env('BENCH_WS_TRADES_PER_SEC', 10);
const SECONDS = env('BENCH_WS_SECONDS', 10);
const CLIENTS = env('BENCH_WS_CLIENTS', 50);
const ORDERS = env('BENCH_WS_ORDERS', 1000);

const server = await startServer();
try {
  console.log(`server: ${server.httpUrl}, ${server.wsUrl}`);
  // At most 20 connections a user: a user's DIFF logins are limited (SessionStartLimiter).
  const viewers = await createTraders(server.httpUrl, 'viewer', Math.min(CONNECTIONS, Math.max(100, Math.ceil(CONNECTIONS / 20))));
  const [seller, buyer] = await createTraders(server.httpUrl, 'maker', 2);
  const fanout = await runFanout(server.httpUrl, server.wsUrl, viewers, [seller!, buyer!], {
    connections: CONNECTIONS,
    tradesPerSecond: TRADES_PER_SEC,
    seconds: SECONDS,
  });
  const patch = summarizeLatencies(fanout.latenciesMs.map((ms) => ms * 1e6), fanout.latencyCount);
  const fill = summarizeLatencies(fanout.orderLatenciesMs.map((ms) => ms * 1e6), fanout.orderLatencyCount);
  console.log(
    `fanout: ${fanout.connections} connections, ${fanout.trades} trades, patch p50 ${patch.p50_us / 1000} ms, p99 ${patch.p99_us / 1000} ms, ` +
      `max ${patch.max_us / 1000} ms, ${fanout.missed} connections behind, server CPU ${fanout.serverCpuPercent}%, ` +
      `the viewers' event loop ${fanout.viewerLoopBusyPercent}% busy; ` +
      `the buyer's fills meanwhile: p50 ${fill.p50_us / 1000} ms, p99 ${fill.p99_us / 1000} ms (${fanout.orderLatencyCount} of ${fanout.trades})`,
  );

  const traders = await createTraders(server.httpUrl, 'entry', CLIENTS);
  const single = await runOrderEntry(server.wsUrl, traders, { ordersPerClient: ORDERS, perFrame: 1, tag: 's', window: 200 });
  console.log(`order entry, one per frame: ${single.orders} orders in ${single.seconds.toFixed(2)} s = ${Math.round(single.ordersPerSecond)}/s`);
  const batched = await runOrderEntry(server.wsUrl, traders, { ordersPerClient: ORDERS * 4, perFrame: 100, tag: 'm', window: 400 });
  console.log(`order entry, 100 per frame: ${batched.orders} orders in ${batched.seconds.toFixed(2)} s = ${Math.round(batched.ordersPerSecond)}/s`);

  console.log(
    JSON.stringify({
      bench: 'ws',
      connections: fanout.connections,
      trades_per_sec: TRADES_PER_SEC,
      patch_p50_ms: patch.p50_us / 1000,
      patch_p99_ms: patch.p99_us / 1000,
      patch_max_ms: patch.max_us / 1000,
      trades: fanout.trades,
      connections_behind: fanout.missed,
      fill_p50_ms: fill.p50_us / 1000,
      fill_p99_ms: fill.p99_us / 1000,
      server_cpu_percent: fanout.serverCpuPercent,
      viewer_loop_busy_percent: fanout.viewerLoopBusyPercent,
      orders_per_sec_single: Math.round(single.ordersPerSecond),
      orders_per_sec_batched: Math.round(batched.ordersPerSecond),
    }),
  );
} finally {
  await server.stop();
}
