/**
 * DIFF's settlement messages with a plain client: qry_settlement_info answers the
 * statement text (its account summary and tables in the shapes tqsdk-js parses; the
 * parse itself is in tqsdk-client.test.ts), forced liquidation and delisting closes are
 * shown, reads share REST's per-user budget of history reads, and every refusal is a
 * notify.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DiffClient } from '../../support/diff-client.ts';
import { HttpHarness, type TestUser } from '../../support/http-harness.ts';

type Trader = TestUser & { accountId: string };

/** The lines of a statement text, checked the way tqsdk-js's parser reads them. */
function checkShape(text: string): { summary: Record<string, string>; tables: Map<string, string[][]> } {
  const lines = text.split('\n').map((l) => l.trim());
  const summary: Record<string, string> = {};
  const at = lines.findIndex((l) => l.includes('资金状况'));
  assert.ok(at > 0, 'an account summary');
  for (let i = at + 2; lines[i] !== ''; i++) {
    // Every line of the summary pairs English labels with two-decimal figures: a line
    // without a label makes the parser throw.
    const labels = lines[i]!.match(/([A-Z][a-zA-Z./()\s]+)[:：]+/g) ?? [];
    const figures = lines[i]!.match(/(-?\d+\.\d\d)/g) ?? [];
    assert.ok(labels.length > 0 && labels.length === figures.length, `summary line: ${lines[i]}`);
    labels.forEach((label, j) => (summary[label.split(/[:：]/)[0]!.trim()] = figures[j]!));
  }
  const tables = new Map<string, string[][]>();
  lines.forEach((line, i) => {
    if (!/^[\u4e00-\u9fa5]+ [A-Z]/.test(line) || !lines[i + 1]?.startsWith('---')) return;
    const header = lines[i + 3]!;
    const cells = (row: string) => row.split('|').slice(1, -1);
    const rows: string[][] = [];
    for (let r = i + 5; !lines[r]!.startsWith('---'); r++) {
      assert.equal(cells(lines[r]!).length, cells(header).length, `a row of ${line}: ${lines[r]}`);
      rows.push(cells(lines[r]!));
    }
    tables.set(line, rows);
  });
  return { summary, tables };
}

