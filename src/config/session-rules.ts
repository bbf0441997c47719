/**
 * What makes `trading_hours` and `settlement_time` a schedule the exchange can keep
 * (docs/decisions.md, "Trading sessions"). The trading day runs from one settlement to
 * the next: sessions after the settlement time are the evening (night) sessions of the
 * next trading day, those before it the day's own.
 */
import { type ClockTime, rangeHolds, rangeText, type SessionRange, type TradingHours } from './clock-time.ts';

/** Latest end of a session past midnight: its part after midnight is the night before's. */
const NIGHT_ENDS_BY = 12 * 60;

/** Problems of the ranges themselves, whatever the session mode. */
export function tradingHoursProblems(hours: TradingHours): string[] {
  const problems: string[] = [];
  for (const range of hours) {
    if (range.start.minutes === range.end.minutes) problems.push(`start and end are the same time (${rangeText(range)})`);
  }
  hours.forEach((a, i) => {
    for (const b of hours.slice(i + 1)) if (overlap(a, b)) problems.push(`sessions ${rangeText(a)} and ${rangeText(b)} overlap`);
  });
  return problems;
}

/** A problem and the setting it is reported against. */
export interface ScheduleProblem {
  readonly field: 'trading_hours' | 'settlement_time';
  readonly problem: string;
}

/** With scheduled sessions: why these sessions and settlement time make no trading day, if they do not. */
export function scheduleProblem(hours: TradingHours, settlement: ClockTime): ScheduleProblem | undefined {
  const longNight = hours.find((r) => crossesMidnight(r) && r.end.minutes > NIGHT_ENDS_BY);
  if (longNight !== undefined) {
    const problem = `${rangeText(longNight)} runs past midnight, so it is a night session (the night before a weekday), and must end by 12:00; give the day's own sessions ranges of their own, e.g. "21:00-02:30,09:00-15:00"`;
    return { field: 'trading_hours', problem };
  }
  const problem = settlementProblem(hours, settlement);
  return problem === undefined ? undefined : { field: 'settlement_time', problem };
}

function settlementProblem(hours: TradingHours, settlement: ClockTime): string | undefined {
  const during = hours.find((r) => rangeHolds(r, settlement.minutes));
  if (during !== undefined) {
    return `${settlement.text} falls in the session ${rangeText(during)}: with scheduled sessions the day is settled after its sessions end, before the next day's begin`;
  }
  // Every session starts after the settlement time and ends before midnight: each would
  // be the evening of the next day, and the day would be settled before it traded.
  if (!hours.some((r) => crossesMidnight(r) || r.start.minutes < settlement.minutes)) {
    return `${settlement.text} comes before every session of trading_hours ${hours.map(rangeText).join(',')}: with scheduled sessions the day is settled after it trades`;
  }
  return undefined;
}

function crossesMidnight(range: SessionRange): boolean {
  return range.end.minutes < range.start.minutes;
}

/** Two sessions share a minute (on the day's 24-hour circle). */
function overlap(a: SessionRange, b: SessionRange): boolean {
  return rangeHolds(a, b.start.minutes) || rangeHolds(b, a.start.minutes);
}

/**
 * The sessions as the start-up summary shows them, those after the settlement time
 * marked as the next trading day's (night sessions), so that an operator sees which day
 * each session trades for.
 */
export function sessionsSummary(hours: TradingHours, settlement: ClockTime): string {
  return hours.map((r) => (crossesMidnight(r) || r.start.minutes > settlement.minutes ? `${rangeText(r)} (the next trading day's)` : rangeText(r))).join(', ');
}
