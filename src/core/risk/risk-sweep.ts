import type { Account } from '../accounts/account.ts';
import type { CoreEvent, RiskLevel } from '../events.ts';
import type { CoreState } from '../state.ts';
import { liquidate } from './liquidation.ts';
import { indexAccount, markAccount } from './risk-index.ts';
import { riskLevelOf } from './risk-level.ts';

/**
 * Risk check of the accounts whose margin or profit moved in this command (the ledger
 * collects them as it marks positions: an index, not a scan of every account). A change
 * of level is reported; reaching force-close liquidates, at most once per account per
 * command (what stays open is retried when something could trade with it:
 * Ledger.atForceClose).
 * Accounts are visited in account-id order so the outcome never depends on set order.
 */
/**
 * The accounts in account-id order. Most sweeps see the two accounts of one trade, and
 * Array.prototype.sort allocates even for two elements: those are ordered by hand.
 */
function inIdOrder(touched: ReadonlySet<Account>): Account[] {
  const accounts = [...touched];
  if (accounts.length === 2) {
    const [a, b] = accounts as [Account, Account];
    if (b.accountId < a.accountId) {
      accounts[0] = b;
      accounts[1] = a;
    }
  } else if (accounts.length > 2) {
    accounts.sort((a, b) => (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0));
  }
  return accounts;
}

/** The account's risk level is now `level`: a change is an event (and a notice to its user). */
export function reportRiskLevel(account: Account, level: RiskLevel, ratio: number, events: CoreEvent[]): void {
  if (level === account.riskLevel) return;
  events.push({ type: 'risk.level-changed', accountId: account.accountId, userId: account.userId, from: account.riskLevel, to: level, riskRatio: ratio });
  account.riskLevel = level;
}

export function sweepRisk(state: CoreState, ts: number, events: CoreEvent[]): void {
  const liquidated = state.ledger.liquidated;
  const touched = state.ledger.touched;
  const accounts = inIdOrder(touched);
  touched.clear();
  for (const account of accounts) {
    markAccount(account);
    const ratio = account.riskRatio;
    const level = riskLevelOf(ratio, state.options);
    // Already at force-close before this check: a liquidation found too little before.
    const retry = account.riskLevel === 'force-close';
    reportRiskLevel(account, level, ratio, events);
    if (level === 'force-close' && !liquidated.has(account)) {
      liquidated.add(account);
      liquidate(state, account, ts, 'risk', events, retry);
    }
    // Liquidation trades touch the account again; it is re-indexed after its next check.
    if (!touched.has(account)) indexAccount(account, state.options);
    if (account.riskLevel === 'force-close') state.ledger.atForceClose.add(account);
    else state.ledger.atForceClose.delete(account);
  }
}
