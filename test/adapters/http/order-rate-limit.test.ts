/**
 * The per-user order limit, as configured ([trading] orders_per_second_per_user and
 * order_burst_per_user): over REST and DIFF one budget of orders per user, another of
 * cancels; other users untouched. Here 1 a second after a burst of 100.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DiffClient } from '../../support/diff-client.ts';
import { HttpHarness, type TestUser } from '../../support/http-harness.ts';

type Trader = TestUser & { accountId: string };

const orderFields = (i: number) => ({ instrument_id: 'SHFE.cu2701', direction: 'BUY', offset: 'OPEN', volume: 1, price: 80000 + (i % 50) * 10, price_type: 'LIMIT' });

describe('per-user order limit over REST and DIFF', () => {
  let h: HttpHarness;
  let alice: Trader;
  let bob: Trader;

  before(async () => {
    h = await HttpHarness.start({
      websocket: true,
      adjust: (config) => ({ ...config, trading: { ...config.trading, ordersPerSecondPerUser: 1, orderBurstPerUser: 100 } }),
    });
    alice = await h.trader('rate_alice', 'RATE-A');
    bob = await h.trader('rate_bob', 'RATE-B');
  });
  after(async () => h.stop());

  it('takes a burst, then refuses with 1001 / 429 and Retry-After; cancels and other users go on', async () => {
    const batch = await h.ok('POST', '/api/order/batch', {
      token: alice.token,
      body: { account_id: alice.accountId, orders: Array.from({ length: 100 }, (_, i) => ({ ...orderFields(i), order_id: `b${i}` })) },
    });
    assert.equal(batch.success_count, 100);
    const refused = await h.call('POST', '/api/order/submit', { token: alice.token, body: { account_id: alice.accountId, ...orderFields(0) } });
    assert.equal(refused.status, 429, refused.raw);
    assert.equal(refused.body.error?.code, 1001);
    assert.match(refused.body.error?.message ?? "", /too many orders: a user may send 100 at once, then 1 a second; try again in \d+ ms/);
    assert.equal(refused.headers['retry-after'], '1');
    const modify = await h.call('PUT', '/api/order/modify/b0', { token: alice.token, body: { account_id: alice.accountId, new_price: 80010, new_volume: 1 } });
    assert.equal(modify.status, 429, 'a modify is an order');
    const conditional = await h.call('POST', '/api/order/conditional', {
      token: alice.token,
      body: { account_id: alice.accountId, instrument_id: 'SHFE.cu2701', direction: 'SELL', offset: 'OPEN', volume: 1, order_type: 'MARKET', condition_type: 'PriceTouch', trigger_price: 80000, trigger_condition: 'LessOrEqual' },
    });
    assert.equal(conditional.status, 429, 'so is a conditional order');
    const cancels = await h.ok('POST', '/api/order/batch-cancel', { token: alice.token, body: { account_id: alice.accountId, order_ids: ['b0', 'b1'] } });
    assert.equal(cancels.success_count, 2, 'cancels have their own budget');
    const bobs = await h.order(bob, { direction: 'SELL', price: 90000 });
    assert.equal(bobs.status, 'ALIVE', 'another user has its own budget');
  });

  it('DIFF orders share the budget: the refusal shows as a FINISHED order and a warning', async () => {
    const client = await DiffClient.connect(`ws://127.0.0.1:${h.service.diff?.port}/ws/diff`);
    client.send({ aid: 'req_login', bid: 'basis', user_name: 'rate_alice', password: 'password1' });
    await client.until((m) => m.trade?.rate_alice?.session?.trading_day !== undefined, 5000, 'login');
    client.send({ aid: 'insert_order', user_id: 'rate_alice', order_id: 'w1', exchange_id: 'SHFE', instrument_id: 'cu2701', direction: 'BUY', offset: 'OPEN', volume: 1, price_type: 'LIMIT', limit_price: 80000 });
    await client.until((m) => m.trade.rate_alice.orders?.w1?.status === 'FINISHED', 5000, 'refused order');
    assert.match(client.mirror.trade.rate_alice.orders.w1.last_msg, /too many orders/);
    await client.until(() => client.notifications().some((n) => n.level === 'WARNING' && /too many orders/.test(n.content)), 5000, 'warning');
    client.send({ aid: 'cancel_order', user_id: 'rate_alice', order_id: 'b2' });
    await client.until((m) => m.trade.rate_alice.orders?.b2?.status === 'FINISHED', 5000, 'a cancel still goes');
    client.close();
  });
});
