import { dayNumber, dayString } from '../core/calendar/dates.ts';
import { type HolidayLookup, NO_HOLIDAYS } from '../core/calendar/holidays.ts';
import { isTradingDate, nextTradingDay, tradingDayFrom } from '../core/calendar/trading-days.ts';
import { zonedTime } from '../marketdata/exchange-time.ts';

/**
 * Which trading day a moment belongs to, in the exchange's time zone: the calendar date
 * there, moved to the next trading day when it falls on a weekend or a holiday.
 */
export function tradingDayAt(epochMs: number, timeZone: string, holidays: HolidayLookup = NO_HOLIDAYS): string {
  return tradingDayFrom(wallClock(epochMs, timeZone).date, holidays);
}

/**
 * The trading day a scheduled exchange is on at a moment: as tradingDayAt, but the next
 * trading day once the day's settlement time has passed (its night session trades for it).
 */
export function scheduledTradingDayAt(epochMs: number, timeZone: string, settlementMinutes: number, holidays: HolidayLookup = NO_HOLIDAYS): string {
  const local = wallClock(epochMs, timeZone);
  const day = tradingDayFrom(local.date, holidays);
  return day === local.date && local.minutes >= settlementMinutes ? nextTradingDay(day, holidays) : day;
}

/** A moment as the exchange's wall clock shows it. */
export interface WallClock {
  /** YYYY-MM-DD in the exchange's time zone. */
  readonly date: string;
  /** YYYY-MM-DD of the day before (a session past midnight began then). */
  readonly dayBefore: string;
  /** Minutes after midnight. */
  readonly minutes: number;
}

export function wallClock(epochMs: number, timeZone: string): WallClock {
  const t = zonedTime(epochMs, timeZone);
  const date = `${String(t.year).padStart(4, '0')}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`;
  return { date, dayBefore: dayString(dayNumber(date) - 1), minutes: t.hour * 60 + t.minute };
}

/**
 * Whether the evening of `day` holds the night sessions (those after the settlement
 * time, which trade for the next trading day): only a trading day's evening does, and not
 * the last one before a holiday. Chinese exchanges hold no night session before a
 * holiday, so that the days off begin with the day's close; a weekend alone does not stop
 * Friday's.
 */
export function holdsNightSession(day: string, holidays: HolidayLookup): boolean {
  return isTradingDate(day, holidays) && nextTradingDay(day, holidays) === nextTradingDay(day);
}
