import type { CoreState } from '../../core/index.ts';
import type { HistoryProjection } from '../history/history-projection.ts';
import type { FundsMovement } from '../history/history-records.ts';
import { accountSummary } from './views.ts';

/** What a leaderboard ranks by, highest first. */
export type LeaderboardMetric = 'profit' | 'return' | 'balance';

export interface LeaderboardEntry {
  /** 1 for the best; accounts level on the metric share a rank (1, 2, 2, 4). */
  readonly rank: number;
  readonly account_id: string;
  readonly user_id: string;
  readonly username: string;
  readonly balance: number;
  /** Money put in: the opening balance, deposits and transfers in, less withdrawals and transfers out. */
  readonly net_deposits: number;
  /** The most money the account ever had put in (net_deposits at its highest): the base of its return. */
  readonly capital: number;
  /** balance - net_deposits: what trading made (or lost), positions marked at the last price. */
  readonly profit: number;
  /** profit / capital; null when nothing was ever put in. */
  readonly return_ratio: number | null;
  /** Fills the account took part in. */
  readonly trades: number;
  readonly risk_level: 'normal' | 'warning' | 'force-close';
  /** A frozen account places no orders (an operator may freeze one to take it out of a competition). */
  readonly is_frozen: boolean;
}

/** Money moved into the account (+) or out of it (-), per kind of movement. */
const INTO_ACCOUNT: Record<FundsMovement['kind'], 1 | -1> = { open: 1, deposit: 1, 'transfer-in': 1, withdraw: -1, 'transfer-out': -1 };

/**
 * Every account ranked by what its trading made: a trading competition's standings.
 * Money put in is never counted as profit, so a deposit does not climb the board. A
 * return is over the most money ever put in, not what is left in: a withdrawal after a
 * win would otherwise shrink the base and multiply the return. Ties on the metric (the
 * exact return, not the rounded one shown) keep account id order and share a rank.
 * Computed in cents, as the ledger is.
 */
export function leaderboard(state: CoreState, history: HistoryProjection, metric: LeaderboardMetric, options: { withoutFrozen?: boolean } = {}): LeaderboardEntry[] {
  // A frozen account is out of the competition: the public board ranks the others only.
  const ranked = [...state.accounts.values()].filter((account) => !(options.withoutFrozen === true && account.frozen)).map((account) => account.accountId);
  const rows = ranked.map((accountId) => {
    const summary = accountSummary(state, accountId);
    const balanceCents = Math.round(summary.balance * 100);
    let fundedCents = 0;
    let capitalCents = 0;
    for (const movement of history.fundsOf(accountId)) {
      fundedCents += INTO_ACCOUNT[movement.kind] * Math.round(movement.amount * 100);
      capitalCents = Math.max(capitalCents, fundedCents);
    }
    const profitCents = balanceCents - fundedCents;
    const exactReturn = capitalCents > 0 ? profitCents / capitalCents : null;
    const entry = {
      account_id: accountId,
      user_id: summary.user_id,
      username: state.users.get(summary.user_id)?.username ?? '',
      balance: balanceCents / 100,
      net_deposits: fundedCents / 100,
      capital: capitalCents / 100,
      profit: profitCents / 100,
      return_ratio: exactReturn === null ? null : Math.round(exactReturn * 1e6) / 1e6,
      trades: history.tradeRecordsOf(accountId),
      risk_level: summary.risk_level,
      is_frozen: summary.is_frozen,
    };
    const score = metric === 'profit' ? profitCents : metric === 'balance' ? balanceCents : (exactReturn ?? Number.NEGATIVE_INFINITY);
    return { entry, score };
  });
  rows.sort((a, b) => b.score - a.score || (a.entry.account_id < b.entry.account_id ? -1 : a.entry.account_id > b.entry.account_id ? 1 : 0));
  let rank = 0;
  return rows.map(({ entry, score }, i) => {
    if (i === 0 || score !== rows[i - 1]!.score) rank = i + 1;
    return { rank, ...entry };
  });
}

/** A row of the standings every participant may read: no balances, no money put in. */
export interface PublicLeaderboardEntry {
  readonly rank: number;
  readonly username: string;
  readonly account_id: string;
  /**
   * The ranking's figure alone: profit (yuan) when ranked by profit, the return ratio
   * when ranked by return (null: nothing was ever put in). Both together would tell
   * everyone each participant's capital (profit / return).
   */
  readonly value: number | null;
  readonly trades: number;
  /** The account is the caller's own. */
  readonly is_own: boolean;
}

/**
 * A row of the standings as a participant sees it ([competition] public_leaderboard),
 * from the board ranked by `metric` without frozen accounts (leaderboard(..., {
 * withoutFrozen: true })): the ranking's figure only, never balances or what anyone put in.
 */
export function publicRow(row: LeaderboardEntry, metric: 'profit' | 'return', callerUserId: string): PublicLeaderboardEntry {
  return {
    rank: row.rank,
    username: row.username,
    account_id: row.account_id,
    value: metric === 'profit' ? row.profit : row.return_ratio,
    trades: row.trades,
    is_own: row.user_id === callerUserId,
  };
}
