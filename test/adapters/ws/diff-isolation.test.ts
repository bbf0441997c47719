/**
 * Two users on separate DIFF connections: each sees only its own trade.<key> and its own
 * notifications, and every operation produces a patch of the expected shape that holds
 * only what changed (compared with the client's mirror before the patch).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DiffClient, unchangedFields } from '../../support/diff-client.ts';
import { HttpHarness, type TestUser } from '../../support/http-harness.ts';

type Trader = TestUser & { accountId: string };
const POSITION = 'SHFE.cu2701';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The merged trade.<key> patches a client received from history index `from` on. */
function tradePatchesSince(client: DiffClient, key: string, from: number): any[] {
  return client.history
    .slice(from)
    .map((entry) => entry.patch.trade?.[key])
    .filter((patch) => patch !== undefined);
}

/** Keys present in any of the patches. */
function keysOf(patches: any[]): Set<string> {
  return new Set(patches.flatMap((p) => Object.keys(p)));
}

/** Every patch the client received holds only changes. */
function assertOnlyChanges(client: DiffClient, who: string): void {
  for (const [index, { before, patch }] of client.history.entries()) {
    const unchanged = unchangedFields(before, patch);
    assert.deepEqual(unchanged, [], `${who}: patch #${index} carries unchanged fields: ${JSON.stringify(patch).slice(0, 600)}`);
  }
}

