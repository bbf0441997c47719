/**
 * End to end: the exchange started as an operator starts it (the `npm start` script's
 * command as a child process, on free ports, a throw-away DATA_DIR), driven over real HTTP
 * through a whole trading day: users, accounts, funds, two crosses and a resting order,
 * positions, margin and the spec's account identities checked to the cent, market data,
 * day-end settlement by the admin and its records. Then SIGTERM (exit 0), a restart on the
 * same DATA_DIR, and everything read back unchanged; the restarted exchange keeps trading.
 *
 * SHFE.cu2701: tick 10, multiplier 5, margin ratio 0.09, commission 0.00005 of turnover,
 * reference (pre-settlement) price 86500, limits +-8 %. Every expected amount below is
 * worked out by hand in the comments; money is compared in integer cents.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { FetchClient } from '../support/fetch-client.ts';
import { ServerProcess } from '../support/server-process.ts';

const ADMIN = { username: 'admin', password: 'e2e-admin-pass' };
const INSTRUMENT = 'SHFE.cu2701';
const MULTIPLIER = 5;
const MARGIN_RATIO = 0.09;

/** Money in integer cents: the spec's identities must hold exactly. */
const cents = (amount: number): number => Math.round(amount * 100);

interface Trader {
  readonly userId: string;
  readonly username: string;
  readonly password: string;
  token: string;
  readonly accountId: string;
}

/** The spec's account formulas 1, 2, 3 and 5, exactly (in cents). */
function assertIdentities(a: Record<string, number>, label: string): void {
  const c = (field: string): number => {
    const value = a[field];
    assert.equal(typeof value, 'number', `${label}: ${field} missing`);
    return cents(value!);
  };
  assert.equal(c('static_balance'), c('pre_balance') + c('deposit') - c('withdraw') + c('close_profit') - c('commission'), `${label}: static_balance`);
  assert.equal(c('balance'), c('static_balance') + c('float_profit'), `${label}: balance`);
  assert.equal(c('available'), c('balance') - c('margin') - c('frozen_margin'), `${label}: available`);
  const expectedRisk = c('margin') === 0 ? 0 : c('margin') / c('balance');
  assert.equal(a.risk_ratio, expectedRisk, `${label}: risk_ratio = margin / balance`);
}

/** Compares the listed account fields with expected amounts, to the cent. */
function assertMoney(actual: Record<string, unknown>, expected: Record<string, number>, label: string): void {
  for (const [field, value] of Object.entries(expected)) {
    assert.equal(typeof actual[field], 'number', `${label}: ${field} is not a number`);
    assert.equal(cents(actual[field] as number), cents(value), `${label}: ${field} is ${actual[field]}, expected ${value}`);
  }
}

