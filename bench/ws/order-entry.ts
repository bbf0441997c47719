/**
 * Scenario (b): order entry over DIFF, fully durable, from many clients at once. Each
 * client sends its orders (one per frame, or 100 per batched frame) and counts them
 * done when the order appears in its rtn_data; orders alternate buy and sell at one price
 * between clients, so they rest and cross.
 */
import WebSocket from 'ws';
import type { BenchTrader } from '../support/server-process.ts';

export interface OrderEntryResult {
  readonly orders: number;
  readonly seconds: number;
  readonly ordersPerSecond: number;
}

export async function runOrderEntry(
  wsUrl: string,
  traders: readonly BenchTrader[],
  options: { ordersPerClient: number; perFrame: number; tag: string; window: number },
): Promise<OrderEntryResult> {
  const clients = await Promise.all(
    traders.map(
      (t) =>
        new Promise<WebSocket>((resolve, reject) => {
          const socket = new WebSocket(`${wsUrl}/ws/diff?access_token=${t.token}`, { perMessageDeflate: false });
          socket.once('open', () => resolve(socket));
          socket.once('error', reject);
        }),
    ),
  );
  const start = performance.now();
  await Promise.all(
    clients.map(
      (socket, index) =>
        new Promise<void>((resolve) => {
          const trader = traders[index]!;
          const direction = index % 2 === 0 ? 'BUY' : 'SELL';
          let sent = 0;
          let done = 0;
          const seen = new Set<string>();
          const sendMore = () => {
            while (sent < options.ordersPerClient && sent - done < options.window) {
              const frame: string[] = [];
              for (let i = 0; i < options.perFrame && sent < options.ordersPerClient; i++, sent++) {
                frame.push(
                  `{"aid":"insert_order","account_id":"${trader.accountId}","order_id":"${options.tag}${sent}","exchange_id":"SHFE","instrument_id":"cu2701","direction":"${direction}","offset":"OPEN","volume":1,"price_type":"LIMIT","limit_price":86500}`,
                );
              }
              socket.send(options.perFrame === 1 ? frame[0]! : `[${frame.join(',')}]`);
            }
          };
          socket.on('message', (data) => {
            const message = JSON.parse(data.toString());
            if (message.aid === 'rtn_data') {
              for (const patch of message.data) {
                const orders = patch.trade?.[trader.username]?.orders;
                if (orders === undefined) continue;
                for (const id in orders) {
                  if (!id.startsWith(options.tag) || seen.has(id)) continue;
                  seen.add(id);
                  done++;
                }
              }
              socket.send('{"aid":"peek_message"}');
            }
            if (done >= options.ordersPerClient) {
              resolve();
              return;
            }
            sendMore();
          });
          socket.send('{"aid":"peek_message"}');
          sendMore();
        }),
    ),
  );
  const seconds = (performance.now() - start) / 1000;
  for (const socket of clients) socket.terminate();
  const orders = options.ordersPerClient * traders.length;
  return { orders, seconds, ordersPerSecond: orders / seconds };
}
