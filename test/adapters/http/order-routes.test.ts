/**
 * /api/order (submit, cancel, query, list, batch, batch-cancel, modify) through in-process
 * injection. Every success asserts the record's values; every refusal asserts code and HTTP
 * status (DECISIONS.md), never message texts beyond "not empty". The submit route's
 * refusals: order-refusals.test.ts.
 *
 * Instrument: SHFE.cu2701, tick 10, multiplier 5, margin 0.09, commission 0.00005,
 * reference 86500, limits 79580..93420. Per lot at price P: margin 0.45·P, commission
 * 0.00025·P. Each test starts with empty books (afterEach cancels whatever rests).
 */
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { HttpHarness } from '../../support/http-harness.ts';
import { CU, frozenPerLot, orderRouteKit } from '../../support/order-route-kit.ts';
import { cents, hasFields, needsToken, refused } from '../../support/route-checks.ts';

describe('HTTP /api/order', () => {
  let h: HttpHarness;
  const { trader, submit, limit, account, orderOf, book } = orderRouteKit(() => h, 'ord');

  before(async () => {
    h = await HttpHarness.start();
  });
  afterEach(async () => {
    await h.cancelAllLiveOrders();
  });
  after(async () => h.stop());

  describe('POST /api/order/submit', () => {
    it('rests a LIMIT order that cannot trade: the full order record, frozen funds and the book', async () => {
      const alice = await trader();
      const before = Date.now();
      const reply = await submit(alice, limit('BUY', 86000, 2, { order_id: 'rest-1' }));
      assert.equal(reply.status, 200);
      assert.equal(reply.body.success, true);
      assert.equal(reply.body.error, null);
      const order = reply.body.data;
      hasFields(order, {
        user_id: 'string', account_id: 'string', order_id: 'string', exchange_id: 'string', instrument_id: 'string',
        direction: 'string', offset: 'string', volume_orign: 'integer', volume_left: 'integer', price_type: 'string',
        limit_price: 'number', time_condition: 'string', volume_condition: 'string', insert_date_time: 'integer',
        exchange_order_id: 'string', status: 'string', last_msg: 'string', exchange_status: 'string',
        filled_volume: 'integer', frozen_margin: 'number', trades: 'array', update_date_time: 'integer',
      }, 'order');
      assert.equal(order.user_id, alice.userId);
      assert.equal(order.account_id, alice.accountId);
      assert.equal(order.order_id, 'rest-1');
      assert.equal(order.exchange_id, 'SHFE');
      assert.equal(order.instrument_id, 'cu2701');
      assert.equal(order.direction, 'BUY');
      assert.equal(order.offset, 'OPEN');
      assert.equal(order.volume_orign, 2);
      assert.equal(order.volume_left, 2);
      assert.equal(order.price_type, 'LIMIT');
      assert.equal(order.limit_price, 86000);
      assert.equal(order.time_condition, 'GFD');
      assert.equal(order.volume_condition, 'ANY');
      assert.equal(order.status, 'ALIVE');
      assert.equal(order.exchange_status, 'ACCEPTED');
      assert.equal(order.filled_volume, 0);
      assert.deepEqual(order.trades, []);
      assert.match(order.exchange_order_id, /^\d+$/);
      assert.ok(Number(order.exchange_order_id) > 0);
      // Nanoseconds since the epoch, at the time of the request.
      const insertMs = order.insert_date_time / 1e6;
      assert.ok(insertMs >= before - 1000 && insertMs <= Date.now() + 1000, `insert_date_time ${order.insert_date_time} is now in ns`);
      assert.equal(cents(order.frozen_margin), cents(2 * frozenPerLot(86000)));

      const acc = await account(alice);
      assert.equal(acc.balance, 10_000_000);
      assert.equal(cents(acc.frozen_margin), cents(2 * frozenPerLot(86000)));
      assert.equal(cents(acc.available), cents(10_000_000 - 2 * frozenPerLot(86000)));
      assert.equal(acc.margin, 0);

      const b = await book();
      assert.deepEqual(b.bids, [{ price: 86000, volume: 2, order_count: 1 }]);
      assert.deepEqual(b.asks, []);
    });

    it('accepts prices exactly at limit-up and limit-down', async () => {
      const alice = await trader();
      const low = (await submit(alice, limit('BUY', CU.lower, 1))).body.data;
      assert.equal(low.exchange_status, 'ACCEPTED');
      assert.equal(low.limit_price, CU.lower);
      const high = (await submit(alice, limit('SELL', CU.upper, 1))).body.data;
      assert.equal(high.exchange_status, 'ACCEPTED');
      assert.equal(high.limit_price, CU.upper);
    });

    it('fills a crossing order at the resting price on both sides, with trades, positions and funds', async () => {
      const alice = await trader();
      const bob = await trader();
      const resting = await h.order(alice, { direction: 'SELL', price: 86000, volume: 2, order_id: 'x-sell' });
      assert.equal(resting.status, 'ALIVE');
      const crossing = await h.order(bob, { direction: 'BUY', price: 86200, volume: 2, order_id: 'x-buy' });
      assert.equal(crossing.status, 'FINISHED');
      assert.equal(crossing.exchange_status, 'FILLED');
      assert.equal(crossing.volume_orign, 2);
      assert.equal(crossing.volume_left, 0);
      assert.equal(crossing.filled_volume, 2);
      assert.equal(crossing.frozen_margin, 0);
      assert.equal(crossing.limit_price, 86200);
      assert.equal(crossing.trades.length, 1);
      assert.equal(typeof crossing.trades[0], 'string');

      const maker = await orderOf(alice, 'x-sell');
      assert.equal(maker.status, 'FINISHED');
      assert.equal(maker.exchange_status, 'FILLED');
      assert.equal(maker.volume_left, 0);
      assert.equal(maker.filled_volume, 2);
      assert.equal(maker.trades.length, 1);

      // The trade is at the maker's price; commission = rate × price × volume × multiplier.
      const trades = (await h.ok('GET', `/api/trades/account/${bob.accountId}`, { token: bob.token })) as any;
      const list: any[] = Array.isArray(trades) ? trades : (trades.trades ?? Object.values(trades));
      assert.equal(list.length, 1);
      assert.equal(list[0].trade_id, crossing.trades[0]);
      assert.equal(list[0].order_id, 'x-buy');
      assert.equal(list[0].price, 86000);
      assert.equal(list[0].volume, 2);
      assert.equal(list[0].direction, 'BUY');
      assert.equal(list[0].offset, 'OPEN');
      assert.equal(cents(list[0].commission), cents(0.00005 * 86000 * 2 * 5));

      const positions = (await h.ok('GET', `/api/position/account/${bob.accountId}`, { token: bob.token })).positions;
      const long = positions['SHFE.cu2701'];
      assert.equal(long.volume_long, 2);
      assert.equal(long.volume_long_today, 2);
      assert.equal(long.open_price_long, 86000);
      assert.equal(long.last_price, 86000);

      const acc = await account(bob);
      assert.equal(cents(acc.margin), cents(2 * 86000 * 5 * 0.09));
      assert.equal(acc.frozen_margin, 0);
      assert.equal(cents(acc.balance), cents(10_000_000 - 43));
      assert.equal(cents(acc.available), cents(10_000_000 - 43 - 77_400));
      const b = await book();
      assert.deepEqual(b.bids, []);
      assert.deepEqual(b.asks, []);
    });

    it('trades a MARKET order against the book and cancels the rest', async () => {
      const alice = await trader();
      const bob = await trader();
      await h.order(alice, { direction: 'SELL', price: 86000, volume: 1 });
      await h.order(alice, { direction: 'SELL', price: 86200, volume: 1 });
      const reply = await submit(bob, { instrument_id: 'cu2701', exchange_id: 'SHFE', direction: 'BUY', offset: 'OPEN', volume: 3, price_type: 'MARKET', order_id: 'mkt-1' });
      assert.equal(reply.status, 200);
      const order = reply.body.data;
      assert.equal(order.price_type, 'MARKET');
      assert.equal(order.status, 'FINISHED');
      assert.equal(order.exchange_status, 'CANCELLED');
      assert.equal(order.filled_volume, 2);
      assert.equal(order.volume_left, 1);
      assert.equal(order.trades.length, 2);
      assert.ok(order.last_msg.length > 0, 'the cancelled remainder is explained');
      assert.equal(order.frozen_margin, 0);
      const acc = await account(bob);
      assert.equal(acc.frozen_margin, 0, 'the margin frozen at limit-up is released');
      assert.equal(cents(acc.margin), cents((86200 + 86200) * 5 * 0.09), 'both lots are marked at the last price');
    });

    it('finishes a MARKET order with nothing to trade against as cancelled, with a reason', async () => {
      const bob = await trader();
      const order = (await submit(bob, { instrument_id: 'cu2701', exchange_id: 'SHFE', direction: 'SELL', offset: 'OPEN', volume: 1, price_type: 'MARKET' })).body.data;
      assert.equal(order.status, 'FINISHED');
      assert.equal(order.exchange_status, 'CANCELLED');
      assert.equal(order.filled_volume, 0);
      assert.equal(order.volume_left, 1);
      assert.ok(order.last_msg.length > 0);
      assert.equal((await account(bob)).frozen_margin, 0);
    });

    it('cancels the remainder of an IOC order at once', async () => {
      const alice = await trader();
      const bob = await trader();
      await h.order(alice, { direction: 'SELL', price: 86000, volume: 1 });
      const order = (await submit(bob, limit('BUY', 86000, 3, { time_condition: 'IOC', order_id: 'ioc-1' }))).body.data;
      assert.equal(order.time_condition, 'IOC');
      assert.equal(order.status, 'FINISHED');
      assert.equal(order.exchange_status, 'CANCELLED');
      assert.equal(order.filled_volume, 1);
      assert.equal(order.volume_left, 2);
      assert.equal(order.trades.length, 1);
      assert.ok(order.last_msg.length > 0);
      assert.deepEqual((await book()).bids, [], 'nothing of the IOC order rests');
      assert.equal((await account(bob)).frozen_margin, 0);
    });

    it('accepts the aliases: limit_price, order_type, a prefixed instrument id, a bare id without exchange_id', async () => {
      const alice = await trader();
      const prefixed = await submit(alice, { instrument_id: 'SHFE.cu2701', direction: 'BUY', offset: 'OPEN', volume: 1, limit_price: 85000, order_type: 'LIMIT', order_id: 'alias-1' });
      assert.equal(prefixed.status, 200, prefixed.raw);
      assert.equal(prefixed.body.data.exchange_id, 'SHFE');
      assert.equal(prefixed.body.data.instrument_id, 'cu2701');
      assert.equal(prefixed.body.data.limit_price, 85000);
      assert.equal(prefixed.body.data.price_type, 'LIMIT');
      assert.equal(prefixed.body.data.exchange_status, 'ACCEPTED');
      const split = await submit(alice, { instrument_id: 'cu2701', exchange_id: 'SHFE', direction: 'BUY', offset: 'OPEN', volume: 1, limit_price: 85000, order_type: 'LIMIT', order_id: 'alias-2' });
      assert.equal(split.status, 200, split.raw);
      assert.equal(split.body.data.instrument_id, 'cu2701');
      const bare = await submit(alice, { instrument_id: 'cu2701', direction: 'BUY', offset: 'OPEN', volume: 1, price: 85000, price_type: 'LIMIT', order_id: 'alias-3' });
      assert.equal(bare.status, 200, bare.raw);
      assert.equal(bare.body.data.exchange_id, 'SHFE');
      assert.deepEqual((await book()).bids, [{ price: 85000, volume: 3, order_count: 3 }]);
      // A prefix that contradicts exchange_id names no instrument for sure: 1001, nothing placed.
      const contradicting = await submit(alice, { instrument_id: 'SHFE.cu2701', exchange_id: 'DCE', direction: 'BUY', offset: 'OPEN', volume: 1, limit_price: 85000, order_id: 'alias-4' });
      assert.deepEqual([contradicting.status, contradicting.body.error?.code], [400, 1001]);
      assert.deepEqual((await book()).bids, [{ price: 85000, volume: 3, order_count: 3 }]);
      // A field and its alias both given: alike, taken; different, refused rather than one picked.
      const both = await submit(alice, { instrument_id: 'cu2701', direction: 'BUY', offset: 'OPEN', volume: 1, price: 85000, limit_price: 85000, price_type: 'LIMIT', order_type: 'LIMIT', order_id: 'alias-5' });
      assert.equal(both.status, 200, both.raw);
      for (const [body, named] of [
        [{ price: 80000, limit_price: 80010, price_type: 'LIMIT' }, /price 80000 and limit_price 80010 differ/],
        [{ price: 80000, price_type: 'LIMIT', order_type: 'MARKET' }, /price_type "LIMIT" and order_type "MARKET" differ/],
      ] as const) {
        const refusedOrder = await submit(alice, { instrument_id: 'cu2701', direction: 'BUY', offset: 'OPEN', volume: 1, ...body });
        assert.deepEqual([refusedOrder.status, refusedOrder.body.error?.code], [400, 1001]);
        assert.match(refusedOrder.body.error?.message ?? '', named);
      }
      assert.deepEqual((await book()).bids, [{ price: 85000, volume: 4, order_count: 4 }]);
    });

    it('accepts user_id with the account and a user_id alone (its first account)', async () => {
      const alice = await trader();
      const withBoth = await h.call('POST', '/api/order/submit', { token: alice.token, body: { user_id: alice.userId, account_id: alice.accountId, ...limit('BUY', 85000) } });
      assert.equal(withBoth.status, 200, withBoth.raw);
      assert.equal(withBoth.body.data.account_id, alice.accountId);
      const userOnly = await h.call('POST', '/api/order/submit', { token: alice.token, body: { user_id: alice.userId, ...limit('BUY', 85000) } });
      assert.equal(userOnly.body.data.account_id, alice.accountId);
    });

    it('closes today\'s lots with CLOSE_TODAY (alias of CLOSETODAY); CLOSE on SHFE does not take today\'s lots (3005)', async () => {
      const alice = await trader();
      const bob = await trader();
      await h.order(alice, { direction: 'SELL', price: 86000, volume: 2 });
      await h.order(bob, { direction: 'BUY', price: 86000, volume: 2 });
      await h.fails('POST', '/api/order/submit', { token: bob.token, body: { account_id: bob.accountId, ...limit('SELL', 86000, 1, { offset: 'CLOSE' }) } }, 3005, 422);
      await h.order(alice, { direction: 'BUY', price: 86200, volume: 1 });
      const close = await submit(bob, limit('SELL', 86200, 1, { offset: 'CLOSE_TODAY', order_id: 'ct-1' }));
      assert.equal(close.status, 200, close.raw);
      const order = close.body.data;
      assert.equal(order.offset, 'CLOSETODAY');
      assert.equal(order.exchange_status, 'FILLED');
      const positions = (await h.ok('GET', `/api/position/account/${bob.accountId}`, { token: bob.token })).positions;
      assert.equal(positions['SHFE.cu2701'].volume_long, 1);
      assert.equal(positions['SHFE.cu2701'].volume_long_today, 1);
      const acc = await h.ok('GET', `/api/account/${bob.accountId}`, { token: bob.token });
      assert.equal(cents(acc.accounts.close_profit), cents((86200 - 86000) * 5), 'close profit of one lot');
    });

    it('generates an order_id when it is omitted, and the order is found by it', async () => {
      const alice = await trader();
      const first = (await submit(alice, limit('BUY', 85000))).body.data;
      const second = (await submit(alice, limit('BUY', 85000))).body.data;
      assert.equal(typeof first.order_id, 'string');
      assert.ok(first.order_id.length > 0);
      assert.notEqual(first.order_id, second.order_id);
      const found = await orderOf(alice, first.order_id);
      assert.equal(found.order_id, first.order_id);
      assert.equal(found.status, 'ALIVE');
    });

    it('never trades an order with a resting order of the same account (self-trade prevention)', async () => {
      const alice = await trader();
      await h.order(alice, { direction: 'SELL', price: 86000, order_id: 'stp-sell' });
      const order = (await submit(alice, limit('BUY', 86000, 1, { order_id: 'stp-buy' }))).body.data;
      assert.equal(order.status, 'FINISHED');
      assert.equal(order.exchange_status, 'CANCELLED');
      assert.equal(order.filled_volume, 0);
      assert.ok(order.last_msg.length > 0);
      assert.equal((await orderOf(alice, 'stp-sell')).status, 'ALIVE');
    });

    it("never trades an order with a resting order of the user's other account either (no wash trade)", async () => {
      const alice = await trader();
      const second = `${alice.accountId}-2`;
      await h.ok('POST', '/api/account/open', { token: alice.token, body: { user_id: alice.userId, account_id: second, initial_balance: 1_000_000 } });
      await h.order(alice, { direction: 'SELL', price: 86000, order_id: 'wash-sell' });
      const reply = await h.call('POST', '/api/order/submit', {
        token: alice.token,
        body: { account_id: second, instrument_id: 'SHFE.cu2701', direction: 'BUY', offset: 'OPEN', volume: 1, price: 86000, price_type: 'LIMIT', order_id: 'wash-buy' },
      });
      const order = reply.body.data;
      assert.deepEqual([order.exchange_status, order.filled_volume], ['CANCELLED', 0], reply.raw);
      assert.equal(order.last_msg, `remaining volume cancelled: it would trade with an order of your account ${alice.accountId}`);
      assert.equal((await orderOf(alice, 'wash-sell')).status, 'ALIVE');
    });

    it('fills an ALL (fill-or-kill) order completely or not at all', async () => {
      const alice = await trader();
      const bob = await trader();
      await h.order(alice, { direction: 'SELL', price: 86000, volume: 1 });
      const kill = (await submit(bob, limit('BUY', 86000, 2, { volume_condition: 'ALL' }))).body.data;
      assert.equal(kill.exchange_status, 'CANCELLED');
      assert.equal(kill.filled_volume, 0);
      const fill = (await submit(bob, limit('BUY', 86000, 1, { volume_condition: 'ALL' }))).body.data;
      assert.equal(fill.exchange_status, 'FILLED');
    });

    it('keeps the record of a finished order when its order_id is used again (or refuses the reuse)', async () => {
      const alice = await trader();
      await h.order(alice, { direction: 'BUY', price: 85000, order_id: 'reuse-1' });
      await h.ok('POST', '/api/order/cancel', { token: alice.token, body: { order_id: 'reuse-1' } });
      const again = await submit(alice, limit('BUY', 84000, 1, { order_id: 'reuse-1' }));
      const listed = ((await h.ok('GET', `/api/order/user/${alice.userId}`, { token: alice.token })) as any[]).filter((o) => o.order_id === 'reuse-1');
      if (again.body.success) {
        assert.equal(listed.length, 2, `both orders named reuse-1 stay in the history: ${JSON.stringify(listed.map((o) => [o.limit_price, o.exchange_status]))}`);
      } else {
        assert.equal(again.body.error?.code, 1001);
        assert.equal(listed.length, 1);
        assert.equal(listed[0].exchange_status, 'CANCELLED');
      }
    });

    it('answers each submit with its own order when two in one journal batch share an order_id', async () => {
      const alice = await trader();
      const bob = await trader();
      await h.order(bob, { direction: 'SELL', price: 86500, volume: 1 });
      // Sent together: the first fills at once and frees the id, the second rests under it.
      const [filled, resting] = await Promise.all([
        submit(alice, limit('BUY', 86500, 1, { order_id: 'twice' })),
        submit(alice, limit('BUY', 80000, 7, { order_id: 'twice' })),
      ]);
      assert.deepEqual([filled.body.data?.limit_price, filled.body.data?.volume_orign, filled.body.data?.status], [86500, 1, 'FINISHED']);
      assert.deepEqual([resting.body.data?.limit_price, resting.body.data?.volume_orign, resting.body.data?.status], [80000, 7, 'ALIVE']);
      // A cancel and a new order under the same id, together: the cancel answers with the order it cancelled.
      const [cancelled] = await Promise.all([
        h.call('POST', '/api/order/cancel', { token: alice.token, body: { account_id: alice.accountId, order_id: 'twice' } }),
        (async () => {
          await new Promise((resolve) => setImmediate(resolve));
          return submit(alice, limit('BUY', 81000, 4, { order_id: 'twice' }));
        })(),
      ]);
      assert.deepEqual([cancelled.body.data?.limit_price, cancelled.body.data?.exchange_status], [80000, 'CANCELLED']);
    });

    it('answers a submit and two modifies of its order sent together with success, each with the order as their batch left it', async () => {
      const alice = await trader();
      const modify = (price: number, volume: number) =>
        h.call('PUT', '/api/order/modify/chain', { token: alice.token, body: { account_id: alice.accountId, new_price: price, new_volume: volume } });
      // Each modify gives the order a new exchange order id: the replies of the commands
      // before it found their order by the id it had replaced, and answered 3001.
      const replies = await Promise.all([submit(alice, limit('BUY', 80000, 1, { order_id: 'chain' })), modify(80010, 2), modify(80020, 3)]);
      for (const reply of replies) assert.equal(reply.status, 200, reply.raw);
      const final = await orderOf(alice, 'chain');
      assert.deepEqual([final.limit_price, final.volume_orign, final.status], [80020, 3, 'ALIVE']);
      // The last reply is the order as the batch left it; the earlier ones are that order or what it was.
      assert.deepEqual(replies[2]!.body.data, final);
      for (const reply of replies) assert.equal(reply.body.data.order_id, 'chain');
    });

  });

  describe('POST /api/order/cancel', () => {
    it('cancels a resting order: FINISHED / CANCELLED, frozen funds released, book empty', async () => {
      const alice = await trader();
      await h.order(alice, { direction: 'BUY', price: 86000, volume: 2, order_id: 'c-1' });
      const reply = await h.call('POST', '/api/order/cancel', { token: alice.token, body: { user_id: alice.userId, account_id: alice.accountId, order_id: 'c-1' } });
      assert.equal(reply.status, 200, reply.raw);
      const order = reply.body.data;
      assert.equal(order.order_id, 'c-1');
      assert.equal(order.status, 'FINISHED');
      assert.equal(order.exchange_status, 'CANCELLED');
      assert.equal(order.volume_left, 2);
      assert.equal(order.filled_volume, 0);
      assert.equal(order.frozen_margin, 0);
      assert.ok(order.last_msg.length > 0);
      const acc = await account(alice);
      assert.equal(acc.frozen_margin, 0);
      assert.equal(acc.available, 10_000_000);
      assert.deepEqual((await book()).bids, []);
    });

    it('cancels by order_id alone (the caller\'s account holding it) and a partly filled order', async () => {
      const alice = await trader();
      const bob = await trader();
      await h.order(alice, { direction: 'BUY', price: 86000, volume: 3, order_id: 'c-part' });
      await h.order(bob, { direction: 'SELL', price: 86000, volume: 1 });
      assert.equal((await orderOf(alice, 'c-part')).exchange_status, 'PARTIAL_FILLED');
      const order = await h.ok('POST', '/api/order/cancel', { token: alice.token, body: { order_id: 'c-part' } });
      assert.equal(order.exchange_status, 'CANCELLED');
      assert.equal(order.filled_volume, 1);
      assert.equal(order.volume_left, 2);
      assert.equal((await account(alice)).frozen_margin, 0);
    });

    it('answers 3001 / 404 for an unknown, a cancelled and a filled order', async () => {
      const alice = await trader();
      const bob = await trader();
      const cancel = (orderId: string) => refused(h, 'POST', '/api/order/cancel', { token: alice.token, body: { account_id: alice.accountId, order_id: orderId } }, 3001, 404);
      assert.equal(await cancel('never-placed'), 'order not found');
      await h.order(alice, { direction: 'BUY', price: 86000, order_id: 'c-twice' });
      await h.ok('POST', '/api/order/cancel', { token: alice.token, body: { account_id: alice.accountId, order_id: 'c-twice' } });
      // A finished one says how it finished, so it is told from an id never used.
      assert.match(await cancel('c-twice'), /^order not found: c-twice is already finished \(CANCELLED/);
      await h.order(alice, { direction: 'BUY', price: 86000, order_id: 'c-filled' });
      await h.order(bob, { direction: 'SELL', price: 86000 });
      assert.equal(await cancel('c-filled'), 'order not found: c-filled is already finished (FILLED)');
    });

    it('refuses another user\'s order: 1003 / 403 naming their account, 3001 / 404 in one\'s own', async () => {
      const alice = await trader();
      const mallory = await trader();
      await h.order(alice, { direction: 'BUY', price: 86000, order_id: 'c-victim' });
      await refused(h, 'POST', '/api/order/cancel', { token: mallory.token, body: { account_id: alice.accountId, order_id: 'c-victim' } }, 1003, 403);
      await refused(h, 'POST', '/api/order/cancel', { token: mallory.token, body: { order_id: 'c-victim' } }, 3001, 404);
      assert.equal((await orderOf(alice, 'c-victim')).status, 'ALIVE');
    });

    it('refuses a body without order_id (1001 / 400) and an unknown account (2001 / 404)', async () => {
      const alice = await trader();
      await refused(h, 'POST', '/api/order/cancel', { token: alice.token, body: { account_id: alice.accountId } }, 1001, 400);
      await refused(h, 'POST', '/api/order/cancel', { token: alice.token, body: { account_id: 'NOPE', order_id: 'x' } }, 2001, 404);
      await needsToken(h, 'POST', '/api/order/cancel', { order_id: 'x' });
    });
  });

  describe('order ids of any text (spec: "chosen by the user (any string)")', () => {
    it('takes, finds, lists and cancels orders whose ids hold spaces, slashes, CJK text and line breaks', async () => {
      const alice = await trader();
      const ids = ['my order #1', '订单/2?x=1', 'line\nbreak', '%41'];
      for (const id of ids) {
        const reply = await submit(alice, limit('BUY', 86000, 1, { order_id: id }));
        assert.equal(reply.status, 200, `${JSON.stringify(id)}: ${reply.raw.slice(0, 200)}`);
        assert.equal(reply.body.data.order_id, id);
        assert.equal((await h.ok('GET', `/api/order/${encodeURIComponent(id)}`, { token: alice.token })).order_id, id);
      }
      const snapshot = await h.ok('GET', `/api/account/${alice.accountId}`, { token: alice.token });
      assert.deepEqual(ids.filter((id) => snapshot.orders[id]?.status !== 'ALIVE'), [], 'every order in the account snapshot');
      for (const id of ids) {
        const cancelled = await h.ok('POST', '/api/order/cancel', { token: alice.token, body: { account_id: alice.accountId, order_id: id } });
        assert.equal(cancelled.status, 'FINISHED');
      }
      await refused(h, 'POST', '/api/order/submit', { token: alice.token, body: { account_id: alice.accountId, ...limit('BUY', 86000, 1, { order_id: 'x'.repeat(65) }) } }, 1001, 400);
      const halfPair = await refused(h, 'POST', '/api/order/submit', { token: alice.token, body: { account_id: alice.accountId, ...limit('BUY', 86000, 1, { order_id: 'half\ud800' }) } }, 1001, 400);
      assert.match(halfPair, /well-formed/);
      const emoji = await submit(alice, limit('BUY', 86000, 1, { order_id: 'rocket \u{1F680}' }));
      assert.equal(emoji.body.data.order_id, 'rocket \u{1F680}', 'a whole surrogate pair is text like any other');
      await h.ok('POST', '/api/order/cancel', { token: alice.token, body: { account_id: alice.accountId, order_id: 'rocket \u{1F680}' } });
    });
  });

  describe('GET /api/order/{order_id}', () => {
    it('returns the full record of one of the caller\'s orders, narrowed by account_id', async () => {
      const alice = await trader();
      const placed = await h.order(alice, { direction: 'BUY', price: 86000, volume: 2, order_id: 'q-1' });
      const found = await orderOf(alice, 'q-1');
      assert.deepEqual(found, placed);
      const narrowed = await h.ok('GET', `/api/order/q-1?account_id=${alice.accountId}`, { token: alice.token });
      assert.equal(narrowed.order_id, 'q-1');
      const byAdmin = await h.ok('GET', '/api/order/q-1', { token: h.admin.token });
      assert.equal(byAdmin.account_id, alice.accountId);
    });

    it('answers 3001 / 404 for an unknown order and for another user\'s order; 1003 / 403 for their account', async () => {
      const alice = await trader();
      const mallory = await trader();
      await h.order(alice, { direction: 'BUY', price: 86000, order_id: 'q-private' });
      await refused(h, 'GET', '/api/order/no-such-order', { token: alice.token }, 3001, 404);
      await refused(h, 'GET', '/api/order/q-private', { token: mallory.token }, 3001, 404);
      await refused(h, 'GET', `/api/order/q-private?account_id=${alice.accountId}`, { token: mallory.token }, 1003, 403);
      await refused(h, 'GET', '/api/order/q-private?account_id=NOPE', { token: alice.token }, 2001, 404);
      await needsToken(h, 'GET', '/api/order/q-private');
    });
  });

  describe('GET /api/order/user/{user_id}', () => {
    it('lists the user\'s orders oldest first, with limit / offset paging and an account filter', async () => {
      const alice = await trader();
      await h.ok('POST', '/api/account/open', { token: alice.token, body: { user_id: alice.userId, account_id: `${alice.accountId}-B`, initial_balance: 1_000_000 } });
      for (let i = 0; i < 5; i++) await h.order(alice, { direction: 'BUY', price: 85000 + i * 10, order_id: `l-${i}` });
      await h.order({ ...alice, accountId: `${alice.accountId}-B` }, { direction: 'BUY', price: 85000, order_id: 'l-other' });
      const all = (await h.ok('GET', `/api/order/user/${alice.userId}`, { token: alice.token })) as any[];
      assert.deepEqual(all.map((o) => o.order_id), ['l-0', 'l-1', 'l-2', 'l-3', 'l-4', 'l-other']);
      assert.equal(all[2].limit_price, 85020);
      const page = (await h.ok('GET', `/api/order/user/${alice.userId}?limit=2&offset=1`, { token: alice.token })) as any[];
      assert.deepEqual(page.map((o) => o.order_id), ['l-1', 'l-2']);
      const tail = (await h.ok('GET', `/api/order/user/${alice.userId}?offset=5`, { token: alice.token })) as any[];
      assert.deepEqual(tail.map((o) => o.order_id), ['l-other']);
      const past = (await h.ok('GET', `/api/order/user/${alice.userId}?offset=50`, { token: alice.token })) as any[];
      assert.deepEqual(past, []);
      const second = (await h.ok('GET', `/api/order/user/${alice.userId}?account_id=${alice.accountId}-B`, { token: alice.token })) as any[];
      assert.deepEqual(second.map((o) => o.order_id), ['l-other']);
      const byAdmin = (await h.ok('GET', `/api/order/user/${alice.userId}`, { token: h.admin.token })) as any[];
      assert.equal(byAdmin.length, 6);
    });

    it('answers at most 100 orders by default and up to 1000 with limit', async () => {
      const alice = await trader();
      const orders = Array.from({ length: 100 }, () => ({ instrument_id: 'cu2701', exchange_id: 'SHFE', direction: 'BUY', offset: 'OPEN', volume: 1, price: 80000, order_type: 'LIMIT' }));
      await h.ok('POST', '/api/order/batch', { token: alice.token, body: { account_id: alice.accountId, orders } });
      await h.order(alice, { direction: 'BUY', price: 80000, order_id: 'l-101' });
      const first = (await h.ok('GET', `/api/order/user/${alice.userId}`, { token: alice.token })) as any[];
      assert.equal(first.length, 100);
      const all = (await h.ok('GET', `/api/order/user/${alice.userId}?limit=1000`, { token: alice.token })) as any[];
      assert.equal(all.length, 101);
      assert.equal(all[100].order_id, 'l-101');
      const ids = all.map((o) => Number(o.exchange_order_id));
      for (let i = 1; i < ids.length; i++) assert.ok(ids[i]! > ids[i - 1]!, 'exchange_order_id increases with arrival on one instrument');
    });

    it('refuses bad paging (1001 / 400), another user (1003 / 403), an unknown user for the admin (1004 / 404)', async () => {
      const alice = await trader();
      const mallory = await trader();
      await refused(h, 'GET', `/api/order/user/${alice.userId}?limit=0`, { token: alice.token }, 1001, 400);
      await refused(h, 'GET', `/api/order/user/${alice.userId}?limit=1001`, { token: alice.token }, 1001, 400);
      await refused(h, 'GET', `/api/order/user/${alice.userId}?offset=-1`, { token: alice.token }, 1001, 400);
      await refused(h, 'GET', `/api/order/user/${alice.userId}`, { token: mallory.token }, 1003, 403);
      await refused(h, 'GET', `/api/order/user/${mallory.userId}?account_id=${alice.accountId}`, { token: mallory.token }, 1003, 403);
      await refused(h, 'GET', '/api/order/user/00000000-0000-0000-0000-000000000000', { token: h.admin.token }, 1004, 404);
      await needsToken(h, 'GET', `/api/order/user/${alice.userId}`);
    });
  });
});

describe('HTTP /api/order with one contract code on two exchanges', () => {
  it('refuses a bare instrument id that names two instruments (1001), saying which exchanges to choose from', async () => {
    const h = await HttpHarness.start();
    try {
      await h.asAdmin('POST', '/api/admin/instrument/create', { instrument_id: 'INE.cu2701', product_id: 'cu', price_tick: 10, volume_multiple: 5, pre_settlement: 86500 });
      const { trader, submit, book } = orderRouteKit(() => h, 'amb');
      const alice = await trader();
      const bare = await submit(alice, { instrument_id: 'cu2701', direction: 'BUY', offset: 'OPEN', volume: 1, price: 85000, price_type: 'LIMIT' });
      assert.deepEqual([bare.status, bare.body.error?.code], [400, 1001]);
      assert.match(bare.body.error?.message ?? '', /cu2701 is listed on (SHFE and INE|INE and SHFE): name the exchange, as (SHFE\.cu2701 or INE\.cu2701|INE\.cu2701 or SHFE\.cu2701)/);
      const named = await submit(alice, { instrument_id: 'cu2701', exchange_id: 'INE', direction: 'BUY', offset: 'OPEN', volume: 1, price: 85000, price_type: 'LIMIT' });
      assert.equal(named.status, 200, named.raw);
      assert.equal(named.body.data.exchange_id, 'INE');
      assert.deepEqual((await book()).bids, [], 'nothing on SHFE.cu2701');
    } finally {
      await h.stop();
    }
  });
});
