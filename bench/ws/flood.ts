/**
 * `npm run bench:flood`: one user's bot floods the exchange while another user trades.
 * The bot sends frames of 500 IOC orders over DIFF as fast as its socket takes them
 * (BENCH_FLOOD_SECONDS, 6); meanwhile a second user buys over HTTP, one order at a time,
 * against a third user's offer, and its order latency and trades are counted. Run twice:
 * with the per-user order limit off (as the other benchmarks run) and as shipped
 * (exchange.toml `[trading]`). The last line is one JSON object.
 */
import WebSocket from 'ws';
import { summarizeLatencies } from '../engine/stats.ts';
import { type BenchTrader, createTraders, startServer } from '../support/server-process.ts';

const SECONDS = Number(process.env.BENCH_FLOOD_SECONDS ?? 6);
const FRAME = 500;

interface FloodResult {
  readonly botOrdersSent: number;
  readonly otherTrades: number;
  readonly otherP50Ms: number;
  readonly otherP99Ms: number;
}

async function flood(orderLimit: boolean): Promise<FloodResult> {
  const server = await startServer({ orderLimit });
  try {
    const [bot, buyer, seller] = await createTraders(server.httpUrl, 'flood', 3);
    const socket = new WebSocket(`${server.wsUrl}/ws/diff?access_token=${bot!.token}`, { perMessageDeflate: false });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    socket.on('message', () => socket.send('{"aid":"peek_message"}'));
    socket.send('{"aid":"peek_message"}');
    let sent = 0;
    const pump = setInterval(() => {
      if (socket.bufferedAmount > 4_000_000) return;
      const frame: string[] = [];
      for (let i = 0; i < FRAME; i++, sent++) {
        frame.push(`{"aid":"insert_order","order_id":"f${sent}","exchange_id":"SHFE","instrument_id":"cu2701","direction":"BUY","offset":"OPEN","volume":1,"price_type":"LIMIT","limit_price":80000,"time_condition":"IOC"}`);
      }
      socket.send(`[${frame.join(',')}]`);
    }, 5);
    const submit = (trader: BenchTrader, direction: 'BUY' | 'SELL') =>
      fetch(`${server.httpUrl}/api/order/submit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${trader.token}` },
        body: JSON.stringify({ account_id: trader.accountId, instrument_id: 'SHFE.cu2701', direction, offset: 'OPEN', volume: 1, price: 86500, price_type: 'LIMIT' }),
      });
    const latenciesNs: number[] = [];
    let trades = 0;
    const end = Date.now() + SECONDS * 1000;
    while (Date.now() < end) {
      await submit(seller!, 'SELL');
      const started = performance.now();
      const reply = await submit(buyer!, 'BUY');
      latenciesNs.push((performance.now() - started) * 1e6);
      if (reply.ok && ((await reply.json()) as { data?: { volume_left?: number } }).data?.volume_left === 0) trades++;
    }
    clearInterval(pump);
    socket.terminate();
    const summary = summarizeLatencies(Float64Array.from(latenciesNs));
    const ms = (us: number) => Math.round(us / 100) / 10;
    return { botOrdersSent: sent, otherTrades: trades, otherP50Ms: ms(summary.p50_us), otherP99Ms: ms(summary.p99_us) };
  } finally {
    await server.stop();
  }
}

const off = await flood(false);
console.log(`limit off: the bot sent ${off.botOrdersSent} orders; the other user made ${off.otherTrades} trades, p50 ${off.otherP50Ms} ms, p99 ${off.otherP99Ms} ms`);
const on = await flood(true);
console.log(`limit as shipped: the bot sent ${on.botOrdersSent} orders; the other user made ${on.otherTrades} trades, p50 ${on.otherP50Ms} ms, p99 ${on.otherP99Ms} ms`);
console.log(
  JSON.stringify({
    bench: 'flood',
    seconds: SECONDS,
    off: { bot_orders_sent: off.botOrdersSent, other_trades: off.otherTrades, other_p50_ms: off.otherP50Ms, other_p99_ms: off.otherP99Ms },
    limited: { bot_orders_sent: on.botOrdersSent, other_trades: on.otherTrades, other_p50_ms: on.otherP50Ms, other_p99_ms: on.otherP99Ms },
  }),
);
