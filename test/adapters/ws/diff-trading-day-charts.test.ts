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

  it('shows daily candles by trading day', async () => {
    client.send({ aid: 'set_chart', chart_id: 'daily', ins_list: SYMBOL, duration: DAY_NS, trading_day_start: 0, trading_day_count: 2 * DAY_NS });
    await client.until((m) => m.charts?.daily?.ready === true, 5000, 'daily chart');
    const [left, right] = span('daily');
    assert.equal(right - left + 1, 2, 'two days, two candles');
    const candles = client.mirror.klines[SYMBOL][String(DAY_NS)].data;
    assert.equal(candles[left].datetime, zonedMidnight(day1, 'Asia/Shanghai') * 1e6);
  });
});
