/**
 * The DIFF order-entry path with no exchange behind it: a `ws` server that speaks just
 * enough DIFF for bench/ws/order-entry.ts (one rtn_data on connect, peek_message held until
 * there is something to send, insert_order one per frame or batched as a JSON array) and
 * answers each order as if it had filled at once. Per message it does what the exchange's
 * DIFF server does around the exchange: frames handled in order on a per-connection
 * promise chain, each message checked by the real message schemas (checkMessage); per
 * order, its order view and trade view built by the real view builders and a fill
 * notification; the account and position once per rtn_data; all written by JSON.stringify.
 * No sequencer, journal, matching, history or mirror. What it sustains is the most a DIFF
 * server can deliver on this machine with the same load generator.
 *
 * Run as its own process (`node --import tsx bench/ceiling/ws-stub.ts <port>`); it prints
 * "ready" once listening. The trade key is the connection's `access_token`.
 */
import { WebSocketServer } from 'ws';
import { checkMessage } from '../../src/adapters/ws/client-messages.ts';
import { orderView, tradeView } from '../../src/protocol/resource-views.ts';

interface InsertOrder {
  aid: 'insert_order';
  account_id: string;
  order_id: string;
  exchange_id: string;
  instrument_id: string;
  direction: 'BUY' | 'SELL';
  offset: string;
  volume: number;
  price_type: string;
  limit_price: number;
}

const USER_ID = '5d20c6bd-0737-4fca-b57d-d3792df7c553';
const port = Number(process.argv[2]);
const server = new WebSocketServer({ port, host: '127.0.0.1', perMessageDeflate: false });
let sequence = 0;

server.on('connection', (socket, request) => {
  const key = new URL(request.url ?? '/', 'ws://stub').searchParams.get('access_token') ?? 'user';
  let entered: InsertOrder[] = [];
  let peeked = false;
  let lots = 0;

  const flush = (): void => {
    if (!peeked || entered.length === 0) return;
    peeked = false;
    const orders: Record<string, unknown> = {};
    const trades: Record<string, unknown> = {};
    const notify: Record<string, unknown> = {};
    const now = Date.now();
    for (const o of entered) {
      const id = ++sequence;
      const instrumentId = `${o.exchange_id}.${o.instrument_id}`;
      const order = {
        accountId: o.account_id, orderId: o.order_id, instrumentId, exchangeOrderId: id, direction: o.direction, offset: o.offset,
        priceType: o.price_type, limitPrice: o.limit_price, volume: o.volume, volumeLeft: 0, timeCondition: 'GFD', volumeCondition: 'ANY',
        minVolume: 0, validUntilDate: '', insertTs: now, status: 'FILLED', lastMsg: '', filledVolume: o.volume, tradeIds: [id], updateTs: now,
      };
      const view = orderView(order, USER_ID, 0);
      orders[o.order_id] = view;
      trades[view.trades[0]!] = tradeView(
        { tradeId: id, instrumentId, accountId: o.account_id, orderId: o.order_id, exchangeOrderId: id, direction: o.direction, offset: o.offset, price: o.limit_price, volume: o.volume, commission: 21.63, ts: now },
        USER_ID,
      );
      notify[`stub-${id}`] = { type: 'MESSAGE', level: 'INFO', code: 0, content: `${o.direction} ${o.offset} ${o.volume} ${instrumentId} @ ${o.limit_price} (order ${o.order_id})` };
      lots += o.volume;
    }
    entered = [];
    const margin = lots * 38_925;
    const account = { static_balance: 1e12 - lots * 21.63, commission: lots * 21.63, balance: 1e12 - lots * 21.63, margin, available: 1e12 - margin, risk_ratio: margin / 1e12 };
    const position = { volume_long: lots, volume_long_today: lots, open_cost_long: lots * 432_500, position_cost_long: lots * 432_500, margin_long: margin, margin };
    socket.send(JSON.stringify({ aid: 'rtn_data', data: [{ trade: { [key]: { accounts: { CNY: account }, positions: { 'SHFE.cu2701': position }, orders, trades } } }, { notify }] }));
  };

  let queue = Promise.resolve();
  const receive = (text: string): void => {
    const message = JSON.parse(text) as unknown;
    for (const raw of Array.isArray(message) ? message : [message]) {
      const parsed = checkMessage(raw);
      if ('problem' in parsed) {
        // The load generator sends only valid messages: say so loudly, and go on.
        console.error(`ws-stub: a message the exchange would refuse: ${parsed.problem}`);
        continue;
      }
      if (parsed.aid === 'peek_message') peeked = true;
      else if (parsed.aid === 'insert_order') entered.push(parsed.message as unknown as InsertOrder);
    }
    flush();
  };
  socket.on('message', (data) => {
    const text = String(data);
    queue = queue.then(() => receive(text));
  });
  socket.send(JSON.stringify({ aid: 'rtn_data', data: [{ trade: { [key]: { user_id: USER_ID, trade_more_data: false } } }] }));
});

server.on('listening', () => console.log('ready'));
// A clean exit on SIGTERM, so that a CPU profile (node --cpu-prof) is written.
process.once('SIGTERM', () => server.close(() => process.exit(0)));
