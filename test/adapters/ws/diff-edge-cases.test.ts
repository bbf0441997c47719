/**
 * DIFF at its edges: order ids DIFF takes that most systems would not (reused ids, line
 * breaks, refused twice) and those it refuses ("__proto__"), and internal faults, which must cost the
 * faulty connection alone (closed with 1011 for its client to start again), never the
 * process or the other connections.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { DiffClient } from '../../support/diff-client.ts';
import { diffTestbed, type Trader } from '../../support/diff-testbed.ts';
import type { HttpHarness, TestUser } from '../../support/http-harness.ts';

describe('DIFF edge cases: order ids and internal faults', () => {
  const bed = diffTestbed();
  let h: HttpHarness;
  let alice: Trader;
  let bob: Trader;
  before(() => {
    ({ h, alice, bob } = bed);
  });

  /** A client of `user` logged in through req_login, greeting consumed and trade data present. */
  const loggedIn = async (user: TestUser, suffix = `/ws/diff?user_id=${user.username}`): Promise<DiffClient> => {
    const client = await bed.connect(suffix);
    await bed.login(client, user);
    return client;
  };

  it('a frame whose login is still checking the password when the client leaves sends none of its later messages', async () => {
    const client = await bed.connect(`/ws/diff?user_id=${alice.username}`);
    const orderId = 'after-the-client-left';
    client.socket.send(
      JSON.stringify([
        { aid: 'req_login', bid: 'basis', user_name: alice.username, password: 'password1' },
        { aid: 'insert_order', user_id: 'alice', account_id: alice.accountId, order_id: orderId, exchange_id: 'SHFE', instrument_id: 'cu2701', direction: 'BUY', offset: 'OPEN', volume: 1, price_type: 'LIMIT', limit_price: 85000 },
      ]),
    );
    client.socket.terminate();
    // Long enough for the password check and a journal write.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const reply = await h.call('GET', `/api/order/${orderId}`, { token: alice.token });
    assert.equal(reply.status, 404, reply.raw);
  });

  it('an order id reused after its order finished shows the new order', async () => {
    const client = await loggedIn(alice);
    const order = (price: number) => ({
      aid: 'insert_order', user_id: 'alice', account_id: alice.accountId, order_id: 'reused', exchange_id: 'SHFE', instrument_id: 'cu2701',
      direction: 'BUY', offset: 'OPEN', volume: 1, price_type: 'LIMIT', limit_price: price,
    });
    client.send(order(86000));
    await client.until((m) => m.trade.alice.orders?.reused?.status === 'ALIVE', 5000, 'first order');
    client.send({ aid: 'cancel_order', user_id: 'alice', order_id: 'reused' });
    await client.until((m) => m.trade.alice.orders.reused.status === 'FINISHED', 5000, 'first cancelled');
    // Cancelled again: refused as REST refuses it, saying how the order finished.
    client.send({ aid: 'cancel_order', user_id: 'alice', order_id: 'reused' });
    await client.until(() => client.notifications().some((n) => /^cancel of reused refused: order not found: reused is already finished \(CANCELLED/.test(n.content)), 5000, 'the refusal');
    const first = client.mirror.trade.alice.orders.reused;
    client.send(order(85990));
    await client.until((m) => m.trade.alice.orders.reused.status === 'ALIVE', 5000, 'the second order under the same id');
    const second = client.mirror.trade.alice.orders.reused;
    assert.notEqual(second.exchange_order_id, first.exchange_order_id);
    assert.equal(second.limit_price, 85990);
    client.send({ aid: 'cancel_order', user_id: 'alice', order_id: 'reused' });
    await client.until((m) => m.trade.alice.orders.reused.status === 'FINISHED' && m.trade.alice.orders.reused.limit_price === 85990, 5000, 'second cancelled');
    client.close();
  });

  it('order ids that name properties of every object ("__proto__", "toString") are refused by a notify, never sent as keys', async () => {
    const client = await loggedIn(alice);
    const ids = ['__proto__', 'toString', 'hasOwnProperty', 'constructor'];
    for (const id of ids) {
      client.send({
        aid: 'insert_order', user_id: 'alice', account_id: alice.accountId, order_id: id, exchange_id: 'SHFE', instrument_id: 'cu2701',
        direction: 'BUY', offset: 'OPEN', volume: 1, price_type: 'LIMIT', limit_price: 85000,
      });
      await client.until((m) => Object.values(m.notify ?? {}).some((n: any) => n.content.includes(`order_id "${id}" is a name every JavaScript object already has`)), 5000, `the refusal of ${id}`);
    }
    // tqsdk-js merges with target[key] ||= {}: any of these keys would write into Object.prototype there.
    for (const { patch } of client.history) {
      const orders = (patch as any).trade?.alice?.orders ?? {};
      for (const id of ids) assert.ok(!Object.hasOwn(orders, id), `no patch carries orders.${id}`);
    }
    for (const id of ids) assert.equal((await h.call('GET', `/api/order/${id}`, { token: alice.token })).status, 404, `${id} was not placed`);
    client.close();
  });

  it('a message whose handling throws (a bug) closes that connection with 1011; the process and other connections go on', async () => {
    const client = await loggedIn(alice);
    const bystander = await loggedIn(bob);
    const exchange = h.exchange;
    const submit = exchange.submitUnacknowledged;
    exchange.submitUnacknowledged = () => {
      throw new TypeError('a bug in the order path');
    };
    try {
      const code = client.closed(5000);
      client.send({
        aid: 'insert_order', user_id: 'alice', account_id: alice.accountId, order_id: 'bug-1', exchange_id: 'SHFE', instrument_id: 'cu2701',
        direction: 'BUY', offset: 'OPEN', volume: 1, price_type: 'LIMIT', limit_price: 85000,
      });
      assert.equal(await code, 1011, 'closed as an internal error, for the client to reconnect and start again');
    } finally {
      exchange.submitUnacknowledged = submit;
    }
    await bystander.answersPing();
    const again = await loggedIn(alice);
    again.send({
      aid: 'insert_order', user_id: 'alice', account_id: alice.accountId, order_id: 'after-bug', exchange_id: 'SHFE', instrument_id: 'cu2701',
      direction: 'BUY', offset: 'OPEN', volume: 1, price_type: 'LIMIT', limit_price: 85000,
    });
    await again.until((m) => m.trade.alice.orders?.['after-bug']?.status === 'ALIVE', 5000, 'an order on a new connection, handled as usual');
    again.send({ aid: 'cancel_order', user_id: 'alice', order_id: 'after-bug' });
    await again.until((m) => m.trade.alice.orders['after-bug'].status === 'FINISHED', 5000, 'cancelled');
    again.close();
    bystander.close();
  });

  it('a session that fails while a batch is published is dropped alone (1011); the others still get the batch', async () => {
    const victim = await loggedIn(alice);
    const other = await loggedIn(bob);
    const sessionClass = Object.getPrototypeOf((h.service.diff as any).connections.values().next().value.session);
    const absorb = sessionClass.absorb;
    sessionClass.absorb = function (this: { tradeKey?: string }, ...args: unknown[]) {
      if (this.tradeKey === 'alice') throw new TypeError('a bug while absorbing a batch');
      return absorb.apply(this, args);
    };
    try {
      const code = victim.closed(5000);
      other.send({
        aid: 'insert_order', user_id: 'bob', account_id: bob.accountId, order_id: 'seen-by-bob', exchange_id: 'SHFE', instrument_id: 'cu2701',
        direction: 'SELL', offset: 'OPEN', volume: 1, price_type: 'LIMIT', limit_price: 93000,
      });
      await other.until((m) => m.trade.bob.orders?.['seen-by-bob']?.status === 'ALIVE', 5000, "bob's order, published to bob");
      assert.equal(await code, 1011);
    } finally {
      sessionClass.absorb = absorb;
    }
    other.send({ aid: 'cancel_order', user_id: 'bob', order_id: 'seen-by-bob' });
    await other.until((m) => m.trade.bob.orders['seen-by-bob'].status === 'FINISHED', 5000, 'cancelled');
    other.close();
  });

  it('an order id with a line break, which DIFF takes, is listed in the account snapshot too', async () => {
    const client = await loggedIn(alice);
    const id = 'line\nbreak\u2028';
    client.send({
      aid: 'insert_order', user_id: 'alice', account_id: alice.accountId, order_id: id, exchange_id: 'SHFE', instrument_id: 'cu2701',
      direction: 'BUY', offset: 'OPEN', volume: 1, price_type: 'LIMIT', limit_price: 85000,
    });
    await client.until((m) => m.trade.alice.orders?.[id]?.status === 'ALIVE', 5000, 'the order');
    client.send({ aid: 'cancel_order', user_id: 'alice', order_id: id });
    await client.until((m) => m.trade.alice.orders[id].status === 'FINISHED', 5000, 'the order cancelled');
    client.close();
    const snapshot = await h.ok('GET', `/api/account/${alice.accountId}`, { token: alice.token });
    assert.equal(snapshot.orders[id]?.order_id, id, `the account snapshot lists it: ${JSON.stringify(Object.keys(snapshot.orders))}`);
  });

  it('an order id the exchange refused twice shows the second refusal', async () => {
    const client = await loggedIn(alice);
    const order = (volume: number, price: number) => ({
      aid: 'insert_order', user_id: 'alice', account_id: alice.accountId, order_id: 'refused-twice', exchange_id: 'SHFE', instrument_id: 'cu2701',
      direction: 'BUY', offset: 'OPEN', volume, price_type: 'LIMIT', limit_price: price,
    });
    client.send(order(0, 86000));
    await client.until((m) => m.trade.alice.orders?.['refused-twice']?.status === 'FINISHED', 5000, 'first refusal');
    const first = { ...client.mirror.trade.alice.orders['refused-twice'] };
    client.send(order(1, 1));
    await client.until((m) => m.trade.alice.orders['refused-twice'].limit_price === 1, 5000, 'the second refusal');
    const second = client.mirror.trade.alice.orders['refused-twice'];
    assert.equal(second.status, 'FINISHED');
    assert.equal(second.volume_orign, 1);
    assert.notEqual(second.last_msg, first.last_msg);
    client.close();
  });

  it('an order sent under the id of a live order is refused with a notify, and the live order stays as it is', async () => {
    const client = await loggedIn(alice);
    const order = (extra: Record<string, unknown>) => ({
      aid: 'insert_order', user_id: 'alice', account_id: alice.accountId, order_id: 'live-id', exchange_id: 'SHFE', instrument_id: 'cu2701',
      direction: 'BUY', offset: 'OPEN', volume: 1, price_type: 'LIMIT', limit_price: 85000, ...extra,
    });
    client.send(order({}));
    await client.until((m) => m.trade.alice.orders?.['live-id']?.status === 'ALIVE', 5000, 'the live order');
    const refusals = () => client.notifications().filter((n) => n.content.startsWith('order live-id refused')).length;
    // A valid order under the id: the exchange refuses it without a record, and says so.
    client.send(order({ limit_price: 85010 }));
    await client.until(() => refusals() === 1, 5000, 'the notify for the duplicate');
    assert.match(client.notifications().at(-1)!.content, /already used by a live order/);
    // A malformed one under the id: refused here, notify only.
    client.send(order({ offset: 'FOO' }));
    await client.until(() => refusals() === 2, 5000, 'the notify for the bad one');
    const shown = client.mirror.trade.alice.orders['live-id'];
    assert.deepEqual([shown.status, shown.limit_price], ['ALIVE', 85000], 'the live order is still shown as it is');
    // An order, and at once a bad one under its id, before the first is even durable.
    client.send(order({ order_id: 'same-frame' }));
    client.send(order({ order_id: 'same-frame', offset: 'FOO' }));
    await client.until((m) => m.trade.alice.orders?.['same-frame']?.status === 'ALIVE', 5000, 'the order of the frame');
    const statuses = client.patches.map((p) => p.trade?.alice?.orders?.['same-frame']?.status).filter((status) => status !== undefined);
    assert.deepEqual(statuses, ['ALIVE'], 'never shown FINISHED on the way');
    client.send({ aid: 'cancel_order', user_id: 'alice', order_id: 'live-id' });
    await client.until((m) => m.trade.alice.orders['live-id'].status === 'FINISHED', 5000, 'cancelled');
    client.close();
  });

  it('an order whose fields are of the wrong kinds is shown FINISHED under its id, with the reason', async () => {
    const client = await loggedIn(alice);
    client.send({
      aid: 'insert_order', user_id: 'alice', account_id: alice.accountId, order_id: 'typed', exchange_id: 'SHFE', instrument_id: 'cu2701',
      direction: 'BUY', offset: 'OPEN', volume: '1', price_type: 'LIMIT', limit_price: 85000,
    });
    await client.until((m) => m.trade.alice.orders?.typed?.status === 'FINISHED', 5000, 'the refused order');
    const shown = client.mirror.trade.alice.orders.typed;
    assert.match(shown.last_msg, /volume/);
    assert.deepEqual([shown.direction, shown.limit_price, shown.exchange_status], ['BUY', 85000, 'REJECTED']);
    assert.ok(client.notifications().some((n) => n.level === 'WARNING' && n.content.startsWith('order typed refused')));
    // The same fields as an order the exchange itself refused (volume 0: 3007).
    client.send({
      aid: 'insert_order', user_id: 'alice', account_id: alice.accountId, order_id: 'exchange-refused', exchange_id: 'SHFE', instrument_id: 'cu2701',
      direction: 'BUY', offset: 'OPEN', volume: 0, price_type: 'LIMIT', limit_price: 85000,
    });
    await client.until((m) => m.trade.alice.orders?.['exchange-refused']?.status === 'FINISHED', 5000, 'the exchange\'s refusal');
    assert.deepEqual(Object.keys(shown).sort(), Object.keys(client.mirror.trade.alice.orders['exchange-refused']).sort());
    assert.deepEqual([shown.min_volume, shown.valid_until_date], [0, '']);
    client.close();
  });

  it('a refused order whose text is far too long is shown with that text cut short, so a connection cannot fill the server with it', async () => {
    const client = await loggedIn(alice);
    const huge = 'x'.repeat(200_000);
    client.send({
      aid: 'insert_order', user_id: 'alice', account_id: alice.accountId, order_id: 'huge', exchange_id: 'SHFE', instrument_id: huge,
      direction: huge, offset: 'OPEN', volume: 1, price_type: 'LIMIT', limit_price: 85000,
    });
    await client.until((m) => m.trade.alice.orders?.huge?.status === 'FINISHED', 5000, 'the refused order');
    const shown = client.mirror.trade.alice.orders.huge;
    assert.equal(shown.instrument_id, `${'x'.repeat(64)}…`);
    assert.equal(shown.direction, `${'x'.repeat(64)}…`);
    const record = JSON.stringify(shown);
    assert.ok(record.length < 2_000, `the record holds ${record.length} characters`);
    const notice = client.notifications().find((n) => n.content.startsWith('order huge refused'));
    assert.ok(notice !== undefined && notice.content.length < 2_000, `the notice holds ${notice?.content.length} characters`);
    client.close();
  });
});
