/** Wall-clock times of the exchange day (`HH:MM`, 24-hour, in the exchange time zone). */

export interface ClockTime {
  /** As written, e.g. `09:00`. */
  readonly text: string;
  /** Minutes after midnight, e.g. 540; what a scheduler compares against. */
  readonly minutes: number;
}

/**
 * One trading session of the day. `end` may be earlier than `start`: the session then
 * runs past midnight, as Chinese night sessions do (e.g. 21:00-02:30).
 */
export interface SessionRange {
  readonly start: ClockTime;
  readonly end: ClockTime;
}

/**
 * The sessions of a trading day, as `trading_hours` lists them: one range (the spec's
 * `HH:MM-HH:MM`), or several separated by commas, as Chinese futures trade
 * ("21:00-02:30,09:00-10:15,10:30-11:30,13:30-15:00").
 */
export type TradingHours = readonly SessionRange[];

/** Regex source of one `HH:MM` time, 00:00..23:59. */
export const CLOCK_TIME_PATTERN = '([01][0-9]|2[0-3]):[0-5][0-9]';

const RANGE_PATTERN = `${CLOCK_TIME_PATTERN}-${CLOCK_TIME_PATTERN}`;
/** Regex source of `trading_hours`: ranges separated by commas (spaces allowed around them). */
export const TRADING_HOURS_PATTERN = `^ *${RANGE_PATTERN}( *, *${RANGE_PATTERN})* *$`;

/** Expects text already matched against CLOCK_TIME_PATTERN. */
export function parseClockTime(text: string): ClockTime {
  const [h, m] = text.split(':');
  return { text, minutes: Number(h) * 60 + Number(m) };
}

/** Expects text already matched against TRADING_HOURS_PATTERN. */
export function parseTradingHours(text: string): TradingHours {
  return text.split(',').map((range) => {
    const [start = '', end = ''] = range.trim().split('-');
    return { start: parseClockTime(start), end: parseClockTime(end) };
  });
}

export function rangeText(range: SessionRange): string {
  return `${range.start.text}-${range.end.text}`;
}

export function tradingHoursText(hours: TradingHours): string {
  return hours.map(rangeText).join(', ');
}

/** Whether `minutes` (after midnight) lies in the range: from its start up to, not including, its end. */
export function rangeHolds(range: SessionRange, minutes: number): boolean {
  const { start, end } = range;
  return start.minutes < end.minutes ? minutes >= start.minutes && minutes < end.minutes : minutes >= start.minutes || minutes < end.minutes;
}
