/**
 * An account snapshot over a long history, over HTTP (GET /api/account/{id}) and DIFF
 * (trade.<key> after login): the newest records and every live order, the rest paged;
 * and how often a user may read them.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { HISTORY_READ_BURST, HISTORY_READS_PER_SECOND } from '../../../src/app/auth/history-read-limiter.ts';
import { SNAPSHOT_HISTORY_LIMIT } from '../../../src/app/services/views.ts';
import { DiffClient } from '../../support/diff-client.ts';
import { HttpHarness } from '../../support/http-harness.ts';

describe('HTTP account snapshot over a long history', () => {
  let h: HttpHarness;
  before(async () => {
    h = await HttpHarness.start({ websocket: true });
  });
  after(async () => h.stop());

  it(`shows the newest ${SNAPSHOT_HISTORY_LIMIT} orders and trades, every live order, and the totals`, async () => {
    const alice = await h.trader('alice', 'ALICE1', 100_000_000);
    const bob = await h.trader('bob', 'BOB1', 100_000_000);
    await h.order(alice, { direction: 'BUY', price: 80_000, order_id: 'old-live' });
    const batch = (user: typeof alice, direction: 'BUY' | 'SELL', offset: 'OPEN' | 'CLOSETODAY', prefix: string) =>
      h.ok('POST', '/api/order/batch', {
        token: user.token,
        body: {
          account_id: user.accountId,
          orders: Array.from({ length: 100 }, (_, i) => ({
            instrument_id: 'cu2701', exchange_id: 'SHFE', direction, offset, volume: 1, price: 86_500, order_type: 'LIMIT', order_id: `${prefix}-${i}`,
          })),
        },
      });
    // Rounds of 100 crosses, opening and closing (today's lots, as SHFE needs) in turn: alice rests, bob takes.
    const rounds = Math.ceil((SNAPSHOT_HISTORY_LIMIT + 50) / 100);
    for (let round = 0; round < rounds; round++) {
      const opening = round % 2 === 0;
      await batch(alice, opening ? 'SELL' : 'BUY', opening ? 'OPEN' : 'CLOSETODAY', `a${round}`);
      await batch(bob, opening ? 'BUY' : 'SELL', opening ? 'OPEN' : 'CLOSETODAY', `b${round}`);
    }
    const snapshot = await h.ok('GET', `/api/account/${alice.accountId}`, { token: alice.token });
    assert.equal(snapshot.orders_total, rounds * 100 + 1);
    assert.equal(snapshot.trades_total, rounds * 100);
    const orderIds = Object.keys(snapshot.orders);
    assert.equal(orderIds.length, SNAPSHOT_HISTORY_LIMIT + 1, 'the newest records and the older live order');
    assert.equal(snapshot.orders['old-live'].status, 'ALIVE');
    assert.ok(snapshot.orders[`a${rounds - 1}-99`] !== undefined, 'the newest order');
    assert.equal(snapshot.orders['a0-0'], undefined, 'the oldest finished order is left to the paged list');
    const trades = Object.values(snapshot.trades) as { order_id: string }[];
    assert.equal(trades.length, SNAPSHOT_HISTORY_LIMIT);
    assert.ok(trades.some((t) => t.order_id === `a${rounds - 1}-99`));
    assert.ok(!trades.some((t) => t.order_id === 'a0-0'));
    // The positions and money are the account's whole, not the window's.
    assert.equal(snapshot.positions['SHFE.cu2701']?.volume_short ?? 0, rounds % 2 === 1 ? 100 : 0);
    // A smaller window on request (a page following prices needs only the money and positions).
    const small = await h.ok('GET', `/api/account/${alice.accountId}?limit=5`, { token: alice.token });
    assert.deepEqual(Object.keys(small.orders).sort(), ['old-live', ...Array.from({ length: 5 }, (_, i) => `a${rounds - 1}-${95 + i}`)].sort());
    assert.equal(Object.keys(small.trades).length, 5);
    const bare = await h.ok('GET', `/api/account/${alice.accountId}?limit=0`, { token: alice.token });
    assert.deepEqual([bare.orders, bare.trades], [{}, {}]);
    assert.deepEqual([bare.positions, bare.balance, bare.orders_total, bare.trades_total], [snapshot.positions, snapshot.balance, snapshot.orders_total, snapshot.trades_total]);
    for (const wrong of ['-1', '1001', 'all']) {
      const refused = await h.call('GET', `/api/account/${alice.accountId}?limit=${wrong}`, { token: alice.token });
      assert.equal(refused.status, 400, wrong);
      assert.match(refused.body.error?.message ?? '', /limit/, wrong);
    }
    // The operators' view of all the user's accounts shows less of each: the newest 100.
    const detail = await h.asAdmin('GET', `/api/management/account/${alice.userId}/detail`);
    const overview = detail.accounts[0];
    assert.deepEqual([Object.keys(overview.orders).length, Object.keys(overview.trades).length], [100, 100]);
    assert.deepEqual([overview.orders_total, overview.trades_total], [snapshot.orders_total, snapshot.trades_total]);
    assert.ok(overview.orders[`a${rounds - 1}-99`] !== undefined);
    // Every record is there to page through, oldest first.
    const oldest = await h.ok('GET', `/api/order/user/${alice.userId}?limit=2`, { token: alice.token });
    assert.deepEqual(oldest.map((o: { order_id: string }) => o.order_id), ['old-live', 'a0-0']);

    // DIFF shows the same after login, and follows on from there.
    const client = await DiffClient.connect(`ws://127.0.0.1:${h.service.diff!.port}/ws/diff`);
    try {
      client.send({ aid: 'req_login', bid: 'basis', user_name: 'alice', password: 'password1' });
      await client.until((m) => m.trade?.alice?.trade_more_data === false, 10_000, 'login');
      const shown = client.mirror.trade.alice;
      assert.deepEqual(Object.keys(shown.orders).sort(), orderIds.sort());
      assert.deepEqual(Object.keys(shown.trades).sort(), Object.keys(snapshot.trades).sort());
      await h.order(alice, { direction: 'SELL', price: 86_500, order_id: 'after-login' });
      await h.order(bob, { direction: 'BUY', price: 86_500 });
      await client.until((m) => Object.values(m.trade.alice.trades).some((t: any) => t.order_id === 'after-login'), 5000, 'the next trade');
      assert.equal(Object.keys(client.mirror.trade.alice.trades).length, SNAPSHOT_HISTORY_LIMIT + 1);
      // The day's end expires the old live order, outside the newest records: still told.
      await h.asAdmin('POST', '/api/admin/settlement/execute', {});
      await client.until((m) => m.trade.alice.orders['old-live']?.status === 'FINISHED', 5000, 'the old order expired');
    } finally {
      client.socket.terminate();
    }
  });

  it(`limits a user's history reads to ${HISTORY_READS_PER_SECOND} a second and a burst of ${HISTORY_READ_BURST}; malformed reads, administrators and other users are not counted`, async () => {
    const reader = await h.trader('reader', 'READER1');
    const other = await h.trader('reader_other', 'READER2');
    const read = (token: string, url: string) => h.service.http.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    // Refused for their own faults first: these take no point.
    for (let i = 0; i < 20; i++) assert.equal((await read(reader.token, `/api/order/user/${reader.userId}?limit=0`)).statusCode, 400);
    const started = Date.now();
    const statuses: number[] = [];
    const urls = [`/api/account/${reader.accountId}`, `/api/order/user/${reader.userId}`, `/api/trades/account/${reader.accountId}`, `/api/trades/user/${reader.userId}`];
    for (let i = 0; i < HISTORY_READS_PER_SECOND + HISTORY_READ_BURST + 10; i++) statuses.push((await read(reader.token, urls[i % urls.length]!)).statusCode);
    const seconds = Math.ceil((Date.now() - started) / 1000);
    const passed = statuses.filter((s) => s === 200).length;
    assert.ok(passed >= HISTORY_READS_PER_SECOND + HISTORY_READ_BURST, `${passed} reads passed`);
    assert.ok(passed <= HISTORY_READ_BURST + HISTORY_READS_PER_SECOND * (seconds + 1), `${passed} reads passed in ${seconds} s`);
    const refused = await read(reader.token, `/api/account/${reader.accountId}`);
    assert.equal(refused.statusCode, 429);
    assert.match(String(refused.headers['retry-after']), /^\d+$/);
    assert.deepEqual(refused.json().error.code, 1001);
    assert.match(refused.json().error.message, /too many reads of your history; try again in \d+ s/);
    // Another user, and the administrator reading the same account, go on.
    assert.equal((await read(other.token, `/api/account/${other.accountId}`)).statusCode, 200);
    for (let i = 0; i < HISTORY_READS_PER_SECOND + HISTORY_READ_BURST + 10; i++) {
      assert.equal((await read(h.admin.token, `/api/account/${reader.accountId}`)).statusCode, 200, `the administrator's read ${i + 1}`);
    }
    // Trading is not a read.
    await h.order(reader, { direction: 'BUY', price: 80_000 });
  });
});
