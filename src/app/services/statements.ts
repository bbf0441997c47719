/**
 * An account's settlement statements: for each trading day it was settled, its line of
 * the settlement (money and positions) and the trades of that day. Read from the history,
 * so they survive restarts like every other record users query.
 */
import type { HistoryProjection } from '../history/history-projection.ts';
import type { LiquidationHistory, SettledAccount, SettlementRecord, TradeHistory } from '../history/history-records.ts';

/** A settled day of an account: its line of the settlement, and where the day's trades lie in its trade list. */
export interface Statement {
  readonly settlement: SettlementRecord;
  readonly line: SettledAccount;
  /** Index of the day's first trade in the account's trades. */
  readonly tradesFrom: number;
  /** Index after the day's last trade. */
  readonly tradesTo: number;
  /** When the day opened: the previous settlement's time (0 before the first). */
  readonly openedAfter: number;
}

/** 20261124, "20261124" or "2026-11-24" as the history keys days (2026-11-24); undefined when not a date. */
export function tradingDayKey(day: number | string): string | undefined {
  const digits = String(day).replace(/-/g, '');
  if (!/^\d{8}$/.test(digits)) return undefined;
  const key = `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6, 8)}`;
  const date = new Date(`${key}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== key ? undefined : key;
}

/** Every day the account was settled, oldest first. */
export function accountDays(history: HistoryProjection, accountId: string): Statement[] {
  const days: Statement[] = [];
  let before: { readonly settlement: SettlementRecord; readonly line: SettledAccount } | undefined;
  for (const day of history.settlementLinesOf(accountId)) {
    // Every account is settled each day: the line before is the day before's.
    const previous = history.settlementHistory()[day.settlement.index - 1];
    const previousLine = before !== undefined && before.settlement === previous ? before.line : undefined;
    days.push(dayOf(history, accountId, day.settlement, day.line, previous, previousLine));
    before = day;
  }
  return days;
}

/** The account's statement of `tradingDay` (YYYY-MM-DD); undefined when the account was not settled that day. */
export function statementOf(history: HistoryProjection, accountId: string, tradingDay: string): Statement | undefined {
  const settlement = history.settlementOn(tradingDay);
  const line = settlement === undefined ? undefined : history.settlementLine(settlement, accountId);
  if (line === undefined) return undefined;
  const previous = history.settlementHistory()[settlement!.index - 1];
  return dayOf(history, accountId, settlement!, line, previous, previous === undefined ? undefined : history.settlementLine(previous, accountId));
}

/** `previousLine`: the account's line of the settlement before (none when it opened since). */
function dayOf(
  history: HistoryProjection,
  accountId: string,
  settlement: SettlementRecord,
  line: SettledAccount,
  previous: SettlementRecord | undefined,
  previousLine: SettledAccount | undefined,
): Statement {
  const tradesFrom = previousLine === undefined ? 0 : (previousLine.tradesThrough ?? tradesAfter(history, accountId, previous!.ts));
  const tradesTo = line.tradesThrough ?? tradesAfter(history, accountId, settlement.ts);
  return { settlement, line, tradesFrom, tradesTo: Math.max(tradesFrom, tradesTo), openedAfter: previous?.ts ?? 0 };
}

/**
 * The account's forced liquidations of the statement's day, oldest first: those during
 * trading and the one of the settlement itself (which `line.forceClosed` sums up).
 */
export function statementLiquidations(history: HistoryProjection, statement: Statement): LiquidationHistory[] {
  const { line, settlement, openedAfter } = statement;
  return history.liquidationHistory().filter((r) => r.accountId === line.accountId && r.ts > openedAfter && r.ts <= settlement.ts);
}

/** The statement's trades from its `offset`-th on, at most `limit`, oldest first. */
export function statementTrades(history: HistoryProjection, statement: Statement, offset = 0, limit = Infinity): TradeHistory[] {
  const trades: TradeHistory[] = [];
  const start = statement.tradesFrom + offset;
  const end = Math.min(statement.tradesTo, start + limit);
  if (start >= end) return trades;
  for (const trade of history.tradesFrom(statement.line.accountId, start)) {
    trades.push(trade);
    if (trades.length >= end - start) break;
  }
  return trades;
}

/**
 * How many of the account's trades happened at or before `ts`: the day's end for lines
 * kept before they counted their trades (trades are in time order).
 */
function tradesAfter(history: HistoryProjection, accountId: string, ts: number): number {
  let low = 0;
  let high = history.tradeRecordsOf(accountId);
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((history.tradeAt(accountId, mid)?.ts ?? Infinity) <= ts) low = mid + 1;
    else high = mid;
  }
  return low;
}
