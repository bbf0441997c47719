/**
 * The real DIFF client tqsdk-js (npm `tqsdk` 1.3.1, written independently of this
 * project) driven against the DIFF server exactly as CLIENTS.md describes: the symbol
 * catalogue from our HTTP server, the broker list answered locally, `ws` as the
 * WebSocket. Every wait is event-driven (the client's 'rtn_data' / 'notify' events)
 * with a timeout; a timeout reports the frames the client received.
 */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { after, before, describe, it } from 'node:test';
import WebSocket from 'ws';
import { HttpHarness } from '../../support/http-harness.ts';

// ---- The slice of tqsdk-js's API this test uses (the package ships no type declarations).

type Obj = Record<string, any>;

interface TqNotify {
  readonly type: string;
  readonly level: string;
  readonly code: number;
  readonly content: string;
  readonly bid: string;
  readonly user_id: string;
}

interface TqWebsocketLike {
  reconnect: boolean;
  reconnectTask: NodeJS.Timeout | null;
  urlList: string[];
  send(message: Obj): void;
  close(): void;
}

interface TqAccountRef {
  readonly bid: string;
  readonly user_id: string;
  readonly ws: TqWebsocketLike;
  /** The account's own data (what its connection received). */
  readonly dm: { getByPath(path: string[]): any };
}

interface AccountKey {
  readonly bid: string;
  readonly user_id: string;
}

interface TqsdkClient {
  on(event: 'rtn_data' | 'ready', listener: () => void): unknown;
  on(event: 'rtn_brokers', listener: (brokers: string[]) => void): unknown;
  on(event: 'notify', listener: (notify: TqNotify) => void): unknown;
  on(event: 'error', listener: (error: unknown) => void): unknown;
  off(event: string, listener: (...args: any[]) => void): unknown;
  login(payload: AccountKey & { password: string }): void;
  isLogined(payload: AccountKey): boolean;
  subscribeQuote(quotes: string | string[]): void;
  getQuote(symbol: string): Obj;
  setChart(payload: { chart_id?: string; symbol: string; duration: number; view_width?: number; trading_day_start?: number; trading_day_count?: number }): Obj;
  getKlines(symbol: string, duration: number): { last_id: number; data: Obj } | null;
  getTicks(symbol: string): { last_id: number; data: Obj } | null;
  insertOrder(payload: AccountKey & Obj): Obj | null;
  getAccount(payload: AccountKey): Obj | null;
  getPosition(payload: AccountKey & { symbol: string }): Obj | null;
  getOrder(payload: AccountKey & { order_id: string }): Obj | null;
  getTradesByOrder(payload: AccountKey & { order_id: string }): Obj;
  getHisSettlement(payload: AccountKey & { trading_day: number }): Obj | null;
  confirmSettlement(payload: AccountKey): void;
  refreshAccount(payload: AccountKey): void;
  transfer(payload: AccountKey & { bank_id: string; bank_password: string; future_account: string; future_password: string; amount: number }): void;
  get(payload: { name: string } & Partial<AccountKey>): any;
  getByPath(path: (string | number)[]): any;
  readonly quotesWs: TqWebsocketLike | null;
  readonly trade_accounts: Record<string, TqAccountRef>;
}

type TqsdkConstructor = new (
  opts: { symbolsServerUrl: string; wsQuoteUrl: string; requestMethod: (url: string) => Promise<unknown> },
  wsOption: { WebSocket: unknown; reconnectMaxTimes: number },
) => TqsdkClient;

const require = createRequire(import.meta.url);
const TQSDK = require('tqsdk/dist/umd/tqsdk-nocache') as TqsdkConstructor;

// ---- Helpers.

const SYMBOL = 'SHFE.cu2701';
const MINUTE_NS = 60e9;
const BID = 'basis';
const WAIT_MS = 5000;

/** Every frame a client received, by URL: only for failure messages (behaviour is that of `ws`). */
const frames: { url: string; text: string }[] = [];

class RecordingWebSocket extends WebSocket {
  constructor(url: string) {
    super(url);
    this.on('message', (data) => frames.push({ url: url.replace(/access_token=[^&]+/, 'access_token=…'), text: data.toString() }));
  }
}

function recentFrames(count = 8): string {
  return frames
    .slice(-count)
    .map((f) => `  ${f.url}: ${f.text.slice(0, 600)}`)
    .join('\n');
}

