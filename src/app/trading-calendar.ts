/**
 * Which trading day a moment belongs to, in the exchange's time zone: the calendar date
 * there, moved to the next Monday when it falls on a weekend. (Holiday calendars are a
 * later refinement; the shape stays.)
 */
export function tradingDayAt(epochMs: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(epochMs));
  const field = (type: string): number => Number(parts.find((p) => p.type === type)?.value);
  const date = new Date(Date.UTC(field('year'), field('month') - 1, field('day')));
  return nextWeekday(date);
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
