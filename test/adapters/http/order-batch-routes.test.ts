/**
 * /api/order (submit, cancel, query, list, batch, batch-cancel, modify) through in-process
 * injection. Every success asserts the record's values; every refusal asserts code and HTTP
 * status (DECISIONS.md), never message texts beyond "not empty".
 *
 * Instrument: SHFE.cu2701, tick 10, multiplier 5, margin 0.09, commission 0.00005,
 * reference 86500, limits 79580..93420. Per lot at price P: margin 0.45·P, commission
 * 0.00025·P. Each test starts with empty books (afterEach cancels whatever rests).
 */
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { HttpHarness } from '../../support/http-harness.ts';
import { CU, frozenPerLot, orderRouteKit } from '../../support/order-route-kit.ts';
import { cents, needsToken, refused } from '../../support/route-checks.ts';

describe('HTTP /api/order: batches and modify', () => {
  let h: HttpHarness;
  const { trader, account, orderOf, book, recordedRejected } = orderRouteKit(() => h, 'obt');

  before(async () => {
    h = await HttpHarness.start();
  });
  afterEach(async () => {
    await h.cancelAllLiveOrders();
  });
  after(async () => h.stop());
  describe('POST /api/order/batch', () => {
    const item = (price: number, extra: Record<string, unknown> = {}): Record<string, unknown> => ({ instrument_id: 'cu2701', exchange_id: 'SHFE', direction: 'BUY', offset: 'OPEN', volume: 1, price, order_type: 'LIMIT', ...extra });

    it('places 100 orders: total, counts and one result per order, all resting', async () => {
      const alice = await trader();
      const orders = Array.from({ length: 100 }, (_, i) => item(80000 + (i % 50) * 10, { order_id: `b-${i}` }));
      const data = await h.ok('POST', '/api/order/batch', { token: alice.token, body: { account_id: alice.accountId, orders } });
      assert.equal(data.total, 100);
      assert.equal(data.success_count, 100);
      assert.equal(data.failed_count, 0);
      assert.equal(data.results.length, 100);
      data.results.forEach((r: any, i: number) => {
        assert.equal(r.success, true);
        assert.equal(r.order_id, `b-${i}`);
        assert.equal(r.instrument_id, 'SHFE.cu2701', 'the full key, as batch cancel reports it');
      });
      const listed = (await h.ok('GET', `/api/order/user/${alice.userId}`, { token: alice.token })) as any[];
      assert.equal(listed.filter((o) => o.status === 'ALIVE').length, 100);
      const b = await h.ok('GET', '/api/market/orderbook/SHFE.cu2701?depth=50');
      assert.equal(b.bids.length, 50);
      assert.equal(b.bids.reduce((t: number, l: any) => t + l.volume, 0), 100);
      assert.ok(b.bids.every((l: any) => l.volume === 2 && l.order_count === 2));
    });

    it('refuses 101 orders (and none) with 1001 / 400, placing nothing', async () => {
      const alice = await trader();
      const orders = Array.from({ length: 101 }, () => item(80000));
      await refused(h, 'POST', '/api/order/batch', { token: alice.token, body: { account_id: alice.accountId, orders } }, 1001, 400);
      await refused(h, 'POST', '/api/order/batch', { token: alice.token, body: { account_id: alice.accountId, orders: [] } }, 1001, 400);
      assert.deepEqual(await h.ok('GET', `/api/order/user/${alice.userId}`, { token: alice.token }), []);
    });

    it('reports mixed outcomes: each failure with its code, the successes placed', async () => {
      const alice = await trader();
      const orders = [
        item(85000, { order_id: 'm-ok-1' }),
        item(85000, { order_id: 'm-vol', volume: 0 }),
        item(85000, { order_id: 'm-inst', instrument_id: 'zz9999' }),
        item(CU.upper + 10, { order_id: 'm-limit' }),
        item(85010, { order_id: 'm-ok-2' }),
        { ...item(85000, { order_id: 'm-noprice' }), price: undefined },
      ];
      const data = await h.ok('POST', '/api/order/batch', { token: alice.token, body: { account_id: alice.accountId, orders } });
      assert.equal(data.total, 6);
      assert.equal(data.success_count, 2);
      assert.equal(data.failed_count, 4);
      const byId = Object.fromEntries(data.results.map((r: any) => [r.order_id, r]));
      assert.equal(byId['m-ok-1'].success, true);
      assert.equal(byId['m-ok-2'].success, true);
      assert.equal(byId['m-vol'].error.code, 3007);
      assert.equal(byId['m-inst'].error.code, 3003);
      assert.equal(byId['m-limit'].error.code, 3006);
      assert.equal(byId['m-noprice'].error.code, 1001);
      for (const r of data.results) if (!r.success) assert.ok(r.error.message.length > 0);
      assert.deepEqual(data.results.map((r: any) => r.order_id), orders.map((o) => o.order_id), 'results keep the request order');
      await recordedRejected(alice, 'm-vol', 3007);
      assert.equal((await orderOf(alice, 'm-ok-2')).status, 'ALIVE');
    });

    it('answers at once when every order is refused before reaching the exchange', async () => {
      const alice = await trader();
      const orders = [{ ...item(85000, { order_id: 'n-1' }), price: undefined }, { ...item(85000, { order_id: 'n-2' }), price: undefined }];
      const data = await h.ok('POST', '/api/order/batch', { token: alice.token, body: { account_id: alice.accountId, orders } });
      assert.equal(data.total, 2);
      assert.equal(data.success_count, 0);
      assert.deepEqual(data.results.map((r: any) => [r.order_id, r.error.code]), [['n-1', 1001], ['n-2', 1001]]);
    });

    it('refuses another user\'s account (1003 / 403) and an unknown one (2001 / 404)', async () => {
      const alice = await trader();
      const mallory = await trader();
      await refused(h, 'POST', '/api/order/batch', { token: mallory.token, body: { account_id: alice.accountId, orders: [item(85000)] } }, 1003, 403);
      await refused(h, 'POST', '/api/order/batch', { token: alice.token, body: { account_id: 'NOPE', orders: [item(85000)] } }, 2001, 404);
      await needsToken(h, 'POST', '/api/order/batch', { orders: [item(85000)] });
    });
  });

  describe('POST /api/order/batch-cancel', () => {
    it('cancels the live orders and reports unknown ones with 3001', async () => {
      const alice = await trader();
      await h.order(alice, { direction: 'BUY', price: 85000, order_id: 'bc-1' });
      await h.order(alice, { direction: 'BUY', price: 85010, order_id: 'bc-2' });
      await h.order(alice, { direction: 'BUY', price: 85020, order_id: 'bc-keep' });
      const data = await h.ok('POST', '/api/order/batch-cancel', { token: alice.token, body: { account_id: alice.accountId, order_ids: ['bc-1', 'bc-missing', 'bc-2'] } });
      assert.equal(data.total, 3);
      assert.equal(data.success_count, 2);
      assert.equal(data.failed_count, 1);
      assert.deepEqual(data.results.map((r: any) => [r.order_id, r.success]), [['bc-1', true], ['bc-missing', false], ['bc-2', true]]);
      assert.equal(data.results[1].error.code, 3001);
      assert.equal(data.results[0].instrument_id, 'SHFE.cu2701');
      assert.equal((await orderOf(alice, 'bc-1')).exchange_status, 'CANCELLED');
      assert.equal((await orderOf(alice, 'bc-2')).exchange_status, 'CANCELLED');
      assert.equal((await orderOf(alice, 'bc-keep')).status, 'ALIVE');
      assert.deepEqual((await book()).bids, [{ price: 85020, volume: 1, order_count: 1 }]);
    });

    it('refuses more than 100 ids and an empty list (1001 / 400), other users\' accounts (1003 / 403)', async () => {
      const alice = await trader();
      const mallory = await trader();
      const ids = Array.from({ length: 101 }, (_, i) => `id-${i}`);
      await refused(h, 'POST', '/api/order/batch-cancel', { token: alice.token, body: { account_id: alice.accountId, order_ids: ids } }, 1001, 400);
      await refused(h, 'POST', '/api/order/batch-cancel', { token: alice.token, body: { account_id: alice.accountId, order_ids: [] } }, 1001, 400);
      await refused(h, 'POST', '/api/order/batch-cancel', { token: mallory.token, body: { account_id: alice.accountId, order_ids: ['x'] } }, 1003, 403);
      await refused(h, 'POST', '/api/order/batch-cancel', { token: alice.token, body: { account_id: 'NOPE', order_ids: ['x'] } }, 2001, 404);
    });
  });

  describe('PUT /api/order/modify/{order_id}', () => {
    it('keeps the order where it was in the user\'s list (its insert time), and a reused id\'s finished order holds nothing', async () => {
      const alice = await trader();
      const first = await h.order(alice, { direction: 'BUY', price: 85000, volume: 1, order_id: 'keep-1' });
      await h.order(alice, { direction: 'BUY', price: 85000, volume: 1, order_id: 'keep-2' });
      const modified = await h.ok('PUT', '/api/order/modify/keep-1', { token: alice.token, body: { account_id: alice.accountId, new_price: 85010, new_volume: 1 } });
      assert.equal(modified.insert_date_time, first.insert_date_time);
      const list = (await h.ok('GET', `/api/order/user/${alice.userId}`, { token: alice.token })) as { order_id: string }[];
      assert.deepEqual(list.map((o) => o.order_id).filter((id) => id.startsWith('keep-')), ['keep-1', 'keep-2']);
      // keep-2 cancelled, then a new live keep-2: the finished one shows no frozen funds.
      await h.ok('POST', '/api/order/cancel', { token: alice.token, body: { account_id: alice.accountId, order_id: 'keep-2' } });
      await h.order(alice, { direction: 'BUY', price: 85000, volume: 1, order_id: 'keep-2' });
      const records = ((await h.ok('GET', `/api/order/user/${alice.userId}`, { token: alice.token })) as { order_id: string; status: string; frozen_margin: number }[]).filter((o) => o.order_id === 'keep-2');
      assert.deepEqual(records.map((o) => [o.status, o.frozen_margin > 0]), [['FINISHED', false], ['ALIVE', true]]);
    });

    it('replaces price and volume under the same order_id, re-freezing funds', async () => {
      const alice = await trader();
      const original = await h.order(alice, { direction: 'BUY', price: 86000, volume: 2, order_id: 'mod-1' });
      const reply = await h.call('PUT', '/api/order/modify/mod-1', { token: alice.token, body: { account_id: alice.accountId, new_price: 86200, new_volume: 3 } });
      assert.equal(reply.status, 200, reply.raw);
      const order = reply.body.data;
      assert.equal(order.order_id, 'mod-1');
      assert.equal(order.limit_price, 86200);
      assert.equal(order.volume_orign, 3);
      assert.equal(order.volume_left, 3);
      assert.equal(order.status, 'ALIVE');
      assert.notEqual(order.exchange_order_id, original.exchange_order_id, 'a new order: new exchange sequence');
      assert.equal(cents(order.frozen_margin), cents(3 * frozenPerLot(86200)));
      assert.equal(cents((await account(alice)).frozen_margin), cents(3 * frozenPerLot(86200)));
      assert.deepEqual((await book()).bids, [{ price: 86200, volume: 3, order_count: 1 }]);
      assert.deepEqual(await orderOf(alice, 'mod-1'), order);
    });

    it('changes the price alone or the volume alone; the rest stays as it is, and a body with neither is refused', async () => {
      const alice = await trader();
      const bob = await trader();
      await h.order(alice, { direction: 'BUY', price: 86000, volume: 3, order_id: 'half' });
      await h.order(bob, { direction: 'SELL', price: 86000, volume: 1 });
      const priced = await h.ok('PUT', '/api/order/modify/half', { token: alice.token, body: { new_price: 85990 } });
      assert.deepEqual([priced.limit_price, priced.volume_left, priced.filled_volume], [85990, 2, 1]);
      const sized = await h.ok('PUT', '/api/order/modify/half', { token: alice.token, body: { new_volume: 5 } });
      assert.deepEqual([sized.limit_price, sized.volume_left], [85990, 5]);
      assert.match(await refused(h, 'PUT', '/api/order/modify/half', { token: alice.token, body: { account_id: alice.accountId } }, 1001, 400), /nothing to modify/);
      await refused(h, 'PUT', '/api/order/modify/half', { token: alice.token, body: { new_volume: 0 } }, 3007, 400);
    });

    it('loses time priority at the same price', async () => {
      const alice = await trader();
      const carol = await trader();
      const dave = await trader();
      await h.order(alice, { direction: 'BUY', price: 86000, order_id: 'prio-a' });
      await h.order(carol, { direction: 'BUY', price: 86000, order_id: 'prio-c' });
      await h.ok('PUT', '/api/order/modify/prio-a', { token: alice.token, body: { account_id: alice.accountId, new_price: 86000, new_volume: 1 } });
      await h.order(dave, { direction: 'SELL', price: 86000 });
      assert.equal((await orderOf(carol, 'prio-c')).exchange_status, 'FILLED');
      assert.equal((await orderOf(alice, 'prio-a')).status, 'ALIVE');
    });

    it('trades when the new price crosses', async () => {
      const alice = await trader();
      const bob = await trader();
      await h.order(bob, { direction: 'SELL', price: 86200, order_id: 'mx-s' });
      await h.order(alice, { direction: 'BUY', price: 86000, order_id: 'mx-b' });
      const order = await h.ok('PUT', '/api/order/modify/mx-b', { token: alice.token, body: { new_price: 86200, new_volume: 1 } });
      assert.equal(order.exchange_status, 'FILLED');
      assert.equal(order.trades.length, 1);
    });

    it('keeps the earlier fills of a partly filled order in its record (the order_id\'s history)', async () => {
      const alice = await trader();
      const bob = await trader();
      await h.order(alice, { direction: 'BUY', price: 86000, volume: 3, order_id: 'mod-part' });
      await h.order(bob, { direction: 'SELL', price: 86000, volume: 1 });
      const before = await orderOf(alice, 'mod-part');
      assert.equal(before.filled_volume, 1);
      assert.equal(before.trades.length, 1);
      const modified = await h.ok('PUT', '/api/order/modify/mod-part', { token: alice.token, body: { new_price: 85990, new_volume: 2 } });
      assert.equal(modified.limit_price, 85990);
      assert.equal(modified.volume_left, 2);
      assert.equal(modified.status, 'ALIVE');
      assert.equal(modified.exchange_status, 'PARTIAL_FILLED', 'an order with fills never goes back to ACCEPTED');
      // The trade of order mod-part still exists; the order's record must not forget it.
      const trades = (await h.ok('GET', `/api/trades/account/${alice.accountId}`, { token: alice.token })) as any;
      const list: any[] = Array.isArray(trades) ? trades : (trades.trades ?? Object.values(trades));
      assert.deepEqual(list.filter((t) => t.order_id === 'mod-part').map((t) => t.trade_id), before.trades);
      const record = await orderOf(alice, 'mod-part');
      assert.deepEqual(record.trades, before.trades, 'the order record lists the trade made before the modify');
      assert.equal(record.filled_volume, 1, 'and its filled volume');
    });

    it('refuses an unknown or finished order with 3001 / 404', async () => {
      const alice = await trader();
      await refused(h, 'PUT', '/api/order/modify/no-such', { token: alice.token, body: { account_id: alice.accountId, new_price: 86000, new_volume: 1 } }, 3001, 404);
      await h.order(alice, { direction: 'BUY', price: 86000, order_id: 'mod-gone' });
      await h.ok('POST', '/api/order/cancel', { token: alice.token, body: { order_id: 'mod-gone' } });
      const gone = await refused(h, 'PUT', '/api/order/modify/mod-gone', { token: alice.token, body: { account_id: alice.accountId, new_price: 86000, new_volume: 1 } }, 3001, 404);
      assert.match(gone, /^order not found: mod-gone is already finished \(CANCELLED/);
    });

    it('keeps the old order when the new one is refused (3006, 3007, 2004, 1001)', async () => {
      const alice = await trader(100_000);
      await h.order(alice, { direction: 'BUY', price: 86000, volume: 1, order_id: 'mod-keep' });
      const frozen = (await account(alice)).frozen_margin;
      const modify = (body: Record<string, unknown>, code: number, status: number) =>
        refused(h, 'PUT', '/api/order/modify/mod-keep', { token: alice.token, body: { account_id: alice.accountId, ...body } }, code, status);
      await modify({ new_price: CU.upper + 10, new_volume: 1 }, 3006, 422);
      await modify({ new_price: 86000, new_volume: 0 }, 3007, 400);
      await modify({ new_price: 86000, new_volume: 1.5 }, 3007, 400);
      await modify({ new_price: 86000, new_volume: 5 }, 2004, 422);
      await modify({ new_price: 86005, new_volume: 1 }, 1001, 400);
      await modify({}, 1001, 400);
      const order = await orderOf(alice, 'mod-keep');
      assert.equal(order.status, 'ALIVE');
      assert.equal(order.limit_price, 86000);
      assert.equal(order.volume_orign, 1);
      assert.equal((await account(alice)).frozen_margin, frozen);
      assert.deepEqual((await book()).bids, [{ price: 86000, volume: 1, order_count: 1 }]);
    });

    it('refuses another user\'s order (1003 / 403 by account, 3001 / 404 otherwise)', async () => {
      const alice = await trader();
      const mallory = await trader();
      await h.order(alice, { direction: 'BUY', price: 86000, order_id: 'mod-victim' });
      await refused(h, 'PUT', '/api/order/modify/mod-victim', { token: mallory.token, body: { account_id: alice.accountId, new_price: 85000, new_volume: 1 } }, 1003, 403);
      await refused(h, 'PUT', '/api/order/modify/mod-victim', { token: mallory.token, body: { new_price: 85000, new_volume: 1 } }, 3001, 404);
      await needsToken(h, 'PUT', '/api/order/modify/mod-victim', { new_price: 85000, new_volume: 1 });
    });
  });
});