describe('end to end: a trading day over HTTP, a clean shutdown and a restart', { timeout: 300_000 }, () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'basis-e2e-'));
  let server: ServerProcess | undefined;
  let api: FetchClient;
  let adminToken: string;
  let alice: Trader;
  let bob: Trader;
  let tradingDay: string;
  let settlementDate: string;
  /** What the first run answered, to compare after the restart. */
  const before1: Record<string, unknown> = {};

  const startServer = async (): Promise<void> => {
    server = await ServerProcess.start({ dataDir, adminUsername: ADMIN.username, adminPassword: ADMIN.password, env: { LOG_LEVEL: 'warn' } });
    api = new FetchClient(server.baseUrl);
  };

  const order = (trader: Trader, fields: Record<string, unknown>) =>
    api.ok('POST', '/api/order/submit', {
      token: trader.token,
      body: { user_id: trader.userId, account_id: trader.accountId, instrument_id: 'cu2701', exchange_id: 'SHFE', price_type: 'LIMIT', ...fields },
    });
  const account = async (trader: Trader) => (await api.ok('GET', `/api/account/${trader.accountId}`, { token: trader.token })).accounts;
  const position = async (trader: Trader) =>
    (await api.ok('GET', `/api/position/account/${trader.accountId}`, { token: trader.token })).positions[INSTRUMENT];
  /** Everything that must survive a restart, as the API answers it. */
  const durableViews = async () => ({
    aliceOrders: await api.ok('GET', `/api/order/user/${alice.userId}`, { token: alice.token }),
    bobOrders: await api.ok('GET', `/api/order/user/${bob.userId}`, { token: bob.token }),
    aliceTrades: await api.ok('GET', `/api/trades/user/${alice.userId}`, { token: alice.token }),
    bobTrades: await api.ok('GET', `/api/trades/account/${bob.accountId}`, { token: bob.token }),
    alicePositions: await api.ok('GET', `/api/position/account/${alice.accountId}`, { token: alice.token }),
    bobPositions: await api.ok('GET', `/api/position/user/${bob.userId}`, { token: bob.token }),
    aliceAccount: await api.ok('GET', `/api/account/${alice.accountId}`, { token: alice.token }),
    bobAccount: await api.ok('GET', `/api/account/${bob.accountId}`, { token: bob.token }),
    history: await api.ok('GET', '/api/admin/settlement/history', { token: adminToken }),
    detail: await api.ok('GET', `/api/admin/settlement/detail/${settlementDate}`, { token: adminToken }),
  });

  before(async () => {
    await startServer();
  });

  after(() => {
    // Whatever happened above: no server outlives the test, and no data folder is left.
    server?.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is healthy and has the configured admin', async () => {
    const health = await api.ok('GET', '/health');
    assert.equal(health.status, 'ok');
    assert.match(health.trading_day, /^\d{4}-\d{2}-\d{2}$/);
    tradingDay = health.trading_day;
    adminToken = await api.login(ADMIN.username, ADMIN.password);
  });

  it('registers two users, logs them in and opens funded accounts', async () => {
    const a = await api.userWithToken('alice_e2e', 'alice-pass-1');
    const b = await api.userWithToken('bob_e2e', 'bob-pass-1');
    alice = { ...a, password: 'alice-pass-1', accountId: 'ALICE-1' };
    bob = { ...b, password: 'bob-pass-1', accountId: 'BOB-1' };
    assert.notEqual(alice.userId, bob.userId);

    const opened = await api.ok('POST', '/api/account/open', {
      token: alice.token,
      body: { user_id: alice.userId, account_id: alice.accountId, initial_balance: 1_000_000 },
    });
    assert.equal(opened.account_id, alice.accountId);
    assertMoney(opened, { balance: 1_000_000, available: 1_000_000, margin: 0 }, 'alice opened');
    await api.ok('POST', '/api/account/open', { token: bob.token, body: { user_id: bob.userId, account_id: bob.accountId, initial_balance: 1_000_000 } });

    // Nobody acts on another user's account.
    const foreign = await api.call('POST', '/api/account/deposit', { token: bob.token, body: { account_id: alice.accountId, amount: 1 } });
    assert.equal(foreign.status, 403);
    assert.equal(foreign.body.error?.code, 1003);

    const deposited = await api.ok('POST', '/api/account/deposit', { token: alice.token, body: { account_id: alice.accountId, amount: 200_000 } });
    assertMoney(deposited, { balance: 1_200_000, available: 1_200_000 }, 'alice after deposit');
    const withdrawn = await api.ok('POST', '/api/account/withdraw', { token: alice.token, body: { account_id: alice.accountId, amount: 50_000 } });
    assertMoney(withdrawn, { balance: 1_150_000, available: 1_150_000 }, 'alice after withdraw');
    await api.ok('POST', '/api/account/deposit', { token: bob.token, body: { account_id: bob.accountId, amount: 500_000 } });

    const accounts = await api.ok('GET', `/api/user/${bob.userId}/accounts`, { token: bob.token });
    assert.deepEqual(accounts.accounts.map((x: { account_id: string }) => x.account_id), [bob.accountId]);
    // The opening balance counts as a deposit of the day.
    const fields = await account(alice);
    assertMoney(fields, { pre_balance: 0, deposit: 1_200_000, withdraw: 50_000, static_balance: 1_150_000, balance: 1_150_000 }, 'alice funds');
    assertIdentities(fields, 'alice funds');
  });

  it('rests an order, then crosses it: one trade at the resting price', async () => {
    const resting = await order(alice, { order_id: 'a-sell-1', direction: 'SELL', offset: 'OPEN', volume: 2, price: 86500 });
    assert.equal(resting.status, 'ALIVE');
    assert.equal(resting.exchange_status, 'ACCEPTED');
    assert.equal(resting.volume_orign, 2);
    assert.equal(resting.volume_left, 2);
    assert.deepEqual(resting.trades, []);
    // Frozen per lot: margin 86500 x 5 x 0.09 = 38925 and commission 86500 x 5 x 0.00005 = 21.625 -> 21.63.
    const frozen = await account(alice);
    assertMoney(frozen, { frozen_margin: 2 * (38_925 + 21.63), margin: 0, available: 1_150_000 - 2 * (38_925 + 21.63) }, 'alice with a resting order');
    assertIdentities(frozen, 'alice with a resting order');

    const book = await api.ok('GET', `/api/market/orderbook/${INSTRUMENT}`);
    assert.deepEqual(book.asks, [{ price: 86500, volume: 2, order_count: 1 }]);
    assert.deepEqual(book.bids, []);

    // Bob pays up to 86520; the trade is at the resting order's 86500.
    const crossing = await order(bob, { order_id: 'b-buy-1', direction: 'BUY', offset: 'OPEN', volume: 2, price: 86520 });
    assert.equal(crossing.status, 'FINISHED');
    assert.equal(crossing.exchange_status, 'FILLED');
    assert.equal(crossing.volume_left, 0);
    assert.equal(crossing.filled_volume, 2);
    assert.equal(crossing.trades.length, 1);
    const filled = await api.ok('GET', `/api/order/a-sell-1?account_id=${alice.accountId}`, { token: alice.token });
    assert.equal(filled.status, 'FINISHED');
    assert.equal(filled.exchange_status, 'FILLED');
    assert.equal(filled.volume_left, 0);

    const trades = await api.ok('GET', `/api/trades/account/${bob.accountId}`, { token: bob.token });
    assert.equal(trades.length, 1);
    assert.equal(trades[0].price, 86500);
    assert.equal(trades[0].volume, 2);
    assert.equal(trades[0].direction, 'BUY');
    assert.equal(trades[0].offset, 'OPEN');
    assert.equal(trades[0].order_id, 'b-buy-1');
    // 86500 x 2 x 5 x 0.00005 = 43.25 for each side.
    assert.equal(trades[0].commission, 43.25);

    // Both sides hold 2 lots opened today; margin 2 x 86500 x 5 x 0.09 = 77850; no float profit yet.
    const long = await position(bob);
    assert.equal(long.volume_long, 2);
    assert.equal(long.volume_long_today, 2);
    assert.equal(long.volume_long_his, 0);
    assert.equal(long.volume_short, 0);
    assert.equal(long.open_price_long, 86500);
    assertMoney(long, { margin: 77_850, margin_long: 77_850, float_profit: 0, last_price: 86_500 }, 'bob position');
    const short = await position(alice);
    assert.equal(short.volume_short, 2);
    assert.equal(short.volume_short_today, 2);
    assert.equal(short.volume_short_his, 0);
    assert.equal(short.volume_long, 0);
    assertMoney(short, { margin: 77_850, margin_short: 77_850, float_profit: 0 }, 'alice position');

    const a = await account(alice);
    assertMoney(a, { commission: 43.25, frozen_margin: 0, margin: 77_850, static_balance: 1_149_956.75, balance: 1_149_956.75, available: 1_072_106.75 }, 'alice after the cross');
    assertIdentities(a, 'alice after the cross');
    const b = await account(bob);
    assertMoney(b, { commission: 43.25, margin: 77_850, static_balance: 1_499_956.75, balance: 1_499_956.75, available: 1_422_106.75 }, 'bob after the cross');
    assertIdentities(b, 'bob after the cross');
  });

  it('marks positions at a new last price; a resting bid freezes funds', async () => {
    // A second cross at 86600 moves the last price: bob long 3 (cost 2 x 86500 + 86600), alice short 3.
    await order(alice, { order_id: 'a-sell-2', direction: 'SELL', offset: 'OPEN', volume: 1, price: 86600 });
    const crossed = await order(bob, { order_id: 'b-buy-2', direction: 'BUY', offset: 'OPEN', volume: 1, price: 86600 });
    assert.equal(crossed.exchange_status, 'FILLED');
    // A bid below the market rests: frozen 86000 x 5 x 0.09 = 38700 + commission 21.50.
    const bid = await order(bob, { order_id: 'b-buy-3', direction: 'BUY', offset: 'OPEN', volume: 1, price: 86000 });
    assert.equal(bid.status, 'ALIVE');

    const long = await position(bob);
    assert.equal(long.volume_long, 3);
    assert.equal(long.volume_long_today, 3);
    // Float profit (86600 x 3 - 259600) x 5 = 1000; margin 3 x 86600 x 5 x 0.09 = 116910.
    assertMoney(long, { float_profit: 1_000, margin: 116_910, last_price: 86_600, open_cost_long: 259_600 * MULTIPLIER }, 'bob position');
    const short = await position(alice);
    assert.equal(short.volume_short, 3);
    assert.equal(short.volume_short_today, 3);
    assertMoney(short, { float_profit: -1_000, margin: 116_910 }, 'alice position');
    assert.equal(cents(long.margin), cents(long.volume_long * long.last_price * MULTIPLIER * MARGIN_RATIO), 'spec formula 4');

    // Commission 43.25 + 86600 x 5 x 0.00005 = 21.65 -> 64.90.
    const b = await account(bob);
    assertMoney(
      b,
      {
        pre_balance: 0,
        deposit: 1_500_000,
        withdraw: 0,
        close_profit: 0,
        commission: 64.9,
        static_balance: 1_499_935.1,
        float_profit: 1_000,
        balance: 1_500_935.1,
        margin: 116_910,
        frozen_margin: 38_721.5,
        available: 1_345_303.6,
      },
      'bob mid-day',
    );
    assertIdentities(b, 'bob mid-day');
    const a = await account(alice);
    assertMoney(
      a,
      { deposit: 1_200_000, withdraw: 50_000, commission: 64.9, static_balance: 1_149_935.1, float_profit: -1_000, balance: 1_148_935.1, margin: 116_910, frozen_margin: 0, available: 1_032_025.1 },
      'alice mid-day',
    );
    assertIdentities(a, 'alice mid-day');
  });

  it('publishes the market data: quote, order book, trades and candles', async () => {
    const quote = await api.ok('GET', `/api/market/tick/${INSTRUMENT}`);
    assert.equal(quote.instrument_id, INSTRUMENT);
    assert.equal(quote.last_price, 86600);
    assert.equal(quote.open, 86500);
    assert.equal(quote.highest, 86600);
    assert.equal(quote.lowest, 86500);
    assert.equal(quote.volume, 3);
    // Turnover (86500 x 2 + 86600) x 5.
    assert.equal(quote.amount, 1_298_000);
    assert.equal(quote.open_interest, 3);
    assert.equal(quote.pre_settlement, 86500);
    assert.equal(quote.upper_limit, 93420);
    assert.equal(quote.lower_limit, 79580);
    assert.equal(quote.bid_price1, 86000);
    assert.equal(quote.bid_volume1, 1);
    assert.equal(quote.ask_volume1, 0);
    assert.match(quote.datetime, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{6}$/);

    const book = await api.ok('GET', `/api/market/orderbook/${INSTRUMENT}?depth=5`);
    assert.equal(book.instrument_id, INSTRUMENT);
    assert.deepEqual(book.bids, [{ price: 86000, volume: 1, order_count: 1 }]);
    assert.deepEqual(book.asks, []);
    assert.equal(typeof book.timestamp, 'number');

    const tape = await api.ok('GET', `/api/market/trades/${INSTRUMENT}?limit=10`);
    assert.deepEqual(
      tape.map((t: { price: number; volume: number }) => [t.price, t.volume]),
      [[86600, 1], [86500, 2]],
      'recent trades, newest first',
    );

    // The trades may straddle a minute boundary: check the candles' aggregate, not their count.
    for (const period of [4, 0]) {
      const kline = await api.ok('GET', `/api/market/kline/${INSTRUMENT}?period=${period}&count=10`);
      const bars = kline.klines as { datetime: number; open: number; high: number; low: number; close: number; volume: number }[];
      assert.ok(bars.length >= 1, `period ${period}: no candles`);
      assert.equal(bars.reduce((sum, bar) => sum + bar.volume, 0), 3, `period ${period}: volume`);
      assert.equal(bars[0]!.open, 86500, `period ${period}: open`);
      assert.equal(bars[bars.length - 1]!.close, 86600, `period ${period}: close`);
      assert.equal(Math.max(...bars.map((bar) => bar.high)), 86600);
      assert.equal(Math.min(...bars.map((bar) => bar.low)), 86500);
      for (let i = 1; i < bars.length; i++) assert.ok(bars[i]!.datetime > bars[i - 1]!.datetime, 'candles oldest first');
    }
  });

  it('settles the day as admin: VWAP settlement price, today volumes become his', async () => {
    const refused = await api.call('POST', '/api/admin/settlement/execute', { token: bob.token });
    assert.equal(refused.status, 403);

    const summary = await api.ok('POST', '/api/admin/settlement/execute', { token: adminToken });
    settlementDate = summary.settlement_date;
    assert.equal(settlementDate, tradingDay);
    assert.ok(summary.next_trading_day > settlementDate);
    assert.equal(summary.total_accounts, 2);
    assert.equal(summary.settled_accounts, 2);
    assert.equal(summary.failed_accounts, 0);
    assert.deepEqual(summary.force_closed_accounts, []);
    assert.equal(summary.total_commission, 129.8);
    // Position profits -50 and +50 (below), no close profit.
    assert.equal(summary.total_profit, 0);
    const health = await api.ok('GET', '/health');
    assert.equal(health.trading_day, summary.next_trading_day);

    // The GFD bid is cancelled by settlement.
    const bid = await api.ok('GET', `/api/order/b-buy-3?account_id=${bob.accountId}`, { token: bob.token });
    assert.equal(bid.status, 'FINISHED');
    assert.equal(bid.exchange_status, 'CANCELLED');
    assert.equal(bid.volume_left, 1);
    assert.notEqual(bid.last_msg, '');

    // Settlement price: volume-weighted (86500 x 2 + 86600) / 3 = 86533.3 -> 86530 on the tick.
    const long = await position(bob);
    assert.equal(long.volume_long, 3);
    assert.equal(long.volume_long_today, 0);
    assert.equal(long.volume_long_his, 3);
    assert.equal(long.volume_short, 0);
    // 3 x 86530 x 5 x 0.09 = 116815.50
    assertMoney(long, { last_price: 86_530, margin: 116_815.5, position_price_long: 86_530 }, 'bob position settled');
    const short = await position(alice);
    assert.equal(short.volume_short, 3);
    assert.equal(short.volume_short_today, 0);
    assert.equal(short.volume_short_his, 3);
    assertMoney(short, { last_price: 86_530, margin: 116_815.5 }, 'alice position settled');

    // Equity carried to pre_balance: bob 1499935.10 + (86530 x 3 - 259600) x 5 = 1499935.10 - 50.
    const b = await account(bob);
    assertMoney(
      b,
      { pre_balance: 1_499_885.1, deposit: 0, withdraw: 0, close_profit: 0, commission: 0, float_profit: 0, balance: 1_499_885.1, margin: 116_815.5, frozen_margin: 0, available: 1_383_069.6 },
      'bob settled',
    );
    assertIdentities(b, 'bob settled');
    const a = await account(alice);
    assertMoney(a, { pre_balance: 1_149_985.1, deposit: 0, withdraw: 0, commission: 0, float_profit: 0, balance: 1_149_985.1, margin: 116_815.5, available: 1_033_169.6 }, 'alice settled');
    assertIdentities(a, 'alice settled');

    const quote = await api.ok('GET', `/api/market/tick/${INSTRUMENT}`);
    assert.equal(quote.pre_settlement, 86530);
    const book = await api.ok('GET', `/api/market/orderbook/${INSTRUMENT}`);
    assert.deepEqual(book.bids, []);
  });

  it('keeps the settlement records, trades, orders and the equity curve', async () => {
    const history = await api.ok('GET', '/api/admin/settlement/history', { token: adminToken });
    assert.equal(history.length, 1);
    assert.equal(history[0].settlement_date, settlementDate);
    assert.equal(history[0].total_commission, 129.8);

    const detail = await api.ok('GET', `/api/admin/settlement/detail/${settlementDate}`, { token: adminToken });
    assert.equal(detail.settlement_date, settlementDate);
    const copper = detail.instruments.find((i: { instrument_id: string }) => i.instrument_id === INSTRUMENT);
    assert.deepEqual(copper, { instrument_id: INSTRUMENT, settlement_price: 86530, source: 'vwap', pre_settlement: 86500 });
    const bobDay = detail.accounts.find((x: { account_id: string }) => x.account_id === bob.accountId);
    assert.equal(bobDay.user_id, bob.userId);
    assert.equal(bobDay.force_closed, false);
    assertMoney(
      bobDay,
      { pre_balance: 0, deposit: 1_500_000, withdraw: 0, close_profit: 0, position_profit: -50, commission: 64.9, balance: 1_499_885.1, margin: 116_815.5, available: 1_383_069.6 },
      'bob settlement record',
    );
    const aliceDay = detail.accounts.find((x: { account_id: string }) => x.account_id === alice.accountId);
    assertMoney(
      aliceDay,
      { pre_balance: 0, deposit: 1_200_000, withdraw: 50_000, position_profit: 50, commission: 64.9, balance: 1_149_985.1, margin: 116_815.5, available: 1_033_169.6 },
      'alice settlement record',
    );
    for (const record of [bobDay, aliceDay]) {
      const c = (field: string): number => cents(record[field]);
      assert.equal(c('balance'), c('pre_balance') + c('deposit') - c('withdraw') + c('close_profit') + c('position_profit') - c('commission'), 'settlement equity');
    }
    const missing = await api.call('GET', '/api/admin/settlement/detail/1999-01-04', { token: adminToken });
    assert.equal(missing.status, 404);

    const trades = await api.ok('GET', `/api/trades/user/${bob.userId}`, { token: bob.token });
    assert.deepEqual(
      trades.map((t: { order_id: string; price: number; volume: number; commission: number }) => [t.order_id, t.price, t.volume, t.commission]),
      [['b-buy-1', 86500, 2, 43.25], ['b-buy-2', 86600, 1, 21.65]],
    );
    const aliceTrades = await api.ok('GET', `/api/trades/user/${alice.userId}`, { token: alice.token });
    assert.deepEqual(aliceTrades.map((t: { direction: string; order_id: string }) => [t.direction, t.order_id]), [['SELL', 'a-sell-1'], ['SELL', 'a-sell-2']]);

    const orders = await api.ok('GET', `/api/order/user/${bob.userId}`, { token: bob.token });
    assert.deepEqual(
      orders.map((o: { order_id: string; exchange_status: string }) => [o.order_id, o.exchange_status]),
      [['b-buy-1', 'FILLED'], ['b-buy-2', 'FILLED'], ['b-buy-3', 'CANCELLED']],
    );

    const curve = (await api.ok('GET', `/api/account/${bob.userId}/equity-curve`, { token: bob.token })).equity_curve;
    assert.equal(curve.length, 2, 'one point per settlement, then now');
    assert.equal(curve[0].equity, 1_499_885.1);
    assert.equal(curve[1].equity, 1_499_885.1);
    assert.ok(curve[1].timestamp >= curve[0].timestamp);

    Object.assign(before1, await durableViews());
  });

  it('shuts down on SIGTERM with exit code 0', async () => {
    const exit = await server!.stop('SIGTERM');
    assert.deepEqual(exit, { code: 0, signal: null }, server!.log);
    assert.match(server!.log, /SIGTERM: finishing in-flight commands/);
    const refused = await fetch(`${server!.baseUrl}/health`).then(() => 'answered', () => 'refused');
    assert.equal(refused, 'refused');
  });

  it('restarts on the same DATA_DIR with orders, trades, positions and settlements intact', async () => {
    await startServer();
    const health = await api.ok('GET', '/health');
    assert.notEqual(health.trading_day, settlementDate);
    // The JWT secret was generated into DATA_DIR: tokens from before the restart still work.
    await api.ok('GET', `/api/account/${bob.accountId}`, { token: bob.token });
    adminToken = await api.login(ADMIN.username, ADMIN.password);
    alice.token = await api.login(alice.username, alice.password);
    bob.token = await api.login(bob.username, bob.password);

    const after1 = await durableViews();
    for (const key of Object.keys(before1)) {
      assert.deepEqual(after1[key as keyof typeof after1], before1[key], `${key} differs after the restart`);
    }
    const curve = (await api.ok('GET', `/api/account/${bob.userId}/equity-curve`, { token: bob.token })).equity_curve;
    assert.equal(curve[0].equity, 1_499_885.1);
  });

  it('keeps trading after the restart: CLOSE takes the lots that settlement made his', async () => {
    // Alice buys back 1 of her 3 short lots at 86560; bob sells 1 of his 3 long lots into it.
    const resting = await order(alice, { order_id: 'a-close-1', direction: 'BUY', offset: 'CLOSE', volume: 1, price: 86560 });
    assert.equal(resting.status, 'ALIVE');
    const crossed = await order(bob, { order_id: 'b-close-1', direction: 'SELL', offset: 'CLOSE', volume: 1, price: 86560 });
    assert.equal(crossed.exchange_status, 'FILLED');

    const long = await position(bob);
    assert.equal(long.volume_long, 2);
    assert.equal(long.volume_long_his, 2);
    assert.equal(long.volume_long_today, 0);
    const short = await position(alice);
    assert.equal(short.volume_short, 2);
    assert.equal(short.volume_short_his, 2);

    // Close profit against the settlement price: (86560 - 86530) x 5 = 150; commission 86560 x 5 x 0.00005 = 21.64;
    // float profit (86560 - 86530) x 2 x 5 = 300; margin 2 x 86560 x 5 x 0.09 = 77904.
    const b = await account(bob);
    assertMoney(
      b,
      { pre_balance: 1_499_885.1, close_profit: 150, commission: 21.64, static_balance: 1_500_013.46, float_profit: 300, balance: 1_500_313.46, margin: 77_904, frozen_margin: 0, available: 1_422_409.46 },
      'bob after closing',
    );
    assertIdentities(b, 'bob after closing');
    const a = await account(alice);
    assertMoney(
      a,
      { pre_balance: 1_149_985.1, close_profit: -150, commission: 21.64, static_balance: 1_149_813.46, float_profit: -300, balance: 1_149_513.46, margin: 77_904, available: 1_071_609.46 },
      'alice after closing',
    );
    assertIdentities(a, 'alice after closing');
  });
});
