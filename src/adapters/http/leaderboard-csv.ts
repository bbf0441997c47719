import type { LeaderboardEntry } from '../../app/services/leaderboard.ts';

/**
 * A cell of text: one that begins as a formula would (= + - @; a username or an account
 * id may) keeps a leading quote, as spreadsheets take it, rather than run when the file
 * is opened. Numbers are written as they are (a loss begins with "-").
 */
function textCell(value: string): string {
  const text = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const HEADER = 'rank,username,account_id,user_id,profit,return_ratio,equity,net_deposits,capital,fills,risk_level,frozen';

/** The board as CSV, one account a line in rank order: what a teacher grades from. */
export function leaderboardCsv(rows: readonly LeaderboardEntry[]): string {
  const lines = rows.map((r) =>
    [
      String(r.rank),
      textCell(r.username),
      textCell(r.account_id),
      textCell(r.user_id),
      r.profit.toFixed(2),
      r.return_ratio === null ? '' : String(r.return_ratio),
      r.balance.toFixed(2),
      r.net_deposits.toFixed(2),
      r.capital.toFixed(2),
      String(r.trades),
      r.risk_level,
      r.is_frozen ? 'yes' : 'no',
    ].join(','),
  );
  return [HEADER, ...lines].join('\r\n') + '\r\n';
}