describe('DIFF settlement statements', () => {
  let h: HttpHarness;
  let url: string;
  let alice: Trader;
  let bob: Trader;
  let day: string;

  before(async () => {
    // Two history reads per user in a burst, shared by REST and DIFF.
    h = await HttpHarness.start({ websocket: true, historyReads: { perSecond: 1, burst: 1 } });
    url = `ws://127.0.0.1:${h.service.diff?.port}/ws/diff`;
    alice = await h.trader('alice', 'ALICE1');
    bob = await h.trader('bob', 'BOB1');
    await h.asAdmin('POST', '/api/admin/instrument/create', {
      instrument_id: 'SHFE.ex2701',
      product_id: 'ex',
      price_tick: 0.5,
      volume_multiple: 10,
      pre_settlement: 1000,
      margin_ratio: 0.1,
      commission: 0,
    });
    await h.order(bob, { direction: 'SELL', price: 86500, volume: 2 });
    await h.order(alice, { direction: 'BUY', price: 86500, volume: 2 });
    await h.order(bob, { instrument_id: 'SHFE.ex2701', direction: 'SELL', price: 1000.5, volume: 3 });
    await h.order(alice, { instrument_id: 'SHFE.ex2701', direction: 'BUY', price: 1000.5, volume: 3 });
    await h.ok('DELETE', '/api/admin/instrument/SHFE.ex2701/delist', { token: h.admin.token });
    await h.asAdmin('POST', '/api/admin/settlement/set-price', { instrument_id: 'SHFE.ex2701', settlement_price: 1010 });
    day = (await h.asAdmin('POST', '/api/admin/settlement/execute')).settlement_date;
  });
  after(async () => h.stop());

  async function loggedIn(name: string): Promise<DiffClient> {
    const client = await DiffClient.connect(url);
    client.send({ aid: 'req_login', bid: 'basis', user_name: name, password: 'password1' });
    await client.until((m) => m.trade?.[name]?.trade_more_data === false, 5000, 'login');
    return client;
  }

  const answer = (client: DiffClient) => client.until(() => client.messages.some((m) => m.aid === 'qry_settlement_info'), 5000, 'the statement');
  const warning = (client: DiffClient, pattern: RegExp) =>
    client.until(() => client.notifications().some((n) => n.level === 'WARNING' && pattern.test(n.content)), 5000, `a warning ${pattern}`);

  it("answers the day's statement: the summary as REST settles it, the trades, the positions and the lots closed at delisting", async () => {
    const client = await loggedIn('alice');
    const tradingDay = Number(day.replace(/-/g, ''));
    client.send({ aid: 'qry_settlement_info', trading_day: tradingDay });
    await answer(client);
    const reply = client.messages.find((m) => m.aid === 'qry_settlement_info');
    assert.deepEqual([reply.user_name, reply.trading_day], ['alice', tradingDay]);
    const { summary, tables } = checkShape(reply.settlement_info);
    const rest = await h.ok('GET', `/api/account/${alice.accountId}/settlements/${day}`, { token: alice.token });
    assert.equal(Number(summary['Balance c/f']), rest.balance);
    assert.equal(Number(summary['Realized P/L']), rest.close_profit);
    // (1,010 - 1,000.5) x 3 x 10 = 285, realised at the delisting with no trade.
    assert.equal(rest.close_profit, 285);
    assert.deepEqual(rest.closed_at_delisting, [{ instrument_id: 'SHFE.ex2701', volume_long: 3, volume_short: 0, settlement_price: 1010, close_profit: 285 }]);
    assert.deepEqual(tables.get('到期平仓 Closed at Delisting'), [['SHFE.ex2701', '3', '0', '1010.000', '285.00']]);
    const trades = tables.get('成交记录 Transaction Record')!;
    assert.deepEqual(trades.map((row) => [row[3], row[6], row[7]]), [['cu2701', '86500.000', '2'], ['ex2701', '1000.500', '3']]);
    assert.equal(new Set(trades.map((row) => row[11])).size, trades.length, 'trade numbers are unique in a statement');
    assert.deepEqual(tables.get('持仓汇总 Positions')?.map((row) => [row[0], row[1]]), [['SHFE.cu2701', '2']]);
    client.close();
  });

  it('counts statement reads against the history reads REST counts, per user', async () => {
    const client = await loggedIn('bob');
    // Bob's budget: spent over REST.
    await h.ok('GET', `/api/account/${bob.accountId}/settlements/${day}`, { token: bob.token });
    await h.ok('GET', `/api/account/${bob.accountId}/settlements/${day}`, { token: bob.token });
    client.send({ aid: 'qry_settlement_info', trading_day: day });
    await warning(client, /too many history reads/);
    assert.equal(client.messages.filter((m) => m.aid === 'qry_settlement_info').length, 0);
    client.close();
  });

  it('refuses with a notify: before a login, a day not settled, a day that is no date', async () => {
    const client = await DiffClient.connect(url);
    client.send({ aid: 'qry_settlement_info', trading_day: day });
    await warning(client, /log in first/);
    client.close();
    // A fresh user, with budget left.
    const carol = await h.trader('carol', 'CAROL1');
    const logged = await loggedIn(carol.username);
    logged.send({ aid: 'qry_settlement_info', trading_day: 20010101 });
    await warning(logged, /no settlement statement: account CAROL1 was not settled on 2001-01-01/);
    logged.send({ aid: 'qry_settlement_info', trading_day: '2026-02-30' });
    await warning(logged, /is not a date/);
    logged.send({ aid: 'qry_settlement_info', trading_day: { day } });
    await warning(logged, /qry_settlement_info: trading_day/);
    assert.equal(logged.messages.filter((m) => m.aid === 'qry_settlement_info').length, 0);
    logged.close();
  });
});
