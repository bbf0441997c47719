import assert from 'node:assert/strict';
import { type AccountFields, accountView, type CoreEvent, type CoreState } from '../../src/core/index.ts';
import type { CoreHarness } from './core-harness.ts';

export const cents = (value: number): number => Math.round(value * 100);

/** The spec's formulas 1-3 and 5, to the cent. */
export function assertIdentities(a: AccountFields): void {
  assert.equal(cents(a.static_balance), cents(a.pre_balance) + cents(a.deposit) - cents(a.withdraw) + cents(a.close_profit) - cents(a.commission), `static_balance of ${a.account_id}`);
  assert.equal(cents(a.balance), cents(a.static_balance) + cents(a.float_profit), `balance of ${a.account_id}`);
  assert.equal(cents(a.available), cents(a.balance) - cents(a.margin) - cents(a.frozen_margin), `available of ${a.account_id}`);
  if (a.margin === 0) assert.equal(a.risk_ratio, 0);
  else if (a.balance > 0) assert.equal(a.risk_ratio, cents(a.margin) / cents(a.balance));
}

export function assertAllIdentities(state: CoreState): void {
  for (const id of state.accounts.keys()) assertIdentities(accountView(state, id)!);
}

/** Checks the listed fields of an account (and its identities). */
export function expectAccount(x: CoreHarness, id: string, expected: Partial<AccountFields>): void {
  const actual = accountView(x.state, id)!;
  assertIdentities(actual);
  const picked = Object.fromEntries(Object.keys(expected).map((k) => [k, actual[k as keyof AccountFields]]));
  assert.deepEqual(picked, expected, `account ${id}`);
}

/** Lifetime money flows, in cents, from the events. */
export class MoneyFlows {
  inflow = 0;
  commission = 0;

  observe(events: CoreEvent[]): void {
    for (const e of events) {
      if (e.type === 'account.opened') this.inflow += cents(e.initialBalance);
      else if (e.type === 'account.funds-moved') this.inflow += e.kind === 'deposit' ? cents(e.amount) : -cents(e.amount);
      else if (e.type === 'trade.executed') this.commission += 2 * cents(e.commission);
    }
  }
}

/** Identities, conservation of money, open interest balance and frozen amounts, after any command. */
export function checkInvariants(state: CoreState, flows: MoneyFlows): void {
  assertAllIdentities(state);
  let balances = 0;
  for (const account of state.accounts.values()) balances += account.balance;
  assert.equal(balances + flows.commission, flows.inflow, 'balances + commission = deposits - withdrawals');
  for (const instrument of state.instruments.values()) {
    let long = 0;
    let short = 0;
    for (const account of state.accounts.values()) {
      const position = account.positions.get(instrument.id);
      if (position === undefined) continue;
      for (const side of [position.long, position.short]) {
        assert.ok(side.todayVolume >= 0 && side.hisVolume >= 0, 'no negative volumes');
        assert.ok(side.frozenToday >= 0 && side.frozenToday <= side.todayVolume, 'frozen today within today');
        assert.ok(side.frozenHis >= 0 && side.frozenHis <= side.hisVolume, 'frozen his within his');
      }
      long += position.long.volume;
      short += position.short.volume;
    }
    assert.equal(long, short, `open interest balances on ${instrument.id}`);
  }
  for (const account of state.accounts.values()) {
    // Lazily marked accounts must never sit at a level other than their ratio's (no missed warning).
    const ratio = accountView(state, account.accountId)!.risk_ratio;
    const level = ratio >= state.options.forceCloseThreshold ? 'force-close' : ratio >= state.options.warningThreshold ? 'warning' : 'normal';
    assert.equal(account.riskLevel, level, `${account.accountId}: risk level ${account.riskLevel} but ratio ${ratio}`);
    const live = [...account.liveOrders];
    assert.ok(account.frozenMargin >= 0 && account.frozenCommission >= 0, 'frozen funds never negative');
    if (live.length === 0) {
      assert.equal(account.frozenMargin, 0, `${account.accountId}: no live orders, nothing frozen`);
      for (const position of account.positions.values()) {
        assert.equal(position.long.frozenToday + position.long.frozenHis + position.short.frozenToday + position.short.frozenHis, 0);
      }
    }
  }
}

