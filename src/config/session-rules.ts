/**
 * What makes `trading_hours` and `settlement_time` a schedule the exchange can keep
 * (docs/decisions.md, "Trading sessions"). The trading day runs from one settlement to
 * the next: sessions after the settlement time are the evening (night) sessions of the
 * next trading day, those before it the day's own.
 */
import { type ClockTime, rangeHolds, rangeText, type SessionRange, type TradingHours } from './clock-time.ts';

/** Latest end of a session past midnight: its part after midnight is the night before's. */
const NIGHT_ENDS_BY = 12 * 60;
/** Earliest start of a session after the settlement time (a night session, the next day's). */
const NIGHT_BEGINS_AT = 17 * 60;

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
  // A session from midnight on is judged by its own calendar day, not as the night before's.
  const split = hours.find((r) => r.end.minutes === 0 && hours.some((next) => next.start.minutes === 0));
  if (split !== undefined) {
    const rest = hours.find((next) => next.start.minutes === 0)!;
    return { field: 'trading_hours', problem: `${rangeText(split)} and ${rangeText(rest)} are one night session: write it as one range, ${split.start.text}-${rest.end.text}` };
  }
  const problem = settlementProblem(hours, settlement);
  return problem === undefined ? undefined : { field: 'settlement_time', problem };
}

function settlementProblem(hours: TradingHours, settlement: ClockTime): string | undefined {
  const during = hours.find((r) => rangeHolds(r, settlement.minutes));
  if (during !== undefined) {
    return `${settlement.text} falls in the session ${rangeText(during)}: with scheduled sessions the day is settled after its sessions end, before the next day's begin`;
  }
  // A session after the settlement time trades for the next trading day: that is a night
  // session, which begins in the evening. One earlier is a day session the settlement
  // came too early for (between two sessions of a day, or before the morning's).
  const early = hours.find((r) => startsAfter(r, settlement) && r.start.minutes < NIGHT_BEGINS_AT);
  if (early !== undefined) {
    return `${settlement.text} comes before the session ${rangeText(early)}, which would then trade for the next trading day: a session after the settlement time is a night session and begins at 17:00 or later; settle after the day's last session`;
  }
  return undefined;
}

/** The session begins after the settlement time (on the day's clock from midnight), so it trades for the next trading day. */
function startsAfter(range: SessionRange, settlement: ClockTime): boolean {
  return range.start.minutes > settlement.minutes;
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
  return hours.map((r) => (startsAfter(r, settlement) ? `${rangeText(r)} (the next trading day's)` : rangeText(r))).join(', ');
}
