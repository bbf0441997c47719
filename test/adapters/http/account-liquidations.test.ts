/**
 * A trader's own view of the forced liquidations of its account: the route
 * /api/account/{account_id}/liquidations (owner and administrator only) and the day's
 * settlement statement, which names the liquidations of the day (over REST, and in the
 * text DIFF clients read from qry_settlement_info), not only one at the settlement.
 *
 * Target buys 1 SHFE.cu2701 from a seller at 84000; a bidder bids 83800; the exchange
 * forces the target's account closed during the day; the day is settled, then a second.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DiffClient } from '../../support/diff-client.ts';
import { HttpHarness, type TestUser } from '../../support/http-harness.ts';
import { refused } from '../../support/route-checks.ts';

type Trader = TestUser & { accountId: string };

describe("HTTP /api/account/{account_id}/liquidations and the day's statement", () => {
  let h: HttpHarness;
  let target: Trader;
  let other: Trader;
  let liquidation: any;
  let day1: string;
  let day2: string;

  before(async () => {
    h = await HttpHarness.start({ websocket: true });
    target = await h.trader('lq_target', 'LQ_T');
    other = await h.trader('lq_other', 'LQ_O');
    const bidder = await h.trader('lq_bidder', 'LQ_B');
    await h.order(other, { direction: 'SELL', price: 84000, volume: 1 });
    await h.order(target, { direction: 'BUY', price: 84000, volume: 1 });
    await h.order(bidder, { direction: 'BUY', price: 83800, volume: 1 });
    liquidation = (await h.asAdmin('POST', '/api/management/risk/force-liquidate', { account_id: target.accountId })).liquidation;
    await h.asAdmin('POST', '/api/admin/settlement/set-price', { instrument_id: 'SHFE.cu2701', settlement_price: 84000 });
    day1 = (await h.asAdmin('POST', '/api/admin/settlement/execute')).settlement_date;
    day2 = (await h.asAdmin('POST', '/api/admin/settlement/execute')).settlement_date;
  });
  after(async () => h.stop());

  it('shows the owner its liquidations as the risk officer sees them, newest first', async () => {
    const reply = await h.call('GET', `/api/account/${target.accountId}/liquidations`, { token: target.token });
    assert.equal(reply.status, 200, reply.raw);
    assert.equal(reply.headers['x-total-count'], '1');
    const [record] = reply.body.data;
    assert.deepEqual(record, liquidation);
    assert.equal(record.trigger, 'admin');
    assert.deepEqual(record.orders.map((o: any) => [o.direction, o.volume, o.filled, o.average_price]), [['SELL', 1, 1, 83800]]);
    const officer = await h.asAdmin('GET', `/api/management/risk/liquidations?account_id=${target.accountId}`);
    assert.deepEqual(officer, [record]);
    assert.deepEqual(await h.asAdmin('GET', `/api/account/${target.accountId}/liquidations`), [record]);
  });

  it('shows an account never liquidated an empty list, and refuses another user and an unknown account', async () => {
    assert.deepEqual(await h.ok('GET', `/api/account/${other.accountId}/liquidations`, { token: other.token }), []);
    await refused(h, 'GET', `/api/account/${target.accountId}/liquidations`, { token: other.token }, 1003, 403);
    await refused(h, 'GET', '/api/account/NO_SUCH/liquidations', { token: other.token }, 2001, 404);
  });

  it("names the day's liquidations in the statement, while force_closed speaks only of the settlement", async () => {
    const days = await h.ok('GET', `/api/account/${target.accountId}/settlements`, { token: target.token });
    assert.deepEqual(days.map((d: any) => [d.trading_day, d.liquidation_ids, d.force_closed]), [[day2, [], false], [day1, [liquidation.liquidation_id], false]]);
    const statement = await h.ok('GET', `/api/account/${target.accountId}/settlements/${day1}`, { token: target.token });
    assert.deepEqual(statement.liquidations, [liquidation]);
    assert.deepEqual((await h.ok('GET', `/api/account/${target.accountId}/settlements/${day2}`, { token: target.token })).liquidations, []);
  });

  it('writes a line for a liquidation during the day in the text statement of DIFF', async () => {
    const client = await DiffClient.connect(`ws://127.0.0.1:${h.service.diff?.port}/ws/diff`);
    client.send({ aid: 'req_login', bid: 'basis', user_name: target.username, password: 'password1' });
    await client.until((m) => m.trade?.[target.username]?.trade_more_data === false, 5000, 'login');
    const text = async (day: string) => {
      const before = client.messages.filter((m) => m.aid === 'qry_settlement_info').length;
      client.send({ aid: 'qry_settlement_info', trading_day: Number(day.replace(/-/g, '')) });
      await client.until(() => client.messages.filter((m) => m.aid === 'qry_settlement_info').length > before, 5000, 'the statement');
      return client.messages.filter((m) => m.aid === 'qry_settlement_info').at(-1).settlement_info as string;
    };
    const lines = (await text(day1)).split('\n').filter((l) => l.includes('Forced liquidation'));
    assert.deepEqual(lines, [`强平 Forced liquidation ${liquidation.liquidation_id} (by the exchange)：risk degree ${(liquidation.risk_ratio_before * 100).toFixed(2)}% → 0.00%, 1 of 1 lots closed`]);
    assert.ok(!(await text(day2)).includes('Forced liquidation'));
    client.close();
  });
});
