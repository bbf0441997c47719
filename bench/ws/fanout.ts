/**
 * Scenario (a): many authenticated DIFF connections subscribed to one instrument's quote
 * while trades happen at a steady rate. Latency is measured from the moment the load
 * generator sends the order that makes a trade to the moment each connection receives
 * the quote patch showing it (the quote's volume counts trades one lot at a time, so
 * each patch names the trades it carries).
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { api, BENCH_ADMIN, type BenchTrader } from '../support/server-process.ts';
import type { MakersInput, MakersOutput } from './makers.ts';

const INSTRUMENT = 'SHFE.cu2701';

export interface FanoutResult {
  readonly connections: number;
  readonly trades: number;
  /** Trade-to-patch latencies, ms, one per trade per connection. */
  readonly latenciesMs: Float64Array;
  readonly latencyCount: number;
  readonly missed: number;
  /** The buying maker's latencies, ms, from sending its order to its own rtn_data showing it filled. */
  readonly orderLatenciesMs: Float64Array;
  readonly orderLatencyCount: number;
  readonly serverCpuPercent: number;
  /**
   * How busy this process's event loop (the load generator's viewers) was while the
   * trades streamed: near 100% it, not the server, sets part of the latency.
   */
  readonly viewerLoopBusyPercent: number;
}

function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

export async function runFanout(
  httpUrl: string,
  wsUrl: string,
  viewers: readonly BenchTrader[],
  makers: readonly [BenchTrader, BenchTrader],
  options: { connections: number; tradesPerSecond: number; seconds: number },
): Promise<FanoutResult> {
  const total = options.tradesPerSecond * options.seconds;
  // When each connection received each trade (ms since the epoch, NaN until it has): the
  // makers' thread says when the trades were sent once they are done.
  const receivedAt = new Float64Array(options.connections * total).fill(Number.NaN);
  let baseVolume = -1;
  const lastSeen: number[] = [];
  const sockets: WebSocket[] = [];
  let ready = 0;
  for (let i = 0; i < options.connections; i++) {
    const viewer = viewers[i % viewers.length]!;
    const socket = await open(`${wsUrl}/ws/diff?access_token=${viewer.token}`);
    const index = i;
    lastSeen[index] = -1;
    socket.on('message', (data) => {
      const received = performance.timeOrigin + performance.now();
      const message = JSON.parse(data.toString());
      if (message.aid !== 'rtn_data') return;
      for (const patch of message.data) {
        const volume = patch.quotes?.[INSTRUMENT]?.volume;
        if (typeof volume !== 'number') continue;
        if (lastSeen[index] === -1) {
          ready++;
          if (baseVolume < 0) baseVolume = volume;
        } else {
          for (let v = lastSeen[index]! + 1; v <= volume; v++) {
            const trade = v - baseVolume - 1;
            if (trade >= 0 && trade < total) receivedAt[index * total + trade] = received;
          }
        }
        lastSeen[index] = volume;
      }
      socket.send('{"aid":"peek_message"}');
    });
    socket.send(`{"aid":"subscribe_quote","ins_list":"${INSTRUMENT}"}`);
    socket.send('{"aid":"peek_message"}');
    sockets.push(socket);
  }
  const deadline = Date.now() + 30_000;
  while (ready < options.connections && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));

  // Two makers trade one lot at a time, in a process of their own (bench/ws/makers.ts).
  const login = await api(httpUrl, 'POST', '/api/auth/login', BENCH_ADMIN);
  await api(httpUrl, 'GET', '/api/monitoring/system', undefined, login.token);
  const input: MakersInput = { wsUrl, seller: makers[0], buyer: makers[1], trades: total, tradesPerSecond: options.tradesPerSecond };
  const makersDone = new Promise<MakersOutput>((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./makers.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'] });
    child.once('message', (m) => resolve(m as MakersOutput));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the makers' process ended (${code}) without its figures`)));
    child.send(input);
  });
  const loopBefore = performance.eventLoopUtilization();
  const made = await makersDone;
  const viewerLoop = performance.eventLoopUtilization(loopBefore);
  const expected = baseVolume + total;
  const settleBy = Date.now() + 10_000;
  while (lastSeen.some((v) => v < expected) && Date.now() < settleBy) await new Promise((r) => setTimeout(r, 50));
  // The server's CPU over its last sampling window (5 s), while the trades streamed.
  const system = await api(httpUrl, 'GET', '/api/monitoring/system', undefined, login.token);
  const missed = lastSeen.filter((v) => v < expected).length;
  for (const socket of sockets) socket.terminate();
  const latencies = new Float64Array(receivedAt.length);
  let latencyCount = 0;
  for (let i = 0; i < receivedAt.length; i++) {
    const received = receivedAt[i]!;
    if (!Number.isNaN(received)) latencies[latencyCount++] = received - made.buySentAtMs[i % total]!;
  }
  return {
    connections: options.connections,
    trades: total,
    latenciesMs: latencies,
    latencyCount,
    missed,
    orderLatenciesMs: Float64Array.from(made.fillLatenciesMs),
    orderLatencyCount: made.fillLatenciesMs.length,
    serverCpuPercent: system.cpu_usage_percent,
    viewerLoopBusyPercent: Math.round(viewerLoop.utilization * 1000) / 10,
  };
}
