/**
 * Property: random sequences of trading operations by several users, one DIFF client per
 * user. Once the operations have settled, every client's mirror of trade.<key> (built by
 * applying the patches with the test's own merge-patch code) equals what its server
 * session says the client should hold, built from scratch (DiffSession.expectedTrade);
 * and no patch any client received carried an unchanged field.
 *
 * Users and their accounts live for the whole file, so later runs start from the state
 * the earlier ones left (positions, resting orders, settled days): a fresh connection must
 * receive all of it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { chartPatch, HeldKlines } from '../../../src/adapters/ws/chart-view.ts';
import { EntryBudget } from '../../../src/adapters/ws/held-candles.ts';
import type { DiffSession } from '../../../src/adapters/ws/diff-session.ts';
import { instrumentState } from '../../../src/core/index.ts';
import { buildQuote } from '../../../src/marketdata/index.ts';
import { DiffClient, unchangedFields } from '../../support/diff-client.ts';
import { HttpHarness, type TestUser } from '../../support/http-harness.ts';

type Trader = TestUser & { accountId: string };

const INSTRUMENTS = {
  cu: { id: 'cu2701', full: 'SHFE.cu2701', base: 86500, tick: 10 },
  al: { id: 'al2701', full: 'SHFE.al2701', base: 21300, tick: 5 },
} as const;
type Ins = keyof typeof INSTRUMENTS;

type Op =
  | { t: 'insert'; u: number; side: 'BUY' | 'SELL'; ins: Ins; ticks: number; volume: number; tc: 'GFD' | 'GTC' | 'IOC' }
  | { t: 'batch'; u: number; side: 'BUY' | 'SELL'; ticks: number; volume: number }
  | { t: 'cancel'; u: number; pick: number }
  | { t: 'httpOrder'; u: number; side: 'BUY' | 'SELL'; ticks: number; volume: number }
  | { t: 'deposit'; u: number; amount: number }
  | { t: 'withdraw'; u: number; amount: number }
  | { t: 'refused'; u: number }
  | { t: 'settle' }
  | { t: 'lag'; u: number; on: boolean }
  | { t: 'relogin'; u: number }
  | { t: 'resubscribe'; u: number; list: string }
  | { t: 'transfer'; u: number; amount: number; knownBank: boolean; rightPassword: boolean }
  | { t: 'pause'; ms: number };

const user = fc.integer({ min: 0, max: 2 });
const side = fc.constantFrom<'BUY' | 'SELL'>('BUY', 'SELL');
const ticks = fc.integer({ min: -3, max: 3 });
const volume = fc.integer({ min: 1, max: 3 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ t: fc.constant('insert' as const), u: user, side, ins: fc.constantFrom<Ins>('cu', 'cu', 'al'), ticks, volume, tc: fc.constantFrom<'GFD' | 'GTC' | 'IOC'>('GFD', 'GFD', 'GTC', 'IOC') }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('batch' as const), u: user, side, ticks, volume }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant('cancel' as const), u: user, pick: fc.nat(1000) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('httpOrder' as const), u: user, side, ticks, volume }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('deposit' as const), u: user, amount: fc.integer({ min: 1, max: 100_000 }) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('withdraw' as const), u: user, amount: fc.integer({ min: 1, max: 50_000 }) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('refused' as const), u: user }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('settle' as const) }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('lag' as const), u: user, on: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('relogin' as const), u: user }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant('resubscribe' as const), u: user, list: fc.constantFrom('SHFE.cu2701,SHFE.al2701', 'SHFE.al2701,SHFE.cu2701', 'SHFE.cu2701,SHFE.al2701,SHFE.zz9999') }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant('pause' as const), ms: fc.integer({ min: 0, max: 15 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      t: fc.constant('transfer' as const),
      u: user,
      amount: fc.oneof(fc.integer({ min: 1, max: 50_000 }), fc.integer({ min: -50_000, max: -1 })),
      knownBank: fc.boolean(),
      rightPassword: fc.boolean(),
    }),
  },
);

const TIME_ZONE = 'Asia/Shanghai'; // config/exchange.toml
const CHART = { chart_id: 'k1', ins_list: INSTRUMENTS.cu.full, duration: 60e9, view_width: 20 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a client receives: JSON, so fields the view leaves undefined are absent. */
const asJson = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

