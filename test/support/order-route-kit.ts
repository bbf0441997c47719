/**
 * Helpers shared by the order route tests: fresh funded traders, LIMIT order bodies on
 * SHFE.cu2701, and the check that a refused order was recorded FINISHED / REJECTED.
 */
import assert from 'node:assert/strict';
import type { HttpHarness, TestUser } from './http-harness.ts';

export type Trader = TestUser & { accountId: string };

/** Price limits of SHFE.cu2701 in the shipped configuration. */
export const CU = { upper: 93420, lower: 79580 };
/** Frozen funds of one open lot of cu2701 at `price`: margin plus commission. */
export const frozenPerLot = (price: number) => Math.round((price * 5 * 0.09 + price * 5 * 0.00005) * 100) / 100;

/** `prefix` keeps user names unique between test files that share nothing else. */
export function orderRouteKit(harness: () => HttpHarness, prefix: string) {
  let n = 0;
  const h = () => harness();
  /** A fresh funded trader (unique names across the file). */
  const trader = async (balance = 10_000_000): Promise<Trader> => {
    n++;
    return h().trader(`${prefix.toLowerCase()}_user_${n}`, `${prefix.toUpperCase()}${n}`, balance);
  };
  const submit = (t: Trader, body: Record<string, unknown>, token = t.token) =>
    h().call('POST', '/api/order/submit', { token, body: { account_id: t.accountId, ...body } });
  const limit = (direction: 'BUY' | 'SELL', price: number, volume = 1, extra: Record<string, unknown> = {}) => ({
    instrument_id: 'cu2701',
    exchange_id: 'SHFE',
    direction,
    offset: 'OPEN',
    volume,
    price,
    price_type: 'LIMIT',
    ...extra,
  });
  const account = (t: Trader) => h().ok('GET', `/api/account/${t.accountId}`, { token: t.token });
  const orderOf = (t: Trader, orderId: string) => h().ok('GET', `/api/order/${encodeURIComponent(orderId)}`, { token: t.token });
  const book = () => h().ok('GET', '/api/market/orderbook/SHFE.cu2701?depth=10');

  /** The order was refused by the exchange and recorded FINISHED / REJECTED with the reason. */
  const recordedRejected = async (t: Trader, orderId: string, code: number) => {
    const order = await orderOf(t, orderId);
    assert.equal(order.status, 'FINISHED', `${orderId} status`);
    assert.equal(order.exchange_status, 'REJECTED', `${orderId} exchange_status (code ${code})`);
    assert.equal(typeof order.last_msg, 'string');
    assert.ok(order.last_msg.length > 0, `${orderId}: last_msg holds the reason`);
    assert.equal(order.filled_volume, 0);
    assert.equal(order.frozen_margin, 0);
    assert.deepEqual(order.trades, []);
    const listed = (await h().ok('GET', `/api/order/user/${t.userId}`, { token: t.token })) as any[];
    const row = listed.find((o) => o.order_id === orderId);
    assert.ok(row !== undefined, `${orderId} is in the user's order list`);
    assert.equal(row.status, 'FINISHED');
    assert.equal(row.exchange_status, 'REJECTED');
    assert.equal(row.last_msg, order.last_msg);
    return order;
  };
  return { trader, submit, limit, account, orderOf, book, recordedRejected };
}
