/**
 * The DIFF protocol as a client sees it (spec "Events", CLIENTS.md, DECISIONS.md WebSocket):
 * the unprompted first message, long polling, ping/pong, tolerance of bad messages, the
 * routes, batched frames, login by token, set_chart, and the heartbeat.
 *
 * The harness runs with `[ws] heartbeat_timeout = 1` (a temp exchange.toml) so the
 * heartbeat cases take about a second; every other client answers protocol pings.
 */
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createSigner } from 'fast-jwt';
import { DiffClient, unchangedFields } from '../../support/diff-client.ts';
import { HttpHarness, type TestUser } from '../../support/http-harness.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const HEARTBEAT_S = 1;
const CU = 'SHFE.cu2701';
const DURATIONS = [0, 60e9, 300e9, 900e9, 1800e9, 3600e9, 86400e9];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A config folder like config/, with the heartbeat timeout shortened. */
function tempConfig(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'basis-diff-config-'));
  const text = readFileSync(path.join(root, 'config/exchange.toml'), 'utf8');
  const changed = text.replace(/^heartbeat_timeout\s*=\s*\d+/m, `heartbeat_timeout = ${HEARTBEAT_S}`);
  assert.notEqual(changed, text, 'exchange.toml has a heartbeat_timeout line to change');
  writeFileSync(path.join(dir, 'exchange.toml'), changed);
  copyFileSync(path.join(root, 'config/instruments.toml'), path.join(dir, 'instruments.toml'));
  return dir;
}

function rtnData(client: DiffClient): any[] {
  return client.messages.filter((m) => m.aid === 'rtn_data');
}

/** Waits until the client has received more than `count` messages. */
async function messagesBeyond(client: DiffClient, count: number, what: string, timeoutMs = 3000): Promise<void> {
  await client.until(() => client.messages.length > count, timeoutMs, what);
}

function lastNotify(client: DiffClient): { type: string; level: string; code: number; content: string } | undefined {
  return client.notifications().at(-1);
}