describe('DIFF isolation between users, and the patch of each operation', () => {
  let h: HttpHarness;
  let url: string;
  let alice: Trader;
  let bob: Trader;
  let a: DiffClient;
  let b: DiffClient;
  let impersonationFrom = 0;

  const order = (user: Trader, id: string, direction: 'BUY' | 'SELL', price: number, volume = 1) => ({
    aid: 'insert_order',
    user_id: user.username,
    account_id: user.accountId,
    order_id: id,
    exchange_id: 'SHFE',
    instrument_id: 'cu2701',
    direction,
    offset: 'OPEN',
    volume,
    price_type: 'LIMIT',
    limit_price: price,
  });

  /** Waits until both clients have been quiet (no rtn_data) for a while. */
  const settle = async () => {
    for (;;) {
      const count = a.messages.length + b.messages.length;
      await sleep(150);
      if (a.messages.length + b.messages.length === count) return;
    }
  };

  before(async () => {
    h = await HttpHarness.start({ websocket: true });
    url = `ws://127.0.0.1:${h.service.diff!.port}`;
    alice = await h.trader('alice', 'ALICE1');
    bob = await h.trader('bob', 'BOB1');
    a = await DiffClient.connect(`${url}/ws/diff?user_id=alice`);
    a.send({ aid: 'req_login', bid: 'basis', user_name: 'alice', password: 'password1' });
    b = await DiffClient.connect(`${url}/ws?user_id=bob`);
    b.send({ aid: 'req_login', bid: 'basis', user_name: 'bob', password: 'password1' });
    await a.until((m) => m.trade?.alice?.accounts?.CNY?.balance === 10_000_000, 5000, 'alice logged in');
    await b.until((m) => m.trade?.bob?.accounts?.CNY?.balance === 10_000_000, 5000, 'bob logged in');
    await settle();
  });

  after(async () => {
    a?.socket.terminate();
    b?.socket.terminate();
    await h.stop();
  });

  it('after login each mirror holds only its own trade.<key>', () => {
    assert.deepEqual(Object.keys(a.mirror.trade), ['alice']);
    assert.deepEqual(Object.keys(b.mirror.trade), ['bob']);
    assert.equal(a.mirror.trade.alice.session.user_id, alice.userId);
    assert.equal(b.mirror.trade.bob.session.user_id, bob.userId);
    assert.equal(a.mirror.trade.alice.accounts.CNY.account_id, 'ALICE1');
    assert.equal(b.mirror.trade.bob.accounts.CNY.account_id, 'BOB1');
    assertOnlyChanges(a, 'alice');
    assertOnlyChanges(b, 'bob');
  });

  it('a resting order: orders.<id> ALIVE and the account frozen_margin, for its owner only', async () => {
    const fromA = a.history.length;
    const bCount = b.messages.length;
    const frozen = a.mirror.trade.alice.accounts.CNY.frozen_margin;
    a.send(order(alice, 'a-rest', 'BUY', 86000));
    await a.until((m) => m.trade.alice.orders?.['a-rest']?.status === 'ALIVE', 5000, 'a-rest alive');
    await settle();
    const patches = tradePatchesSince(a, 'alice', fromA);
    assert.deepEqual([...keysOf(patches)].sort(), ['accounts', 'orders'], JSON.stringify(patches));
    const orders = Object.assign({}, ...patches.map((p) => p.orders ?? {}));
    assert.deepEqual(Object.keys(orders), ['a-rest']);
    assert.equal(orders['a-rest'].status, 'ALIVE');
    assert.equal(orders['a-rest'].volume_left, 1);
    const accounts = Object.assign({}, ...patches.map((p) => p.accounts?.CNY ?? {}));
    assert.ok('frozen_margin' in accounts, `accounts patch has frozen_margin: ${JSON.stringify(accounts)}`);
    assert.ok(a.mirror.trade.alice.accounts.CNY.frozen_margin > frozen);
    // docs/decisions.md: frozen_margin holds the order's margin and its commission (shown in frozen_commission).
    const account = a.mirror.trade.alice.accounts.CNY;
    assert.equal(account.frozen_commission, 86000 * 5 * 0.00005);
    assert.equal(account.frozen_margin, 86000 * 5 * 0.09 + account.frozen_commission);
    assert.equal(b.messages.length, bCount, 'bob hears nothing of alice\'s order');
    assertOnlyChanges(a, 'alice');
  });

  it('a fill: trades.<id>, positions, accounts and the order FINISHED, on each side', async () => {
    const fromA = a.history.length;
    const fromB = b.history.length;
    b.send(order(bob, 'b-take', 'SELL', 86000));
    await a.until((m) => m.trade.alice.orders['a-rest'].status === 'FINISHED' && m.trade.alice.positions?.[POSITION]?.volume_long === 1, 5000, 'alice filled');
    await b.until((m) => m.trade.bob.orders?.['b-take']?.status === 'FINISHED' && m.trade.bob.positions?.[POSITION]?.volume_short === 1, 5000, 'bob filled');
    await settle();

    for (const [client, key, from, orderId, direction] of [
      [a, 'alice', fromA, 'a-rest', 'BUY'],
      [b, 'bob', fromB, 'b-take', 'SELL'],
    ] as const) {
      const patches = tradePatchesSince(client, key, from);
      assert.deepEqual([...keysOf(patches)].sort(), ['accounts', 'orders', 'positions', 'trades'], `${key}: ${JSON.stringify(patches)}`);
      const orders = Object.assign({}, ...patches.map((p) => p.orders ?? {}));
      assert.deepEqual(Object.keys(orders), [orderId], key);
      assert.equal(orders[orderId].status, 'FINISHED', key);
      assert.equal(orders[orderId].volume_left, 0, key);
      const trades = Object.assign({}, ...patches.map((p) => p.trades ?? {}));
      assert.equal(Object.keys(trades).length, 1, key);
      const [trade] = Object.values(trades) as any[];
      assert.equal(trade.order_id, orderId, key);
      assert.equal(trade.direction, direction, key);
      assert.equal(trade.price, 86000, key);
      assert.equal(trade.volume, 1, key);
      assert.ok(Object.keys(Object.assign({}, ...patches.map((p) => p.positions ?? {}))).includes(POSITION), key);
      const mirror = client.mirror.trade[key];
      assert.equal(mirror.accounts.CNY.margin > 0, true, `${key}: margin after the fill`);
      assert.equal(mirror.accounts.CNY.frozen_margin, 0, `${key}: nothing frozen after the fill`);
    }
    // Notifications: each side hears of its own fill only.
    const aNotes = a.notifications().map((n) => n.content).join('\n');
    const bNotes = b.notifications().map((n) => n.content).join('\n');
    assert.match(aNotes, /a-rest/);
    assert.match(bNotes, /b-take/);
    assert.doesNotMatch(aNotes, /b-take/);
    assert.doesNotMatch(bNotes, /a-rest/);
    assertOnlyChanges(a, 'alice');
    assertOnlyChanges(b, 'bob');
  });

  it('a cancel: the order FINISHED (and the frozen margin released), nothing else', async () => {
    a.send(order(alice, 'a-cancel', 'BUY', 85900));
    await a.until((m) => m.trade.alice.orders?.['a-cancel']?.status === 'ALIVE', 5000, 'a-cancel alive');
    await settle();
    const fromA = a.history.length;
    const bCount = b.messages.length;
    a.send({ aid: 'cancel_order', user_id: 'alice', account_id: alice.accountId, order_id: 'a-cancel' });
    await a.until((m) => m.trade.alice.orders['a-cancel'].status === 'FINISHED', 5000, 'a-cancel finished');
    await settle();
    const patches = tradePatchesSince(a, 'alice', fromA);
    const keys = keysOf(patches);
    assert.ok(keys.has('orders'));
    for (const key of keys) assert.ok(['orders', 'accounts'].includes(key), `cancel touches only orders and accounts, got ${key}: ${JSON.stringify(patches)}`);
    const orders = Object.assign({}, ...patches.map((p) => p.orders ?? {}));
    assert.deepEqual(Object.keys(orders), ['a-cancel']);
    assert.equal(orders['a-cancel'].status, 'FINISHED');
    assert.equal(a.mirror.trade.alice.orders['a-cancel'].volume_left, 1);
    assert.equal(a.mirror.trade.alice.accounts.CNY.frozen_margin, 0);
    assert.equal(b.messages.length, bCount, 'bob hears nothing of alice\'s cancel');
    assertOnlyChanges(a, 'alice');
  });

  it('a deposit over HTTP: accounts only, for its owner only', async () => {
    const fromA = a.history.length;
    const bCount = b.messages.length;
    const balance = a.mirror.trade.alice.accounts.CNY.balance;
    await h.ok('POST', '/api/account/deposit', { token: alice.token, body: { account_id: alice.accountId, amount: 12_345 } });
    await a.until((m) => m.trade.alice.accounts.CNY.balance === balance + 12_345, 5000, 'deposit seen');
    await settle();
    const patches = tradePatchesSince(a, 'alice', fromA);
    assert.deepEqual([...keysOf(patches)], ['accounts'], JSON.stringify(patches));
    const account = Object.assign({}, ...patches.map((p) => p.accounts.CNY));
    assert.ok('balance' in account && 'deposit' in account && 'available' in account, JSON.stringify(account));
    assert.ok(a.notifications().some((n) => /deposit/.test(n.content) && /12345/.test(n.content)), 'a funds notify');
    assert.equal(b.messages.length, bCount, 'bob hears nothing of alice\'s deposit');
    assertOnlyChanges(a, 'alice');
  });

  it('the same order_id used by both users: each sees only its own order', async () => {
    a.send(order(alice, 'same-id', 'BUY', 85000));
    b.send(order(bob, 'same-id', 'SELL', 88000));
    await a.until((m) => m.trade.alice.orders?.['same-id']?.status === 'ALIVE', 5000, 'alice same-id');
    await b.until((m) => m.trade.bob.orders?.['same-id']?.status === 'ALIVE', 5000, 'bob same-id');
    await settle();
    assert.equal(a.mirror.trade.alice.orders['same-id'].account_id, 'ALICE1');
    assert.equal(a.mirror.trade.alice.orders['same-id'].direction, 'BUY');
    assert.equal(b.mirror.trade.bob.orders['same-id'].account_id, 'BOB1');
    assert.equal(b.mirror.trade.bob.orders['same-id'].direction, 'SELL');
    // bob cancels his; alice's stays.
    b.send({ aid: 'cancel_order', user_id: 'bob', order_id: 'same-id' });
    await b.until((m) => m.trade.bob.orders['same-id'].status === 'FINISHED', 5000, 'bob cancelled');
    await settle();
    assert.equal(a.mirror.trade.alice.orders['same-id'].status, 'ALIVE');
    // A user cannot cancel or trade in the other's name.
    impersonationFrom = a.history.length;
    const aNotes = a.notifications().length;
    a.send({ aid: 'cancel_order', user_id: 'bob', account_id: bob.accountId, order_id: 'b-take' });
    a.send({ ...order(bob, 'a-as-bob', 'BUY', 85000) });
    await a.until(() => a.notifications().length >= aNotes + 2, 5000, 'refusals');
    await settle();
    assert.equal(h.exchange.history.order(bob.accountId, 'a-as-bob'), undefined, 'no order placed on bob\'s account');
    assert.equal(a.mirror.trade.alice.orders['a-as-bob']?.status, 'FINISHED', 'the refused order is shown to its sender, FINISHED');
    assert.equal(h.exchange.state.accounts.get(bob.accountId)?.liveOrders.size, 0);
    assert.equal(b.mirror.trade.bob.orders['a-as-bob'], undefined);
    assertOnlyChanges(a, 'alice');
    assertOnlyChanges(b, 'bob');
  });

  it('back-pressure: beyond 500 pending notifications the oldest low-priority ones are dropped; P1 kept; the other user unaffected', async () => {
    // Make sure alice has no peek held: consume it with one change, then stop peeking.
    a.autoPeek = false;
    const balance = a.mirror.trade.alice.accounts.CNY.balance;
    await h.ok('POST', '/api/account/deposit', { token: alice.token, body: { account_id: alice.accountId, amount: 1 } });
    await a.until((m) => m.trade.alice.accounts.CNY.balance === balance + 1, 5000, 'the held peek consumed');
    await settle();
    const count = a.messages.length;
    const bCount = b.messages.length;
    // 5 refusals (P1), then 520 deposits (P3, amounts 1000..1519).
    for (let i = 0; i < 5; i++) {
      const reply = await h.call('POST', '/api/order/submit', {
        token: alice.token,
        body: { user_id: alice.userId, account_id: alice.accountId, instrument_id: 'cu2701', exchange_id: 'SHFE', direction: 'BUY', offset: 'OPEN', volume: 1, price: 99_000, price_type: 'LIMIT', order_id: `limit-${i}` },
      });
      assert.equal(reply.body.error?.code, 3006);
    }
    for (let i = 0; i < 520; i++) {
      await h.ok('POST', '/api/account/deposit', { token: alice.token, body: { account_id: alice.accountId, amount: 1000 + i } });
    }
    await sleep(100);
    assert.equal(a.messages.length, count, 'nothing is sent while alice does not peek');
    const notifyBefore = Object.keys(a.mirror.notify ?? {}).length;
    const historyFrom = a.history.length;
    a.autoPeek = true;
    a.send({ aid: 'peek_message' });
    await a.until(() => a.messages.length > count, 5000, 'the pending update');
    await settle();
    const fresh = a.history.slice(historyFrom).flatMap((e) => Object.values(e.patch.notify ?? {})) as { level: string; code: number; content: string }[];
    const arrived = Object.keys(a.mirror.notify).length - notifyBefore;
    assert.equal(arrived, 500, 'exactly the limit is delivered');
    assert.equal(fresh.length, 500);
    const refusals = fresh.filter((n) => /limit-\d refused/.test(n.content));
    assert.equal(refusals.length, 5, 'no P1 dropped while P3 were pending');
    const amounts = fresh.map((n) => /deposit of (\d+)/.exec(n.content)?.[1]).filter((x) => x !== undefined).map(Number);
    assert.equal(amounts.length, 495);
    assert.deepEqual(amounts, Array.from({ length: 495 }, (_, i) => 1025 + i), 'the 25 oldest deposits dropped, the rest in order');
    assert.equal(a.mirror.trade.alice.accounts.CNY.balance, balance + 1 + 520 * 1000 + (519 * 520) / 2, 'the trade data is complete regardless');
    assert.equal(b.messages.length, bCount, 'bob hears nothing of it');
    assertOnlyChanges(a, 'alice');
  });

  it('nothing of one user ever reached the other', () => {
    // Alice's own impersonation attempts echo what she typed (BOB1 in her refused order): not a leak.
    const aText = JSON.stringify(a.history.slice(0, impersonationFrom).map((e) => e.patch));
    assert.ok(!JSON.stringify(a.history.map((e) => e.patch)).includes(bob.userId), 'alice never received bob\'s user id');
    const bText = JSON.stringify(b.history.map((e) => e.patch));
    for (const secret of [bob.userId, 'BOB1', 'b-take']) assert.ok(!aText.includes(secret), `alice received ${secret}`);
    for (const secret of [alice.userId, 'ALICE1', 'a-rest', 'a-cancel', 'a-as-bob']) assert.ok(!bText.includes(secret), `bob received ${secret}`);
    for (const patch of a.patches) if (patch.trade !== undefined) assert.deepEqual(Object.keys(patch.trade), ['alice']);
    for (const patch of b.patches) if (patch.trade !== undefined) assert.deepEqual(Object.keys(patch.trade), ['bob']);
  });
});
