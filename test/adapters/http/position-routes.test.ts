/**
 * /api/position/* and /api/trades/* through in-process injection: the position map keyed
 * <exchange_id>.<instrument_id> with the spec's position fields and values, trade lists
 * with paging, and the permission and not-found refusals.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { HttpHarness, type TestUser } from '../../support/http-harness.ts';
import { cents, hasFields, needsToken, refused, refusedNaming } from '../../support/route-checks.ts';

type Trader = TestUser & { accountId: string };

/** The spec's position fields. */
const POSITION_FIELDS = {
  user_id: 'string',
  exchange_id: 'string',
  instrument_id: 'string',
  volume_long: 'integer',
  volume_long_today: 'integer',
  volume_long_his: 'integer',
  volume_short: 'integer',
  volume_short_today: 'integer',
  volume_short_his: 'integer',
  open_price_long: 'number',
  open_price_short: 'number',
  position_price_long: 'number',
  position_price_short: 'number',
  open_cost_long: 'number',
  open_cost_short: 'number',
  position_cost_long: 'number',
  position_cost_short: 'number',
  float_profit_long: 'number',
  float_profit_short: 'number',
  float_profit: 'number',
  position_profit_long: 'number',
  position_profit_short: 'number',
  position_profit: 'number',
  margin_long: 'number',
  margin_short: 'number',
  margin: 'number',
  last_price: 'number',
} as const;

/** The spec's trade fields. */
const TRADE_FIELDS = {
  user_id: 'string',
  trade_id: 'string',
  order_id: 'string',
  exchange_id: 'string',
  instrument_id: 'string',
  exchange_trade_id: 'string',
  direction: 'string',
  offset: 'string',
  price: 'number',
  volume: 'integer',
  trade_date_time: 'integer',
  commission: 'number',
} as const;

/** cu2701: multiplier 5, margin 0.09, commission 0.00005; rb2701: multiplier 10, margin 0.07, commission 0.0001. */
const CU = { multiple: 5, margin: 0.09, commission: 0.00005 };
const RB = { multiple: 10, margin: 0.07, commission: 0.0001 };

const commissionCents = (rate: number, price: number, volume: number, multiple: number) => Math.round(rate * price * volume * multiple * 100);

