/**
 * Charts by trading day (tqsdk-js's setChart with trading_day_start / trading_day_count):
 * the day being traded, the days before it, a named day and the days after it, for ticks
 * and daily candles; a chart that includes the day being traded follows new trades, one
 * of past days does not; klines.<ins>.<dur>.trading_day_start_id / _end_id tell the span.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { zonedMidnight } from '../../../src/marketdata/index.ts';
import { DiffClient } from '../../support/diff-client.ts';
import { HttpHarness, type TestUser } from '../../support/http-harness.ts';

const SYMBOL = 'SHFE.cu2701';
const DAY_NS = 86_400e9;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('DIFF charts by trading day', () => {
  let h: HttpHarness;
  let client: DiffClient;
  let bob: TestUser & { accountId: string };
  let dave: TestUser & { accountId: string };
  let day1: string;
  /** Tick ids of each day's trades. */
  const day1Ticks: number[] = [];
  const day2Ticks: number[] = [];

  const trade = async (price: number) => {
    await h.order(bob, { direction: 'SELL', price, volume: 1 });
    await h.order(dave, { direction: 'BUY', price, volume: 1 });
  };
  const lastTick = () => h.exchange.marketData.tape(SYMBOL)!.tickSeries().lastId;

  before(async () => {
    h = await HttpHarness.start({ websocket: true });
    bob = await h.trader('bob', 'BOB1');
    dave = await h.trader('dave', 'DAVE1');
    for (const price of [86500, 86510]) {
      await trade(price);
      day1Ticks.push(lastTick());
    }
    await pause(5);
    day1 = (await h.asAdmin('POST', '/api/admin/settlement/execute')).settlement_date;
    // A trade in the settlement's own millisecond would count for the day settled.
    await pause(5);
    await trade(86520);
    day2Ticks.push(lastTick());
    client = await DiffClient.connect(`ws://127.0.0.1:${h.service.diff?.port}/ws/diff`);
  });
  after(async () => {
    client.close();
    await h.stop();
  });

  const chart = (id: string, fields: Record<string, number>) =>
    client.send({ aid: 'set_chart', chart_id: id, ins_list: SYMBOL, duration: 0, ...fields });
  const ready = (id: string) => client.until((m) => m.charts?.[id]?.ready === true, 5000, `chart ${id}`);
  const span = (id: string) => [client.mirror.charts[id].left_id, client.mirror.charts[id].right_id];

  it('shows the day being traded (trading_day_start 0, one day): its ticks only, and follows it', async () => {
    chart('today', { trading_day_start: 0, trading_day_count: DAY_NS });
    await ready('today');
    assert.deepEqual(span('today'), [day2Ticks[0], day2Ticks[0]]);
    assert.equal(client.mirror.klines[SYMBOL]['0'].trading_day_start_id, day2Ticks[0]);
    await trade(86530);
    day2Ticks.push(lastTick());
    await client.until((m) => m.charts.today.right_id === day2Ticks[1], 5000, 'the chart follows the day');
    assert.equal(client.mirror.charts.today.left_id, day2Ticks[0]);
    assert.equal(client.mirror.charts.today.state.trading_day_start, 0, 'the request is echoed as sent');
  });

  it('shows the days before with a count, and a named day alone without what came after it', async () => {
    chart('two', { trading_day_start: 0, trading_day_count: 2 * DAY_NS });
    await ready('two');
    assert.deepEqual(span('two'), [day1Ticks[0], day2Ticks.at(-1)]);
    const named = zonedMidnight(day1, 'Asia/Shanghai') * 1e6;
    chart('first', { trading_day_start: named, trading_day_count: DAY_NS });
    await ready('first');
    assert.deepEqual(span('first'), [day1Ticks[0], day1Ticks[1]]);
    await trade(86540);
    await client.until((m) => m.charts.two.right_id === lastTick(), 5000, 'the two-day chart follows');
    assert.deepEqual(span('first'), [day1Ticks[0], day1Ticks[1]], "a past day's chart stays");
  });

  it('shows nothing for a named day still to come', async () => {
    chart('future', { trading_day_start: zonedMidnight('2030-01-07', 'Asia/Shanghai') * 1e6, trading_day_count: DAY_NS });
    await ready('future');
    assert.deepEqual(span('future'), [-1, -1]);
  });

  it('shows daily candles by trading day', async () => {
    client.send({ aid: 'set_chart', chart_id: 'daily', ins_list: SYMBOL, duration: DAY_NS, trading_day_start: 0, trading_day_count: 2 * DAY_NS });
    await client.until((m) => m.charts?.daily?.ready === true, 5000, 'daily chart');
    const [left, right] = span('daily');
    assert.equal(right - left + 1, 2, 'two days, two candles');
    const candles = client.mirror.klines[SYMBOL][String(DAY_NS)].data;
    assert.equal(candles[left].datetime, zonedMidnight(day1, 'Asia/Shanghai') * 1e6);
  });
});

