/**
 * Which trading day a moment belongs to, in the exchange's time zone: the calendar date
 * there, moved to the next Monday when it falls on a weekend. (Holiday calendars are a
 * later refinement; the shape stays.)
 */
export function tradingDayAt(epochMs: number, timeZone: string): string {
  return nextWeekday(new Date(`${wallClock(epochMs, timeZone).date}T00:00:00Z`));
}

/** A moment as the exchange's wall clock shows it. */
export interface WallClock {
  /** YYYY-MM-DD in the exchange's time zone. */
  readonly date: string;
  readonly isWeekday: boolean;
  /** Whether the day before was a weekday (a session past midnight began then). */
  readonly dayBeforeIsWeekday: boolean;
  /** Minutes after midnight. */
  readonly minutes: number;
}

export function wallClock(epochMs: number, timeZone: string): WallClock {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(epochMs));
  const field = (type: string): number => Number(parts.find((p) => p.type === type)?.value);
  const day = new Date(Date.UTC(field('year'), field('month') - 1, field('day')));
  const weekday = day.getUTCDay();
  return {
    date: day.toISOString().slice(0, 10),
    isWeekday: weekday >= 1 && weekday <= 5,
    dayBeforeIsWeekday: weekday >= 2 && weekday <= 6,
    minutes: field('hour') * 60 + field('minute'),
  };
}

/** The next trading day after a YYYY-MM-DD day, skipping Saturday and Sunday. */
export function nextTradingDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return nextWeekday(date);
}

function nextWeekday(date: Date): string {
  while (date.getUTCDay() === 0 || date.getUTCDay() === 6) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}
