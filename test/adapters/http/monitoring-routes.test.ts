/**
 * GET /health and /api/monitoring (system, storage, accounts, orders, trades, report) by
 * in-process injection, on a fresh exchange whose figures are known exactly.
 *
 * The day: alice sells 3 SHFE.cu2701 at 86000, bob buys 2 of them (one trade), bob rests a
 * buy at 85000, one of bob's orders is refused (volume 0), alice has a pending conditional
 * order. Per lot at 86000: margin 38,700, commission 21.5; at 85000: 38,250 + 21.25.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { HttpHarness, type TestUser } from '../../support/http-harness.ts';
import { cents, hasFields, needsToken, refused } from '../../support/route-checks.ts';

type Trader = TestUser & { accountId: string };

describe('HTTP /health and /api/monitoring', () => {
  let h: HttpHarness;
  let alice: Trader;
  let bob: Trader;

  before(async () => {
    h = await HttpHarness.start();
    alice = await h.trader('mon_alice', 'MON_A', 1_000_000);
    bob = await h.trader('mon_bob', 'MON_B', 1_000_000);
    await h.order(alice, { direction: 'SELL', price: 86000, volume: 3 });
    await h.order(bob, { direction: 'BUY', price: 86000, volume: 2 });
    await h.order(bob, { direction: 'BUY', price: 85000, volume: 1 });
    await h.fails('POST', '/api/order/submit', { token: bob.token, body: { account_id: bob.accountId, instrument_id: 'cu2701', exchange_id: 'SHFE', direction: 'BUY', offset: 'OPEN', volume: 0, price: 85000, price_type: 'LIMIT' } }, 3007, 400);
    await h.ok('POST', '/api/order/conditional', {
      token: alice.token,
      body: { account_id: alice.accountId, instrument_id: 'SHFE.cu2701', direction: 'BUY', offset: 'CLOSETODAY', volume: 1, order_type: 'MARKET', limit_price: null, condition_type: 'StopLoss', trigger_price: 88000, trigger_condition: 'GreaterOrEqual' },
    });
  });
  after(async () => h.stop());

  const adminOnly = async (path: string) => {
    await refused(h, 'GET', path, { token: alice.token }, 1003, 403);
    await needsToken(h, 'GET', path);
  };

  describe('GET /health', () => {
    it('is public and answers status ok', async () => {
      const reply = await h.call('GET', '/health');
      assert.equal(reply.status, 200);
      assert.equal(reply.body.success, true);
      assert.equal(reply.body.error, null);
      assert.equal(reply.body.data.status, 'ok');
      assert.match(reply.body.data.trading_day, /^\d{4}-\d{2}-\d{2}$/);
      const withToken = await h.ok('GET', '/health', { token: alice.token });
      assert.equal(withToken.status, 'ok');
    });
  });

  describe('GET /api/monitoring/system', () => {
    it('answers every field of the spec with the exchange\'s counts', async () => {
      const data = await h.asAdmin('GET', '/api/monitoring/system');
      hasFields(data, {
        accounts_count: 'integer', orders_count: 'integer', trades_count: 'integer', ws_connections: 'integer',
        memory_usage_mb: 'number', cpu_usage_percent: 'number', uptime_seconds: 'integer',
      }, 'system');
      assert.equal(data.accounts_count, 2);
      assert.equal(data.orders_count, 4, 'three placed and one refused');
      assert.equal(data.trades_count, 1);
      assert.equal(data.ws_connections, 0, 'no WebSocket server in this harness');
      assert.ok(data.memory_usage_mb > 0 && data.memory_usage_mb < 100_000, `memory_usage_mb ${data.memory_usage_mb}`);
      assert.ok(data.cpu_usage_percent >= 0, `cpu_usage_percent ${data.cpu_usage_percent}`);
      assert.ok(data.uptime_seconds >= 0);
      assert.ok(data.heap_used_mb > 0 && data.heap_used_mb < data.memory_usage_mb, `heap_used_mb ${data.heap_used_mb}`);
      assert.ok(data.heap_total_mb >= data.heap_used_mb && data.heap_total_mb < data.memory_usage_mb, `heap_total_mb ${data.heap_total_mb}`);
      assert.ok(data.external_mb > 0 && data.external_mb < data.memory_usage_mb, `external_mb ${data.external_mb}`);
      assert.ok(Number.isInteger(data.history_archive_records) && data.history_archive_records >= 0);
      assert.ok(data.history_archive_mb >= 0);
    });

    it('needs the admin role and a token', async () => adminOnly('/api/monitoring/system'));
  });

  describe('GET /api/monitoring/storage', () => {
    it('answers the storage engine\'s figures', async () => {
      const data = await h.asAdmin('GET', '/api/monitoring/storage');
      hasFields(data, { wal_size_mb: 'number', memtable_size_mb: 'number', sstable_count: 'integer', sstable_total_size_mb: 'number' }, 'storage');
      for (const [key, value] of Object.entries(data)) assert.ok((value as number) >= 0, `${key} >= 0`);
      assert.ok(data.wal_size_mb + data.memtable_size_mb + data.sstable_total_size_mb > 0, 'the day\'s commands are stored somewhere');
    });

    it('needs the admin role and a token', async () => adminOnly('/api/monitoring/storage'));
  });

  describe('GET /api/monitoring/accounts, /orders, /trades, /report', () => {
    const expectedAccounts = () => ({
      accounts_count: 2,
      users_count: 3,
      frozen_accounts: 0,
      by_risk_level: { normal: 2, warning: 0, 'force-close': 0 },
      total_balance: 2_000_000 - 2 * 43,
      total_margin: 2 * 2 * 86000 * 5 * 0.09,
      total_frozen_margin: 38_721.5 + 38_271.25,
    });

    it('/accounts aggregates balances, margins and risk levels', async () => {
      const data = await h.asAdmin('GET', '/api/monitoring/accounts');
      const expected = expectedAccounts();
      assert.equal(data.accounts_count, expected.accounts_count);
      assert.equal(data.users_count, expected.users_count, 'alice, bob and the admin');
      assert.equal(data.frozen_accounts, 0);
      assert.deepEqual(data.by_risk_level, expected.by_risk_level);
      assert.equal(cents(data.total_balance), cents(expected.total_balance));
      assert.equal(cents(data.total_margin), cents(expected.total_margin));
      assert.equal(cents(data.total_frozen_margin), cents(expected.total_frozen_margin));
      assert.equal(cents(data.total_available), cents(expected.total_balance - expected.total_margin - expected.total_frozen_margin));
    });

    it('/orders counts orders, live orders by instrument and pending conditional orders', async () => {
      const data = await h.asAdmin('GET', '/api/monitoring/orders');
      assert.deepEqual(data, { orders_count: 4, live_orders: 2, live_by_instrument: { 'SHFE.cu2701': 2 }, conditional_pending: 1 });
    });

    it('/trades reports the day\'s trading by instrument', async () => {
      const data = await h.asAdmin('GET', '/api/monitoring/trades');
      assert.equal(data.trades_count, 1);
      assert.equal(data.instruments.length, 1);
      const cu = data.instruments[0];
      assert.equal(cu.instrument_id, 'SHFE.cu2701');
      assert.equal(cu.volume, 2);
      assert.equal(cents(cu.amount), cents(2 * 86000 * 5), 'turnover: price × volume × multiplier');
      assert.equal(cu.last_price, 86000);
      assert.equal(cu.open_interest, 2);
    });

    it('/report puts the three together', async () => {
      const before = Date.now();
      const data = await h.asAdmin('GET', '/api/monitoring/report');
      assert.ok(data.generated_at >= before - 1000 && data.generated_at <= Date.now() + 1000);
      assert.equal(data.trading_day, (await h.ok('GET', '/health')).trading_day);
      assert.deepEqual(data.accounts, await h.asAdmin('GET', '/api/monitoring/accounts'));
      assert.deepEqual(data.orders, await h.asAdmin('GET', '/api/monitoring/orders'));
      assert.deepEqual(data.trades, await h.asAdmin('GET', '/api/monitoring/trades'));
    });

    it('each needs the admin role and a token', async () => {
      for (const path of ['/api/monitoring/accounts', '/api/monitoring/orders', '/api/monitoring/trades', '/api/monitoring/report']) await adminOnly(path);
    });
  });
});
