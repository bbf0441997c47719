/**
 * POST /api/order/submit's refusals through in-process injection: each rule's code and
 * HTTP status (DECISIONS.md), and whether the refused order is recorded REJECTED (the
 * core refused it) or not recorded at all (the request never became a command). Accepted
 * orders and their effects: order-routes.test.ts.
 *
 * Instrument: SHFE.cu2701, tick 10, multiplier 5, margin 0.09, reference 86500, limits
 * 79580..93420. Each test starts with empty books (afterEach cancels whatever rests).
 */
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import { HttpHarness } from '../../support/http-harness.ts';
import { CU, frozenPerLot, orderRouteKit } from '../../support/order-route-kit.ts';
import { needsToken, refused } from '../../support/route-checks.ts';

describe('HTTP POST /api/order/submit: refusals', () => {
  let h: HttpHarness;
  const { trader, submit, limit, account, orderOf, book, recordedRejected } = orderRouteKit(() => h, 'orf');

  before(async () => {
    h = await HttpHarness.start();
  });
  afterEach(async () => {
    await h.cancelAllLiveOrders();
  });
  after(async () => h.stop());

  it('refuses an unknown instrument with 3003 / 404 and records the order REJECTED', async () => {
    const alice = await trader();
    await refused(h, 'POST', '/api/order/submit', { token: alice.token, body: { account_id: alice.accountId, ...limit('BUY', 86000, 1, { instrument_id: 'zz9999', order_id: 'unk-1' }) } }, 3003, 404);
    await refused(h, 'POST', '/api/order/submit', { token: alice.token, body: { account_id: alice.accountId, ...limit('BUY', 86000, 1, { instrument_id: 'SHFE.zz9999', exchange_id: undefined, order_id: 'unk-2' }) } }, 3003, 404);
    await refused(h, 'POST', '/api/order/submit', { token: alice.token, body: { account_id: alice.accountId, ...limit('BUY', 86000, 1, { exchange_id: 'DCE', order_id: 'unk-3' }) } }, 3003, 404);
    await recordedRejected(alice, 'unk-1', 3003);
    await recordedRejected(alice, 'unk-2', 3003);
    const acc = await account(alice);
    assert.equal(acc.available, 10_000_000, 'nothing stays frozen');
  });

  it('refuses an order on a suspended instrument with 3004 / 422, and accepts it again after resume', async () => {
    const alice = await trader();
    const agOrder = { instrument_id: 'ag2702', exchange_id: 'SHFE', direction: 'BUY', offset: 'OPEN', volume: 1, price: 11900, price_type: 'LIMIT' };
    await h.asAdmin('PUT', '/api/admin/instrument/SHFE.ag2702/suspend');
    try {
      await refused(h, 'POST', '/api/order/submit', { token: alice.token, body: { account_id: alice.accountId, ...agOrder, order_id: 'susp-1' } }, 3004, 422);
      await recordedRejected(alice, 'susp-1', 3004);
    } finally {
      await h.asAdmin('PUT', '/api/admin/instrument/SHFE.ag2702/resume');
    }
    const again = await submit(alice, { ...agOrder, order_id: 'susp-2' });
    assert.equal(again.status, 200, again.raw);
    assert.equal(again.body.data.exchange_status, 'ACCEPTED');
  });

  it('refuses prices beyond limit-up / limit-down with 3006 / 422 (they do not wait as PENDING)', async () => {
    const alice = await trader();
    await refused(h, 'POST', '/api/order/submit', { token: alice.token, body: { account_id: alice.accountId, ...limit('BUY', CU.upper + 10, 1, { order_id: 'lim-up' }) } }, 3006, 422);
    await refused(h, 'POST', '/api/order/submit', { token: alice.token, body: { account_id: alice.accountId, ...limit('SELL', CU.lower - 10, 1, { order_id: 'lim-down' }) } }, 3006, 422);
    await recordedRejected(alice, 'lim-up', 3006);
    await recordedRejected(alice, 'lim-down', 3006);
    assert.deepEqual((await book()).bids, []);
  });

  it('refuses volume 0, 1.5 and -1 with 3007 / 400 and records each order REJECTED', async () => {
    const alice = await trader();
    for (const [i, volume] of [0, 1.5, -1].entries()) {
      await refused(h, 'POST', '/api/order/submit', { token: alice.token, body: { account_id: alice.accountId, ...limit('BUY', 86000, volume, { order_id: `vol-${i}` }) } }, 3007, 400);
      await recordedRejected(alice, `vol-${i}`, 3007);
      // The record shows the volume it was sent with (an integer schema wrote 1 for 1.5).
      assert.equal((await orderOf(alice, `vol-${i}`)).volume_orign, volume);
    }
    assert.equal((await account(alice)).available, 10_000_000);
  });

  it('refuses a volume that is not a number with 1001 / 400', async () => {
    const alice = await trader();
    await refused(h, 'POST', '/api/order/submit', { token: alice.token, body: { account_id: alice.accountId, ...limit('BUY', 86000, '5' as unknown as number) } }, 1001, 400);
  });

  it('refuses an order the funds do not cover with 2004 / 422, recorded REJECTED, nothing frozen', async () => {
    const poor = await trader(10_000);
    const message = await refused(h, 'POST', '/api/order/submit', { token: poor.token, body: { account_id: poor.accountId, ...limit('BUY', 86000, 1, { order_id: 'poor-1' }) } }, 2004, 422);
    assert.match(message, /^order poor-1 refused: Insufficient funds/);
    await recordedRejected(poor, 'poor-1', 2004);
    // An id the exchange generated is named too: the client finds the REJECTED record by it.
    const generated = await refused(h, 'POST', '/api/order/submit', { token: poor.token, body: { account_id: poor.accountId, ...limit('BUY', 86000, 1) } }, 2004, 422);
    const orderId = /^order (\S+) refused: /.exec(generated)?.[1];
    assert.ok(orderId !== undefined && orderId !== 'poor-1', generated);
    await recordedRejected(poor, orderId, 2004);
    const acc = await account(poor);
    assert.equal(acc.available, 10_000);
    assert.equal(acc.frozen_margin, 0);
  });

  it('refuses closing more than is held with 3005 / 422', async () => {
    const alice = await trader();
    const bob = await trader();
    await refused(h, 'POST', '/api/order/submit', { token: bob.token, body: { account_id: bob.accountId, ...limit('SELL', 86000, 1, { offset: 'CLOSETODAY', order_id: 'close-0' }) } }, 3005, 422);
    await recordedRejected(bob, 'close-0', 3005);
    await h.order(alice, { direction: 'SELL', price: 86000, volume: 1 });
    await h.order(bob, { direction: 'BUY', price: 86000, volume: 1 });
    await refused(h, 'POST', '/api/order/submit', { token: bob.token, body: { account_id: bob.accountId, ...limit('SELL', 86000, 2, { offset: 'CLOSETODAY', order_id: 'close-2' }) } }, 3005, 422);
    await recordedRejected(bob, 'close-2', 3005);
    // A pending close freezes the lot: a second close of it is refused too.
    await h.ok('POST', '/api/order/submit', { token: bob.token, body: { account_id: bob.accountId, ...limit('SELL', 87000, 1, { offset: 'CLOSETODAY' }) } });
    await refused(h, 'POST', '/api/order/submit', { token: bob.token, body: { account_id: bob.accountId, ...limit('SELL', 87000, 1, { offset: 'CLOSETODAY' }) } }, 3005, 422);
  });

  it('refuses another user\'s account (or user_id) with 1003 / 403 and records nothing', async () => {
    const alice = await trader();
    const mallory = await trader();
    await refused(h, 'POST', '/api/order/submit', { token: mallory.token, body: { account_id: alice.accountId, ...limit('BUY', 86000, 1, { order_id: 'steal-1' }) } }, 1003, 403);
    await refused(h, 'POST', '/api/order/submit', { token: mallory.token, body: { user_id: alice.userId, ...limit('BUY', 86000, 1) } }, 1003, 403);
    await refused(h, 'POST', '/api/order/submit', { token: mallory.token, body: { user_id: alice.userId, account_id: mallory.accountId, ...limit('BUY', 86000, 1) } }, 1003, 403);
    const list = (await h.ok('GET', `/api/order/user/${alice.userId}`, { token: alice.token })) as any[];
    assert.equal(list.length, 0);
  });

  it('refuses an unknown account with 2001 / 404, and a user without accounts with 2001 / 404', async () => {
    const alice = await trader();
    await refused(h, 'POST', '/api/order/submit', { token: alice.token, body: { ...limit('BUY', 86000), account_id: 'NO-SUCH-ACCOUNT' } }, 2001, 404);
    const bare = await h.user(`ord_noacct_${(await trader()).accountId}`);
    await refused(h, 'POST', '/api/order/submit', { token: bare.token, body: { user_id: bare.userId, ...limit('BUY', 86000) } }, 2001, 404);
  });

  it('refuses a LIMIT order without a price (and with a price off the tick) with 1001 / 400', async () => {
    const alice = await trader();
    const { price: _price, ...noPrice } = limit('BUY', 86000);
    await refused(h, 'POST', '/api/order/submit', { token: alice.token, body: { account_id: alice.accountId, ...noPrice } }, 1001, 400);
    await refused(h, 'POST', '/api/order/submit', { token: alice.token, body: { account_id: alice.accountId, ...noPrice, price: null } }, 1001, 400);
    await refused(h, 'POST', '/api/order/submit', { token: alice.token, body: { account_id: alice.accountId, ...noPrice, order_type: 'LIMIT', price_type: undefined } }, 1001, 400);
    await refused(h, 'POST', '/api/order/submit', { token: alice.token, body: { account_id: alice.accountId, ...limit('BUY', 86005) } }, 1001, 400);
  });

  it('freezes a MARKET buy at limit-up: refused with 2004 / 422 when only a LIMIT order at the market is covered', async () => {
    const alice = await trader(40_000);
    const atMarket = await submit(alice, limit('BUY', 86000, 1, { time_condition: 'IOC' }));
    assert.equal(atMarket.status, 200, 'one lot at 86000 needs 38721.5');
    await refused(h, 'POST', '/api/order/submit', { token: alice.token, body: { account_id: alice.accountId, instrument_id: 'cu2701', exchange_id: 'SHFE', direction: 'BUY', offset: 'OPEN', volume: 1, price_type: 'MARKET', order_id: 'mkt-poor' } }, 2004, 422);
    await recordedRejected(alice, 'mkt-poor', 2004);
  });

  it('refuses GTD without valid_until_date and GFA outside an auction with 1001 / 400 (recorded), and a live order_id twice', async () => {
    const alice = await trader();
    await refused(h, 'POST', '/api/order/submit', { token: alice.token, body: { account_id: alice.accountId, ...limit('BUY', 86000, 1, { time_condition: 'GTD', order_id: 'gtd-1' }) } }, 1001, 400);
    await recordedRejected(alice, 'gtd-1', 1001);
    await refused(h, 'POST', '/api/order/submit', { token: alice.token, body: { account_id: alice.accountId, ...limit('BUY', 86000, 1, { time_condition: 'GFA', order_id: 'gfa-1' }) } }, 1001, 400);
    const gtd = (await submit(alice, limit('BUY', 86000, 1, { time_condition: 'GTD', valid_until_date: '2099-12-31', order_id: 'gtd-2' }))).body.data;
    assert.equal(gtd.valid_until_date, '2099-12-31');
    assert.equal(gtd.status, 'ALIVE');
    await refused(h, 'POST', '/api/order/submit', { token: alice.token, body: { account_id: alice.accountId, ...limit('BUY', 85000, 1, { order_id: 'gtd-2' }) } }, 1001, 400);
    assert.equal((await orderOf(alice, 'gtd-2')).limit_price, 86000, 'the live order is untouched');
  });

  it('refuses a field its condition does not read, and a date not on the calendar, with 1001 / 400 (nothing placed)', async () => {
    const alice = await trader();
    const submitted = (body: object) => ({ token: alice.token, body: { account_id: alice.accountId, ...body } });
    const cases: [string, Record<string, unknown>, RegExp][] = [
      // A GFD order with a date would die at this day's settlement, not on the date.
      ['cf-1', limit('BUY', 86000, 1, { valid_until_date: '2099-12-31' }), /valid_until_date is read only with time_condition GTD, and this order is GFD/],
      ['cf-2', limit('BUY', 86000, 1, { time_condition: 'GTD', valid_until_date: '2099-02-30' }), /valid_until_date "2099-02-30" is not a date of the calendar/],
      ['cf-3', limit('BUY', 86000, 2, { min_volume: 1 }), /min_volume is read only with volume_condition MIN, and this order is ANY/],
      ['cf-4', limit('BUY', 86000, 2, { volume_condition: 'ALL', min_volume: 1 }), /this order is ALL/],
      // The price of a market order would read as a protection it does not have.
      ['cf-5', { ...limit('BUY', 86000), price_type: 'MARKET' }, /price 86000 is not used by MARKET orders/],
      ['cf-6', { ...limit('BUY', 86000), price: undefined, price_type: undefined, limit_price: 86000, order_type: 'ANY' }, /price 86000 is not used by ANY orders/],
      // Ids that DIFF clients would merge into their objects' prototype.
      ['__proto__', limit('BUY', 86000), /order_id "__proto__" is a name every JavaScript object already has/],
      ['constructor', limit('BUY', 86000), /order_id "constructor"/],
    ];
    for (const [orderId, body, named] of cases) {
      const message = await refused(h, 'POST', '/api/order/submit', submitted({ ...body, order_id: orderId }), 1001, 400);
      assert.match(message, named);
      assert.equal((await h.call('GET', `/api/order/${orderId}`, { token: alice.token })).status, 404, `${orderId} is not recorded`);
    }
    // The same in a batch: the item is refused, its neighbour placed.
    const batch = await h.call('POST', '/api/order/batch', { token: alice.token, body: { account_id: alice.accountId, orders: [limit('BUY', 86000, 1, { min_volume: 1, order_id: 'cf-7' }), limit('BUY', 86000, 1, { order_id: 'cf-8' })] } });
    assert.deepEqual(batch.body.data.results.map((r: { success: boolean }) => r.success), [false, true], batch.raw);
    // A market order with price 0 or null is a market order without a price.
    const market = await submit(alice, { ...limit('SELL', 86000, 1, { order_id: 'cf-9' }), price: null, price_type: 'MARKET' });
    assert.equal(market.status, 200, market.raw);
    const zero = await submit(alice, { ...limit('SELL', 86000, 1, { order_id: 'cf-10' }), price: 0, price_type: 'MARKET' });
    assert.equal(zero.status, 200, zero.raw);
    assert.equal((await account(alice)).available, 10_000_000 - frozenPerLot(86000), 'only cf-8 is live');
  });

  it('refuses malformed fields with 1001 / 400 (direction, offset, price_type, missing instrument)', async () => {
    const alice = await trader();
    const base = { account_id: alice.accountId, ...limit('BUY', 86000) };
    await refused(h, 'POST', '/api/order/submit', { token: alice.token, body: { ...base, direction: 'LONG' } }, 1001, 400);
    await refused(h, 'POST', '/api/order/submit', { token: alice.token, body: { ...base, offset: 'SOMETIME' } }, 1001, 400);
    await refused(h, 'POST', '/api/order/submit', { token: alice.token, body: { ...base, price_type: 'BEST' } }, 1001, 400);
    const { instrument_id: _i, ...noInstrument } = base;
    await refused(h, 'POST', '/api/order/submit', { token: alice.token, body: noInstrument }, 1001, 400);
  });

  it('needs a token (1002 / 401)', async () => {
    await needsToken(h, 'POST', '/api/order/submit', limit('BUY', 86000));
  });
});
