/**
 * /api/admin: instrument listing, creation (admin and configuration forms), update,
 * suspend / resume / delist, and storage compaction, by in-process injection. Codes and
 * statuses asserted, never message texts beyond "not empty".
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { HttpHarness, type TestUser } from '../../support/http-harness.ts';
import { cents, hasFields, needsToken, refused, refusedNaming } from '../../support/route-checks.ts';
import { assertCopperAdminForm } from '../../support/instrument-checks.ts';

type Trader = TestUser & { accountId: string };
const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

/** An admin-form body: tick 1, multiplier 10, reference 1000, limits ±10% (900..1100). */
const adminForm = (id: string, extra: Record<string, unknown> = {}) => ({
  instrument_id: id,
  instrument_name: `Test ${id}`,
  instrument_type: 'FUTURE',
  exchange: 'SHFE',
  contract_multiplier: 10,
  price_tick: 1,
  margin_rate: 0.1,
  commission_rate: 0.0001,
  limit_up_rate: 0.1,
  limit_down_rate: 0.1,
  pre_settlement: 1000,
  list_date: '2026-01-16',
  expire_date: '2099-01-15',
  ...extra,
});

describe('HTTP /api/admin', () => {
  let h: HttpHarness;
  let alice: Trader;
  let bob: Trader;
  const instruments = async () => (await h.asAdmin('GET', '/api/admin/instruments')) as any[];
  const instrument = async (id: string) => (await instruments()).find((i) => i.instrument_id === id);
  const create = (body: unknown) => h.call('POST', '/api/admin/instrument/create', { token: h.admin.token, body });
  const orderOn = (t: Trader, instrumentId: string, direction: 'BUY' | 'SELL', price: number, extra: Record<string, unknown> = {}) =>
    h.call('POST', '/api/order/submit', {
      token: t.token,
      body: { account_id: t.accountId, instrument_id: instrumentId, direction, offset: 'OPEN', volume: 1, price, price_type: 'LIMIT', ...extra },
    });

  before(async () => {
    h = await HttpHarness.start();
    alice = await h.trader('adm_alice', 'ADM_A');
    bob = await h.trader('adm_bob', 'ADM_B');
  });
  after(async () => h.stop());

  describe('GET /api/admin/instruments', () => {
    it('lists every configured instrument in the admin form', async () => {
      const list = await instruments();
      assert.equal(list.length, 18, 'the 18 instruments of config/instruments.toml');
      const cu = list.find((i) => i.instrument_id === 'SHFE.cu2701');
      hasFields(cu, {
        instrument_id: 'string', instrument_name: 'string', instrument_type: 'string', exchange: 'string',
        contract_multiplier: 'integer', price_tick: 'number', margin_rate: 'number', commission_rate: 'number',
        limit_up_rate: 'number', limit_down_rate: 'number', list_date: 'string', expire_date: 'string',
        status: 'string', created_at: 'string', updated_at: 'string',
      }, 'cu2701');
      assertCopperAdminForm(cu);
      assert.match(cu.created_at, DATETIME);
      assert.match(cu.updated_at, DATETIME);
      assert.equal(cu.upper_limit, 93420);
      assert.equal(cu.lower_limit, 79580);
    });

    it('pages with limit and offset', async () => {
      const all = await instruments();
      assert.deepEqual(await h.asAdmin('GET', '/api/admin/instruments?limit=1&offset=2'), all.slice(2, 3));
    });

    it('needs the admin role (1003 / 403) and a token (1002 / 401)', async () => {
      await refused(h, 'GET', '/api/admin/instruments', { token: alice.token }, 1003, 403);
      await needsToken(h, 'GET', '/api/admin/instruments');
    });
  });

  describe('POST /api/admin/instrument/create', () => {
    it('registers an instrument from the admin form: data null, listed active, and tradable at once', async () => {
      const reply = await create(adminForm('tst2701'));
      assert.equal(reply.status, 200, reply.raw);
      assert.deepEqual(reply.body, { success: true, data: null, error: null });
      const listed = await instrument('SHFE.tst2701');
      assert.ok(listed !== undefined, 'listed under its prefixed id');
      assert.equal(listed.instrument_name, 'Test tst2701');
      assert.equal(listed.exchange, 'SHFE');
      assert.equal(listed.contract_multiplier, 10);
      assert.equal(listed.price_tick, 1);
      assert.equal(listed.margin_rate, 0.1);
      assert.equal(listed.commission_rate, 0.0001);
      assert.equal(listed.status, 'active');
      assert.equal(listed.upper_limit, 1100);
      assert.equal(listed.lower_limit, 900);
      assert.equal(listed.list_date, '2026-01-16');
      assert.match(listed.created_at, DATETIME);

      const market = (await h.ok('GET', '/api/market/instruments')) as any;
      const catalogue: any[] = Array.isArray(market) ? market : (market.instruments ?? []);
      assert.ok(catalogue.some((i) => i.instrument_id === 'SHFE.tst2701'), 'in the public catalogue');

      const resting = await orderOn(alice, 'SHFE.tst2701', 'SELL', 1000, { volume: 2 });
      assert.equal(resting.status, 200, resting.raw);
      assert.equal(resting.body.data.exchange_status, 'ACCEPTED');
      const crossing = await orderOn(bob, 'tst2701', 'BUY', 1000, { exchange_id: 'SHFE', volume: 2 });
      assert.equal(crossing.status, 200, crossing.raw);
      assert.equal(crossing.body.data.exchange_status, 'FILLED');
      const account = await h.ok('GET', `/api/account/${bob.accountId}`, { token: bob.token });
      assert.equal(cents(account.margin), cents(2 * 1000 * 10 * 0.1), 'margin with the new instrument\'s ratio');
      assert.equal(cents(account.accounts.commission), cents(2 * 1000 * 10 * 0.0001), 'commission with its rate');
      await refused(h, 'POST', '/api/order/submit', { token: bob.token, body: { account_id: bob.accountId, instrument_id: 'SHFE.tst2701', direction: 'BUY', offset: 'OPEN', volume: 1, price: 1101, price_type: 'LIMIT' } }, 3006, 422);
    });

    it('registers an instrument from the configuration form (exchange_id, product_id, volume_multiple, margin_ratio, commission)', async () => {
      const reply = await create({ instrument_id: 'DCE.cfg2701', exchange_id: 'DCE', product_id: 'cfg', price_tick: 0.5, volume_multiple: 100, margin_ratio: 0.12, commission: 0.0002, pre_settlement: 800 });
      assert.equal(reply.status, 200, reply.raw);
      assert.deepEqual(reply.body, { success: true, data: null, error: null });
      const listed = await instrument('DCE.cfg2701');
      assert.equal(listed.exchange, 'DCE');
      assert.equal(listed.product_id, 'cfg');
      assert.equal(listed.contract_multiplier, 100);
      assert.equal(listed.price_tick, 0.5);
      assert.equal(listed.margin_rate, 0.12);
      assert.equal(listed.commission_rate, 0.0002);
      assert.equal(listed.status, 'active');
      const order = await orderOn(alice, 'DCE.cfg2701', 'BUY', 800.5);
      assert.equal(order.status, 200, order.raw);
      assert.equal(order.body.data.exchange_status, 'ACCEPTED');
      assert.equal(order.body.data.limit_price, 800.5);
      assert.equal(cents(order.body.data.frozen_margin), cents(800.5 * 100 * 0.12 + 800.5 * 100 * 0.0002));
      await h.cancelAllLiveOrders();
    });

    it('takes the exchange from the id prefix and defaults the margin ratio to risk.margin_ratio', async () => {
      const reply = await create({ instrument_id: 'CZCE.DF701', price_tick: 1, volume_multiple: 10 });
      assert.equal(reply.status, 200, reply.raw);
      const listed = await instrument('CZCE.DF701');
      assert.equal(listed.exchange, 'CZCE');
      assert.equal(listed.margin_rate, 0.1);
      assert.equal(listed.commission_rate, 0);
    });

    it('refuses a duplicate with 1001 / 400 (with or without the prefix)', async () => {
      await refused(h, 'POST', '/api/admin/instrument/create', { token: h.admin.token, body: adminForm('tst2701') }, 1001, 400);
      await refused(h, 'POST', '/api/admin/instrument/create', { token: h.admin.token, body: adminForm('SHFE.cu2701') }, 1001, 400);
      await refused(h, 'POST', '/api/admin/instrument/create', { token: h.admin.token, body: { instrument_id: 'SHFE.cu2701', price_tick: 10, volume_multiple: 5 } }, 1001, 400);
      assert.equal((await instrument('SHFE.cu2701')).price_tick, 10, 'the original is untouched');
    });

    it('refuses a bad price_tick and other invalid fields with 1001 / 400, registering nothing', async () => {
      const bad = async (body: Record<string, unknown>) => refused(h, 'POST', '/api/admin/instrument/create', { token: h.admin.token, body }, 1001, 400);
      await bad(adminForm('bad1', { price_tick: 0 }));
      await bad(adminForm('bad2', { price_tick: -1 }));
      await bad(adminForm('bad3', { price_tick: '1' }));
      await bad(adminForm('bad4', { price_tick: 0.001, contract_multiplier: 1 }));
      const { price_tick: _p, ...noTick } = adminForm('bad5');
      await bad(noTick);
      const { contract_multiplier: _m, ...noMultiplier } = adminForm('bad6');
      await bad(noMultiplier);
      // The admin form's names are the ones the message names (the check runs on the file's form).
      const badNaming = async (body: Record<string, unknown>, field: string) =>
        refusedNaming(h, 'POST', '/api/admin/instrument/create', { token: h.admin.token, body }, 1001, 400, `body.${field} `);
      await badNaming(adminForm('bad7', { contract_multiplier: 2.5 }), 'contract_multiplier');
      await badNaming(adminForm('bad8', { margin_rate: 0 }), 'margin_rate');
      await badNaming(adminForm('bad9', { margin_rate: 1.5 }), 'margin_rate');
      await badNaming(adminForm('bad10', { commission_rate: -0.1 }), 'commission_rate');
      await bad(adminForm('bad11', { exchange: 'NYSE' }));
      await bad(adminForm('bad12', { pre_settlement: 1000.5 }));
      await bad(adminForm('bad13', { limit_up_rate: 1.5 }));
      const { exchange: _e, ...noExchange } = adminForm('bad14');
      await bad(noExchange);
      await bad({ price_tick: 1, volume_multiple: 10 });
      // An exchange prefix that contradicts the exchange named in the body.
      await bad(adminForm('SHFE.bad15', { exchange: 'DCE' }));
      await bad({ ...adminForm('bad16'), exchange_id: 'DCE' });
      // The two forms' names of one field, given both with different values.
      await bad(adminForm('bad17', { volume_multiple: 5, contract_multiplier: 10 }));
      await bad(adminForm('bad18', { margin_ratio: 0.1, margin_rate: 0.2 }));
      await bad(adminForm('bad19', { commission: 0.0001, commission_rate: 0.0002 }));
      // Prices whose lot would be worth more than the exchange takes.
      await bad(adminForm('bad20', { pre_settlement: 1e11 }));
      // One tick of one lot already worth more: no price could ever trade (it was listed).
      const deadBody = adminForm('bad22', { price_tick: 0.5, contract_multiplier: 1e15 });
      await refusedNaming(h, 'POST', '/api/admin/instrument/create', { token: h.admin.token, body: deadBody }, 1001, 400, 'no order could trade');
      // A misspelt field is named, not ignored (the contract would get the default).
      await refusedNaming(h, 'POST', '/api/admin/instrument/create', { token: h.admin.token, body: adminForm('bad21', { limit_up: 0.05 }) }, 1001, 400, 'limit_up');
      const ids = (await instruments()).map((i) => i.instrument_id);
      assert.ok(!ids.some((id) => /bad\d+/.test(id)), `nothing registered: ${ids.filter((id) => /bad/.test(id))}`);
    });

    it('needs the admin role (1003 / 403) and a token (1002 / 401)', async () => {
      await refused(h, 'POST', '/api/admin/instrument/create', { token: alice.token, body: adminForm('usr2701') }, 1003, 403);
      await needsToken(h, 'POST', '/api/admin/instrument/create', adminForm('usr2701'));
      assert.equal(await instrument('SHFE.usr2701'), undefined);
    });
  });

  describe('PUT /api/admin/instrument/{id}/update', () => {
    it('changes margin_rate and commission_rate: returned, listed, and applied to positions and new trades', async () => {
      await create(adminForm('upd2701'));
      await orderOn(alice, 'SHFE.upd2701', 'SELL', 1000);
      await orderOn(bob, 'SHFE.upd2701', 'BUY', 1000);
      const before = await h.ok('GET', `/api/account/${bob.accountId}`, { token: bob.token });
      const reply = await h.call('PUT', '/api/admin/instrument/SHFE.upd2701/update', { token: h.admin.token, body: { margin_rate: 0.2, commission_rate: 0.0003 } });
      assert.equal(reply.status, 200, reply.raw);
      assert.equal(reply.body.data.instrument_id, 'SHFE.upd2701');
      assert.equal(reply.body.data.margin_rate, 0.2);
      assert.equal(reply.body.data.commission_rate, 0.0003);
      const listed = await instrument('SHFE.upd2701');
      assert.equal(listed.margin_rate, 0.2);
      assert.equal(listed.commission_rate, 0.0003);
      const afterUpdate = await h.ok('GET', `/api/account/${bob.accountId}`, { token: bob.token });
      assert.equal(cents(afterUpdate.margin) - cents(before.margin), cents(1000 * 10 * 0.1), 'the open lot now needs 20% margin');
      await orderOn(alice, 'SHFE.upd2701', 'SELL', 1000);
      const trade = await orderOn(bob, 'SHFE.upd2701', 'BUY', 1000);
      assert.equal(trade.body.data.exchange_status, 'FILLED');
      const final = await h.ok('GET', `/api/account/${bob.accountId}`, { token: bob.token });
      assert.equal(cents(final.accounts.commission) - cents(afterUpdate.accounts.commission), cents(1000 * 10 * 0.0003), 'the new commission rate');
    });

    it('accepts a bare id and the limit rates (limits recomputed), and the configuration-form names', async () => {
      const data = await h.asAdmin('PUT', '/api/admin/instrument/upd2701/update', { limit_up_rate: 0.05, limit_down_rate: 0.05 });
      assert.equal(data.upper_limit, 1050);
      assert.equal(data.lower_limit, 950);
      const alias = await h.asAdmin('PUT', '/api/admin/instrument/SHFE.upd2701/update', { margin_ratio: 0.15, commission: 0.0002 });
      assert.equal(alias.margin_rate, 0.15);
      assert.equal(alias.commission_rate, 0.0002);
      await refused(h, 'POST', '/api/order/submit', { token: bob.token, body: { account_id: bob.accountId, instrument_id: 'SHFE.upd2701', direction: 'BUY', offset: 'OPEN', volume: 1, price: 1051, price_type: 'LIMIT' } }, 3006, 422);
    });

    it('takes a record of the admin list posted back: to update (what update cannot change as it is) and to create', async () => {
      const record = await instrument('SHFE.cu2701');
      const updated = await h.ok('PUT', '/api/admin/instrument/SHFE.cu2701/update', { token: h.admin.token, body: { ...record, margin_rate: 0.11 } });
      assert.equal(updated.margin_rate, 0.11);
      await refusedNaming(h, 'PUT', '/api/admin/instrument/SHFE.cu2701/update', { token: h.admin.token, body: { ...updated, price_tick: 20 } }, 1001, 400, 'price_tick');
      await h.ok('PUT', '/api/admin/instrument/SHFE.cu2701/update', { token: h.admin.token, body: { ...updated, margin_rate: record.margin_rate } });
      // A new contract of the same product from the record: limits and times are the exchange's.
      await h.ok('POST', '/api/admin/instrument/create', { token: h.admin.token, body: { ...record, instrument_id: 'SHFE.cu2709', updated_at: 'x' } });
      const created = await instrument('SHFE.cu2709');
      assert.deepEqual([created.status, created.trading_status, created.updated_at === 'x'], ['active', 'TRADING', false]);
    });

    it('creates an instrument suspended when its form says SUSPENDED (the configuration form, or a record of a suspended one)', async () => {
      const reply = await create({ instrument_id: 'DCE.sus2701', exchange_id: 'DCE', product_id: 'sus', price_tick: 1, volume_multiple: 10, pre_settlement: 1000, status: 'SUSPENDED' });
      assert.equal(reply.status, 200, reply.raw);
      assert.deepEqual([(await instrument('DCE.sus2701')).status, (await instrument('DCE.sus2701')).trading_status], ['suspended', 'SUSPENDED']);
      await refused(h, 'POST', '/api/order/submit', { token: alice.token, body: { account_id: alice.accountId, instrument_id: 'DCE.sus2701', direction: 'BUY', offset: 'OPEN', volume: 1, price: 1000, price_type: 'LIMIT' } }, 3004, 422);
      await h.ok('PUT', '/api/admin/instrument/DCE.sus2701/resume', { token: h.admin.token });
      assert.equal((await orderOn(alice, 'DCE.sus2701', 'BUY', 1000)).body.data.exchange_status, 'ACCEPTED');
      await h.cancelAllLiveOrders();
      // A record of the admin list posted back keeps its status: active, or suspended.
      const record = await instrument('SHFE.cu2701');
      await h.ok('PUT', '/api/admin/instrument/SHFE.cu2701/suspend', { token: h.admin.token });
      const suspendedRecord = await instrument('SHFE.cu2701');
      await h.ok('PUT', '/api/admin/instrument/SHFE.cu2701/resume', { token: h.admin.token });
      await h.ok('POST', '/api/admin/instrument/create', { token: h.admin.token, body: { ...suspendedRecord, instrument_id: 'SHFE.cu2711' } });
      assert.equal((await instrument('SHFE.cu2711')).status, 'suspended');
      await h.ok('POST', '/api/admin/instrument/create', { token: h.admin.token, body: { ...record, instrument_id: 'SHFE.cu2712', status: 'TRADING' } });
      assert.equal((await instrument('SHFE.cu2712')).status, 'active');
    });

    it('refuses a second create of the same instrument while the first is in flight: its suspension cannot land on the first', async () => {
      const form = { instrument_id: 'DCE.race2701', exchange_id: 'DCE', product_id: 'race', price_tick: 1, volume_multiple: 10 };
      const [trading, suspended] = await Promise.all([create({ ...form, status: 'TRADING' }), create({ ...form, status: 'SUSPENDED' })]);
      assert.equal(trading.status, 200, trading.raw);
      assert.deepEqual([suspended.status, suspended.body.error?.code], [400, 1001]);
      assert.match(suspended.body.error?.message ?? '', /already exists/);
      assert.equal((await instrument('DCE.race2701')).status, 'active');
    });

    it('refuses a status an instrument cannot start in, or two that disagree (1001 / 400), creating nothing', async () => {
      const form = { exchange_id: 'DCE', product_id: 'bad', price_tick: 1, volume_multiple: 10 };
      for (const [id, status] of [['DCE.bad2701', { status: 'delisted' }], ['DCE.bad2702', { status: 'PAUSED' }], ['DCE.bad2703', { status: 'SUSPENDED', trading_status: 'TRADING' }]] as const) {
        const message = await refused(h, 'POST', '/api/admin/instrument/create', { token: h.admin.token, body: { instrument_id: id, ...form, ...status } }, 1001, 400);
        assert.match(message, /status/);
        assert.equal(h.exchange.state.instruments.has(id), false, id);
      }
    });

    it('refuses an empty change and out-of-range rates (1001 / 400), an unknown instrument (3003 / 404)', async () => {
      const path = '/api/admin/instrument/SHFE.upd2701/update';
      await refused(h, 'PUT', path, { token: h.admin.token, body: {} }, 1001, 400);
      await refused(h, 'PUT', path, { token: h.admin.token, body: { margin_rate: 0 } }, 1001, 400);
      await refused(h, 'PUT', path, { token: h.admin.token, body: { margin_rate: 2 } }, 1001, 400);
      await refused(h, 'PUT', path, { token: h.admin.token, body: { commission_rate: 1 } }, 1001, 400);
      await refused(h, 'PUT', path, { token: h.admin.token, body: { margin_rate: 'high' } }, 1001, 400);
      // Fields the route cannot change are named, not ignored.
      await refusedNaming(h, 'PUT', path, { token: h.admin.token, body: { margin_rate: 0.2, price_tick: 5 } }, 1001, 400, 'price_tick');
      await refusedNaming(h, 'PUT', path, { token: h.admin.token, body: { margin_rat: 0.2 } }, 1001, 400, 'margin_rat');
      await refused(h, 'PUT', '/api/admin/instrument/SHFE.nope9999/update', { token: h.admin.token, body: { margin_rate: 0.2 } }, 3003, 404);
      assert.equal((await instrument('SHFE.upd2701')).margin_rate, 0.15);
      await refused(h, 'PUT', path, { token: alice.token, body: { margin_rate: 0.2 } }, 1003, 403);
      await needsToken(h, 'PUT', path, { margin_rate: 0.2 });
    });
  });

  describe('suspend, resume, delist', () => {
    it('suspend refuses new orders (3004) and keeps resting ones; resume trades again', async () => {
      await create(adminForm('sus2701'));
      await orderOn(alice, 'SHFE.sus2701', 'SELL', 1000);
      const before = await instrument('SHFE.sus2701');
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const suspended = await h.call('PUT', '/api/admin/instrument/SHFE.sus2701/suspend', { token: h.admin.token });
      assert.equal(suspended.status, 200, suspended.raw);
      assert.equal(suspended.body.data.instrument_id, 'SHFE.sus2701');
      assert.equal(suspended.body.data.status, 'suspended');
      assert.equal((await instrument('SHFE.sus2701')).status, 'suspended');
      assert.ok(suspended.body.data.updated_at > before.updated_at, `updated_at moves (${before.updated_at} -> ${suspended.body.data.updated_at})`);
      await refused(h, 'POST', '/api/order/submit', { token: bob.token, body: { account_id: bob.accountId, instrument_id: 'SHFE.sus2701', direction: 'BUY', offset: 'OPEN', volume: 1, price: 1000, price_type: 'LIMIT' } }, 3004, 422);
      const book = await h.ok('GET', '/api/market/orderbook/SHFE.sus2701');
      assert.deepEqual(book.asks, [{ price: 1000, volume: 1, order_count: 1 }], 'resting orders stay');
      await refused(h, 'PUT', '/api/admin/instrument/SHFE.sus2701/suspend', { token: h.admin.token }, 1001, 400);

      const resumed = await h.asAdmin('PUT', '/api/admin/instrument/SHFE.sus2701/resume');
      assert.equal(resumed.status, 'active');
      const trade = await orderOn(bob, 'SHFE.sus2701', 'BUY', 1000);
      assert.equal(trade.status, 200, trade.raw);
      assert.equal(trade.body.data.exchange_status, 'FILLED');
      await refused(h, 'PUT', '/api/admin/instrument/SHFE.sus2701/resume', { token: h.admin.token }, 1001, 400);
    });

    it('delist cancels resting orders, refuses new ones (3003), lists the instrument as delisted', async () => {
      await create(adminForm('del2701'));
      const resting = (await orderOn(alice, 'SHFE.del2701', 'SELL', 1000, { order_id: 'del-rest' })).body.data;
      assert.equal(resting.status, 'ALIVE');
      const reply = await h.call('DELETE', '/api/admin/instrument/SHFE.del2701/delist', { token: h.admin.token });
      assert.equal(reply.status, 200, reply.raw);
      assert.equal(reply.body.data.status, 'delisted');
      const order = await h.ok('GET', '/api/order/del-rest', { token: alice.token });
      assert.equal(order.status, 'FINISHED');
      assert.equal(order.exchange_status, 'CANCELLED');
      assert.ok(order.last_msg.length > 0);
      const account = await h.ok('GET', `/api/account/${alice.accountId}`, { token: alice.token });
      assert.equal(account.frozen_margin, 0);
      await refused(h, 'POST', '/api/order/submit', { token: bob.token, body: { account_id: bob.accountId, instrument_id: 'SHFE.del2701', direction: 'BUY', offset: 'OPEN', volume: 1, price: 1000, price_type: 'LIMIT' } }, 3003, 404);
      assert.equal((await instrument('SHFE.del2701')).status, 'delisted', 'the admin list keeps delisted instruments');
      const market = (await h.ok('GET', '/api/market/instruments')) as any;
      const catalogue: any[] = Array.isArray(market) ? market : (market.instruments ?? []);
      assert.ok(!catalogue.some((i) => i.instrument_id === 'SHFE.del2701'), 'not tradable, not in the market catalogue');
      await refused(h, 'DELETE', '/api/admin/instrument/SHFE.del2701/delist', { token: h.admin.token }, 3003, 404);
      const message = await refused(h, 'PUT', '/api/admin/instrument/SHFE.del2701/resume', { token: h.admin.token }, 3003, 404);
      assert.match(message, /is delisted/, 'says why, as the admin list still shows it');
      const figures = await h.ok('GET', '/api/monitoring/system', { token: h.admin.token });
      assert.equal(figures.instruments_count, catalogue.length, 'delisted instruments are not counted');
    });

    it('answers 3003 / 404 for unknown instruments, 1003 / 403 for users, 1002 / 401 without a token', async () => {
      for (const [method, action] of [['PUT', 'suspend'], ['PUT', 'resume'], ['DELETE', 'delist']] as const) {
        await refused(h, method, `/api/admin/instrument/SHFE.nope9999/${action}`, { token: h.admin.token }, 3003, 404);
        await refused(h, method, `/api/admin/instrument/SHFE.cu2701/${action}`, { token: alice.token }, 1003, 403);
        await needsToken(h, method, `/api/admin/instrument/SHFE.cu2701/${action}`);
      }
      assert.equal((await instrument('SHFE.cu2701')).status, 'active');
    });
  });

  describe('POST /api/admin/compaction/trigger', () => {
    it('compacts the storage and reports the figures before and after', async () => {
      const reply = await h.call('POST', '/api/admin/compaction/trigger', { token: h.admin.token });
      assert.equal(reply.status, 200, reply.raw);
      const data = reply.body.data;
      const figures = { wal_size_mb: 'number', memtable_size_mb: 'number', sstable_count: 'integer', sstable_total_size_mb: 'number' } as const;
      hasFields(data.before, figures, 'before');
      hasFields(data.after, figures, 'after');
      assert.equal(typeof data.duration_ms, 'number');
      assert.ok(data.duration_ms >= 0);
      assert.ok(data.after.sstable_count >= 1, 'the data is in sorted tables after a full compaction');
      const storage = await h.asAdmin('GET', '/api/monitoring/storage');
      assert.equal(storage.sstable_count, data.after.sstable_count);
      // Trading continues afterwards.
      const order = await orderOn(alice, 'SHFE.cu2701', 'BUY', 86000);
      assert.equal(order.status, 200, order.raw);
      await h.cancelAllLiveOrders();
    });

    it('a compaction the store could not finish (a full disk) answers 1005 / 500, and the exchange stops taking commands at once', async () => {
      const own = await HttpHarness.start();
      try {
        const trader = await own.trader('compactor', 'COMPACTOR1', 1_000_000);
        // LevelDB answers compactRange as done and keeps a failed background write as the
        // store's error, which every later write meets: as here.
        const db = (own.exchange.storage as unknown as { db: { put: (...args: unknown[]) => Promise<void>; batch: (...args: unknown[]) => Promise<void> } }).db;
        const full = () => Promise.reject(new Error('IO error: /data/000005.ldb: No space left on device'));
        db.put = full;
        db.batch = full;
        const message = await refused(own, 'POST', '/api/admin/compaction/trigger', { token: own.admin.token }, 1005, 500);
        assert.match(message, /the compaction did not complete, and the store takes no more writes: IO error: .*No space left on device; the exchange takes no more commands/);
        await refused(own, 'GET', '/health', {}, 1005, 500);
        await refused(own, 'POST', '/api/order/submit', { token: trader.token, body: { account_id: trader.accountId, instrument_id: 'SHFE.cu2701', direction: 'BUY', offset: 'OPEN', volume: 1, price: 86000, price_type: 'LIMIT' } }, 1005, 500);
      } finally {
        await own.stop();
      }
    });

    it('needs the admin role (1003 / 403) and a token (1002 / 401)', async () => {
      await refused(h, 'POST', '/api/admin/compaction/trigger', { token: alice.token }, 1003, 403);
      await needsToken(h, 'POST', '/api/admin/compaction/trigger');
    });
  });
});
