/**
 * An account that lost more than it held: a price gap past its margin leaves a negative
 * balance with nothing in use, so risk ratio 0 and level normal. The risk routes still
 * put it first and count what it owes (a review found it missing from the risk list).
 *
 * SHFE.cu2701: multiplier 5, margin 0.09, limits 8% around the reference 86,500.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { HttpHarness } from '../../support/http-harness.ts';
import { cents } from '../../support/route-checks.ts';

describe('HTTP /api/management/risk: accounts in deficit', () => {
  let h: HttpHarness;
  before(async () => {
    h = await HttpHarness.start();
  });
  after(async () => h.stop());

  it('lists an account with a negative balance first, whatever its level, and sums what such accounts owe', async () => {
    const admin = <T = any>(method: string, url: string, body?: unknown) => h.asAdmin<T>(method, url, body);
    const lowerLimit = async () => (await h.ok('GET', '/api/market/tick/SHFE.cu2701')).lower_limit as number;
    const victim = await h.trader('deficit_victim', 'DEFICIT1', 40_000);
    const seller = await h.trader('deficit_seller', 'DEFICIT2');
    const bidder = await h.trader('deficit_bidder', 'DEFICIT3');
    // Funded to survive the first gap, not the second: at force-close, with no deficit.
    const warned = await h.trader('deficit_warned', 'DEFICIT4', 80_000);
    await h.order(seller, { direction: 'SELL', price: 86500, volume: 2 });
    await h.order(victim, { direction: 'BUY', price: 86500, volume: 1 });
    await h.order(warned, { direction: 'BUY', price: 86500, volume: 1 });
    // Settled at limit-down with no bid to close against: the victim is carried at risk.
    await h.cancelAllLiveOrders();
    const gapDown = await lowerLimit();
    await admin('POST', '/api/admin/settlement/set-price', { instrument_id: 'SHFE.cu2701', settlement_price: gapDown });
    await admin('POST', '/api/admin/settlement/execute');
    // The next day's first bid, at the new limit-down, closes the rest of it: a second gap.
    await h.order(bidder, { direction: 'BUY', price: await lowerLimit(), volume: 1 });
    const account = await h.ok('GET', `/api/account/${victim.accountId}`, { token: victim.token });
    assert.equal(account.margin, 0, 'nothing held');
    assert.ok(account.balance < 0, `a negative balance: ${account.balance}`);
    assert.deepEqual([account.risk_ratio, account.risk_level], [0, 'normal']);

    const atRisk = await admin<any[]>('GET', '/api/management/risk/accounts');
    assert.equal(atRisk[0]?.account_id, victim.accountId, 'in deficit: listed first');
    assert.equal(cents(atRisk[0].deficit), -cents(account.balance));
    assert.deepEqual(
      atRisk.map((a) => [a.account_id, a.risk_level, a.deficit]),
      [[victim.accountId, 'normal', atRisk[0].deficit], [warned.accountId, 'force-close', 0]],
      'then the accounts at warning or above',
    );
    assert.equal((await admin<any[]>('GET', '/api/management/risk/accounts?min_level=force-close'))[0]?.account_id, victim.accountId, 'at any least level');
    const summary = await admin('GET', '/api/management/risk/margin-summary');
    assert.deepEqual([summary.deficit_accounts, cents(summary.total_deficit)], [1, -cents(account.balance)]);
    // Paid back, it is an account like any other.
    await admin('POST', '/api/management/deposit', { user_id: victim.userId, account_id: victim.accountId, amount: Math.ceil(-account.balance) });
    assert.ok(!(await admin<any[]>('GET', '/api/management/risk/accounts')).some((a) => a.account_id === victim.accountId));
    assert.equal((await admin('GET', '/api/management/risk/margin-summary')).deficit_accounts, 0);
  });
});
