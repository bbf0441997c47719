/**
 * Scenario (a): many authenticated DIFF connections subscribed to one instrument's quote
 * while trades happen at a steady rate. Latency is measured from the moment the load
 * generator sends the order that makes a trade to the moment each connection receives
 * the quote patch showing it (the quote's volume counts trades one lot at a time, so
 * each patch names the trades it carries).
 */
import WebSocket from 'ws';
import { api, BENCH_ADMIN, type BenchTrader } from '../support/server-process.ts';

const INSTRUMENT = 'SHFE.cu2701';

export interface FanoutResult {
  readonly connections: number;
  readonly trades: number;
  /** Trade-to-patch latencies, ms, one per trade per connection. */
  readonly latenciesMs: Float64Array;
  readonly latencyCount: number;
  readonly missed: number;
  readonly serverCpuPercent: number;
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
  const sentAt = new Map<number, number>();
  const latencies = new Float64Array(options.connections * options.tradesPerSecond * options.seconds * 2);
  let latencyCount = 0;
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
      const received = performance.now();
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
            const sent = sentAt.get(v);
            if (sent !== undefined && latencyCount < latencies.length) latencies[latencyCount++] = received - sent;
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

  // Two makers trade one lot at a time over their own DIFF connections: a resting sell,
  // then a crossing buy; the buy's send time stamps the trade.
  const [seller, buyer] = await Promise.all(makers.map((m) => open(`${wsUrl}/ws/diff?access_token=${m.token}`)));
  const order = (trader: BenchTrader, id: string, direction: string) =>
    JSON.stringify({ aid: 'insert_order', account_id: trader.accountId, order_id: id, exchange_id: 'SHFE', instrument_id: 'cu2701', direction, offset: 'OPEN', volume: 1, price_type: 'LIMIT', limit_price: 86500 });
  const login = await api(httpUrl, 'POST', '/api/auth/login', BENCH_ADMIN);
  await api(httpUrl, 'GET', '/api/monitoring/system', undefined, login.token);
  const total = options.tradesPerSecond * options.seconds;
  const interval = 1000 / options.tradesPerSecond;
  const start = performance.now();
  for (let k = 1; k <= total; k++) {
    const due = start + k * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    seller!.send(order(makers[0], `s${k}`, 'SELL'));
    sentAt.set(baseVolume + k, performance.now());
    buyer!.send(order(makers[1], `b${k}`, 'BUY'));
  }
  const expected = baseVolume + total;
  const settleBy = Date.now() + 10_000;
  while (lastSeen.some((v) => v < expected) && Date.now() < settleBy) await new Promise((r) => setTimeout(r, 50));
  // The server's CPU over its last sampling window (5 s), while the trades streamed.
  const system = await api(httpUrl, 'GET', '/api/monitoring/system', undefined, login.token);
  const missed = lastSeen.filter((v) => v < expected).length;
  for (const socket of [...sockets, seller!, buyer!]) socket.terminate();
  return {
    connections: options.connections,
    trades: total,
    latenciesMs: latencies,
    latencyCount,
    missed,
    serverCpuPercent: system.cpu_usage_percent,
  };
}
