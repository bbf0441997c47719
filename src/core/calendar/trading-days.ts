import { dayNumber, dayString, isWeekend } from './dates.ts';
import { type HolidayLookup, NO_HOLIDAYS } from './holidays.ts';

/** Whether the exchange trades on `day` (YYYY-MM-DD): a weekday that is no holiday. */
export function isTradingDate(day: string, holidays: HolidayLookup = NO_HOLIDAYS): boolean {
  return !isWeekend(dayNumber(day)) && !holidays.has(day);
}

/** The trading day after `day`, skipping Saturdays, Sundays and holidays. */
export function nextTradingDay(day: string, holidays: HolidayLookup = NO_HOLIDAYS): string {
  let n = dayNumber(day) + 1;
  while (!isTradingDate(dayString(n), holidays)) n++;
  return dayString(n);
}

/** The last trading day before `day`. */
export function previousTradingDay(day: string, holidays: HolidayLookup = NO_HOLIDAYS): string {
  let n = dayNumber(day) - 1;
  while (!isTradingDate(dayString(n), holidays)) n--;
  return dayString(n);
}

/** The first trading day on or after `day`. */
export function tradingDayFrom(day: string, holidays: HolidayLookup = NO_HOLIDAYS): string {
  return isTradingDate(day, holidays) ? day : nextTradingDay(day, holidays);
}
