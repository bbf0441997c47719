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
  /** balance - net_deposits: what trading made (or lost), positions marked at the last price. */
  readonly profit: number;
  /** profit / net_deposits; null when nothing was put in net (more was taken out than put in). */
  readonly return_ratio: number | null;
  /** Fills the account took part in. */
  readonly trades: number;
  readonly risk_level: 'normal' | 'warning' | 'force-close';
}

/** Money moved into the account (+) or out of it (-), per kind of movement. */
const INTO_ACCOUNT: Record<FundsMovement['kind'], 1 | -1> = { open: 1, deposit: 1, 'transfer-in': 1, withdraw: -1, 'transfer-out': -1 };

/**
 * Every account ranked by what its trading made: a trading competition's standings.
 * Money put in is never counted as profit, so a deposit does not climb the board. Ties on
 * the metric keep account id order and share a rank. Computed in cents, as the ledger is.
 */
export function leaderboard(state: CoreState, history: HistoryProjection, metric: LeaderboardMetric): LeaderboardEntry[] {
  const rows = [...state.accounts.keys()].map((accountId) => {
    const summary = accountSummary(state, accountId);
    const balanceCents = Math.round(summary.balance * 100);
    let fundedCents = 0;
    for (const movement of history.fundsOf(accountId)) fundedCents += INTO_ACCOUNT[movement.kind] * Math.round(movement.amount * 100);
    const profitCents = balanceCents - fundedCents;
    return {
      account_id: accountId,
      user_id: summary.user_id,
      username: state.users.get(summary.user_id)?.username ?? '',
      balance: balanceCents / 100,
      net_deposits: fundedCents / 100,
      profit: profitCents / 100,
      return_ratio: fundedCents > 0 ? Math.round((profitCents / fundedCents) * 1e6) / 1e6 : null,
      trades: history.tradeRecordsOf(accountId),
      risk_level: summary.risk_level,
    };
  });
  const score = (row: (typeof rows)[number]): number => {
    if (metric === 'profit') return row.profit;
    if (metric === 'balance') return row.balance;
    return row.return_ratio ?? Number.NEGATIVE_INFINITY;
  };
  rows.sort((a, b) => score(b) - score(a) || (a.account_id < b.account_id ? -1 : a.account_id > b.account_id ? 1 : 0));
  let rank = 0;
  return rows.map((row, i) => {
    if (i === 0 || score(row) !== score(rows[i - 1]!)) rank = i + 1;
    return { rank, ...row };
  });
}
