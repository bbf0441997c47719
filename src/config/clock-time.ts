/** Wall-clock times of the exchange day (`HH:MM`, 24-hour, in the exchange time zone). */

export interface ClockTime {
  /** As written, e.g. `09:00`. */
  readonly text: string;
  /** Minutes after midnight, e.g. 540; what a scheduler compares against. */
  readonly minutes: number;
}

/**
 * A trading session. `end` may be earlier than `start`: the session then runs past
 * midnight, as Chinese night sessions do (e.g. 21:00-02:30).
 */
export interface TradingHours {
  readonly start: ClockTime;
  readonly end: ClockTime;
}

/** Regex source of one `HH:MM` time, 00:00..23:59. */
export const CLOCK_TIME_PATTERN = '([01][0-9]|2[0-3]):[0-5][0-9]';

/** Expects text already matched against CLOCK_TIME_PATTERN. */
export function parseClockTime(text: string): ClockTime {
  const [h, m] = text.split(':');
  return { text, minutes: Number(h) * 60 + Number(m) };
}

/** Expects text already matched as `HH:MM-HH:MM`. */
export function parseTradingHours(text: string): TradingHours {
  const [start = '', end = ''] = text.split('-');
  return { start: parseClockTime(start), end: parseClockTime(end) };
}