describe('DIFF property: mirrors equal the server view; patches hold only changes', () => {
  let h: HttpHarness;
  let port: number;
  const traders: Trader[] = [];
  /** Order ids each user placed over WebSocket (cancel picks among them, finished or not). */
  const placed: string[][] = [[], [], []];
  let run = 0;
  /** Each client's current quote subscription (the quotes of instruments dropped from it go stale, as in DIFF). */
  const subscribed = new Map<DiffClient, string>();
  /** What the runs did, to check that they exercised something. */
  const seen = { trades: 0, settlements: 0, refusedLocally: 0, cancels: 0, refusedByExchange: 0, transfers: 0 };

  before(async () => {
    h = await HttpHarness.start({ websocket: true });
    port = h.service.diff!.port;
    // rene is short of funds: some of her orders are refused by the exchange (recorded FINISHED with a reason).
    for (const [i, name] of ['pia', 'quinn', 'rene'].entries()) traders.push(await h.trader(name, `ACC${i}`, i === 2 ? 150_000 : 10_000_000));
  });

  after(async () => h.stop());

  /** Connects a client for `trader` (by req_login or by token) and finds its server session. */
  async function open(trader: Trader, byToken: boolean): Promise<{ client: DiffClient; session: DiffSession }> {
    const server = h.service.diff!;
    const known = new Set(server.sessions());
    const path = byToken ? `/ws?access_token=${encodeURIComponent(trader.token)}` : `/ws/diff?user_id=${trader.username}`;
    const client = await DiffClient.connect(`ws://127.0.0.1:${port}${path}`);
    if (!byToken) client.send({ aid: 'req_login', bid: 'basis', user_name: trader.username, password: 'password1' });
    subscribed.set(client, `${INSTRUMENTS.cu.full},${INSTRUMENTS.al.full}`);
    client.send({ aid: 'subscribe_quote', ins_list: subscribed.get(client) });
    client.send({ aid: 'set_chart', ...CHART });
    await client.until((m) => m.trade?.[trader.username]?.trade_more_data === false && m.quotes?.[INSTRUMENTS.al.full] !== undefined, 5000, `${trader.username} logged in`);
    const fresh = server.sessions().filter((s) => !known.has(s) && s.tradeKey === trader.username);
    assert.equal(fresh.length, 1, `one new server session for ${trader.username}`);
    return { client, session: fresh[0]! };
  }

  function insertMessage(trader: Trader, orderId: string, s: 'BUY' | 'SELL', ins: Ins, t: number, v: number, tc: string) {
    const spec = INSTRUMENTS[ins];
    return {
      aid: 'insert_order', user_id: trader.username, account_id: trader.accountId, order_id: orderId, exchange_id: 'SHFE',
      instrument_id: spec.id, direction: s, offset: 'OPEN', volume: v, price_type: 'LIMIT', limit_price: spec.base + t * spec.tick, time_condition: tc,
    };
  }

  async function apply(op: Op, clients: DiffClient[], users: number, step: number): Promise<void> {
    const who = 'u' in op ? op.u % users : 0;
    const trader = traders[who]!;
    const client = clients[who]!;
    const id = `r${run}-${step}`;
    switch (op.t) {
      case 'insert':
        placed[who]!.push(id);
        client.send(insertMessage(trader, id, op.side, op.ins, op.ticks, op.volume, op.tc));
        return;
      case 'batch': {
        const opposite = op.side === 'BUY' ? 'SELL' : 'BUY';
        placed[who]!.push(`${id}a`, `${id}b`);
        client.socket.send(JSON.stringify([
          insertMessage(trader, `${id}a`, op.side, 'cu', op.ticks, op.volume, 'GFD'),
          insertMessage(trader, `${id}b`, opposite, 'cu', -op.ticks, op.volume, 'GFD'),
          { aid: 'cancel_order', user_id: trader.username, order_id: `${id}a` },
        ]));
        return;
      }
      case 'cancel': {
        const ids = placed[who]!;
        const orderId = ids.length === 0 || op.pick % 5 === 0 ? `unknown-${id}` : ids[op.pick % ids.length]!;
        client.send({ aid: 'cancel_order', user_id: trader.username, account_id: trader.accountId, order_id: orderId });
        seen.cancels++;
        return;
      }
      case 'httpOrder': {
        const reply = await h.call('POST', '/api/order/submit', {
          token: trader.token,
          body: { user_id: trader.userId, account_id: trader.accountId, instrument_id: 'cu2701', exchange_id: 'SHFE', direction: op.side, offset: 'OPEN', volume: op.volume, price: INSTRUMENTS.cu.base + op.ticks * INSTRUMENTS.cu.tick, price_type: 'LIMIT', order_id: `${id}h` },
        });
        assert.ok(reply.status < 500, `HTTP order: ${reply.raw.slice(0, 200)}`);
        return;
      }
      case 'deposit':
        await h.ok('POST', '/api/account/deposit', { token: trader.token, body: { account_id: trader.accountId, amount: op.amount } });
        return;
      case 'withdraw': {
        const reply = await h.call('POST', '/api/account/withdraw', { token: trader.token, body: { account_id: trader.accountId, amount: op.amount } });
        assert.ok(reply.body.success || reply.body.error?.code === 2003 || reply.body.error?.code === 4001, `withdraw: ${reply.raw.slice(0, 200)}`);
        return;
      }
      case 'refused':
        seen.refusedLocally++;
        client.send({ ...insertMessage(trader, `${id}x`, 'BUY', 'cu', 0, 1, 'GFD'), instrument_id: 'zz9999' });
        return;
      case 'settle':
        await h.asAdmin('POST', '/api/admin/settlement/execute');
        seen.settlements++;
        return;
      case 'pause':
        await sleep(op.ms);
        return;
      case 'lag':
        // A client that stops peeking for a while, then catches up.
        client.autoPeek = !op.on;
        if (!op.on) client.send({ aid: 'peek_message' });
        return;
      case 'relogin':
        client.send({ aid: 'req_login', bid: 'basis', user_name: trader.username, password: 'password1' });
        return;
      case 'transfer':
        // A bank transfer over DIFF: every attempt, moved or refused, lands under trade.<key>.transfers.
        seen.transfers++;
        client.send({
          aid: 'req_transfer',
          bank_id: op.knownBank ? 'ICBC' : 'NOBANK',
          bank_password: 'bank',
          future_password: op.rightPassword ? 'password1' : 'not-the-password',
          amount: op.amount,
        });
        return;
      case 'resubscribe':
        // Lists always keep both instruments: the server forgets the quote of an instrument
        // dropped from the list and re-sends it whole when it comes back, and re-sending the
        // list held now echoes an unchanged ins_list. Both are known defects pinned by
        // diff-protocol.test.ts; left out here so that the property checks the rest.
        if (subscribed.get(client) === op.list) return;
        subscribed.set(client, op.list);
        client.send({ aid: 'subscribe_quote', ins_list: op.list });
        return;
    }
  }

  /** Every message each client sent before has been handled: a ping answered after them. */
  async function barrier(clients: DiffClient[]): Promise<void> {
    await Promise.all(
      clients.map(async (client) => {
        if (!client.autoPeek) {
          client.autoPeek = true;
          client.send({ aid: 'peek_message' });
        }
        const pongs = client.messages.filter((m) => m.aid === 'pong').length;
        client.send({ aid: 'ping' });
        await client.until(() => client.messages.filter((m) => m.aid === 'pong').length > pongs, 5000, 'pong');
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
  }

  it('holds for random operation sequences by 2-3 users', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 2, max: 3 }), fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }), fc.array(opArb, { minLength: 1, maxLength: 20 }), async (users, byToken, ops) => {
        run++;
        const opened: { client: DiffClient; session: DiffSession }[] = [];
        try {
          for (let u = 0; u < users; u++) opened.push(await open(traders[u]!, byToken[u]!));
          const clients = opened.map((o) => o.client);
          // Every run starts with one crossing pair, so each run trades whatever follows.
          const crossing: Op[] = [
            { t: 'insert', u: 0, side: 'SELL', ins: 'cu', ticks: 0, volume: 1, tc: 'GFD' },
            { t: 'insert', u: 1, side: 'BUY', ins: 'cu', ticks: 0, volume: 1, tc: 'GFD' },
          ];
          for (const [step, op] of [...crossing, ...ops].entries()) await apply(op, clients, users, step);
          await barrier(clients);

          for (const [u, { client, session }] of opened.entries()) {
            const key = traders[u]!.username;
            const expected = () => asJson(session.expectedTrade());
            try {
              await client.until((m) => isDeepStrictEqual(m.trade?.[key], expected()), 5000, `${key}'s mirror to settle`);
            } catch {
              // Timed out: show the difference.
            }
            assert.deepStrictEqual(client.mirror.trade?.[key], expected(), `${key}: the mirror equals the server's view (run ${run})`);
            assert.deepEqual(Object.keys(client.mirror.trade), [key], `${key} sees only its own trade data`);
          }
          // Public data: the quotes and the chart equal what the exchange holds now. Read
          // again at each look: an order sent over DIFF is answered (pong) before its
          // journal write is durable, so the exchange may still move while clients catch up.
          const quotesNow = () =>
            Object.fromEntries(
              Object.values(INSTRUMENTS).map((i) => [i.full, asJson(buildQuote(instrumentState(h.exchange.state, i.full)!, h.exchange.marketData.tape(i.full), TIME_ZONE))]),
            );
          for (const [u, { client }] of opened.entries()) {
            const who = traders[u]!.username;
            const list = subscribed.get(client)!;
            await client.until((m) => m.ins_list === list, 2000, `${who}'s ins_list`).catch(() => undefined);
            assert.equal(client.mirror.ins_list, list, `${who}: ins_list echoes the subscription`);
            const wanted = () => Object.fromEntries(Object.entries(quotesNow()).filter(([id]) => list.split(',').includes(id)));
            const held = () => Object.fromEntries(Object.keys(wanted()).map((id) => [id, client.mirror.quotes?.[id]]));
            await client.until(() => isDeepStrictEqual(held(), wanted()), 2000, `${who}'s quotes`).catch(() => undefined);
            assert.deepStrictEqual(held(), wanted(), `${who}: quotes of ${list}`);
            const chart = chartPatch(h.exchange, CHART, new HeldKlines(), undefined, new EntryBudget(Infinity));
            const series = (chart.klines?.[INSTRUMENTS.cu.full] as any)?.[String(CHART.duration)];
            assert.deepStrictEqual(client.mirror.charts?.k1, asJson(chart.chart), `${who}: charts.k1`);
            const candles = client.mirror.klines?.[INSTRUMENTS.cu.full]?.[String(CHART.duration)];
            if (series !== undefined) {
              assert.equal(candles?.last_id, series.last_id, `${who}: klines last_id`);
              for (const [id, candle] of Object.entries(series.data ?? {})) assert.deepStrictEqual(candles.data?.[id], candle, `${who}: candle ${id}`);
            }
          }
          // Notify keys are unique and never reused (CLIENTS.md 6).
          const notifyKeys = new Set<string>();
          for (const { client } of opened) {
            for (const patch of client.patches) {
              for (const key of Object.keys(patch.notify ?? {})) {
                assert.ok(!notifyKeys.has(key), `notify key ${key} sent twice`);
                notifyKeys.add(key);
              }
            }
          }
          for (const [u, { client }] of opened.entries()) {
            for (const [index, { before, patch }] of client.history.entries()) {
              const unchanged = unchangedFields(before, patch);
              assert.deepEqual(unchanged, [], `${traders[u]!.username}: patch #${index} carries unchanged fields: ${JSON.stringify(patch).slice(0, 800)}`);
            }
          }
        } finally {
          await Promise.all(
            opened.map(
              ({ client }) =>
                new Promise<void>((resolve) => {
                  if (client.socket.readyState === client.socket.CLOSED) resolve();
                  else {
                    client.socket.once('close', () => resolve());
                    client.close();
                  }
                }),
            ),
          );
        }
      }),
      // DIFF_PROPERTY_RUNS=<n> for more runs; DIFF_PROPERTY_SEED=<seed> replays a reported counterexample.
      {
        numRuns: Number(process.env.DIFF_PROPERTY_RUNS ?? 15),
        endOnFailure: true,
        includeErrorInReport: true,
        ...(process.env.DIFF_PROPERTY_SEED !== undefined && { seed: Number(process.env.DIFF_PROPERTY_SEED) }),
      },
    );
    seen.trades = traders.reduce((sum, t) => sum + h.exchange.history.tradesOf(t.accountId).length, 0);
    seen.refusedByExchange = traders.reduce((sum, t) => sum + h.exchange.history.ordersOf(t.accountId).filter((o) => o.status === 'REJECTED').length, 0);
    if (process.env.DIFF_PROPERTY_RUNS !== undefined) console.log(JSON.stringify(seen));
    assert.ok(seen.trades > 0 && seen.cancels > 0, `the runs traded and cancelled: ${JSON.stringify(seen)}`);
  });
});
