/**
 * The fan-out of market changes in turns (FanOutQueue): with a turn of one connection,
 * a trade's quote reaches every watcher all the same, each watcher's mirror stays the
 * server's view, and the trader whose order filled is told ahead of the watchers; what
 * counts as a session's own business (sent at once) and what waits its turn.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ChangeSet } from '../../../src/adapters/ws/change-set.ts';
import { DiffSession } from '../../../src/adapters/ws/diff-session.ts';
import { QuoteFeed } from '../../../src/adapters/ws/quote-feed.ts';
import { DiffClient } from '../../support/diff-client.ts';
import { HttpHarness } from '../../support/http-harness.ts';

const WATCHERS = 40;
const QUOTE = 'SHFE.cu2701';

describe('DIFF fan-out in turns', () => {
  let h: HttpHarness;
  let url: string;
  const clients: DiffClient[] = [];
  before(async () => {
    h = await HttpHarness.start({ websocket: true, diffLimits: { fanOutTurnMs: 0, maxPerAddress: 100 } });
    url = `ws://127.0.0.1:${h.service.diff?.port}/ws/diff`;
  });
  after(async () => {
    for (const client of clients) client.socket.terminate();
    await h.stop();
  });

  it('tells the trader of its fill before the watchers of the price, and every watcher in the end', async () => {
    const alice = await h.trader('alice', 'ALICE1');
    const bob = await h.trader('bob', 'BOB1');
    const watchers: DiffClient[] = [];
    for (let i = 0; i < WATCHERS; i++) {
      const watcher = await DiffClient.connect(url);
      clients.push(watcher);
      watcher.send({ aid: 'subscribe_quote', ins_list: QUOTE });
      watchers.push(watcher);
    }
    for (const watcher of watchers) await watcher.until((m) => m.quotes?.[QUOTE]?.pre_settlement !== undefined, 5000, 'first quote');
    const trader = await DiffClient.connect(`${url}?user_id=alice&access_token=${alice.token}`);
    clients.push(trader);
    await trader.until((m) => m.trade?.alice?.trade_more_data === false, 5000, 'login');
    const volumeBefore: number = watchers[0]!.mirror.quotes[QUOTE].volume;

    await h.order(bob, { direction: 'SELL', price: 86500, volume: 1 });
    for (const watcher of watchers) await watcher.until((m) => m.quotes[QUOTE].ask_price1 === 86500, 5000, 'the resting sell');
    // Arrival times of the trade: the trader's fill and each watcher's quote.
    const arrivals = new Map<DiffClient, number>();
    const noteArrival = (client: DiffClient, seen: (mirror: any) => boolean) =>
      client.until(seen, 5000, 'the trade').then(() => arrivals.set(client, performance.now()));
    const waits = [
      noteArrival(trader, (m) => m.trade.alice.orders?.b1?.status === 'FINISHED'),
      ...watchers.map((w) => noteArrival(w, (m) => m.quotes[QUOTE].volume === volumeBefore + 1)),
    ];
    trader.send({ aid: 'insert_order', user_id: 'alice', account_id: alice.accountId, order_id: 'b1', exchange_id: 'SHFE', instrument_id: 'cu2701', direction: 'BUY', offset: 'OPEN', volume: 1, price_type: 'LIMIT', limit_price: 86500 });
    await Promise.all(waits);

    // The trader's message left in the turn that published the trade; the watchers' took
    // a turn each, with the event loop between them.
    const lastWatcher = Math.max(...watchers.map((w) => arrivals.get(w)!));
    assert.ok(arrivals.get(trader)! < lastWatcher, 'the fill reached the trader before the last watcher had the price');
    assert.equal(trader.mirror.quotes, undefined);
    for (const watcher of watchers) {
      assert.equal(watcher.mirror.quotes[QUOTE].last_price, 86500);
      assert.deepEqual(watcher.mirror.quotes[QUOTE], watchers[0]!.mirror.quotes[QUOTE]);
    }
    const rest = await h.ok<{ volume: number }>('GET', `/api/market/tick/${QUOTE}`);
    assert.equal(watchers[0]!.mirror.quotes[QUOTE].volume, rest.volume);
  });

  it("a user without an account waits its turn at others' trades, and is shown the account it opens", async () => {
    const dana = await h.user('dana');
    const client = await DiffClient.connect(`${url}?user_id=dana&access_token=${dana.token}`);
    clients.push(client);
    await client.until((m) => m.trade?.dana?.trade_more_data === false, 5000, 'login');
    const session = h.service.diff!.sessions().find((s) => s.isLoggedInAs(dana.userId))!;
    // Others' trades are no business of dana's: nothing to send ahead of the watchers.
    // (The peek the client holds is taken by the answer to a subscription first.)
    client.autoPeek = false;
    client.send({ aid: 'subscribe_quote', ins_list: QUOTE });
    await client.until((m) => m.quotes?.[QUOTE] !== undefined, 5000, 'the quote');
    const [seller, buyer] = [await h.trader('dana_s', 'DANA_S'), await h.trader('dana_b', 'DANA_B')];
    await h.order(seller, { direction: 'SELL', price: 86500, volume: 1 });
    await h.order(buyer, { direction: 'BUY', price: 86500, volume: 1 });
    assert.equal(session.hasOwnNews, false);
    client.autoPeek = true;
    client.send({ aid: 'peek_message' });
    await h.ok('POST', '/api/account/open', { token: dana.token, body: { user_id: dana.userId, account_id: 'DANA1', initial_balance: 500_000 } });
    await client.until((m) => m.trade.dana.accounts?.CNY?.account_id === 'DANA1', 5000, 'the new account');
    assert.equal(client.mirror.trade.dana.accounts.CNY.balance, 500_000);
    assert.deepEqual(client.mirror.trade.dana, session.expectedTrade());
  });

  it("sends every watcher one version behind the same message, built once; one further behind gets its own patch", async () => {
    const feed = new QuoteFeed(h.service.exchange, 'Asia/Shanghai');
    const watcher = () => {
      const sent: string[] = [];
      const session = new DiffSession(h.service.exchange, feed, { send: (text) => sent.push(text) }, undefined);
      session.subscribeQuotes(QUOTE);
      session.peek();
      session.flush();
      return { session, sent };
    };
    const [a, b, late] = [watcher(), watcher(), watcher()];
    const publish = (sessions: DiffSession[]) => {
      feed.refresh([QUOTE]);
      const changes = new ChangeSet();
      changes.instruments.add(QUOTE);
      for (const session of sessions) {
        session.absorb(changes);
        session.peek();
        session.flush();
      }
    };
    const seller = await h.trader('shared_s', 'SHARED_S');
    await h.order(seller, { direction: 'SELL', price: 86510, volume: 1 });
    publish([a.session, b.session]); // `late` misses this version
    await h.order(seller, { direction: 'SELL', price: 86510, volume: 1 });
    publish([a.session, b.session, late.session]);

    const entry = feed.current(QUOTE)!;
    const expected = `{"aid":"rtn_data","data":[{"quotes":{"${QUOTE}":${entry.patchText}}}]}`;
    assert.equal(entry.aloneMessage, expected);
    assert.equal(a.sent.at(-1), expected);
    assert.equal(b.sent.at(-1), expected);
    // (The quote's time changes unless both orders came in the same millisecond.)
    const { datetime: _time, ...shared } = JSON.parse(entry.patchText);
    assert.deepEqual(shared, { ask_volume1: 2 });
    // Two versions behind: its own patch, from the quote it holds (the new best ask too).
    assert.notEqual(late.sent.at(-1), expected);
    const { datetime: _lateTime, ...own } = JSON.parse(late.sent.at(-1)!).data[0].quotes[QUOTE];
    assert.deepEqual(own, { ask_price1: 86510, ask_volume1: 2 });
  });

  it('answers a subscription or a chart as the client\'s own request, not in the fan-out', () => {
    const sent: string[] = [];
    const session = new DiffSession(h.service.exchange, new QuoteFeed(h.service.exchange, 'Asia/Shanghai'), { send: (text) => sent.push(text) }, undefined);
    assert.equal(session.hasOwnNews, false);
    session.subscribeQuotes(QUOTE);
    assert.equal(session.hasOwnNews, true);
    session.peek();
    session.flush();
    assert.match(sent.at(-1)!, /"pre_settlement":86500/);
    assert.equal(session.hasOwnNews, false);
    // The same list again, or the same channels, asks for nothing.
    session.subscribeQuotes(QUOTE);
    session.subscribeChannels({ ...session.tradeChannels });
    assert.equal(session.hasOwnNews, false);
    session.subscribeChannels({ ...session.tradeChannels, trade: false });
    assert.equal(session.hasOwnNews, true);
    session.peek();
    session.flush();
    assert.equal(session.hasOwnNews, false);
    session.setChart({ chart_id: 'c1', ins_list: QUOTE, duration: 60_000_000_000, view_width: 10 });
    assert.equal(session.hasOwnNews, true);
    session.peek();
    session.flush();
    assert.match(sent.at(-1)!, /"charts":\{"c1"/);
    assert.equal(session.hasOwnNews, false);
  });
});
