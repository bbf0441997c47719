/**
 * Calendar arithmetic on YYYY-MM-DD strings without the Date object (the core reads no
 * clock, and keeping Date out entirely makes that checkable). Days are counted from
 * 1970-01-01 with the proleptic Gregorian calendar (H. Hinnant's civil-date algorithms).
 */
export function dayNumber(day: string): number {
  const y0 = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7));
  const d = Number(day.slice(8, 10));
  const y = m <= 2 ? y0 - 1 : y0;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

export function dayString(dayNo: number): string {
  const z = dayNo + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** The weekday of a date, in English: "Saturday". */
export function weekdayName(day: string): string {
  return WEEKDAY_NAMES[weekday(dayNumber(day))]!;
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekday(dayNo: number): number {
  return (((dayNo + 4) % 7) + 7) % 7;
}

/** Saturday or Sunday. */
export function isWeekend(dayNo: number): boolean {
  const d = weekday(dayNo);
  return d === 0 || d === 6;
}

/** True for a real calendar date written YYYY-MM-DD. */
export function isCalendarDay(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && dayString(dayNumber(value)) === value;
}
