/**
 * /api/market/* through in-process injection, on a hand-driven clock so trades land at
 * chosen moments: order book depth, the quote with every spec field, recent trades and
 * candles of every period (the catalogues: market-catalogue.test.ts).
 * Market data is public: no token is sent.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../../../src/app/clock.ts';
import { HttpHarness, type TestUser } from '../../support/http-harness.ts';
import { cents, hasFields, refused, refusedNaming } from '../../support/route-checks.ts';

type Trader = TestUser & { accountId: string };

const MINUTE = 60_000;
const NS_PER_MS = 1_000_000;
/** Asia/Shanghai has no daylight saving time: UTC+8 all year. */
const SHANGHAI_OFFSET_MS = 8 * 3_600_000;

/** The spec's Quote fields. */
const QUOTE_FIELDS = {
  instrument_id: 'string',
  datetime: 'string',
  last_price: 'number',
  highest: 'number',
  lowest: 'number',
  open: 'number',
  close: 'number',
  pre_close: 'number',
  pre_settlement: 'number',
  settlement: 'number',
  upper_limit: 'number',
  lower_limit: 'number',
  bid_price1: 'number',
  bid_volume1: 'number',
  ask_price1: 'number',
  ask_volume1: 'number',
  volume: 'number',
  amount: 'number',
  open_interest: 'number',
  pre_open_interest: 'number',
} as const;

const CANDLE_FIELDS = {
  datetime: 'integer',
  open: 'number',
  high: 'number',
  low: 'number',
  close: 'number',
  volume: 'integer',
  open_oi: 'integer',
  close_oi: 'integer',
} as const;

/** Period code → bar length (ms) and DIFF duration (ns). */
const PERIODS: Record<number, { ms: number; durationNs: number }> = {
  4: { ms: MINUTE, durationNs: 60_000_000_000 },
  5: { ms: 5 * MINUTE, durationNs: 300_000_000_000 },
  6: { ms: 15 * MINUTE, durationNs: 900_000_000_000 },
  7: { ms: 30 * MINUTE, durationNs: 1_800_000_000_000 },
  8: { ms: 60 * MINUTE, durationNs: 3_600_000_000_000 },
  0: { ms: 24 * 60 * MINUTE, durationNs: 86_400_000_000_000 },
};