describe('DIFF protocol', () => {
  let h: HttpHarness;
  let configDir: string;
  let port: number;
  let alice: TestUser & { accountId: string };
  let bob: TestUser & { accountId: string };
  const clients: DiffClient[] = [];

  const connect = async (suffix = '', options = {}): Promise<DiffClient> => {
    const client = await DiffClient.connect(`ws://127.0.0.1:${port}${suffix}`, options);
    clients.push(client);
    return client;
  };

  /** A client of `user` logged in through req_login, greeting consumed and trade data present. */
  const loggedIn = async (user: TestUser, suffix = `/ws/diff?user_id=${user.username}`): Promise<DiffClient> => {
    const client = await connect(suffix);
    client.send({ aid: 'req_login', bid: 'basis', user_name: user.username, password: 'password1' });
    await client.until((m) => m.trade?.[user.username]?.trade_more_data === false, 5000, `login of ${user.username}`);
    return client;
  };

  before(async () => {
    configDir = tempConfig();
    h = await HttpHarness.start({ websocket: true, env: { EXCHANGE_CONFIG: path.join(configDir, 'exchange.toml') } });
    port = h.service.diff!.port;
    alice = await h.trader('alice', 'ALICE1');
    bob = await h.trader('bob', 'BOB1');
  });

  after(async () => {
    for (const client of clients) client.socket.terminate();
    await h.stop();
    rmSync(configDir, { recursive: true, force: true });
  });

  it('sends one rtn_data unprompted on connect, with the public snapshot', async () => {
    const client = await connect('/ws/diff');
    client.autoPeek = false;
    await messagesBeyond(client, 0, 'greeting');
    await sleep(200);
    assert.equal(client.messages.length, 1, 'exactly one message before any peek');
    const [greeting] = client.messages;
    assert.equal(greeting.aid, 'rtn_data');
    assert.ok(Array.isArray(greeting.data) && greeting.data.length >= 1);
    assert.equal(client.mirror.ins_list, '');
    assert.equal(client.mirror.mdhis_more_data, false);
    assert.equal(client.mirror.trade, undefined);
    client.close();
  });

  it('holds a peek with nothing new, then answers it with exactly one rtn_data', async () => {
    const client = await connect(`/ws/diff?user_id=${alice.username}`);
    client.autoPeek = false;
    await messagesBeyond(client, 0, 'greeting');
    client.send({ aid: 'peek_message' });
    await sleep(300);
    assert.equal(client.messages.length, 1, 'a peek with nothing new is held, not answered');
    // A second peek while one is held is idempotent: still one answer.
    client.send({ aid: 'peek_message' });
    await sleep(100);
    assert.equal(client.messages.length, 1);

    client.send({ aid: 'subscribe_quote', ins_list: CU });
    await messagesBeyond(client, 1, 'the held peek released');
    await sleep(300);
    assert.equal(rtnData(client).length, 2, 'exactly one rtn_data releases the held peek');
    assert.equal(client.mirror.ins_list, CU);
    assert.equal(client.mirror.quotes?.[CU]?.pre_settlement, 86500);

    // Without a peek, changes wait (and coalesce) ...
    client.send({ aid: 'subscribe_quote', ins_list: `${CU},SHFE.al2701` });
    client.send({ aid: 'set_chart', chart_id: 'hold', ins_list: CU, duration: 60e9, view_width: 10 });
    await sleep(300);
    assert.equal(client.messages.length, 2, 'nothing is sent without a peek');
    // ... and a peek gets them at once, in one rtn_data.
    client.send({ aid: 'peek_message' });
    await messagesBeyond(client, 2, 'the pending update');
    await sleep(200);
    assert.equal(client.messages.length, 3);
    assert.equal(client.mirror.ins_list, `${CU},SHFE.al2701`);
    assert.equal(client.mirror.quotes['SHFE.al2701']?.pre_settlement, 21300);
    assert.equal(client.mirror.charts?.hold?.ready, true);
    client.close();
  });

  it('re-subscribing the same list sends nothing (a patch holds only changes), a different list is echoed', async () => {
    const client = await connect('/ws/diff');
    client.send({ aid: 'subscribe_quote', ins_list: CU });
    await client.until((m) => m.ins_list === CU && m.quotes?.[CU] !== undefined, 3000, 'first subscription');
    await sleep(200);
    const count = client.messages.length;
    client.send({ aid: 'subscribe_quote', ins_list: CU });
    await sleep(300);
    const extra = client.messages.slice(count);
    assert.deepEqual(extra, [], `nothing changed, so nothing is sent; got ${JSON.stringify(extra)}`);
    client.send({ aid: 'subscribe_quote', ins_list: `SHFE.al2701,${CU}` });
    await client.until((m) => m.ins_list === `SHFE.al2701,${CU}` && m.quotes['SHFE.al2701'] !== undefined, 3000, 'changed subscription');
    client.close();
  });

  it('an instrument dropped from the list and added back, unchanged meanwhile: only ins_list is sent, not its quote again', async () => {
    const client = await connect('/ws/diff');
    const both = `${CU},SHFE.al2701`;
    client.send({ aid: 'subscribe_quote', ins_list: both });
    await client.until((m) => m.ins_list === both && m.quotes?.['SHFE.al2701'] !== undefined, 3000, 'both quotes');
    client.send({ aid: 'subscribe_quote', ins_list: CU });
    await client.until((m) => m.ins_list === CU, 3000, 'al dropped');
    await sleep(100);
    const from = client.history.length;
    client.send({ aid: 'subscribe_quote', ins_list: both });
    await client.until((m) => m.ins_list === both, 3000, 'al back');
    await sleep(200);
    const sent = client.history.slice(from);
    const unchanged = sent.flatMap(({ before, patch }) => unchangedFields(before, patch));
    client.close();
    assert.deepEqual(unchanged, [], `the client still holds the quote, which did not change; got ${JSON.stringify(sent.map((e) => e.patch)).slice(0, 600)}`);
  });

  it('releases a held peek of a logged-in user on an exchange change (deposit over HTTP)', async () => {
    const client = await loggedIn(alice);
    client.autoPeek = false;
    // The login answer may have left notifies pending: drain until a peek is held with nothing to send.
    for (;;) {
      const count = client.messages.length;
      client.send({ aid: 'peek_message' });
      await sleep(250);
      if (client.messages.length === count) break;
    }
    const count = client.messages.length;
    const balance = client.mirror.trade.alice.accounts.CNY.balance;
    await h.ok('POST', '/api/account/deposit', { token: alice.token, body: { account_id: alice.accountId, amount: 1000 } });
    await messagesBeyond(client, count, 'rtn_data after the deposit');
    await sleep(300);
    assert.equal(client.messages.length, count + 1, 'one rtn_data for one held peek');
    assert.equal(client.mirror.trade.alice.accounts.CNY.balance, balance + 1000);
    client.close();
  });

  it('answers ping with {"aid":"pong"}', async () => {
    const client = await connect('/ws/diff');
    client.autoPeek = false;
    await messagesBeyond(client, 0, 'greeting');
    const raw: string[] = [];
    client.socket.on('message', (data) => raw.push(data.toString()));
    client.send({ aid: 'ping' });
    await client.until(() => raw.length > 0, 2000, 'pong');
    assert.deepEqual(JSON.parse(raw[0]!), { aid: 'pong' });
    client.close();
  });

  it('answers unknown aids, malformed JSON, wrong field types and binary frames with a notify, keeping the socket open', async () => {
    const client = await connect('/ws/diff');
    await client.until((m) => m.mdhis_more_data === false, 2000, 'greeting');
    const cases: [string, string | Buffer, RegExp][] = [
      ['unknown aid', JSON.stringify({ aid: 'no_such_thing' }), /unknown aid/],
      ['malformed JSON', '{"aid": "peek_message"', /not valid JSON/],
      ['no aid', JSON.stringify({ hello: 1 }), /aid/],
      ['a bare number', '42', /aid/],
      ['wrong field type', JSON.stringify({ aid: 'insert_order', instrument_id: 'cu2701', direction: 'BUY', offset: 'OPEN', volume: '1' }), /volume/],
      ['missing field', JSON.stringify({ aid: 'subscribe_quote' }), /ins_list/],
      ['wrong type in set_chart', JSON.stringify({ aid: 'set_chart', chart_id: 'c', ins_list: CU, duration: 'minute' }), /duration/],
      ['unsupported duration', JSON.stringify({ aid: 'set_chart', chart_id: 'c', ins_list: CU, duration: 7e9 }), /duration/],
      ['an infinite price (1e999)', '{"aid":"insert_order","instrument_id":"cu2701","direction":"BUY","offset":"OPEN","volume":1,"limit_price":1e999}', /limit_price must be a finite number/],
      ['an infinite left_kline_id', `{"aid":"set_chart","chart_id":"c","ins_list":"${CU}","duration":0,"left_kline_id":1e999}`, /left_kline_id must be a finite number/],
      ['binary frame', Buffer.from('{"aid":"ping"}'), /JSON text/],
      ['a frame over 1 MiB', `[${Array.from({ length: 30_000 }, () => '{"aid":"peek_message","pad":"0123456789"}').join(',')}]`, /over the 1048576 the server reads/],
    ];
    for (const [what, frame, content] of cases) {
      const before = client.notifications().length;
      client.socket.send(frame);
      await client.until(() => client.notifications().length > before, 3000, `notify for ${what}`);
      const n = lastNotify(client)!;
      assert.equal(n.type, 'MESSAGE', what);
      assert.equal(n.level, 'WARNING', what);
      assert.equal(n.code, 1001, what);
      assert.match(n.content, content, what);
      await client.answersPing();
    }
    assert.equal(client.mirror.trade, undefined);
    client.close();
  });

  it('answers a refused frame in its turn: after the login sent before it', async () => {
    const client = await connect('/ws/diff');
    await client.until((m) => m.mdhis_more_data === false, 2000, 'greeting');
    // The password check takes tens of milliseconds on the thread pool; the binary frame
    // arrives meanwhile, and its notify used to be sent first.
    client.send({ aid: 'req_login', bid: 'basis', user_name: alice.username, password: 'password1' });
    client.socket.send(Buffer.from('{"aid":"ping"}'));
    await client.until(() => client.notifications().some((n) => /JSON text/.test(n.content)), 5000, 'the refusal');
    const contents = client.notifications().map((n) => n.content);
    const login = contents.findIndex((c) => /^login succeeded/.test(c));
    assert.ok(login >= 0 && login < contents.findIndex((c) => /JSON text/.test(c)), contents.join(' | '));
    client.close();
  });

  it('accepts /ws/diff and /ws with any query string, and refuses other paths', async () => {
    for (const suffix of ['/ws/diff', '/ws/diff?user_id=alice&foo=bar', '/ws', '/ws?user_id=bob', `/ws?access_token=${encodeURIComponent(bob.token)}&x=1`]) {
      const client = await connect(suffix);
      await client.until((m) => m.mdhis_more_data === false, 2000, `greeting on ${suffix}`);
      await client.answersPing();
      client.close();
    }
    for (const suffix of ['/', '/diff', '/ws/other', '/api/ws?user_id=alice', '/wsdiff']) {
      await assert.rejects(DiffClient.connect(`ws://127.0.0.1:${port}${suffix}`), `${suffix} is refused`);
    }
  });

  it('handles a JSON array of messages in order and coalesces their effects into the next rtn_data', async () => {
    const client = await loggedIn(alice);
    // A normal client: a peek is held while the batch arrives.
    await sleep(200);
    const count = rtnData(client).length;
    const order = (id: string, price: number) => ({
      aid: 'insert_order', user_id: 'alice', account_id: alice.accountId, order_id: id, exchange_id: 'SHFE', instrument_id: 'cu2701',
      direction: 'BUY', offset: 'OPEN', volume: 1, price_type: 'LIMIT', limit_price: price,
    });
    client.socket.send(JSON.stringify([{ aid: 'subscribe_quote', ins_list: CU }, order('batch-1', 86000), order('batch-2', 85990)]));
    await client.until((m) => m.trade.alice.orders?.['batch-1'] !== undefined && m.trade.alice.orders?.['batch-2'] !== undefined, 5000, 'both orders');
    const answers = rtnData(client).slice(count);
    const first = answers[0];
    const ordersOf = (message: any) => Object.keys(Object.assign({}, ...message.data.map((p: any) => p.trade?.alice?.orders ?? {})));
    const quoteIn = (message: any) => message.data.some((p: any) => p.ins_list === CU);
    client.send({ aid: 'cancel_order', user_id: 'alice', order_id: 'batch-1' });
    client.send({ aid: 'cancel_order', user_id: 'alice', order_id: 'batch-2' });
    await client.until((m) => m.trade.alice.orders['batch-1'].status === 'FINISHED' && m.trade.alice.orders['batch-2'].status === 'FINISHED', 5000, 'cancelled');
    client.close();
    assert.ok(
      quoteIn(first) && ordersOf(first).includes('batch-1') && ordersOf(first).includes('batch-2'),
      `the next rtn_data holds the whole frame's effects (ins_list and both orders); got ${answers.length} rtn_data: ${answers.map((m) => JSON.stringify(m).slice(0, 300)).join(' | ')}`,
    );
  });

  it('refuses an offset that names a property of every object (toString, constructor, __proto__) as 1001', async () => {
    const client = await loggedIn(alice);
    for (const offset of ['toString', 'constructor', '__proto__']) {
      const id = `odd-${offset}`;
      client.send({
        aid: 'insert_order', user_id: 'alice', account_id: alice.accountId, order_id: id, exchange_id: 'SHFE', instrument_id: 'cu2701',
        direction: 'SELL', offset, volume: 1, price_type: 'LIMIT', limit_price: 86500,
      });
      await client.until((m) => m.trade.alice.orders?.[id]?.status === 'FINISHED', 5000, `${offset} refused`);
      assert.match(client.mirror.trade.alice.orders[id].last_msg, /offset must be one of/);
      assert.equal(lastNotify(client)?.code, 1001);
    }
    client.close();
  });

  it('puts the orders of one batched frame into one rtn_data', async () => {
    const client = await loggedIn(alice);
    await sleep(200);
    const count = rtnData(client).length;
    const order = (id: string, price: number) => ({
      aid: 'insert_order', user_id: 'alice', account_id: alice.accountId, order_id: id, exchange_id: 'SHFE', instrument_id: 'cu2701',
      direction: 'BUY', offset: 'OPEN', volume: 1, price_type: 'LIMIT', limit_price: price,
    });
    client.socket.send(JSON.stringify([order('batch-3', 86000), order('batch-4', 85990), { aid: 'cancel_order', user_id: 'alice', order_id: 'batch-3' }]));
    await client.until((m) => m.trade.alice.orders?.['batch-3']?.status === 'FINISHED' && m.trade.alice.orders?.['batch-4']?.status === 'ALIVE', 5000, 'batch effects');
    const withOrders = rtnData(client)
      .slice(count)
      .filter((m) => m.data.some((p: any) => p.trade?.alice?.orders !== undefined));
    assert.equal(withOrders.length, 1, `one rtn_data for the frame, got ${withOrders.map((m) => JSON.stringify(m).slice(0, 300)).join(' | ')}`);
    // In order: batch-3 was cancelled after it was placed (so it is shown FINISHED, never traded).
    assert.equal(client.mirror.trade.alice.orders['batch-3'].volume_left, 1);
    client.send({ aid: 'cancel_order', user_id: 'alice', order_id: 'batch-4' });
    await client.until((m) => m.trade.alice.orders['batch-4'].status === 'FINISHED', 5000, 'cancelled');
    client.close();
  });

  it('a second req_login as another user on the same connection gets that user\'s whole trade data', async () => {
    const client = await loggedIn(alice, '/ws/diff');
    client.send({ aid: 'req_login', bid: 'basis', user_name: bob.username, password: 'password1' });
    await client.until((m) => m.trade?.bob?.trade_more_data === false, 5000, 'login of bob');
    const trade = client.mirror.trade.bob;
    assert.equal(trade.user_id, bob.userId);
    assert.equal(trade.session?.user_id, bob.userId);
    assert.ok(trade.accounts?.CNY !== undefined, `bob's account is there: ${JSON.stringify(trade).slice(0, 300)}`);
    client.close();
  });

  it('a second req_login as another user gets every trade of that user, however many the first user had', async () => {
    const carol = await h.trader('carol', 'CAROL1');
    const dave = await h.trader('dave', 'DAVE1');
    for (let i = 0; i < 2; i++) {
      const order = { instrument_id: CU, offset: 'OPEN', volume: 1, price: 86_500, price_type: 'LIMIT' };
      await h.ok('POST', '/api/order/submit', { token: carol.token, body: { ...order, account_id: carol.accountId, direction: 'BUY' } });
      await h.ok('POST', '/api/order/submit', { token: dave.token, body: { ...order, account_id: dave.accountId, direction: 'SELL' } });
    }
    const client = await loggedIn(carol, '/ws/diff');
    await client.until((m) => Object.keys(m.trade?.carol?.trades ?? {}).length === 2, 5000, "carol's two trades");
    client.send({ aid: 'req_login', bid: 'basis', user_name: dave.username, password: 'password1' });
    await client.until((m) => m.trade?.dave?.trade_more_data === false, 5000, 'login of dave');
    const trades = Object.values(client.mirror.trade.dave.trades ?? {}) as { account_id: string; direction: string }[];
    assert.equal(trades.length, 2, `dave's two trades: ${JSON.stringify(client.mirror.trade.dave).slice(0, 300)}`);
    for (const trade of trades) assert.deepEqual([trade.account_id, trade.direction], [dave.accountId, 'SELL']);
    client.close();
  });

  it('refuses a chart called "__proto__" or "constructor", a negative focus_position and more than 30 trading days, each by a notify', async () => {
    const client = await loggedIn(alice);
    const refusals: [Record<string, unknown>, string][] = [
      [{ chart_id: '__proto__', view_width: 10 }, 'set_chart: chart_id "__proto__" is a name every JavaScript object already has'],
      [{ chart_id: 'constructor', view_width: 10 }, 'set_chart: chart_id "constructor"'],
      [{ chart_id: 'back', view_width: 10, focus_datetime: 1, focus_position: -3 }, 'set_chart: focus_position must be >= 0'],
      [{ chart_id: 'long', trading_day_start: 0, trading_day_count: 31 * 86_400e9 }, 'set_chart: trading_day_count asks for 31 trading days; a chart spans at most 30'],
    ];
    for (const [fields, told] of refusals) {
      client.send({ aid: 'set_chart', ins_list: CU, duration: 60e9, ...fields });
      await client.until((m) => Object.values(m.notify ?? {}).some((n: any) => n.content.startsWith(told)), 5000, told).catch((error: Error) => {
        throw new Error(`${error.message.slice(0, 80)}; notes: ${client.notifications().map((n) => n.content).join(' | ')}`);
      });
    }
    for (const { patch } of client.history) {
      const charts = (patch as any).charts ?? {};
      for (const id of ['__proto__', 'constructor', 'back', 'long']) assert.ok(!Object.hasOwn(charts, id), `no patch carries charts.${id}`);
    }
    client.close();
  });

  it('set_chart around focus_datetime keeps the focus candle in view, whatever focus_position says', async () => {
    // Traders of its own: the other tests count alice's and bob's money.
    const seller = await h.trader('focus_seller', 'FOCUS_S');
    const buyer = await h.trader('focus_buyer', 'FOCUS_B');
    // More ticks than the widest focus_position below, so a view left of the focus exists.
    for (let price = 86500; price < 86620; price += 10) {
      await h.order(seller, { direction: 'SELL', price, volume: 1 });
      await h.order(buyer, { direction: 'BUY', price, volume: 1 });
    }
    const client = await connect('/ws/diff');
    client.send({ aid: 'set_chart', chart_id: 'all-ticks', ins_list: CU, duration: 0, view_width: 10_000 });
    await client.until((m) => m.charts?.['all-ticks']?.ready === true, 5000, 'the tick series');
    const ticks = client.mirror.klines[CU]['0'];
    // A tick whose time no other tick shares: focus_datetime names the last tick at or
    // before it, and two trades can fall in one millisecond (the test failed once when the
    // two newest did).
    const timeOf = (id: number) => ticks.data[String(id)]?.datetime;
    let focus = ticks.last_id - 1;
    while (timeOf(focus - 1) === timeOf(focus) || timeOf(focus + 1) === timeOf(focus)) focus--;
    const at = timeOf(focus);
    for (const [position, span] of [[0, [focus, focus + 1]], [1, [focus - 1, focus]], [10, [focus - 1, focus]]] as const) {
      const chartId = `focus-${position}`;
      client.send({ aid: 'set_chart', chart_id: chartId, ins_list: CU, duration: 0, view_width: 2, focus_datetime: at, focus_position: position });
      await client.until((m) => m.charts?.[chartId]?.ready === true, 5000, chartId);
      assert.deepEqual([client.mirror.charts[chartId].left_id, client.mirror.charts[chartId].right_id], span, `focus_position ${position}`);
    }
    client.close();
  });

  it('a frame with a command and then a req_login: the login\'s effects are delivered too', async () => {
    // The login (password hashing) may finish after the frame's command is durable and
    // answered: its notify must still reach a client that peeks again.
    const client = await loggedIn(alice);
    await sleep(200);
    const infos = () => client.notifications().filter((n) => n.level === 'INFO' && /login succeeded/.test(n.content)).length;
    const before = infos();
    const order = {
      aid: 'insert_order', user_id: 'alice', account_id: alice.accountId, order_id: 'frame-login', exchange_id: 'SHFE', instrument_id: 'cu2701',
      direction: 'BUY', offset: 'OPEN', volume: 1, price_type: 'LIMIT', limit_price: 85000,
    };
    client.socket.send(JSON.stringify([order, { aid: 'req_login', bid: 'basis', user_name: 'alice', password: 'password1' }]));
    await client.until((m) => m.trade.alice.orders?.['frame-login']?.status === 'ALIVE', 5000, 'the order');
    let delivered = true;
    await client.until(() => infos() > before, 3000, 'the login notify').catch(() => {
      delivered = false;
    });
    client.send({ aid: 'cancel_order', user_id: 'alice', order_id: 'frame-login' });
    await client.until((m) => m.trade.alice.orders['frame-login'].status === 'FINISHED', 5000, 'cancelled');
    client.close();
    assert.ok(delivered, 'the INFO notify of the second login reaches the client without another exchange event');
  });

  it('logs in with a JWT in the query (?access_token= and ?token=) without req_login', async () => {
    const login = await h.call('POST', '/api/auth/login', { body: { username: 'bob', password: 'password1' } });
    assert.equal(login.body.success, true);
    const token: string = login.body.data.token;
    for (const [name, suffix] of [
      ['access_token', `/ws/diff?access_token=${encodeURIComponent(token)}`],
      ['token', `/ws?token=${encodeURIComponent(token)}`],
      ['user_id and access_token', `/ws/diff?user_id=bob&access_token=${encodeURIComponent(token)}`],
    ] as const) {
      const client = await connect(suffix);
      await client.until((m) => m.trade?.bob?.trade_more_data === false, 5000, `token login (${name})`);
      assert.equal(client.mirror.trade.bob.session.user_id, bob.userId, name);
      assert.equal(client.mirror.trade.bob.accounts.CNY.balance, 10_000_000, name);
      assert.deepEqual(Object.keys(client.mirror.trade), ['bob'], name);
      client.close();
    }
  });

  it('sends the login notify (INFO) after a token login too, as after req_login (CLIENTS.md 3)', async () => {
    const client = await connect(`/ws/diff?access_token=${encodeURIComponent(bob.token)}`);
    await client.until((m) => m.trade?.bob?.trade_more_data === false, 5000, 'token login');
    await sleep(200);
    assert.ok(client.notifications().some((n) => n.level === 'INFO'), `an INFO notify after login; notifies: ${JSON.stringify(client.notifications())}`);
    client.close();
  });

  it('refuses a query user_id that is not the authenticated user (token or req_login)', async () => {
    const byToken = await connect(`/ws/diff?user_id=alice&access_token=${encodeURIComponent(bob.token)}`);
    await byToken.until(() => byToken.notifications().some((n) => n.level === 'ERROR'), 5000, 'refusal notify (token)');
    assert.equal(byToken.notifications().find((n) => n.level === 'ERROR')!.code, 1003);
    byToken.send({ aid: 'insert_order', user_id: 'alice', exchange_id: 'SHFE', instrument_id: 'cu2701', direction: 'BUY', offset: 'OPEN', volume: 1, price_type: 'LIMIT', limit_price: 86000 });
    await sleep(300);
    assert.equal(byToken.mirror.trade, undefined, 'no trade data for a refused identity');

    const byLogin = await connect('/ws/diff?user_id=alice');
    byLogin.send({ aid: 'req_login', user_name: 'bob', password: 'password1' });
    await byLogin.until(() => byLogin.notifications().some((n) => n.level === 'ERROR'), 5000, 'refusal notify (req_login)');
    assert.equal(byLogin.notifications().find((n) => n.level === 'ERROR')!.code, 1003);
    await sleep(300);
    assert.equal(byLogin.mirror.trade, undefined);

    const badToken = await connect('/ws/diff?access_token=not-a-jwt');
    await badToken.until(() => badToken.notifications().some((n) => n.level === 'ERROR'), 5000, 'refusal of a bad token');
    assert.equal(badToken.notifications().find((n) => n.level === 'ERROR')!.code, 1002);
    assert.equal(badToken.mirror.trade, undefined);
    // One of ours with its signature altered (or signed before the secret changed): told, not ignored.
    const [head, body, signature] = bob.token.split('.') as [string, string, string];
    const forged = `${head}.${body}.${signature.slice(0, -4)}${signature.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    const forgedToken = await connect(`/ws/diff?access_token=${encodeURIComponent(forged)}`);
    await forgedToken.until(() => forgedToken.notifications().some((n) => n.level === 'ERROR'), 5000, 'refusal of a forged token');
    const refusal = forgedToken.notifications().find((n) => n.level === 'ERROR')!;
    assert.equal(refusal.code, 1002);
    assert.match(refusal.content, /not signed by this exchange/);
    assert.equal(forgedToken.mirror.trade, undefined);
    for (const c of [byToken, byLogin, badToken, forgedToken]) c.close();
  });

  it('a JWT signed by someone else (a client vendor\'s token) is not a login; an expired one of ours warns; req_login still works', async () => {
    const foreign = createSigner({ key: 'some-vendor-secret-0123456789-abcdef', algorithm: 'HS256' })({ sub: bob.userId, username: 'bob', role: 'user' });
    const client = await connect(`/ws/diff?access_token=${encodeURIComponent(foreign)}`);
    client.send({ aid: 'subscribe_quote', ins_list: CU });
    await client.until((m) => m.quotes?.[CU] !== undefined, 3000, 'quotes');
    await sleep(200);
    assert.equal(client.mirror.trade, undefined, 'a foreign token logs nobody in');
    assert.deepEqual(client.notifications().filter((n) => n.level !== 'INFO'), [], 'and is not an error');
    client.send({ aid: 'req_login', bid: 'basis', user_name: 'bob', password: 'password1' });
    await client.until((m) => m.trade?.bob?.trade_more_data === false, 5000, 'req_login after a foreign token');
    client.close();

    const expired = createSigner({ key: 'test-secret-0123456789-0123456789-abcdef', algorithm: 'HS256', clockTimestamp: Date.now() - 3_600_000, expiresIn: 60_000 })({
      sub: bob.userId, username: 'bob', role: 'user',
    });
    const late = await connect(`/ws/diff?access_token=${encodeURIComponent(expired)}`);
    await late.until(() => late.notifications().some((n) => n.code === 1002), 3000, 'expired token notify');
    assert.equal(late.notifications().find((n) => n.code === 1002)!.level, 'WARNING');
    assert.equal(late.mirror.trade, undefined);
    late.close();
  });

  it('shows no trade data before login, and refuses orders sent before it', async () => {
    const client = await connect('/ws/diff?user_id=alice');
    client.send({ aid: 'subscribe_quote', ins_list: CU });
    client.send({ aid: 'insert_order', user_id: 'alice', order_id: 'early', exchange_id: 'SHFE', instrument_id: 'cu2701', direction: 'BUY', offset: 'OPEN', volume: 1, price_type: 'LIMIT', limit_price: 86000 });
    client.send({ aid: 'cancel_order', user_id: 'alice', order_id: 'whatever' });
    await client.until((m) => m.quotes?.[CU] !== undefined && client.notifications().filter((n) => n.code === 1002).length >= 2, 5000, 'quotes and refusals');
    await sleep(200);
    assert.equal(client.mirror.trade, undefined, 'no trade.* before login');
    assert.equal(
      client.patches.some((p) => p.trade !== undefined),
      false,
    );
    assert.equal(h.exchange.history.order(alice.accountId, 'early'), undefined, 'the early order never reached the exchange');
    const session = h.service.diff!.sessions().find((s) => s.queryUserId === 'alice' && s.caller === undefined);
    assert.equal(session?.localOrders.size, 0, 'and the session keeps no record of it');
    client.close();
  });

  it('set_chart: each DIFF duration gives klines.<ins>.<dur> and charts.<id>', async () => {
    // A trade, so every series has a candle.
    await h.order(alice, { direction: 'SELL', price: 86500, volume: 1, order_id: 'chart-s' });
    await h.order(bob, { direction: 'BUY', price: 86500, volume: 1, order_id: 'chart-b' });
    const client = await connect('/ws/diff');
    await client.until((m) => m.mdhis_more_data === false, 2000, 'greeting');
    for (const duration of DURATIONS) {
      const chartId = `chart-${duration}`;
      const request = { aid: 'set_chart', chart_id: chartId, ins_list: CU, duration, view_width: 50 };
      client.send(request);
      const key = String(duration);
      await client.until((m) => m.charts?.[chartId]?.ready === true && m.klines?.[CU]?.[key]?.last_id !== undefined, 5000, `chart ${duration}`);
      const series = client.mirror.klines[CU][key];
      const chart = client.mirror.charts[chartId];
      assert.equal(typeof series.last_id, 'number', key);
      assert.ok(series.last_id >= 0, `${key}: a candle exists after a trade (last_id ${series.last_id})`);
      assert.ok(series.data?.[String(series.last_id)] !== undefined, `${key}: the last candle is sent`);
      const candle = series.data[String(series.last_id)];
      for (const field of ['datetime', 'open', 'high', 'low', 'close', 'volume', 'open_oi', 'close_oi']) {
        assert.equal(typeof candle[field], 'number', `${key}: candle.${field}`);
      }
      assert.equal(candle.close, 86500, key);
      const { aid: _aid, ...state } = request;
      assert.deepEqual(chart.state, state, `${key}: the request is echoed in state`);
      assert.equal(chart.more_data, false, key);
      assert.equal(chart.ready, true, key);
      assert.equal(typeof chart.left_id, 'number', key);
      assert.equal(chart.right_id, series.last_id, key);
      assert.ok(chart.left_id <= chart.right_id, key);
      for (const id of Object.keys(series.data)) assert.match(id, /^\d+$/, `${key}: candle ids are integer strings`);
    }
    assert.equal(client.mirror.mdhis_more_data, false);

    // ins_list "" deletes the chart.
    client.send({ aid: 'set_chart', chart_id: 'chart-60000000000', ins_list: '', duration: 60e9, view_width: 50 });
    await client.until((m) => m.charts['chart-60000000000'] === undefined, 5000, 'chart deleted');
    assert.ok(client.mirror.charts['chart-0'] !== undefined, 'the other charts stay');

    // A new trade updates the charts still subscribed, not the deleted one.
    const before = client.mirror.klines[CU]['0'].last_id;
    await h.order(alice, { direction: 'SELL', price: 86510, volume: 1 });
    await h.order(bob, { direction: 'BUY', price: 86510, volume: 1 });
    await client.until((m) => m.klines[CU]['0'].last_id > before, 5000, 'tick chart follows the new trade');
    await client.until((m) => m.klines[CU]['3600000000000'].data[String(m.klines[CU]['3600000000000'].last_id)].close === 86510, 5000, 'hour candle follows');
    client.close();
  });

  it('heartbeat: a silent client that does not answer pings is dropped after the timeout', async () => {
    const client = await connect('/ws/diff', { autoPong: false });
    client.autoPeek = false;
    await messagesBeyond(client, 0, 'greeting');
    const start = Date.now();
    await client.closed(HEARTBEAT_S * 1000 * 3 + 1000);
    const elapsed = Date.now() - start;
    assert.ok(elapsed >= HEARTBEAT_S * 1000 * 0.9, `dropped after the timeout, not before (${elapsed} ms)`);
  });

  it('heartbeat: a client answering protocol pings stays, and so does one sending {"aid":"ping"} periodically', async () => {
    const answering = await connect('/ws/diff'); // ws answers pings by default
    answering.autoPeek = false;
    const pinging = await connect('/ws/diff', { autoPong: false });
    pinging.autoPeek = false;
    await messagesBeyond(answering, 0, 'greeting');
    await messagesBeyond(pinging, 0, 'greeting');
    let drops = 0;
    for (const c of [answering, pinging]) c.socket.once('close', () => drops++);
    // The spec's ratio: a ping every half timeout.
    const timer = setInterval(() => pinging.send({ aid: 'ping' }), (HEARTBEAT_S * 1000) / 2);
    try {
      await sleep(HEARTBEAT_S * 1000 * 3.5);
    } finally {
      clearInterval(timer);
    }
    assert.equal(drops, 0, 'neither client was dropped');
    await answering.answersPing();
    await pinging.answersPing();
    answering.close();
    pinging.close();
  });
});
