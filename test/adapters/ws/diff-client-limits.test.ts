/**
 * What one DIFF client's own messages can make the server hold: a client that stops
 * reading is closed, a frame of pings is one pong, and the refusals a connection keeps
 * as FINISHED records are bounded, and a user's logins are limited.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import WebSocket from 'ws';
import { LOCAL_REFUSALS_KEPT } from '../../../src/adapters/ws/message-handlers.ts';
import { SESSION_START_BURST, SESSION_STARTS_PER_SECOND } from '../../../src/app/auth/session-start-limiter.ts';
import { DiffClient } from '../../support/diff-client.ts';
import { HttpHarness, type TestUser } from '../../support/http-harness.ts';

const UNSENT_LIMIT = 256 * 1024;

describe('DIFF: what a client can make the server hold', () => {
  let h: HttpHarness;
  let alice: TestUser & { accountId: string };
  const lines: string[] = [];
  const clients: DiffClient[] = [];
  const connect = async () => {
    const client = await DiffClient.connect(`ws://127.0.0.1:${h.service.diff!.port}/ws/diff`);
    clients.push(client);
    return client;
  };
  before(async () => {
    h = await HttpHarness.start({ websocket: true, diffLimits: { maxUnsentBytes: UNSENT_LIMIT }, log: (line) => lines.push(line) });
    alice = await h.trader('alice', 'ALICE1');
  });
  after(async () => {
    for (const client of clients) client.socket.terminate();
    await h.stop();
  });

  it('closes a client that leaves more than the limit unread, and no one else', async () => {
    const reader = await connect();
    const stalled = await connect();
    await stalled.until((m) => m.mdhis_more_data === false, 5000, 'the greeting');
    stalled.autoPeek = false;
    // The client stops reading; each frame asks for an rtn_data of 400 notifies (about 40 KB).
    (stalled.socket as unknown as { _socket: { pause(): void } })._socket.pause();
    const frame = JSON.stringify([{ aid: 'peek_message' }, ...Array.from({ length: 400 }, () => ({ aid: 'no_such_message' }))]);
    const closing = stalled.closed(20_000);
    for (let i = 0; i < 400 && h.service.diff!.connectionCount > 1; i++) {
      stalled.socket.send(frame);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    (stalled.socket as unknown as { _socket: { resume(): void } })._socket.resume();
    await closing;
    assert.ok(lines.some((line) => /a client left \d+ bytes unread; its connection is closed/.test(line)), lines.join('\n'));
    await reader.answersPing();
  });

  it('closes the slow client with the most unread when slow clients together leave too much, and keeps the rest', async () => {
    const budgetLines: string[] = [];
    // Each client alone may leave 32 MB; together, 3 MB.
    const small = await HttpHarness.start({ websocket: true, diffLimits: { maxTotalUnsentBytes: 3 << 20 }, log: (line) => budgetLines.push(line) });
    const opened: DiffClient[] = [];
    try {
      const open = async () => {
        const client = await DiffClient.connect(`ws://127.0.0.1:${small.service.diff!.port}/ws/diff`);
        opened.push(client);
        await client.until((m) => m.mdhis_more_data === false, 5000, 'the greeting');
        return client;
      };
      const reader = await open();
      const [first, second] = [await open(), await open()];
      const frame = JSON.stringify([{ aid: 'peek_message' }, ...Array.from({ length: 400 }, () => ({ aid: 'no_such_message' }))]);
      const stall = (client: DiffClient) => {
        client.autoPeek = false;
        (client.socket as unknown as { _socket: { pause(): void } })._socket.pause();
      };
      stall(first);
      stall(second);
      // The first falls 2 MB behind (beyond what the kernel's buffers took), alone within the
      // budget; then the second, until one goes.
      const firstClosed = first.closed(20_000).then(() => 'first');
      const secondClosed = second.closed(20_000).then(() => 'second');
      const diff = small.service.diff!;
      for (let i = 0; i < 2000 && diff.backlogBytes < 2 << 20; i++) {
        first.socket.send(frame);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      assert.ok(diff.backlogBytes >= 2 << 20, `${diff.backlogBytes} bytes behind`);
      assert.equal(diff.connectionCount, 3, '2 MB behind of one client is within the budget');
      for (let i = 0; i < 400 && small.service.diff!.connectionCount === 3; i++) {
        second.socket.send(frame);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      (first.socket as unknown as { _socket: { resume(): void } })._socket.resume();
      (second.socket as unknown as { _socket: { resume(): void } })._socket.resume();
      const closed = await Promise.race([firstClosed, secondClosed]);
      assert.equal(small.service.diff!.connectionCount, 2, 'one slow client closed');
      assert.ok(budgetLines.some((line) => /slow clients are more than 3145728 bytes behind together, and this one furthest/.test(line)), budgetLines.join('\n'));
      // The first was 2 MB behind, the second less than half of 3 MB when the total passed it.
      assert.equal(closed, 'first');
      second.autoPeek = true;
      await second.answersPing();
      await reader.answersPing();
    } finally {
      for (const client of opened) client.socket.terminate();
      await small.stop();
    }
  });

  it('takes at most its limit of connections from one address, refusing more before the upgrade, on both ports, and logs it once', async () => {
    const quotaLines: string[] = [];
    const small = await HttpHarness.start({ websocket: true, listen: true, diffLimits: { maxPerAddress: 3 }, log: (line) => quotaLines.push(line) });
    const opened: DiffClient[] = [];
    try {
      const url = `ws://127.0.0.1:${small.service.diff!.port}/ws/diff`;
      const open = async () => {
        const client = await DiffClient.connect(url);
        opened.push(client);
        return client;
      };
      const held = [await open(), await open(), await open()];
      for (const client of held) await client.until((m) => m.mdhis_more_data === false, 5000, 'the greeting');
      // Refused with an HTTP answer, so no upgraded socket lingers waiting for a close frame.
      const refusal = async (target: string) =>
        new Promise<number>((resolve, reject) => {
          const socket = new WebSocket(target);
          socket.on('unexpected-response', (_request, response) => {
            resolve(response.statusCode ?? 0);
            socket.terminate();
          });
          socket.on('open', () => reject(new Error(`${target} opened`)));
          socket.on('error', () => undefined);
        });
      assert.equal(await refusal(url), 429);
      assert.equal(await refusal(url), 429);
      assert.equal(await refusal(`ws://127.0.0.1:${small.httpPort}/ws/diff`), 429, 'through the API port too');
      assert.equal(quotaLines.filter((line) => /127\.0\.0\.1 holds the most connections one address may/.test(line)).length, 1, quotaLines.join('\n'));
      assert.equal(small.service.diff!.connectionCount, 3);
      // A connection that closes makes room.
      held[0]!.socket.close();
      await held[0]!.closed(5000);
      const again = await open();
      await again.until((m) => m.mdhis_more_data === false, 5000, 'a connection in the freed place');
      await held[1]!.answersPing();
    } finally {
      for (const client of opened) client.socket.terminate();
      await small.stop();
    }
  });

  it('stops reading a client whose frames queue faster than they are handled, and handles them all', async () => {
    const client = await connect();
    await client.until((m) => m.mdhis_more_data === false, 5000, 'the greeting');
    // Frames queue behind a login's password check: 24 frames of about 0.9 MB each. The
    // check is held until the socket was paused (or 10 s), so a fast hash cannot end it
    // before the frames have queued.
    const auth = h.service.auth;
    const login = auth.login.bind(auth);
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    auth.login = async (...args) => {
      await held;
      return login(...args);
    };
    const pongs = () => client.messages.filter((m) => m.aid === 'pong').length;
    let pausedSeen = false;
    try {
      const pings = JSON.stringify(Array.from({ length: 60_000 }, () => ({ aid: 'ping' })));
      client.send({ aid: 'req_login', bid: 'basis', user_name: alice.username, password: 'password1' });
      for (let i = 0; i < 24; i++) client.socket.send(pings);
      const pauseDeadline = Date.now() + 10_000;
      while (!pausedSeen && Date.now() < pauseDeadline) {
        pausedSeen = h.service.diff!.pausedCount > 0;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    } finally {
      release();
      auth.login = login;
    }
    const deadline = Date.now() + 20_000;
    while (pongs() < 24 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    assert.equal(pongs(), 24, 'every frame handled, one pong each');
    assert.ok(pausedSeen, 'the socket was paused while frames queued');
    assert.equal(h.service.diff!.pausedCount, 0);
    await client.until((m) => m.trade?.alice?.trade_more_data === false, 5000, 'the login, handled first');
  });

  it(`refuses a user's logins past ${SESSION_STARTS_PER_SECOND} a second and a burst of ${SESSION_START_BURST}, with a token or a password, and no one else's`, async () => {
    const looper = await h.trader('looper', 'LOOPER1');
    const url = `ws://127.0.0.1:${h.service.diff!.port}/ws/diff?access_token=${looper.token}`;
    const outcome = async () => {
      const client = await DiffClient.connect(url);
      clients.push(client);
      await client.until(() => client.notifications().some((n) => /^login (succeeded|refused)/.test(n.content)), 5000, 'the login');
      const said = client.notifications().find((n) => /^login/.test(n.content))!;
      return { said, client };
    };
    const started = Date.now();
    const outcomes = await Promise.all(Array.from({ length: SESSION_START_BURST + 10 }, outcome));
    const seconds = Math.ceil((Date.now() - started) / 1000);
    const succeeded = outcomes.filter((o) => o.said.content.startsWith('login succeeded'));
    const refused = outcomes.filter((o) => o.said.content.startsWith('login refused'));
    assert.ok(succeeded.length >= SESSION_STARTS_PER_SECOND + SESSION_START_BURST, `${succeeded.length} logins succeeded`);
    assert.ok(succeeded.length <= SESSION_START_BURST + SESSION_STARTS_PER_SECOND * (seconds + 1), `${succeeded.length} logins succeeded in ${seconds} s`);
    assert.ok(refused.length > 0);
    const [first] = refused;
    assert.equal(first!.said.level, 'ERROR');
    assert.match(first!.said.content, /looper logged in too often in a short time; try again in \d+ s/);
    // A refused login shows nothing of the user, and its orders are refused as before any login.
    assert.equal(first!.client.mirror.trade, undefined);
    // The password login of the same user is refused too; another user logs in at once.
    const byPassword = await connect();
    byPassword.send({ aid: 'req_login', bid: 'basis', user_name: 'looper', password: 'password1' });
    await byPassword.until(() => byPassword.notifications().some((n) => /^login refused/.test(n.content)), 5000, 'the refusal');
    const someoneElse = await connect();
    someoneElse.send({ aid: 'req_login', bid: 'basis', user_name: alice.username, password: 'password1' });
    await someoneElse.until((m) => m.trade?.alice?.trade_more_data === false, 5000, 'alice logged in');
  });

  it('counts turning trade channels on again as a login: a client toggling them is refused, turning them off never', async () => {
    const toggler = await h.trader('toggler', 'TOGGLER1');
    await h.order(toggler, { direction: 'BUY', price: 80_000, order_id: 'toggled' });
    const client = await connect();
    client.send({ aid: 'req_login', bid: 'basis', user_name: 'toggler', password: 'password1' });
    await client.until((m) => m.trade?.toggler?.orders?.toggled !== undefined, 5000, 'login');
    // Off is free: many in a row.
    for (let i = 0; i < 50; i++) client.send({ aid: 'subscribe', channels: ['account'] });
    await client.until((m) => m.trade.toggler.orders === undefined, 5000, 'orders deleted when their channel went off');
    const TURNS_ON = SESSION_START_BURST + 10;
    for (let i = 0; i < TURNS_ON; i++) {
      client.send({ aid: 'subscribe', channels: ['account'] });
      client.send({ aid: 'subscribe', channels: ['account', 'position', 'order', 'trade'] });
    }
    const refusals = () => client.notifications().filter((n) => /subscribe refused/.test(n.content));
    await client.until(() => refusals().length > 0, 5000, 'a refusal');
    await client.answersPing();
    // The last turn-on was refused: the orders are off until one passes, after the wait it named.
    await client.until((m) => m.trade.toggler.orders === undefined, 5000, 'the orders off');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    client.send({ aid: 'subscribe', channels: ['account', 'position', 'order', 'trade'] });
    await client.until((m) => m.trade.toggler.orders?.toggled !== undefined, 5000, 'orders back once a turn-on passed');
    // The login took one point; only turn-ons take more, so at least the rest of the burst passed.
    const allowed = SESSION_STARTS_PER_SECOND + SESSION_START_BURST - 1;
    assert.ok(refusals().length <= TURNS_ON - allowed, `${refusals().length} refusals: turning channels off must cost nothing`);
    const [refusal] = refusals();
    assert.equal(refusal!.code, 1001);
    assert.match(refusal!.content, /toggler's whole trading view, as a login does, .*try again in \d+ s/);
  });

  it('answers a frame of many pings with one pong', async () => {
    const client = await connect();
    await client.until((m) => m.mdhis_more_data === false, 5000, 'the greeting');
    client.socket.send(JSON.stringify(Array.from({ length: 1000 }, () => ({ aid: 'ping' }))));
    await client.answersPing();
    assert.equal(client.messages.filter((m) => m.aid === 'pong').length, 2, 'one for the frame of pings, one for answersPing');
  });

  it(`keeps at most ${LOCAL_REFUSALS_KEPT} refused orders as records; past that, refusals are told by notify only`, async () => {
    const client = await connect();
    client.send({ aid: 'req_login', bid: 'basis', user_name: alice.username, password: 'password1' });
    await client.until((m) => m.trade?.alice?.trade_more_data === false, 5000, 'login');
    const refused = (i: number) => ({
      aid: 'insert_order', user_id: 'alice', order_id: `bad-${i}`, exchange_id: 'SHFE', instrument_id: 'cu2701',
      direction: 'BUY', offset: 'OPEN', volume: 'x', price_type: 'LIMIT', limit_price: 86000,
    });
    const total = LOCAL_REFUSALS_KEPT + 50;
    client.send(Array.from({ length: total }, (_, i) => refused(i)));
    client.send({ aid: 'ping' });
    await client.until((m) => m.trade.alice.orders?.[`bad-${LOCAL_REFUSALS_KEPT - 1}`] !== undefined, 5000, 'the refusals');
    await client.answersPing();
    const shown = Object.keys(client.mirror.trade.alice.orders).filter((id) => id.startsWith('bad-'));
    assert.equal(shown.length, LOCAL_REFUSALS_KEPT);
    assert.equal(client.mirror.trade.alice.orders[`bad-${total - 1}`], undefined);
    assert.equal(client.mirror.trade.alice.orders['bad-0'].status, 'FINISHED');
  });
});