/** `YYYY-MM-DD HH:MM:SS.ffffff` in Asia/Shanghai. */
function shanghaiDatetime(ms: number): string {
  const iso = new Date(ms + SHANGHAI_OFFSET_MS).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 23)}000`;
}

interface Fill {
  at: number;
  price: number;
  volume: number;
  taker: 'BUY' | 'SELL';
}

interface Bar {
  datetime: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  open_oi: number;
  close_oi: number;
}

/** Reference candles: trades bucketed by bar open time; every trade here opens two positions (+volume open interest). */
function referenceBars(fills: readonly Fill[], openOf: (at: number) => number): Bar[] {
  const bars: Bar[] = [];
  let oi = 0;
  for (const fill of fills) {
    const before = oi;
    oi += fill.volume;
    const datetime = openOf(fill.at) * NS_PER_MS;
    const last = bars[bars.length - 1];
    if (last !== undefined && last.datetime === datetime) {
      last.high = Math.max(last.high, fill.price);
      last.low = Math.min(last.low, fill.price);
      last.close = fill.price;
      last.volume += fill.volume;
      last.close_oi = oi;
    } else {
      bars.push({ datetime, open: fill.price, high: fill.price, low: fill.price, close: fill.price, volume: fill.volume, open_oi: before, close_oi: oi });
    }
  }
  return bars;
}

describe('HTTP /api/market', () => {
  let h: HttpHarness;
  let clock: ManualClock;
  /** Start of the current UTC hour: tokens issued then are valid now, and bars align. */
  let t0: number;
  let maker: Trader;
  let taker: Trader;
  const fills: Fill[] = [];

  /** One cu2701 trade at t0 + offset: the maker rests, the taker crosses. */
  async function trade(offsetMs: number, price: number, volume: number, takerSide: 'BUY' | 'SELL'): Promise<void> {
    clock.set(t0 + offsetMs);
    const makerSide = takerSide === 'BUY' ? 'SELL' : 'BUY';
    await h.order(maker, { direction: makerSide, price, volume });
    const order = await h.order(taker, { direction: takerSide, price, volume });
    assert.equal(order.volume_left, 0, 'the taker filled');
    fills.push({ at: t0 + offsetMs, price, volume, taker: takerSide });
  }

  before(async () => {
    t0 = Math.floor(Date.now() / 3_600_000) * 3_600_000;
    clock = new ManualClock(t0);
    h = await HttpHarness.start({ clock });
    maker = await h.trader('mkt_maker', 'MAKER');
    taker = await h.trader('mkt_taker', 'TAKER');
    // cu2701 trades spread over 70 minutes.
    await trade(0, 86500, 1, 'BUY');
    await trade(30_000, 86600, 2, 'BUY');
    await trade(90_000, 86400, 1, 'SELL');
    await trade(7 * MINUTE, 86550, 1, 'BUY');
    await trade(20 * MINUTE, 86700, 1, 'BUY');
    await trade(40 * MINUTE, 86450, 1, 'SELL');
    await trade(70 * MINUTE, 86520, 1, 'BUY');
    // A resting book on cu2701 for the quote's best prices.
    await h.order(maker, { direction: 'BUY', price: 86000, volume: 1 });
    await h.order(taker, { direction: 'BUY', price: 86000, volume: 1 });
    await h.order(maker, { direction: 'SELL', price: 87000, volume: 3 });
  });
  after(async () => h.stop());

  describe('GET /api/market/orderbook/{instrument_id}', () => {
    let bookMaker: Trader;
    let bookTaker: Trader;
    before(async () => {
      bookMaker = await h.trader('book_maker', 'BOOK-M');
      bookTaker = await h.trader('book_taker', 'BOOK-T');
      const al = (t: Trader, direction: 'BUY' | 'SELL', price: number, volume: number, order_id?: string) =>
        h.order(t, { direction, price, volume, instrument_id: 'al2701', ...(order_id !== undefined && { order_id }) });
      // Bids: 21300 (1 + 2 lots, 2 orders), 21295, 21290 (4), 21285, 21280, 21275.
      await al(bookMaker, 'BUY', 21300, 1);
      await al(bookTaker, 'BUY', 21300, 2);
      await al(bookMaker, 'BUY', 21295, 1, 'bid-21295');
      await al(bookTaker, 'BUY', 21290, 4);
      await al(bookMaker, 'BUY', 21285, 1);
      await al(bookMaker, 'BUY', 21280, 1);
      await al(bookTaker, 'BUY', 21275, 1);
      // Asks: 21310 (2), 21320 (1 + 1, 2 orders), 21400 (5).
      await al(bookMaker, 'SELL', 21400, 5);
      await al(bookMaker, 'SELL', 21310, 2);
      await al(bookTaker, 'SELL', 21320, 1);
      await al(bookMaker, 'SELL', 21320, 1);
    });

    it('answers price levels with volume and order count, best first, 5 deep by default', async () => {
      const book = await h.ok('GET', '/api/market/orderbook/SHFE.al2701');
      hasFields(book, { instrument_id: 'string', bids: 'array', asks: 'array', timestamp: 'integer' }, 'book');
      assert.equal(book.instrument_id, 'SHFE.al2701');
      assert.equal(book.timestamp, clock.now(), 'timestamp in ms');
      for (const level of [...book.bids, ...book.asks]) hasFields(level, { price: 'number', volume: 'integer', order_count: 'integer' }, 'level');
      assert.deepEqual(book.bids, [
        { price: 21300, volume: 3, order_count: 2 },
        { price: 21295, volume: 1, order_count: 1 },
        { price: 21290, volume: 4, order_count: 1 },
        { price: 21285, volume: 1, order_count: 1 },
        { price: 21280, volume: 1, order_count: 1 },
      ]);
      assert.deepEqual(book.asks, [
        { price: 21310, volume: 2, order_count: 1 },
        { price: 21320, volume: 2, order_count: 2 },
        { price: 21400, volume: 5, order_count: 1 },
      ]);
    });

    it('honours depth, and takes the id without the exchange prefix', async () => {
      const two = await h.ok('GET', '/api/market/orderbook/al2701?depth=2');
      assert.equal(two.instrument_id, 'SHFE.al2701');
      assert.deepEqual(two.bids.map((l: { price: number }) => l.price), [21300, 21295]);
      assert.deepEqual(two.asks.map((l: { price: number }) => l.price), [21310, 21320]);
      const deep = await h.ok('GET', '/api/market/orderbook/SHFE.al2701?depth=100');
      assert.deepEqual(deep.bids.map((l: { price: number }) => l.price), [21300, 21295, 21290, 21285, 21280, 21275]);
      assert.equal(deep.asks.length, 3);
      const one = await h.ok('GET', '/api/market/orderbook/SHFE.al2701?depth=1');
      assert.deepEqual(one.bids, [{ price: 21300, volume: 3, order_count: 2 }]);
      assert.deepEqual(one.asks, [{ price: 21310, volume: 2, order_count: 1 }]);
    });

    it('follows fills and cancellations', async () => {
      await h.order(bookTaker, { direction: 'BUY', price: 21310, volume: 1, instrument_id: 'al2701' });
      await h.ok('POST', '/api/order/cancel', { token: bookMaker.token, body: { account_id: 'BOOK-M', order_id: 'bid-21295' } });
      const book = await h.ok('GET', '/api/market/orderbook/SHFE.al2701?depth=2');
      assert.deepEqual(book.asks[0], { price: 21310, volume: 1, order_count: 1 });
      assert.deepEqual(book.bids, [
        { price: 21300, volume: 3, order_count: 2 },
        { price: 21290, volume: 4, order_count: 1 },
      ]);
    });

    it('answers an empty book with empty sides', async () => {
      const book = await h.ok('GET', '/api/market/orderbook/SHFE.au2702');
      assert.deepEqual(book.bids, []);
      assert.deepEqual(book.asks, []);
    });

    it('refuses a bad depth with 1001 / 400 and an unknown instrument with 3003 / 404', async () => {
      for (const depth of ['0', '-1', '101', 'abc', '2.5', '%20', '0x2']) {
        await refusedNaming(h, 'GET', `/api/market/orderbook/SHFE.al2701?depth=${depth}`, {}, 1001, 400, 'depth');
      }
      await refused(h, 'GET', '/api/market/orderbook/SHFE.xx9999', {}, 3003, 404);
      await refused(h, 'GET', '/api/market/orderbook/nothing', {}, 3003, 404);
    });
  });

  describe('GET /api/market/tick/{instrument_id}', () => {
    it('answers every Quote field of the spec, derived from the trades and the book', async () => {
      const quote = await h.ok('GET', '/api/market/tick/SHFE.cu2701');
      hasFields(quote, QUOTE_FIELDS, 'quote');
      const last = fills[fills.length - 1] as Fill;
      const amountCents = fills.reduce((sum, f) => sum + f.price * f.volume * 5 * 100, 0);
      const volume = fills.reduce((sum, f) => sum + f.volume, 0);
      assert.equal(quote.instrument_id, 'SHFE.cu2701');
      assert.match(quote.datetime, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{6}$/);
      assert.equal(quote.datetime, shanghaiDatetime(last.at), 'datetime of the last trade, in Asia/Shanghai');
      assert.equal(quote.last_price, 86520);
      assert.equal(quote.highest, 86700);
      assert.equal(quote.lowest, 86400);
      assert.equal(quote.open, 86500);
      assert.ok(quote.close === 0 || quote.close === 86520, `close is the day's last price or not yet set: ${quote.close}`);
      assert.equal(quote.pre_close, 0, 'no previous day yet');
      assert.equal(quote.pre_settlement, 86500);
      assert.equal(quote.settlement, 0, 'not settled yet');
      // Limits: pre_settlement x (1 +- 0.08), on the tick grid.
      assert.equal(quote.upper_limit, 93420);
      assert.equal(quote.lower_limit, 79580);
      assert.equal(quote.bid_price1, 86000);
      assert.equal(quote.bid_volume1, 2);
      assert.equal(quote.ask_price1, 87000);
      assert.equal(quote.ask_volume1, 3);
      assert.equal(quote.volume, volume);
      assert.equal(cents(quote.amount), amountCents);
      // Every trade opened a long and a short: open interest = total long volume.
      assert.equal(quote.open_interest, volume);
      assert.equal(quote.pre_open_interest, 0);
      assert.ok(Number.isInteger(quote.bid_volume1) && Number.isInteger(quote.ask_volume1) && Number.isInteger(quote.volume));
    });

    it('takes the id without the exchange prefix, and answers zeros where nothing traded', async () => {
      const bare = await h.ok('GET', '/api/market/tick/cu2701');
      assert.equal(bare.instrument_id, 'SHFE.cu2701');
      assert.equal(bare.last_price, 86520);
      const gold = await h.ok('GET', '/api/market/tick/SHFE.au2702');
      hasFields(gold, QUOTE_FIELDS, 'gold quote');
      assert.equal(gold.instrument_id, 'SHFE.au2702');
      assert.match(gold.datetime, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{6}$/);
      assert.equal(gold.pre_settlement, 930);
      assert.equal(gold.upper_limit, 1060.2);
      assert.equal(gold.lower_limit, 799.8);
      for (const field of ['highest', 'lowest', 'open', 'volume', 'amount', 'open_interest', 'bid_price1', 'bid_volume1', 'ask_price1', 'ask_volume1']) {
        assert.equal(gold[field], 0, field);
      }
      // The position that tracks the reference price: before any trade, last price is the reference or 0.
      assert.ok(gold.last_price === 0 || gold.last_price === 930);
      assert.ok(!JSON.stringify(gold).includes('null'), 'no NaN (null) in the quote');
    });

    it('refuses an unknown instrument with 3003 / 404', async () => {
      await refused(h, 'GET', '/api/market/tick/SHFE.xx9999', {}, 3003, 404);
      await refused(h, 'GET', '/api/market/tick/xx9999', {}, 3003, 404);
    });
  });

  describe('GET /api/market/trades/{instrument_id}', () => {
    it('lists recent trades newest first, with price, volume, aggressor side and time', async () => {
      const trades = await h.ok('GET', '/api/market/trades/SHFE.cu2701');
      assert.ok(Array.isArray(trades));
      assert.equal(trades.length, fills.length);
      const newestFirst = [...fills].reverse();
      trades.forEach((t: Record<string, unknown>, i: number) => {
        hasFields(t, { trade_id: 'string', instrument_id: 'string', price: 'number', volume: 'integer', direction: 'string' }, `trade ${i}`);
        const fill = newestFirst[i] as Fill;
        assert.equal(t.instrument_id, 'SHFE.cu2701');
        assert.equal(t.price, fill.price);
        assert.equal(t.volume, fill.volume);
        assert.equal(t.direction, fill.taker);
        assert.equal(t.datetime, fill.at);
        assert.equal(t.trade_date_time, fill.at * NS_PER_MS);
      });
      assert.equal(new Set(trades.map((t: { trade_id: string }) => t.trade_id)).size, trades.length);
    });

    it('honours limit and takes the id without the prefix', async () => {
      const all = await h.ok('GET', '/api/market/trades/SHFE.cu2701');
      assert.deepEqual(await h.ok('GET', '/api/market/trades/SHFE.cu2701?limit=3'), all.slice(0, 3));
      assert.deepEqual(await h.ok('GET', '/api/market/trades/cu2701?limit=1'), all.slice(0, 1));
      assert.deepEqual(await h.ok('GET', '/api/market/trades/SHFE.cu2701?limit=1000'), all);
      assert.deepEqual(await h.ok('GET', '/api/market/trades/SHFE.au2702'), []);
    });

    it('pages with offset, newest first (DECISIONS.md: list routes take limit and offset)', async () => {
      const all = await h.ok('GET', '/api/market/trades/SHFE.cu2701');
      assert.ok(all.length >= 3);
      assert.deepEqual(await h.ok('GET', '/api/market/trades/SHFE.cu2701?offset=1&limit=2'), all.slice(1, 3));
      assert.deepEqual(await h.ok('GET', `/api/market/trades/SHFE.cu2701?offset=${all.length}`), []);
    });

    it('refuses a bad limit with 1001 / 400 and an unknown instrument with 3003 / 404', async () => {
      for (const limit of ['0', '-5', '1001', 'many']) {
        await refusedNaming(h, 'GET', `/api/market/trades/SHFE.cu2701?limit=${limit}`, {}, 1001, 400, 'limit');
      }
      await refused(h, 'GET', '/api/market/trades/SHFE.xx9999', {}, 3003, 404);
    });
  });

  describe('GET /api/market/kline/{instrument_id}', () => {
    for (const code of [4, 5, 6, 7, 8]) {
      it(`period ${code}: bars of ${PERIODS[code]!.ms / MINUTE} minutes built from the trades`, async () => {
        const data = await h.ok('GET', `/api/market/kline/SHFE.cu2701?period=${code}&count=100`);
        assert.equal(data.instrument_id, 'SHFE.cu2701');
        assert.equal(data.period, code);
        assert.equal(data.duration_ns, PERIODS[code]!.durationNs);
        for (const bar of data.klines) hasFields(bar, CANDLE_FIELDS, 'bar');
        const ms = PERIODS[code]!.ms;
        const expected = referenceBars(fills, (at) => at - (at % ms));
        const got = data.klines.map((bar: Bar) => ({
          datetime: bar.datetime,
          open: bar.open,
          high: bar.high,
          low: bar.low,
          close: bar.close,
          volume: bar.volume,
          open_oi: bar.open_oi,
          close_oi: bar.close_oi,
        }));
        assert.deepEqual(got, expected);
      });
    }

    it('bar counts per period: 6, 5, 4, 3 and 2 for 1, 5, 15, 30 and 60 minutes', async () => {
      const counts: number[] = [];
      for (const code of [4, 5, 6, 7, 8]) counts.push((await h.ok('GET', `/api/market/kline/SHFE.cu2701?period=${code}`)).klines.length);
      assert.deepEqual(counts, [6, 5, 4, 3, 2]);
    });

    it('period 0: one daily bar opening at the trading day\'s midnight (exchange time)', async () => {
      const data = await h.ok('GET', '/api/market/kline/SHFE.cu2701?period=0');
      assert.equal(data.period, 0);
      assert.equal(data.duration_ns, PERIODS[0]!.durationNs);
      const day = h.exchange.state.tradingDay;
      const midnight = Date.parse(`${day}T00:00:00+08:00`);
      const expected = referenceBars(fills, () => midnight);
      assert.equal(data.klines.length, 1);
      hasFields(data.klines[0], CANDLE_FIELDS, 'daily bar');
      const { id: _id, ...bar } = data.klines[0];
      assert.deepEqual(bar, expected[0]);
    });

    it('count is the number of rows: the newest bars, oldest first', async () => {
      const all = (await h.ok('GET', '/api/market/kline/SHFE.cu2701?period=4&count=100')).klines;
      const two = (await h.ok('GET', '/api/market/kline/SHFE.cu2701?period=4&count=2')).klines;
      assert.deepEqual(two, all.slice(-2));
      assert.ok(two[0].datetime < two[1].datetime);
      const ids = all.map((bar: { id: number }) => bar.id);
      assert.deepEqual(ids, [...ids].sort((a: number, b: number) => a - b));
      assert.equal((await h.ok('GET', '/api/market/kline/SHFE.cu2701?period=4&count=1')).klines.length, 1);
    });

    it('takes the id without the prefix, and invents no bars where nothing traded', async () => {
      const bare = await h.ok('GET', '/api/market/kline/cu2701?period=8');
      assert.equal(bare.instrument_id, 'SHFE.cu2701');
      assert.equal(bare.klines.length, 2);
      for (const code of [0, 4, 5, 6, 7, 8]) {
        assert.deepEqual((await h.ok('GET', `/api/market/kline/SHFE.au2702?period=${code}`)).klines, [], `period ${code}`);
      }
    });

    it('refuses an invalid period or count with 1001 / 400', async () => {
      // Blank and hexadecimal text too: JavaScript's Number() takes " " as 0 and "0x4" as 4.
      for (const period of ['1', '2', '3', '9', '-1', 'abc', '4.5', '%20', '', '0x4', '%204']) {
        await refusedNaming(h, 'GET', `/api/market/kline/SHFE.cu2701?period=${period}&count=10`, {}, 1001, 400, 'period');
      }
      for (const count of ['0', '-1', 'ten', '5001']) {
        await refusedNaming(h, 'GET', `/api/market/kline/SHFE.cu2701?period=4&count=${count}`, {}, 1001, 400, 'count');
      }
    });

    it('refuses an unknown instrument with 3003 / 404', async () => {
      await refused(h, 'GET', '/api/market/kline/SHFE.xx9999?period=4&count=10', {}, 3003, 404);
      await refused(h, 'GET', '/api/market/kline/xx9999?period=0', {}, 3003, 404);
    });
  });

  describe('after a day-end settlement', () => {
    it('the quote carries the day into its pre_ fields and the daily candles start a new bar', async () => {
      const before = await h.ok('GET', '/api/market/tick/SHFE.cu2701');
      const firstDay = h.exchange.state.tradingDay;
      await h.ok('POST', '/api/admin/settlement/set-price', { token: h.admin.token, body: { instrument_id: 'SHFE.cu2701', settlement_price: 86510 } });
      clock.set(t0 + 75 * MINUTE);
      await h.ok('POST', '/api/admin/settlement/execute', { token: h.admin.token });
      const nextDay = h.exchange.state.tradingDay;
      assert.ok(nextDay > firstDay);

      const quote = await h.ok('GET', '/api/market/tick/SHFE.cu2701');
      hasFields(quote, QUOTE_FIELDS, 'quote');
      assert.equal(quote.pre_settlement, 86510);
      assert.equal(quote.pre_close, before.last_price, "yesterday's last price");
      assert.equal(quote.pre_open_interest, before.open_interest);
      assert.equal(quote.open_interest, before.open_interest, 'positions carry over');
      assert.equal(quote.volume, 0);
      assert.equal(quote.amount, 0);
      assert.equal(quote.open, 0);
      assert.equal(quote.highest, 0);
      assert.equal(quote.lowest, 0);
      // New limits around the new reference price: 86510 x 1.08 / 0.92, on the 10 grid.
      assert.equal(quote.upper_limit, 93430);
      assert.equal(quote.lower_limit, 79590);
      // GFD orders were cancelled at settlement: the book is empty.
      assert.equal(quote.bid_volume1, 0);
      assert.equal(quote.ask_volume1, 0);
      assert.deepEqual((await h.ok('GET', '/api/market/orderbook/SHFE.cu2701')).bids, []);

      await trade(80 * MINUTE, 86560, 2, 'BUY');
      const daily = (await h.ok('GET', '/api/market/kline/SHFE.cu2701?period=0')).klines;
      assert.equal(daily.length, 2);
      assert.equal(daily[1].datetime, Date.parse(`${nextDay}T00:00:00+08:00`) * NS_PER_MS);
      assert.deepEqual(
        [daily[1].open, daily[1].high, daily[1].low, daily[1].close, daily[1].volume, daily[1].open_oi, daily[1].close_oi],
        [86560, 86560, 86560, 86560, 2, before.open_interest, before.open_interest + 2],
      );
      const next = await h.ok('GET', '/api/market/tick/SHFE.cu2701');
      assert.equal(next.open, 86560);
      assert.equal(next.volume, 2);
      assert.equal(next.last_price, 86560);
      assert.equal(next.datetime, shanghaiDatetime(t0 + 80 * MINUTE));
      // The minute candles simply continue.
      const minutes = (await h.ok('GET', '/api/market/kline/SHFE.cu2701?period=4&count=100')).klines;
      assert.equal(minutes.length, 7);
      assert.equal(minutes[6].datetime, (t0 + 80 * MINUTE) * NS_PER_MS);
    });
  });
});