describe('DIFF charts by trading day: several instruments, a candle across a settlement, the span ids of one series', () => {
  let h: HttpHarness;
  let client: DiffClient;
  let bob: TestUser & { accountId: string };
  let dave: TestUser & { accountId: string };
  const trade = async (price: number, instrument = 'cu2701') => {
    await h.order(bob, { instrument_id: instrument, direction: 'SELL', price, volume: 1 });
    await h.order(dave, { instrument_id: instrument, direction: 'BUY', price, volume: 1 });
  };
  const span = (id: string) => [client.mirror.charts[id].left_id, client.mirror.charts[id].right_id];
  const ready = (id: string) => client.until((m) => m.charts?.[id]?.ready === true, 5000, `chart ${id}`);

  before(async () => {
    h = await HttpHarness.start({ websocket: true });
    bob = await h.trader('bob', 'BOB1');
    dave = await h.trader('dave', 'DAVE1');
    // Day 1: both instruments trade; then the settlement and, in the same minute, a cu trade.
    await trade(86500);
    await trade(21300, 'al2701');
    await pause(5);
    await h.asAdmin('POST', '/api/admin/settlement/execute');
    await pause(5);
    await trade(86510);
    client = await DiffClient.connect(`ws://127.0.0.1:${h.service.diff?.port}/ws/diff`);
  });
  after(async () => {
    client.close();
    await h.stop();
  });

  it("shows the minute in progress at the settlement in the new day's chart, which holds the new day's trade", async () => {
    const minutes = h.exchange.marketData.tape(SYMBOL)!.klines(4)!;
    client.send({ aid: 'set_chart', chart_id: 'm', ins_list: SYMBOL, duration: 60e9, trading_day_start: 0, trading_day_count: DAY_NS });
    await ready('m');
    // The settlement fell in the minute of the day-2 trade, or in the one before it.
    assert.equal(span('m')[1], minutes.lastId);
    assert.ok(span('m')[0] >= 0 && span('m')[0] <= minutes.lastId, `span ${span('m')}`);
  });

  it("gives each instrument its own candles of the days: al, which traded on day 1 only, shows none today", async () => {
    client.send({ aid: 'set_chart', chart_id: 'both', ins_list: `${SYMBOL},SHFE.al2701`, duration: 0, trading_day_start: 0, trading_day_count: DAY_NS });
    await ready('both');
    await client.until((m) => m.klines?.['SHFE.al2701']?.['0']?.trading_day_start_id !== undefined, 5000, 'al span');
    assert.deepEqual([client.mirror.klines['SHFE.al2701']['0'].trading_day_start_id, client.mirror.klines['SHFE.al2701']['0'].trading_day_end_id], [-1, -1]);
    assert.equal(client.mirror.klines['SHFE.al2701']['0'].data, undefined, "no al tick of day 1 is sent");
  });

  it('tells the span of the trading-day chart set last on a series, and removes it when that chart becomes an ordinary one', async () => {
    const ticks = () => client.mirror.klines[SYMBOL]['0'];
    const named = zonedMidnight(h.exchange.history.settlementHistory()[0]!.settlementDate, 'Asia/Shanghai') * 1e6;
    client.send({ aid: 'set_chart', chart_id: 'day1', ins_list: SYMBOL, duration: 0, trading_day_start: named, trading_day_count: DAY_NS });
    await ready('day1');
    await client.until(() => ticks().trading_day_end_id === 0, 5000, "day 1's span");
    const patches = client.patches.length;
    await trade(86520);
    await client.until((m) => m.charts.both.right_id === h.exchange.marketData.tape(SYMBOL)!.tickSeries().lastId, 5000, 'the trade');
    const rewritten = client.patches.slice(patches).some((p) => p.klines?.[SYMBOL]?.['0']?.trading_day_start_id !== undefined);
    assert.equal(rewritten, false, 'the ids of day 1 stay, not rewritten by the other chart on every trade');
    // 'day1' becomes an ordinary chart: 'both', a trading-day chart of the series too, tells
    // its span at once, with no trade to wait for.
    client.send({ aid: 'set_chart', chart_id: 'day1', ins_list: SYMBOL, duration: 0, view_width: 2 });
    await client.until(() => ticks().trading_day_start_id === 1, 5000, "today's span, told by the other chart");
    // Removed too, no trading-day chart is left on the series: the ids go.
    client.send({ aid: 'set_chart', chart_id: 'both', ins_list: '', duration: 0 });
    await client.until(() => ticks().trading_day_start_id === undefined && ticks().trading_day_end_id === undefined, 5000, 'the ids removed');
  });
});
