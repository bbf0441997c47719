import { dayNumber, dayString, weekday } from '../core/calendar.ts';
import { zonedTime } from '../marketdata/exchange-time.ts';

/**
 * Which trading day a moment belongs to, in the exchange's time zone: the calendar date
 * there, moved to the next Monday when it falls on a weekend. (Holiday calendars are a
 * later refinement; the shape stays.)
 */
export function tradingDayAt(epochMs: number, timeZone: string): string {
  let n = dayNumber(wallClock(epochMs, timeZone).date);
  while (isWeekend(n)) n++;
  return dayString(n);
}

/** A moment as the exchange's wall clock shows it. */
export interface WallClock {
  /** YYYY-MM-DD in the exchange's time zone. */
  readonly date: string;
  readonly isWeekday: boolean;
  /** Whether the day before was a weekday (a session past midnight began then). */
  readonly dayBeforeIsWeekday: boolean;
  /** YYYY-MM-DD of the day before. */
  readonly dayBefore: string;
  /** Minutes after midnight. */
  readonly minutes: number;
}

export function wallClock(epochMs: number, timeZone: string): WallClock {
  const t = zonedTime(epochMs, timeZone);
  const date = `${String(t.year).padStart(4, '0')}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`;
  const n = dayNumber(date);
  return { date, isWeekday: !isWeekend(n), dayBeforeIsWeekday: !isWeekend(n - 1), dayBefore: dayString(n - 1), minutes: t.hour * 60 + t.minute };
}

function isWeekend(dayNo: number): boolean {
  const d = weekday(dayNo);
  return d === 0 || d === 6;
}
