import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { accountView, ResultCode, withdrawableOf } from '../../src/core/index.ts';
import { COPPER, CoreHarness, eventsOfType } from '../support/core-harness.ts';

/**
 * An opening order must leave its account below the force-close risk ratio once it and
 * the account's other live orders have filled: the exchange does not take an order that
 * liquidates its own account the moment it trades. Copper at 70,000: one lot holds
 * 35,000 margin and 35 commission (rate 1 per 10,000).
 */
const CU = { ...COPPER, commissionRate: 0.0001 };
const ON = { instrumentId: CU.instrumentId };

function market(forceCloseThreshold = 1): CoreHarness {
  const x = new CoreHarness([CU]);
  x.run({ type: 'rules.set', selfTradePrevention: true, forceCloseThreshold, warningThreshold: forceCloseThreshold * 0.8 });
  x.ensureAccount('M', 1_000_000_000);
  x.place('M', 'ask', 'SELL', 70000, 10, ON);
  return x;
}

function neededBy(message: string): number {
  const figure = /needs ([\d.]+)/.exec(message)?.[1];
  assert.ok(figure !== undefined, message);
  return Number(figure);
}

describe('the funds check keeps an opening order clear of forced liquidation', () => {
  it('an account holding exactly the cost of an order that fills is refused, a cent more is taken and not liquidated', () => {
    const x = market();
    x.ensureAccount('T', 35_035);
    const exact = x.place('T', 'exact', 'BUY', 70000, 1, ON);
    // The cost is covered, the reserve is not: the spec's 4001, not 2004.
    assert.equal(exact.code, ResultCode.RiskRatioExceeded);
    assert.equal(
      exact.message,
      'Risk ratio limit exceeded: the order needs 35035.01: 35035 for margin and commission, and 0.01 more so that its fill leaves ' +
        "the account's risk ratio below the force-close threshold 1; available is 35035",
    );
    assert.equal(accountView(x.state, 'T')!.frozen_margin, 0, 'a refusal freezes nothing');
    x.run({ type: 'account.deposit', accountId: 'T', amount: 0.01 });
    const taken = x.place('T', 'taken', 'BUY', 70000, 1, ON);
    assert.equal(taken.code, ResultCode.Success, taken.message);
    assert.equal(eventsOfType(taken, 'trade.executed').length, 1);
    assert.equal(eventsOfType(taken, 'account.liquidated').length, 0);
    const view = accountView(x.state, 'T')!;
    assert.equal(view.available, 0.01);
    assert.ok(view.risk_ratio < 1, `risk ratio ${view.risk_ratio}`);
  });

  it('counts the account\'s other live orders as filled', () => {
    const x = market(0.5);
    x.ensureAccount('T', 200_000);
    assert.equal(x.place('T', 'rests', 'BUY', 69000, 1, ON).code, ResultCode.Success);
    // Not all of available can go: the bid, filled, holds 34,500 margin, which must stay
    // below half the balance then (available + 34,500), so 34,500.01 of 165,465.50 stays.
    const all = x.run({ type: 'account.withdraw', accountId: 'T', amount: accountView(x.state, 'T')!.available });
    const most = Number(/at most ([\d.]+)/.exec(all.message)?.[1]);
    assert.equal(most, 130_965.49, all.message);
    assert.equal(x.run({ type: 'account.withdraw', accountId: 'T', amount: most }).code, ResultCode.Success);
    assert.equal(x.run({ type: 'account.withdraw', accountId: 'T', amount: 0.01 }).code, ResultCode.RiskRatioExceeded);
    // Filled, the resting bid holds 34,500 margin and pays 34.50: with the new lot's 35,000
    // and 35, margin 69,500 must stay below half of available + 34,500 - 35, so available
    // must pass 104,535. Counting the new lot alone, 70,035 would have seemed enough.
    const probe = x.place('T', 'probe', 'BUY', 70000, 1, ON);
    assert.equal(neededBy(probe.message), 104_535.01, probe.message);
    x.run({ type: 'account.deposit', accountId: 'T', amount: 70_035 });
    assert.equal(x.place('T', 'taken', 'BUY', 70000, 1, ON).code, ResultCode.Success);
    // Were the bid filled at its price with the last price unchanged, the ratio would be
    // (35,000 + 34,500) / (104,535.01 + 34,534.50 - 35 - 34.50) = 0.49999...
    const view = accountView(x.state, 'T')!;
    assert.equal(view.margin, 35_000);
    assert.equal(view.frozen_margin, 34_534.5);
    assert.equal(view.available, 69_500.01);
  });

  it('names the least available that suffices under another threshold: a cent less is refused, that much is taken', () => {
    const x = market(0.5);
    x.ensureAccount('T', 0);
    const probe = x.place('T', 'probe', 'BUY', 70000, 2, ON);
    assert.equal(probe.code, ResultCode.InsufficientMargin);
    // Margin 70,000 must stay below half the balance after 70 of commission: 140,070.01.
    assert.equal(neededBy(probe.message), 140_070.01);
    x.run({ type: 'account.deposit', accountId: 'T', amount: 140_070 });
    assert.equal(x.place('T', 'short', 'BUY', 70000, 2, ON).code, ResultCode.RiskRatioExceeded, 'the cost is covered, not the reserve');
    x.run({ type: 'account.deposit', accountId: 'T', amount: 0.01 });
    const taken = x.place('T', 'taken', 'BUY', 70000, 2, ON);
    assert.equal(taken.code, ResultCode.Success, taken.message);
    assert.equal(eventsOfType(taken, 'account.liquidated').length, 0);
    const ratio = accountView(x.state, 'T')!.risk_ratio;
    assert.ok(ratio < 0.5 && ratio > 0.4999, `risk ratio ${ratio}`);
  });

  it('tells what a withdrawal can take: available less the reserve, nothing from a frozen account', () => {
    const x = market();
    x.ensureAccount('T', 100_000);
    assert.equal(withdrawableOf(x.state, 'T'), 100_000, 'nothing in use: all of it');
    x.place('T', 'bid', 'BUY', 69000, 1, ON);
    assert.equal(withdrawableOf(x.state, 'T'), accountView(x.state, 'T')!.available - 0.01);
    x.run({ type: 'account.set-frozen', accountId: 'T', frozen: true });
    assert.equal(withdrawableOf(x.state, 'T'), 0);
  });

  it('leaves closing orders alone: an account at the threshold may still close', () => {
    const x = market(1.5);
    x.ensureAccount('T', 100_000);
    assert.equal(x.place('T', 'open', 'BUY', 70000, 2, ON).code, ResultCode.Success);
    x.run({ type: 'account.withdraw', accountId: 'T', amount: accountView(x.state, 'T')!.available });
    // Risk ratio 70,000 / 69,930 ≈ 1.001: above 1, below this exchange's threshold 1.5.
    assert.equal(x.place('T', 'more', 'BUY', 70000, 1, ON).code, ResultCode.InsufficientMargin, 'available is 0: short of the cost');
    x.place('M', 'bid', 'BUY', 70000, 1, ON);
    const close = x.place('T', 'close', 'SELL', 70000, 1, { ...ON, offset: 'CLOSETODAY' });
    assert.equal(close.code, ResultCode.Success, close.message);
  });

  it('answers at once when what would suffice is past what a double counts in cents (a low threshold, a huge order)', { timeout: 10_000 }, () => {
    const HUGE = { ...COPPER, instrumentId: 'SHFE.cu2612', preSettlement: 0, marginRatio: 1 };
    const x = new CoreHarness([HUGE]);
    x.run({ type: 'rules.set', selfTradePrevention: true, forceCloseThreshold: 0.01, warningThreshold: 0.008 });
    x.ensureAccount('T', 100);
    const huge = x.place('T', 'huge', 'BUY', 2_000_000, 1_000_000, { instrumentId: HUGE.instrumentId });
    assert.equal(huge.code, ResultCode.InsufficientMargin);
    assert.match(huge.message, /needs at least \d+/);
  });

  it('names an exact figure when the walk of the bids stopped at the last bid the sell could take', () => {
    const x = market();
    x.place('M', 'bid', 'BUY', 75000, 1, ON);
    x.ensureAccount('T', 0);
    const sell = x.place('T', 'sell', 'SELL', 70000, 2, ON);
    assert.doesNotMatch(sell.message, /at least/);
    x.run({ type: 'account.deposit', accountId: 'T', amount: neededBy(sell.message) });
    assert.equal(x.place('T', 'sell', 'SELL', 70000, 2, ON).code, ResultCode.Success);
  });
});
