import type { Holiday, TradingCalendar } from './api/types';

/** When the exchange trades, in one line: the hours and settlement, or continuous trading. */
export function sessionsText(calendar: TradingCalendar): string {
  const hours =
    calendar.session_mode === 'scheduled'
      ? `${calendar.trading_hours}, settled at ${calendar.settlement_time}`
      : 'continuous: orders at any hour, settled when an operator runs it';
  return `${hours} (${calendar.timezone})`;
}

/** A holiday as a trader reads it: "Fri 2026-12-25 · Christmas". */
export function holidayText(holiday: Holiday): string {
  const day = `${holiday.weekday.slice(0, 3)} ${holiday.date}`;
  return holiday.name === '' ? day : `${day} · ${holiday.name}`;
}

/** The holidays still ahead of the current trading day (those a settlement skipped are kept until the next). */
export function comingHolidays(calendar: TradingCalendar): Holiday[] {
  return calendar.holidays.filter((holiday) => holiday.date > calendar.trading_day);
}