describe('HTTP /api/position and /api/trades', () => {
  let h: HttpHarness;
  let long: Trader;
  let short: Trader;
  let mover: Trader;
  let outsider: Trader;

  before(async () => {
    h = await HttpHarness.start();
    long = await h.trader('pos_long', 'LONG-1');
    short = await h.trader('pos_short', 'SHORT-1');
    mover = await h.trader('pos_mover', 'MOVER-1');
    outsider = await h.trader('pos_outsider', 'OUTSIDER-1');
    await h.ok('POST', `/api/user/${long.userId}/account/create`, { token: long.token, body: { account_id: 'LONG-2', initial_balance: 5_000_000 } });

    // LONG-1 buys 3 cu2701 at 86500 from SHORT-1, then 1 more at 86600.
    await h.order(short, { direction: 'SELL', price: 86500, volume: 3, order_id: 's-1' });
    await h.order(long, { direction: 'BUY', price: 86500, volume: 3, order_id: 'l-1' });
    await h.order(short, { direction: 'SELL', price: 86600, volume: 1, order_id: 's-2' });
    await h.order(long, { direction: 'BUY', price: 86600, volume: 1, order_id: 'l-2' });
    // LONG-1 closes 1 today's lot at 86700 (SHFE: CLOSETODAY) to MOVER-1.
    await h.order(mover, { direction: 'BUY', price: 86700, volume: 1, order_id: 'm-1' });
    await h.order(long, { direction: 'SELL', price: 86700, volume: 1, offset: 'CLOSETODAY', order_id: 'l-3' });
    // LONG-2 opens 2 short rb2701 at 3080 against MOVER-1, and 1 short cu2701 at 86700.
    const long2 = { ...long, accountId: 'LONG-2' };
    await h.order(mover, { direction: 'BUY', price: 3080, volume: 2, instrument_id: 'rb2701', order_id: 'm-2' });
    await h.order(long2, { direction: 'SELL', price: 3080, volume: 2, instrument_id: 'rb2701', order_id: 'l2-1' });
    await h.order(mover, { direction: 'BUY', price: 86700, volume: 1, order_id: 'm-3' });
    await h.order(long2, { direction: 'SELL', price: 86700, volume: 1, order_id: 'l2-2' });
    // The last cu2701 trade is at 86700.
  });
  after(async () => h.stop());

  describe('GET /api/position/account/{account_id}', () => {
    it('answers the positions keyed <exchange_id>.<instrument_id> with the spec fields and values', async () => {
      const data = await h.ok('GET', '/api/position/account/LONG-1', { token: long.token });
      hasFields(data, { positions: 'object' }, 'data');
      assert.deepEqual(Object.keys(data.positions), ['SHFE.cu2701']);
      const p = data.positions['SHFE.cu2701'];
      hasFields(p, POSITION_FIELDS, 'position');
      assert.equal(p.user_id, long.userId);
      assert.equal(p.exchange_id, 'SHFE');
      assert.equal(p.instrument_id, 'cu2701');
      // Bought 3 @ 86500 and 1 @ 86600, closed 1 today: 3 long, all today.
      assert.equal(p.volume_long, 3);
      assert.equal(p.volume_long_today, 3);
      assert.equal(p.volume_long_his, 0);
      assert.equal(p.volume_short, 0);
      assert.equal(p.volume_short_today, 0);
      assert.equal(p.volume_short_his, 0);
      assert.equal(p.last_price, 86700);
      // Open cost after the close: the remaining lots' cost (the spec leaves the close order
      // open: FIFO keeps 2 @ 86500 + 1 @ 86600, average keeps 3 x the average). Either way
      // open_price_long = open_cost_long / (volume x multiplier).
      assert.ok(Math.abs(p.open_price_long - p.open_cost_long / (3 * CU.multiple)) < 1e-9);
      assert.ok(p.open_cost_long === (2 * 86500 + 86600) * CU.multiple || p.open_cost_long === 3 * ((3 * 86500 + 86600) / 4) * CU.multiple);
      // Float profit, long = (last - open price) x volume x multiplier.
      assert.equal(cents(p.float_profit_long), Math.round((86700 * 3 * CU.multiple - p.open_cost_long) * 100));
      assert.equal(p.float_profit_short, 0);
      assert.equal(p.float_profit, p.float_profit_long + p.float_profit_short);
      // Margin = volume x last price x multiplier x margin ratio.
      assert.equal(cents(p.margin_long), Math.round(3 * 86700 * CU.multiple * CU.margin * 100));
      assert.equal(p.margin_short, 0);
      assert.equal(p.margin, p.margin_long);
    });

    it('shows short positions with their own figures', async () => {
      const data = await h.ok('GET', '/api/position/account/LONG-2', { token: long.token });
      assert.deepEqual(Object.keys(data.positions).sort(), ['SHFE.cu2701', 'SHFE.rb2701']);
      const rb = data.positions['SHFE.rb2701'];
      hasFields(rb, POSITION_FIELDS, 'rb position');
      assert.equal(rb.instrument_id, 'rb2701');
      assert.equal(rb.volume_short, 2);
      assert.equal(rb.volume_short_today, 2);
      assert.equal(rb.volume_long, 0);
      assert.equal(rb.open_price_short, 3080);
      assert.equal(rb.open_cost_short, 2 * 3080 * RB.multiple);
      assert.equal(rb.last_price, 3080);
      assert.equal(rb.float_profit_short, 0);
      assert.equal(cents(rb.margin_short), Math.round(2 * 3080 * RB.multiple * RB.margin * 100));
      const cu = data.positions['SHFE.cu2701'];
      assert.equal(cu.volume_short, 1);
      assert.equal(cu.open_price_short, 86700);
      // Short float profit = (open price - last price) x volume x multiplier = 0 at 86700.
      assert.equal(cu.float_profit_short, 0);
    });

    it('keeps the short side of SHORT-1 marked at the last price', async () => {
      const data = await h.ok('GET', '/api/position/account/SHORT-1', { token: short.token });
      const p = data.positions['SHFE.cu2701'];
      assert.equal(p.volume_short, 4);
      assert.equal(p.open_cost_short, (3 * 86500 + 86600) * CU.multiple);
      assert.equal(p.open_price_short, (3 * 86500 + 86600) / 4);
      // (open - last) x volume x multiplier = (346100 - 4 x 86700) x 5.
      assert.equal(cents(p.float_profit_short), (3 * 86500 + 86600 - 4 * 86700) * CU.multiple * 100);
      assert.equal(p.float_profit, p.float_profit_short);
    });

    it('answers an account without positions with an empty map', async () => {
      const data = await h.ok('GET', '/api/position/account/OUTSIDER-1', { token: outsider.token });
      assert.deepEqual(data.positions, {});
    });

    it("refuses an unknown account with 2001 / 404 and another user's with 1003 / 403; the admin may", async () => {
      await refused(h, 'GET', '/api/position/account/NO-SUCH', { token: long.token }, 2001, 404);
      await refused(h, 'GET', '/api/position/account/LONG-1', { token: outsider.token }, 1003, 403);
      const byAdmin = await h.ok('GET', '/api/position/account/LONG-1', { token: h.admin.token });
      assert.equal(byAdmin.positions['SHFE.cu2701'].volume_long, 3);
      await needsToken(h, 'GET', '/api/position/account/LONG-1');
    });
  });

  describe('GET /api/position/user/{user_id} and /api/position/{user_id}', () => {
    for (const prefix of ['/api/position/user', '/api/position']) {
      it(`${prefix}/{user_id} answers every account's positions, keyed by instrument`, async () => {
        const data = await h.ok('GET', `${prefix}/${long.userId}`, { token: long.token });
        hasFields(data, { positions: 'object' }, 'data');
        const entries = Object.entries(data.positions) as [string, Record<string, unknown>][];
        // LONG-1: cu long; LONG-2: cu short and rb short.
        assert.equal(entries.length, 3);
        for (const [key, position] of entries) {
          hasFields(position, POSITION_FIELDS, key);
          assert.ok(key.startsWith(`${position.exchange_id}.${position.instrument_id}`), `${key} is keyed by its instrument`);
          assert.equal(position.user_id, long.userId);
        }
        assert.ok('SHFE.rb2701' in data.positions);
        assert.equal(data.positions['SHFE.rb2701'].volume_short, 2);
        const cu = entries.filter(([, p]) => p.instrument_id === 'cu2701').map(([, p]) => [p.volume_long, p.volume_short]);
        assert.deepEqual(cu.sort(), [
          [0, 1],
          [3, 0],
        ]);
        const single = await h.ok('GET', `${prefix}/${short.userId}`, { token: short.token });
        assert.deepEqual(Object.keys(single.positions), ['SHFE.cu2701']);
        assert.equal(single.positions['SHFE.cu2701'].volume_short, 4);
      });

      it(`${prefix}/{user_id} refuses another user with 1003 / 403 and an unknown one with 1004 / 404 (admin)`, async () => {
        await refused(h, 'GET', `${prefix}/${long.userId}`, { token: outsider.token }, 1003, 403);
        await refused(h, 'GET', `${prefix}/${randomUUID()}`, { token: h.admin.token }, 1004, 404);
        const byAdmin = await h.ok('GET', `${prefix}/${short.userId}`, { token: h.admin.token });
        assert.equal(byAdmin.positions['SHFE.cu2701'].volume_short, 4);
        const none = await h.user(`pos_none_${prefix.length}`);
        assert.deepEqual((await h.ok('GET', `${prefix}/${none.userId}`, { token: none.token })).positions, {});
        await needsToken(h, 'GET', `${prefix}/${long.userId}`);
      });
    }
  });

  describe('GET /api/trades/account/{account_id} and /api/trades/user/{user_id}', () => {
    it("lists an account's trades, oldest first, with the spec's trade fields", async () => {
      const trades = await h.ok('GET', '/api/trades/account/LONG-1', { token: long.token });
      assert.ok(Array.isArray(trades));
      assert.equal(trades.length, 3);
      for (const trade of trades) hasFields(trade, TRADE_FIELDS, 'trade');
      assert.deepEqual(
        trades.map((t: Record<string, unknown>) => [t.order_id, t.direction, t.offset, t.price, t.volume, t.exchange_id, t.instrument_id, t.user_id]),
        [
          ['l-1', 'BUY', 'OPEN', 86500, 3, 'SHFE', 'cu2701', long.userId],
          ['l-2', 'BUY', 'OPEN', 86600, 1, 'SHFE', 'cu2701', long.userId],
          ['l-3', 'SELL', 'CLOSE', 86700, 1, 'SHFE', 'cu2701', long.userId],
        ],
      );
      const commissions = trades.map((t: { commission: number }) => cents(t.commission));
      assert.deepEqual(commissions, [
        commissionCents(CU.commission, 86500, 3, CU.multiple),
        commissionCents(CU.commission, 86600, 1, CU.multiple),
        commissionCents(CU.commission, 86700, 1, CU.multiple),
      ]);
      const times = trades.map((t: { trade_date_time: number }) => t.trade_date_time);
      assert.deepEqual([...times].sort((a, b) => a - b), times);
      assert.ok((times[0] as number) > 1e18, 'trade_date_time is in nanoseconds');
      assert.equal(new Set(trades.map((t: { trade_id: string }) => t.trade_id)).size, 3);
      // The trade ids are those of the account snapshot.
      const snap = await h.ok('GET', '/api/account/LONG-1', { token: long.token });
      assert.deepEqual(Object.keys(snap.trades).sort(), trades.map((t: { trade_id: string }) => t.trade_id).sort());
    });

    it('lists every account of a user, and one account with ?account_id', async () => {
      const all = await h.ok('GET', `/api/trades/user/${long.userId}`, { token: long.token });
      assert.equal(all.length, 5);
      for (const trade of all) hasFields(trade, TRADE_FIELDS, 'trade');
      assert.deepEqual(
        all.map((t: Record<string, unknown>) => t.order_id).sort(),
        ['l-1', 'l-2', 'l-3', 'l2-1', 'l2-2'],
      );
      const rb = all.find((t: Record<string, unknown>) => t.order_id === 'l2-1');
      assert.equal(rb.instrument_id, 'rb2701');
      assert.equal(rb.direction, 'SELL');
      assert.equal(rb.offset, 'OPEN');
      assert.equal(cents(rb.commission), commissionCents(RB.commission, 3080, 2, RB.multiple));
      const only = await h.ok('GET', `/api/trades/user/${long.userId}?account_id=LONG-2`, { token: long.token });
      assert.deepEqual(only.map((t: Record<string, unknown>) => t.order_id).sort(), ['l2-1', 'l2-2']);
    });

    it('pages with limit and offset', async () => {
      const all = await h.ok('GET', `/api/trades/user/${long.userId}`, { token: long.token });
      assert.deepEqual(await h.ok('GET', `/api/trades/user/${long.userId}?limit=2`, { token: long.token }), all.slice(0, 2));
      assert.deepEqual(await h.ok('GET', `/api/trades/user/${long.userId}?limit=2&offset=2`, { token: long.token }), all.slice(2, 4));
      assert.deepEqual(await h.ok('GET', `/api/trades/user/${long.userId}?offset=4`, { token: long.token }), all.slice(4));
      assert.deepEqual(await h.ok('GET', `/api/trades/user/${long.userId}?offset=5`, { token: long.token }), []);
      const account = await h.ok('GET', '/api/trades/account/LONG-1', { token: long.token });
      assert.deepEqual(await h.ok('GET', '/api/trades/account/LONG-1?limit=1&offset=1', { token: long.token }), account.slice(1, 2));
      assert.deepEqual(await h.ok('GET', '/api/trades/account/LONG-1?limit=1000', { token: long.token }), account);
      for (const url of ['/api/trades/account/LONG-1', `/api/trades/user/${long.userId}`]) {
        await refusedNaming(h, 'GET', `${url}?limit=0`, { token: long.token }, 1001, 400, 'limit');
        await refusedNaming(h, 'GET', `${url}?limit=1001`, { token: long.token }, 1001, 400, 'limit');
        await refusedNaming(h, 'GET', `${url}?limit=ten`, { token: long.token }, 1001, 400, 'limit');
        await refusedNaming(h, 'GET', `${url}?offset=-1`, { token: long.token }, 1001, 400, 'offset');
      }
    });

    it('answers 100 trades by default and at most limit', async () => {
      const maker = await h.trader('pos_maker', 'MAKER-1');
      const taker = await h.trader('pos_taker', 'TAKER-1');
      // 101 resting one-lot asks, then one bid taking them all: 101 trades for TAKER-1.
      for (const chunk of [100, 1]) {
        const orders = Array.from({ length: chunk }, () => ({ instrument_id: 'al2701', exchange_id: 'SHFE', direction: 'SELL', offset: 'OPEN', volume: 1, price: 21300, order_type: 'LIMIT' }));
        const batch = await h.ok('POST', '/api/order/batch', { token: maker.token, body: { account_id: 'MAKER-1', orders } });
        assert.equal(batch.success_count, chunk);
      }
      const taken = await h.order(taker, { direction: 'BUY', price: 21300, volume: 101, instrument_id: 'al2701' });
      assert.equal(taken.volume_left, 0);
      const first = await h.ok('GET', '/api/trades/account/TAKER-1', { token: taker.token });
      assert.equal(first.length, 100);
      const rest = await h.ok('GET', '/api/trades/account/TAKER-1?offset=100', { token: taker.token });
      assert.equal(rest.length, 1);
      const everything = await h.ok('GET', '/api/trades/account/TAKER-1?limit=1000', { token: taker.token });
      assert.equal(everything.length, 101);
      assert.deepEqual(everything, [...first, ...rest]);
      assert.equal((await h.ok('GET', `/api/trades/user/${maker.userId}`, { token: maker.token })).length, 100);
    });

    it("refuses unknown and other users' accounts and users", async () => {
      await refused(h, 'GET', '/api/trades/account/NO-SUCH', { token: long.token }, 2001, 404);
      await refused(h, 'GET', '/api/trades/account/LONG-1', { token: outsider.token }, 1003, 403);
      await refused(h, 'GET', `/api/trades/user/${long.userId}`, { token: outsider.token }, 1003, 403);
      await refused(h, 'GET', `/api/trades/user/${outsider.userId}?account_id=LONG-1`, { token: outsider.token }, 1003, 403);
      await refused(h, 'GET', `/api/trades/user/${outsider.userId}?account_id=NO-SUCH`, { token: outsider.token }, 2001, 404);
      await refused(h, 'GET', `/api/trades/user/${randomUUID()}`, { token: h.admin.token }, 1004, 404);
      assert.equal((await h.ok('GET', '/api/trades/account/LONG-1', { token: h.admin.token })).length, 3);
      assert.equal((await h.ok('GET', `/api/trades/user/${long.userId}`, { token: h.admin.token })).length, 5);
      assert.deepEqual(await h.ok('GET', '/api/trades/account/OUTSIDER-1', { token: outsider.token }), []);
      await needsToken(h, 'GET', '/api/trades/account/LONG-1');
      await needsToken(h, 'GET', `/api/trades/user/${long.userId}`);
    });
  });

  describe('open interest (GET /api/market/tick) agrees with the positions', () => {
    const longVolume = async (instrument: string) => {
      let total = 0;
      for (const t of [long, short, mover, outsider]) {
        const positions = (await h.ok('GET', `/api/position/user/${t.userId}`, { token: h.admin.token })).positions as Record<string, Record<string, unknown>>;
        for (const p of Object.values(positions)) if (`${p.exchange_id}.${p.instrument_id}` === instrument) total += p.volume_long as number;
      }
      return total;
    };

    it('open interest = total long volume, through opens, a hand-over and a close on both sides', async () => {
      assert.equal((await h.ok('GET', '/api/market/tick/SHFE.cu2701')).open_interest, await longVolume('SHFE.cu2701'));
      assert.equal(await longVolume('SHFE.cu2701'), 5);
      assert.equal((await h.ok('GET', '/api/market/tick/SHFE.rb2701')).open_interest, 2);
      // SHORT-1 buys back 1 lot from LONG-1, who sells 1 of its longs: both close.
      await h.order(short, { direction: 'BUY', price: 86700, volume: 1, offset: 'CLOSETODAY', order_id: 's-close' });
      await h.order(long, { direction: 'SELL', price: 86700, volume: 1, offset: 'CLOSETODAY', order_id: 'l-close' });
      assert.equal(await longVolume('SHFE.cu2701'), 4);
      assert.equal((await h.ok('GET', '/api/market/tick/SHFE.cu2701')).open_interest, 4);
    });
  });
});
