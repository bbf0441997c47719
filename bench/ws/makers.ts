/**
 * The two makers of scenario (a), in a process of their own (forked by fanout.ts): a
 * resting sell, then a crossing buy, at a steady rate. On the load generator's main thread their messages
 * would wait behind the thousands of watchers' quote patches it parses, and the buyer's
 * fill latency would measure the load generator, not the exchange.
 *
 * Takes its input as its first IPC message and sends back, when done, the time each buy
 * was sent (ms since the epoch, which the load generator's clock shares) and the buyer's fill latencies: from sending its order to its
 * own rtn_data showing it FINISHED.
 */
import WebSocket from 'ws';
import type { BenchTrader } from '../support/server-process.ts';

export interface MakersInput {
  readonly wsUrl: string;
  readonly seller: BenchTrader;
  readonly buyer: BenchTrader;
  readonly trades: number;
  readonly tradesPerSecond: number;
}

export interface MakersOutput {
  /** When the k-th buy (k from 1) was sent, at index k - 1: ms since the epoch. */
  readonly buySentAtMs: number[];
  readonly fillLatenciesMs: number[];
}

const input = await new Promise<MakersInput>((resolve) => process.once('message', (m) => resolve(m as MakersInput)));
const epochNow = (): number => performance.timeOrigin + performance.now();

function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false });
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

const order = (trader: BenchTrader, id: string, direction: string): string =>
  JSON.stringify({ aid: 'insert_order', account_id: trader.accountId, order_id: id, exchange_id: 'SHFE', instrument_id: 'cu2701', direction, offset: 'OPEN', volume: 1, price_type: 'LIMIT', limit_price: 86500 });

const [seller, buyer] = await Promise.all([input.seller, input.buyer].map((m) => open(`${input.wsUrl}/ws/diff?access_token=${m.token}`)));
const pending = new Map<string, number>();
const buySentAtMs: number[] = [];
const fillLatenciesMs: number[] = [];
buyer!.on('message', (data) => {
  const received = epochNow();
  const message = JSON.parse(data.toString());
  if (message.aid !== 'rtn_data') return;
  for (const patch of message.data) {
    for (const user of Object.values<{ orders?: Record<string, { status?: string }> }>(patch.trade ?? {})) {
      for (const [id, view] of Object.entries(user?.orders ?? {})) {
        const sent = pending.get(id);
        if (view.status !== 'FINISHED' || sent === undefined) continue;
        pending.delete(id);
        fillLatenciesMs.push(received - sent);
      }
    }
  }
  buyer!.send('{"aid":"peek_message"}');
});
buyer!.send('{"aid":"peek_message"}');

const interval = 1000 / input.tradesPerSecond;
const start = performance.now();
for (let k = 1; k <= input.trades; k++) {
  const wait = start + k * interval - performance.now();
  if (wait > 1) await new Promise((r) => setTimeout(r, wait));
  seller!.send(order(input.seller, `s${k}`, 'SELL'));
  const sentAt = epochNow();
  buySentAtMs.push(sentAt);
  pending.set(`b${k}`, sentAt);
  buyer!.send(order(input.buyer, `b${k}`, 'BUY'));
}
const settleBy = Date.now() + 10_000;
while (pending.size > 0 && Date.now() < settleBy) await new Promise((r) => setTimeout(r, 20));
seller!.terminate();
buyer!.terminate();
process.send!({ buySentAtMs, fillLatenciesMs } satisfies MakersOutput, () => process.exit(0));