/**
 * Resolves with `probe()`'s first truthy value, checked now and after every 'rtn_data' and
 * 'notify' the client emits; rejects after `ms` with what the client last received.
 */
function until<T>(sdk: TqsdkClient, probe: () => T | undefined | null | false, what: string, ms = WAIT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const check = () => {
      let value: T | undefined | null | false;
      try {
        value = probe();
      } catch {
        value = undefined;
      }
      if (value === undefined || value === null || value === false) return;
      finish();
      resolve(value);
    };
    const timer = setTimeout(() => {
      finish();
      reject(new Error(`timed out after ${ms} ms waiting for ${what}; last frames received by tqsdk:\n${recentFrames()}`));
    }, ms);
    const finish = () => {
      clearTimeout(timer);
      sdk.off('rtn_data', check);
      sdk.off('notify', check);
    };
    sdk.on('rtn_data', check);
    sdk.on('notify', check);
    check();
  });
}

function once<T>(sdk: TqsdkClient, event: 'ready' | 'rtn_brokers', ms = WAIT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out waiting for tqsdk event ${event}`)), ms);
    sdk.on(event as 'rtn_brokers', (value: unknown) => {
      clearTimeout(timer);
      resolve(value as T);
    });
  });
}

/** Resolves with `probe()`'s first truthy value, checked every 20 ms (for data tqsdk merges without an event). */
async function poll<T>(probe: () => T | undefined | null | false, what: string, ms = WAIT_MS): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}; last frames received by tqsdk:\n${recentFrames()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Closes every socket of a client, with its reconnect timers (tqsdk has no close of its own). */
function closeClient(sdk: TqsdkClient | undefined): void {
  if (sdk === undefined) return;
  const sockets = [sdk.quotesWs, ...Object.values(sdk.trade_accounts).map((a) => a.ws)];
  for (const ws of sockets) {
    if (ws === null) continue;
    ws.reconnect = false;
    if (ws.reconnectTask !== null) clearTimeout(ws.reconnectTask);
    ws.close();
  }
}

// ---- The tests.

describe('tqsdk-js (the real npm DIFF client) against the DIFF server', () => {
  let h: HttpHarness;
  let symbolsUrl: string;
  let wsUrl: string;
  const clients: TqsdkClient[] = [];
  const requested: string[] = [];
  const errors: unknown[] = [];

  let alice: Awaited<ReturnType<HttpHarness['trader']>>;
  let bob: Awaited<ReturnType<HttpHarness['trader']>>;
  let dave: Awaited<ReturnType<HttpHarness['trader']>>;
  const account = { bid: BID, user_id: 'alice' } as const;
  let sdk: TqsdkClient;
  const notifies: TqNotify[] = [];

  function client(): TqsdkClient {
    const instance = new TQSDK(
      {
        symbolsServerUrl: symbolsUrl,
        wsQuoteUrl: wsUrl,
        requestMethod: (url: string) => {
          requested.push(url);
          if (url.endsWith('broker-list.json')) return Promise.resolve({ [BID]: { url: wsUrl, category: ['TQ'] } });
          return fetch(url, { headers: { Accept: 'application/json; charset=utf-8' } }).then((res) => res.json());
        },
      },
      { WebSocket: RecordingWebSocket, reconnectMaxTimes: 1 },
    );
    instance.on('error', (error) => errors.push(error));
    clients.push(instance);
    return instance;
  }

  before(async () => {
    h = await HttpHarness.start({ websocket: true });
    await h.service.http.listen({ port: 0, host: '127.0.0.1' });
    const address = h.service.http.server.address() as AddressInfo;
    symbolsUrl = `http://127.0.0.1:${address.port}/api/market/symbols.json`;
    wsUrl = `ws://127.0.0.1:${h.service.diff?.port}/ws/diff`;
    alice = await h.trader('alice', 'ALICE1');
    bob = await h.trader('bob', 'BOB1');
    dave = await h.trader('dave', 'DAVE1');
    await h.user('carol');

    sdk = client();
    sdk.on('notify', (n) => notifies.push(n));
    const ready = once(sdk, 'ready');
    const brokers = once<string[]>(sdk, 'rtn_brokers');
    // As CLIENTS.md describes: log in when the broker list arrives.
    sdk.on('rtn_brokers', () => sdk.login({ ...account, password: 'password1' }));
    await Promise.all([ready, brokers]);
    assert.deepEqual(await brokers, [BID]);
  });

  after(async () => {
    for (const c of clients) closeClient(c);
    await h?.stop();
  });

  it('loads the symbol catalogue over HTTP and asks requestMethod for the broker list', () => {
    assert.ok(requested.includes(symbolsUrl), `requested: ${requested.join(', ')}`);
    assert.ok(requested.some((u) => u.endsWith('broker-list.json')));
    assert.deepEqual(errors, []);
  });

  it('logs in ({bid, user_id, password}) and shows the account', async () => {
    await until(sdk, () => sdk.isLogined(account), 'isLogined (trade.alice.session.trading_day and trade_more_data === false)');
    const session = sdk.get({ name: 'session', ...account });
    assert.equal(typeof session.trading_day, 'string');
    const cny = await until(sdk, () => {
      const a = sdk.getAccount(account);
      return a !== null && a.balance !== undefined && a;
    }, 'trade.alice.accounts.CNY');
    assert.equal(cny.account_id, alice.accountId);
    assert.equal(cny.balance, 10_000_000);
    assert.equal(cny.available, 10_000_000);
    assert.ok(notifies.some((n) => n.level === 'INFO' && /login/i.test(n.content)), `notifies: ${JSON.stringify(notifies)}`);
    assert.ok(notifies.every((n) => n.bid === BID && n.user_id === 'alice'));
  });

  it('never sends notify in the same rtn_data element as other data (tqsdk drops such an element whole)', () => {
    // TqTradeWebsocket._separateNotifies: `var notify = data.splice(i--, 1)[0].notify;`:
    // an element holding `notify` is removed from `data` before the merge, with everything else in it.
    const mixed = frames
      .map((f) => JSON.parse(f.text) as { aid: string; data?: Obj[] })
      .filter((m) => m.aid === 'rtn_data')
      .flatMap((m) => m.data ?? [])
      .filter((element) => element.notify !== undefined && Object.keys(element).length > 1);
    assert.deepEqual(mixed.map((e) => Object.keys(e)), [], 'rtn_data elements mixing notify with other keys');
  });

  it('subscribes a quote and sees its fields, with the catalogue parameters', async () => {
    sdk.subscribeQuote(SYMBOL);
    // getQuote fills the quote from the catalogue at once; `datetime` comes only from the server.
    const quote = sdk.getQuote(SYMBOL);
    await until(sdk, () => sdk.getByPath(['ins_list']) === SYMBOL && quote.datetime !== '', `ins_list echoed and quotes.${SYMBOL} from the server`);
    assert.equal(quote.pre_settlement, 86500);
    assert.match(quote.datetime, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
    assert.equal(quote.instrument_id, SYMBOL);
    assert.equal(quote.class, 'FUTURE');
    assert.equal(quote.price_tick, 10);
    assert.equal(typeof quote.volume_multiple, 'number');
    assert.equal(typeof quote.upper_limit, 'number');
    assert.equal(typeof quote.lower_limit, 'number');
    assert.ok(quote.upper_limit > 86500 && quote.lower_limit < 86500);
  });

  it('sets a one-minute chart and sees klines once trades happen', async () => {
    const chart = sdk.setChart({ chart_id: 'cu_1m', symbol: SYMBOL, duration: MINUTE_NS, view_width: 100 });
    await until(sdk, () => chart.ready === true && chart.more_data === false, 'charts.cu_1m ready');
    assert.equal(chart.state.ins_list, SYMBOL);
    assert.equal(chart.state.duration, MINUTE_NS);
    assert.equal(sdk.getByPath(['mdhis_more_data']), false);

    await h.order(bob, { direction: 'SELL', price: 86600, volume: 2 });
    await h.order(dave, { direction: 'BUY', price: 86600, volume: 2 });
    const klines = sdk.getKlines(SYMBOL, MINUTE_NS);
    assert.ok(klines !== null);
    const candle = await until(sdk, () => {
      const ks = sdk.getKlines(SYMBOL, MINUTE_NS);
      return ks !== null && ks.last_id >= 0 && ks.data[ks.last_id]?.volume >= 2 && ks.data[ks.last_id];
    }, `klines.${SYMBOL}.${MINUTE_NS} with the trade`);
    assert.equal(candle.close, 86600);
    assert.equal(candle.high, 86600);
    assert.equal(typeof candle.datetime, 'number');
    await until(sdk, () => chart.right_id === sdk.getKlines(SYMBOL, MINUTE_NS)?.last_id, 'charts.cu_1m.right_id = last_id');
    const quote = sdk.getQuote(SYMBOL);
    await until(sdk, () => quote.last_price === 86600 && quote.volume >= 2, 'quote last_price after the trade');
  });

  it('sets an intraday chart of the day being traded (trading_day_start / trading_day_count)', async () => {
    const chart = sdk.setChart({ chart_id: 'cu_day', symbol: SYMBOL, duration: MINUTE_NS, trading_day_start: 0, trading_day_count: 86400e9 });
    await until(sdk, () => chart.ready === true && chart.right_id >= 0, 'charts.cu_day ready');
    const klines = sdk.getKlines(SYMBOL, MINUTE_NS) as Obj;
    // No settlement yet: the day being traded is every candle there is.
    assert.deepEqual([klines.trading_day_start_id, klines.trading_day_end_id], [chart.left_id, chart.right_id]);
    assert.equal(chart.state.trading_day_count, 86400e9);
  });

  it('sets a tick chart and reads each trade with the book beside it through getTicks', async () => {
    const chart = sdk.setChart({ chart_id: 'cu_ticks', symbol: SYMBOL, duration: 0, view_width: 10 });
    await until(sdk, () => chart.ready === true && chart.right_id >= 0, 'charts.cu_ticks ready');
    // A bid that stays behind the trade, so the tick shows a book on both sides.
    await h.order(bob, { direction: 'BUY', price: 86200, volume: 3 });
    await h.order(bob, { direction: 'SELL', price: 86700, volume: 1 });
    await h.order(dave, { direction: 'BUY', price: 86700, volume: 1 });
    const tick = await until(sdk, () => {
      const ts = sdk.getTicks(SYMBOL);
      const newest = ts === null || ts.last_id < 0 ? undefined : ts.data[ts.last_id];
      return newest?.last_price === 86700 && newest;
    }, `ticks.${SYMBOL} with the trade`);
    const ticks = sdk.getTicks(SYMBOL)!;
    assert.equal(ticks.last_id, sdk.getKlines(SYMBOL, 0)?.last_id, 'ticks and the duration-0 klines share their ids');
    const quote = sdk.getQuote(SYMBOL);
    await until(sdk, () => quote.last_price === 86700, 'quote after the trade');
    assert.equal(tick.bid_price1, 86200);
    assert.equal(tick.bid_volume1, 3);
    assert.equal(tick.ask_price1, quote.ask_price1, 'nothing rests above the trade but what rested before');
    assert.equal(tick.volume, quote.volume, "the day's volume with the trade");
    assert.equal(tick.open_interest, quote.open_interest);
    assert.equal(tick.highest, quote.highest);
    assert.equal(tick.lowest, quote.lowest);
    assert.equal(typeof tick.average, 'number');
    assert.ok(tick.average >= quote.lowest && tick.average <= quote.highest, `average ${tick.average} within the day's range`);
    assert.equal(typeof tick.datetime, 'number');
  });

  it('inserts an order that fills against a resting order: order FINISHED, trade, position, account', async () => {
    await h.cancelAllLiveOrders();
    await h.order(bob, { direction: 'SELL', price: 86500, volume: 1 });
    const placed = sdk.insertOrder({ ...account, exchange_id: 'SHFE', instrument_id: 'cu2701', direction: 'BUY', offset: 'OPEN', price_type: 'LIMIT', limit_price: 86500, volume: 1 });
    assert.ok(placed !== null, 'insertOrder returned null: the client does not consider itself logged in');
    const orderId = placed.order_id as string;
    const order = await until(sdk, () => {
      const o = sdk.getOrder({ ...account, order_id: orderId });
      return o?.status === 'FINISHED' && o;
    }, `order ${orderId} FINISHED`);
    assert.equal(order.volume_left, 0);
    assert.equal(order.direction, 'BUY');
    assert.equal(order.exchange_id, 'SHFE');
    assert.equal(order.instrument_id, 'cu2701');

    const trades = await until(sdk, () => {
      const t = Object.values(sdk.getTradesByOrder({ ...account, order_id: orderId }));
      return t.length > 0 && t;
    }, `a trade of order ${orderId}`);
    assert.equal(trades.length, 1);
    assert.equal(trades[0].price, 86500);
    assert.equal(trades[0].volume, 1);

    const position = await until(sdk, () => {
      const p = sdk.getPosition({ ...account, symbol: SYMBOL });
      return p?.volume_long === 1 && p;
    }, `positions.${SYMBOL}.volume_long === 1`);
    assert.equal(position.volume_short ?? 0, 0);

    const cny = await until(sdk, () => {
      const a = sdk.getAccount(account);
      return a !== null && a.margin > 0 && a;
    }, 'account margin after the fill');
    const close = (a: number, b: number) => Math.abs(a - b) < 1e-6;
    assert.equal(cny.margin, position.margin, 'account margin = the position margin');
    assert.equal(cny.commission, trades[0].commission, 'account commission = the trade commission');
    assert.ok(cny.commission > 0);
    assert.ok(close(cny.balance, 10_000_000 - cny.commission), `balance ${cny.balance}`);
    assert.ok(close(cny.available, cny.balance - cny.margin - cny.frozen_margin), `available ${cny.available}`);
  });

  it('an order on an unknown instrument comes back FINISHED with a last_msg and a notify', async () => {
    const before = notifies.length;
    const placed = sdk.insertOrder({ ...account, exchange_id: 'SHFE', instrument_id: 'zz9999', direction: 'BUY', offset: 'OPEN', price_type: 'LIMIT', limit_price: 1, volume: 1 });
    assert.ok(placed !== null);
    const orderId = placed.order_id as string;
    const order = await until(sdk, () => {
      const o = sdk.getOrder({ ...account, order_id: orderId });
      return o?.status === 'FINISHED' && o;
    }, `refused order ${orderId} FINISHED`);
    assert.equal(typeof order.last_msg, 'string');
    assert.match(order.last_msg, /instrument/i);
    assert.equal(order.volume_left, 1);
    const warning = await until(sdk, () => notifies.slice(before).find((n) => n.level === 'WARNING'), 'a WARNING notify');
    assert.match(warning.content, new RegExp(orderId));
  });

  it('reads a settlement statement (qry_settlement_info) as tqsdk-js parses it; confirm_settlement and account refreshes are answered', async () => {
    const day: string = (await h.asAdmin('POST', '/api/admin/settlement/execute')).settlement_date;
    const tradingDay = Number(day.replace(/-/g, ''));
    const before = notifies.length;
    // tqsdk-js's documented flow confirms the statement once logged in; refreshAccount asks for the account again.
    sdk.confirmSettlement(account);
    sdk.refreshAccount(account);
    const confirmed = await until(sdk, () => notifies.slice(before).find((n) => n.level === 'INFO' && /settlement confirmed/.test(n.content)), 'the confirmation notify');
    assert.equal(confirmed.user_id, 'alice');
    const ws = Object.values(sdk.trade_accounts).find((a) => a.user_id === 'alice')!.ws;
    ws.send({ aid: 'qry_settlement_info', trading_day: tradingDay });
    const parsed = await poll(() => sdk.getHisSettlement({ ...account, trading_day: tradingDay }), `trade.alice.his_settlements.${tradingDay}`);
    const statement = await h.ok('GET', `/api/account/${alice.accountId}/settlements/${day}`, { token: alice.token });
    const summary: Record<string, string> = parsed.account;
    const figures: [string, number][] = [
      ['Balance b/f', statement.pre_balance],
      ['Balance c/f', statement.balance],
      ['Realized P/L', statement.close_profit],
      ['MTM P/L', statement.position_profit],
      ['Commission', statement.commission],
      ['Margin Occupied', statement.margin],
      ['Fund Avail.', statement.available],
    ];
    for (const [label, value] of figures) assert.equal(Number(summary[label]), value, `${label} in ${JSON.stringify(summary)}`);
    assert.ok(statement.trade_count > 0);
    assert.equal(parsed.transactionRecords.length, statement.trade_count);
    parsed.transactionRecords.forEach((row: Record<string, string>, i: number) => {
      const trade = statement.trades[i];
      assert.deepEqual([Number(row.Price), Number(row.Lots), Number(row.Fee), row.Instrument], [trade.price, trade.volume, trade.commission, trade.instrument_id]);
    });
    // A day without a statement is told, not answered with an empty one.
    ws.send({ aid: 'qry_settlement_info', trading_day: 20010101 });
    const missing = await until(sdk, () => notifies.slice(before).find((n) => n.level === 'WARNING'), 'a WARNING for a day never settled');
    assert.match(missing.content, /no settlement statement/);
    assert.equal(notifies.slice(before).filter((n) => n.level === 'WARNING').length, 1, `notifies: ${JSON.stringify(notifies.slice(before))}`);
  });

  it('moves money with a bank transfer (req_transfer): the attempt under trade.<user>.transfers, the balance, a notify; a wrong password is recorded refused', async () => {
    const before = notifies.length;
    const balance = sdk.getAccount(account)!.balance as number;
    const [bank] = await h.ok('GET', `/api/account/${alice.accountId}/banks`, { token: alice.token });
    const dm = Object.values(sdk.trade_accounts).find((a) => a.user_id === 'alice')!.dm;
    assert.deepEqual(dm.getByPath(['trade', 'alice', 'banks', bank.id]), { id: bank.id, name: bank.name }, 'the banks, as the REST route lists them');
    const transfers = () => Object.values(dm.getByPath(['trade', 'alice', 'transfers']) ?? {}) as Obj[];
    sdk.transfer({ ...account, bank_id: bank.id, bank_password: 'bank', future_account: alice.accountId, future_password: 'password1', amount: 5000 });
    const done = await until(sdk, () => transfers().find((t) => t.amount === 5000), 'the transfer under trade.alice.transfers');
    assert.deepEqual([done.error_id, done.bank_id, done.currency], [0, bank.id, 'CNY']);
    assert.equal(typeof done.datetime, 'number');
    await until(sdk, () => sdk.getAccount(account)!.balance === balance + 5000, 'the balance after the transfer');
    await until(sdk, () => notifies.slice(before).find((n) => n.level === 'INFO' && /bank transfer of 5000 .*: success/.test(n.content)), 'the transfer notify');

    sdk.transfer({ ...account, bank_id: bank.id, bank_password: 'bank', future_account: alice.accountId, future_password: 'not-her-password', amount: -100 });
    const refused = await until(sdk, () => transfers().find((t) => t.amount === -100), 'the refused attempt, recorded');
    assert.notEqual(refused.error_id, 0);
    assert.match(refused.error_msg, /password/);
    await until(sdk, () => notifies.slice(before).find((n) => n.level === 'WARNING' && /bank transfer of -100 .*password/.test(n.content)), 'the refusal notify');
    // One notify for each attempt: the core's.
    assert.equal(notifies.slice(before).filter((n) => /transfer/.test(n.content)).length, 2, JSON.stringify(notifies.slice(before)));
    assert.equal(sdk.getAccount(account)!.balance, balance + 5000);
    // The REST list shows the same attempts.
    const listed = await h.ok('GET', `/api/account/${alice.accountId}/transfers`, { token: alice.token });
    assert.deepEqual(listed.map((t: Obj) => t.transfer_id).sort(), transfers().map((t) => t.transfer_id).sort());
  });

  it('refuses a wrong password: an ERROR notify, no trade data', async () => {
    const carol = { bid: BID, user_id: 'carol' } as const;
    const other = client();
    const seen: TqNotify[] = [];
    other.on('notify', (n) => seen.push(n));
    other.on('rtn_brokers', () => other.login({ ...carol, password: 'wrong-password' }));
    const refusal = await until(other, () => seen.find((n) => n.level === 'ERROR' && /login/i.test(n.content)), 'an ERROR notify for the login');
    assert.equal(refusal.user_id, 'carol');
    assert.equal(other.isLogined(carol), false);
    assert.equal(other.get({ name: 'session', ...carol }), null);
    assert.deepEqual(Object.keys(other.getAccount(carol) ?? {}), []);
    assert.equal(other.insertOrder({ ...carol, exchange_id: 'SHFE', instrument_id: 'cu2701', direction: 'BUY', offset: 'OPEN', limit_price: 86500, volume: 1 }), null);
  });
});
