/**
 * /api/order/conditional (create, list, statistics, cancel) and triggering through trades,
 * by in-process injection. Codes and statuses asserted, never message texts.
 *
 * Instrument: SHFE.cu2701 (tick 10, multiplier 5, reference 86500, limits 79580..93420).
 */
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { HttpHarness, type TestUser } from '../../support/http-harness.ts';
import { hasFields, needsToken, refused } from '../../support/route-checks.ts';

type Trader = TestUser & { accountId: string };

describe('HTTP /api/order/conditional', () => {
  let h: HttpHarness;
  let n = 0;
  const trader = async (balance = 10_000_000): Promise<Trader> => {
    n++;
    return h.trader(`cond_user_${n}`, `COND${n}`, balance);
  };
  const body = (t: Trader, extra: Record<string, unknown> = {}) => ({
    account_id: t.accountId,
    instrument_id: 'SHFE.cu2701',
    direction: 'SELL',
    offset: 'OPEN',
    volume: 1,
    order_type: 'LIMIT',
    limit_price: 86000,
    condition_type: 'StopLoss',
    trigger_price: 86000,
    trigger_condition: 'LessOrEqual',
    ...extra,
  });
  const create = (t: Trader, extra: Record<string, unknown> = {}) => h.ok('POST', '/api/order/conditional', { token: t.token, body: body(t, extra) });
  const list = (t: Trader) => h.ok('GET', `/api/order/conditional/list?account_id=${t.accountId}`, { token: t.token }) as Promise<any[]>;
  const stats = (t: Trader, query = '') => h.ok('GET', `/api/order/conditional/statistics${query}`, { token: t.token });
  const tradeAt = (price: number) => h.tradeAt(price);

  before(async () => {
    h = await HttpHarness.start();
  });
  afterEach(async () => {
    // Pending conditional orders of one test must not trigger in the next.
    for (const row of (await h.asAdmin('GET', '/api/order/conditional/list')) as any[]) {
      if (row.status === 'Pending') await h.asAdmin('DELETE', `/api/order/conditional/${row.conditional_order_id}`);
    }
    await h.cancelAllLiveOrders();
  });
  after(async () => h.stop());

  describe('POST /api/order/conditional', () => {
    it('creates a Pending conditional order: id, status and created_at (ms)', async () => {
      const alice = await trader();
      const before = Date.now();
      const reply = await h.call('POST', '/api/order/conditional', { token: alice.token, body: body(alice, { valid_until: Date.now() + 3_600_000 }) });
      assert.equal(reply.status, 200, reply.raw);
      assert.equal(reply.body.success, true);
      assert.equal(reply.body.error, null);
      const data = reply.body.data;
      hasFields(data, { conditional_order_id: 'string', status: 'string', created_at: 'integer' }, 'data');
      assert.ok(data.conditional_order_id.length > 0);
      assert.equal(data.status, 'Pending');
      assert.ok(data.created_at >= before - 1000 && data.created_at <= Date.now() + 1000, 'created_at is now, in ms');
    });

    it('accepts MARKET with limit_price null, a bare instrument id with exchange_id, and every condition type', async () => {
      const alice = await trader();
      for (const condition_type of ['StopLoss', 'TakeProfit', 'PriceTouch']) {
        const data = await create(alice, { condition_type, order_type: 'MARKET', limit_price: null, instrument_id: 'cu2701', exchange_id: 'SHFE' });
        assert.equal(data.status, 'Pending');
      }
      const rows = await list(alice);
      assert.equal(rows.length, 3);
      assert.ok(rows.every((r) => r.order_type === 'MARKET' && r.limit_price === null));
      assert.deepEqual(rows.map((r) => r.condition_type).sort(), ['PriceTouch', 'StopLoss', 'TakeProfit']);
    });

    it('accepts the offset spelling CLOSE_TODAY (stored as CLOSETODAY)', async () => {
      const alice = await trader();
      await create(alice, { offset: 'CLOSE_TODAY' });
      assert.equal((await list(alice))[0].offset, 'CLOSETODAY');
    });

    it('refuses LIMIT without limit_price and malformed fields with 1001 / 400', async () => {
      const alice = await trader();
      const refuse = (extra: Record<string, unknown>) => refused(h, 'POST', '/api/order/conditional', { token: alice.token, body: body(alice, extra) }, 1001, 400);
      await refuse({ limit_price: undefined });
      await refuse({ limit_price: null });
      await refuse({ condition_type: 'Sometimes' });
      await refuse({ trigger_condition: 'Equal' });
      await refuse({ order_type: 'ANY' });
      await refuse({ trigger_price: 0 });
      assert.match(await refuse({ trigger_price: 86005 }), /trigger_price 86005 is not a multiple of the price tick 10 of SHFE\.cu2701/);
      await refuse({ valid_until: Date.now() - 60_000 });
      await refuse({ direction: 'LONG' });
      const { trigger_price: _t, ...noTrigger } = body(alice);
      await refused(h, 'POST', '/api/order/conditional', { token: alice.token, body: noTrigger }, 1001, 400);
      assert.deepEqual(await list(alice), []);
    });

    it('refuses an unknown instrument (3003 / 404), a bad volume (3007 / 400), a limit_price beyond limits (3006 / 422)', async () => {
      const alice = await trader();
      await refused(h, 'POST', '/api/order/conditional', { token: alice.token, body: body(alice, { instrument_id: 'SHFE.zz9999' }) }, 3003, 404);
      for (const volume of [0, 1.5, -1]) {
        await refused(h, 'POST', '/api/order/conditional', { token: alice.token, body: body(alice, { volume }) }, 3007, 400);
      }
      await refused(h, 'POST', '/api/order/conditional', { token: alice.token, body: body(alice, { limit_price: 93430 }) }, 3006, 422);
    });

    it('refuses a suspended instrument with 3004 / 422', async () => {
      const alice = await trader();
      await h.asAdmin('PUT', '/api/admin/instrument/SHFE.ag2702/suspend');
      try {
        await refused(h, 'POST', '/api/order/conditional', { token: alice.token, body: body(alice, { instrument_id: 'SHFE.ag2702', limit_price: 11900, trigger_price: 11900 }) }, 3004, 422);
      } finally {
        await h.asAdmin('PUT', '/api/admin/instrument/SHFE.ag2702/resume');
      }
    });

    it('refuses another user\'s account (1003 / 403), an unknown account (2001 / 404), no token (1002 / 401)', async () => {
      const alice = await trader();
      const mallory = await trader();
      await refused(h, 'POST', '/api/order/conditional', { token: mallory.token, body: body(alice) }, 1003, 403);
      await refused(h, 'POST', '/api/order/conditional', { token: alice.token, body: { ...body(alice), account_id: 'NOPE' } }, 2001, 404);
      await needsToken(h, 'POST', '/api/order/conditional', body(alice));
    });
  });

  describe('GET /api/order/conditional/list', () => {
    it('pages with limit and offset', async () => {
      const alice = await trader();
      for (const price of [88000, 88100, 88200]) await create(alice, { trigger_price: price });
      const all = await list(alice);
      assert.equal(all.length, 3);
      const paged = await h.ok('GET', `/api/order/conditional/list?account_id=${alice.accountId}&limit=1&offset=1`, { token: alice.token });
      assert.deepEqual(paged, all.slice(1, 2));
    });

    it('lists an account\'s conditional orders with the creation fields', async () => {
      const alice = await trader();
      const validUntil = Date.now() + 3_600_000;
      const created = await create(alice, { direction: 'BUY', offset: 'OPEN', volume: 2, limit_price: 87000, condition_type: 'TakeProfit', trigger_price: 88000, trigger_condition: 'GreaterOrEqual', valid_until: validUntil });
      const rows = await list(alice);
      assert.equal(rows.length, 1);
      const row = rows[0];
      assert.equal(row.conditional_order_id, created.conditional_order_id);
      assert.equal(row.account_id, alice.accountId);
      assert.equal(row.user_id, alice.userId);
      assert.ok(row.instrument_id === 'SHFE.cu2701' || row.instrument_id === 'cu2701', row.instrument_id);
      assert.equal(row.direction, 'BUY');
      assert.equal(row.offset, 'OPEN');
      assert.equal(row.volume, 2);
      assert.equal(row.order_type, 'LIMIT');
      assert.equal(row.limit_price, 87000);
      assert.equal(row.condition_type, 'TakeProfit');
      assert.equal(row.trigger_price, 88000);
      assert.equal(row.trigger_condition, 'GreaterOrEqual');
      assert.equal(row.valid_until, validUntil);
      assert.equal(row.status, 'Pending');
      assert.equal(row.created_at, created.created_at);
    });

    it('without account_id lists the caller\'s own; the admin sees everyone\'s', async () => {
      const alice = await trader();
      const bob = await trader();
      const a = await create(alice);
      const b = await create(bob);
      const own = (await h.ok('GET', '/api/order/conditional/list', { token: alice.token })) as any[];
      assert.deepEqual(own.map((r) => r.conditional_order_id), [a.conditional_order_id]);
      const all = (await h.ok('GET', '/api/order/conditional/list', { token: h.admin.token })) as any[];
      const ids = all.map((r) => r.conditional_order_id);
      assert.ok(ids.includes(a.conditional_order_id) && ids.includes(b.conditional_order_id));
    });

    it('refuses another user\'s account (1003 / 403), an unknown one (2001 / 404), no token (1002 / 401)', async () => {
      const alice = await trader();
      const mallory = await trader();
      await refused(h, 'GET', `/api/order/conditional/list?account_id=${alice.accountId}`, { token: mallory.token }, 1003, 403);
      await refused(h, 'GET', '/api/order/conditional/list?account_id=NOPE', { token: alice.token }, 2001, 404);
      await needsToken(h, 'GET', `/api/order/conditional/list?account_id=${alice.accountId}`);
    });
  });

  describe('DELETE /api/order/conditional/{id}', () => {
    it('cancels a Pending order; cancelling it again is 3002 / 409', async () => {
      const alice = await trader();
      const { conditional_order_id: id } = await create(alice);
      const reply = await h.call('DELETE', `/api/order/conditional/${id}`, { token: alice.token });
      assert.equal(reply.status, 200, reply.raw);
      assert.equal(reply.body.data.conditional_order_id, id);
      assert.equal(reply.body.data.status, 'Cancelled');
      assert.equal((await list(alice))[0].status, 'Cancelled');
      assert.equal(h.service.exchange.state.conditionals.pending.has(id), false, 'a finished conditional order leaves the core; the history keeps it');
      await refused(h, 'DELETE', `/api/order/conditional/${id}`, { token: alice.token }, 3002, 409);
      // Another user's finished order is looked for among the caller's own accounts only.
      const mallory = await trader();
      await refused(h, 'DELETE', `/api/order/conditional/${id}`, { token: mallory.token }, 3001, 404);
    });

    it('a cancel that reaches the exchange after valid_until finds the order Expired: 3002 / 409', async () => {
      const alice = await trader();
      const { conditional_order_id: id } = await create(alice, { valid_until: Date.now() + 50 });
      await new Promise((resolve) => setTimeout(resolve, 120));
      // No command ran since: the cancel's own command expires it first.
      await refused(h, 'DELETE', `/api/order/conditional/${id}`, { token: alice.token }, 3002, 409);
      assert.equal((await list(alice))[0].status, 'Expired');
    });

    it('answers 3001 / 404 for an unknown id, 1003 / 403 for another user\'s, 1002 / 401 without a token', async () => {
      const alice = await trader();
      const mallory = await trader();
      const { conditional_order_id: id } = await create(alice);
      await refused(h, 'DELETE', '/api/order/conditional/C-no-such', { token: alice.token }, 3001, 404);
      await refused(h, 'DELETE', `/api/order/conditional/${id}`, { token: mallory.token }, 1003, 403);
      await needsToken(h, 'DELETE', `/api/order/conditional/${id}`);
      assert.equal((await list(alice))[0].status, 'Pending');
      const byAdmin = await h.ok('DELETE', `/api/order/conditional/${id}`, { token: h.admin.token });
      assert.equal(byAdmin.status, 'Cancelled');
    });
  });

  describe('triggering', () => {
    it('places the order when a trade reaches trigger_price: Triggered, order placed and filled', async () => {
      const alice = await trader();
      const bob = await trader();
      const carol = await trader();
      // Bob buys 1 at 86600 once the price reaches 86600 or more.
      const { conditional_order_id: id } = await create(bob, { direction: 'BUY', limit_price: 86600, condition_type: 'PriceTouch', trigger_price: 86600, trigger_condition: 'GreaterOrEqual' });
      await h.order(alice, { direction: 'SELL', price: 86600, volume: 2 });
      await tradeAt(86500);
      assert.equal((await list(bob))[0].status, 'Pending', 'a trade below the trigger does nothing');
      await h.order(carol, { direction: 'BUY', price: 86600, volume: 1 });
      const [row] = await list(bob);
      assert.equal(row.status, 'Triggered');
      assert.ok(row.order_id.length > 0, 'the placed order is named');
      const order = await h.ok('GET', `/api/order/${row.order_id}`, { token: bob.token });
      assert.equal(order.account_id, bob.accountId);
      assert.equal(order.direction, 'BUY');
      assert.equal(order.limit_price, 86600);
      assert.equal(order.exchange_status, 'FILLED', 'it traded with the rest of alice\'s order');
      const positions = (await h.ok('GET', `/api/position/account/${bob.accountId}`, { token: bob.token })).positions;
      assert.equal(positions['SHFE.cu2701'].volume_long, 1);
      await refused(h, 'DELETE', `/api/order/conditional/${id}`, { token: bob.token }, 3002, 409);
    });

    it('a stop-loss MARKET close triggers on a falling price and closes the position', async () => {
      const bob = await trader();
      const seller = await trader();
      await tradeAt(86300);
      await h.order(seller, { direction: 'SELL', price: 86500 });
      await h.order(bob, { direction: 'BUY', price: 86500 });
      await create(bob, { direction: 'SELL', offset: 'CLOSETODAY', order_type: 'MARKET', limit_price: null, condition_type: 'StopLoss', trigger_price: 86000, trigger_condition: 'LessOrEqual' });
      const buyer = await trader();
      await h.order(buyer, { direction: 'BUY', price: 85900, volume: 1 });
      await tradeAt(86000);
      const [row] = await list(bob);
      assert.equal(row.status, 'Triggered');
      const order = await h.ok('GET', `/api/order/${row.order_id}`, { token: bob.token });
      assert.equal(order.price_type, 'MARKET');
      assert.equal(order.offset, 'CLOSETODAY');
      assert.equal(order.filled_volume, 1);
      const positions = (await h.ok('GET', `/api/position/account/${bob.accountId}`, { token: bob.token })).positions;
      assert.equal(positions['SHFE.cu2701']?.volume_long ?? 0, 0);
    });

    it('triggers on a trade at trigger_price even when the last price already stood there', async () => {
      await tradeAt(86000);
      const bob = await trader();
      await create(bob, { direction: 'SELL', limit_price: 86000, trigger_price: 86000, trigger_condition: 'LessOrEqual' });
      // The condition "last trade price <= 86000" holds for this new trade.
      await tradeAt(86000);
      const [row] = await list(bob);
      assert.equal(row.status, 'Triggered', 'a trade at 86000 after creation reaches a trigger of <= 86000');
    });

    it('is Failed, with the reason, when the placed order is refused', async () => {
      const poor = await trader(50_000);
      await tradeAt(86100);
      await create(poor, { direction: 'BUY', volume: 5, limit_price: 86000, trigger_price: 86000, trigger_condition: 'LessOrEqual' });
      await tradeAt(86000);
      const [row] = await list(poor);
      assert.equal(row.status, 'Failed');
      assert.ok(row.reason.length > 0);
    });

    it('expires after valid_until on a quiet exchange too: no other command needed', async () => {
      const alice = await trader();
      const validUntil = Date.now() + 50;
      await create(alice, { valid_until: validUntil });
      const seq = h.exchange.state.lastSeq;
      let row = (await list(alice))[0];
      for (let waited = 0; row.status === 'Pending' && waited < 3_000; waited += 20) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        row = (await list(alice))[0];
      }
      assert.equal(row.status, 'Expired');
      assert.ok(Date.now() > validUntil);
      assert.equal(h.exchange.state.lastSeq, seq + 1, 'the exchange\'s own expiry command, and nothing else');
    });
  });

  describe('GET /api/order/conditional/statistics', () => {
    it('counts the caller\'s conditional orders by status', async () => {
      const alice = await trader();
      const empty = await stats(alice);
      assert.deepEqual(empty, { total: 0, pending: 0, triggered: 0, cancelled: 0, expired: 0, failed: 0 });
      await create(alice);
      await create(alice);
      const c = await create(alice);
      await h.ok('DELETE', `/api/order/conditional/${c.conditional_order_id}`, { token: alice.token });
      await create(alice, { direction: 'BUY', limit_price: 93000, trigger_price: 93000, trigger_condition: 'GreaterOrEqual', valid_until: Date.now() + 50 });
      await new Promise((resolve) => setTimeout(resolve, 120));
      // The price moves away, then a trade at 86000 reaches the two StopLoss triggers (<= 86000).
      await tradeAt(86100);
      await tradeAt(86000);
      const data = await stats(alice);
      assert.deepEqual(data, { total: 4, pending: 0, triggered: 2, cancelled: 1, expired: 1, failed: 0 });
      assert.deepEqual(await stats(alice, `?account_id=${alice.accountId}`), data);
    });

    it('for the admin counts everyone\'s; refuses another user\'s account (1003 / 403); needs a token', async () => {
      const alice = await trader();
      const mallory = await trader();
      await create(alice);
      const all = await stats({ ...alice, token: h.admin.token });
      const own = await stats(alice);
      assert.ok(all.total > own.total);
      assert.equal(all.total, all.pending + all.triggered + all.cancelled + all.expired + all.failed);
      await refused(h, 'GET', `/api/order/conditional/statistics?account_id=${alice.accountId}`, { token: mallory.token }, 1003, 403);
      await needsToken(h, 'GET', '/api/order/conditional/statistics');
    });
  });
});
