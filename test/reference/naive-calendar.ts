/**
 * The reference's trading calendar, written from DECISIONS.md and the holiday rules
 * (docs/decisions.md, "Holidays"), not from the core's code: weekends and declared
 * holidays do not trade. Dates go through the Date object here, where the core counts
 * days itself.
 */
import type { AddHolidays, RemoveHolidays } from '../../src/core/index.ts';

const OK = 1000;
const PARAMETER_ERROR = 1001;
const RESOURCE_NOT_FOUND = 1004;
const MOST_HOLIDAYS = 250;
const LONGEST_NAME = 64;

export class NaiveCalendar {
  readonly holidays = new Set<string>();

  /** All or nothing: any bad date or name refuses the whole list. */
  add(command: AddHolidays, tradingDay: string): number {
    const list = command.holidays;
    if (!Array.isArray(list) || list.length === 0) return PARAMETER_ERROR;
    const dates = list.map((h) => h.date);
    if (new Set(dates).size !== dates.length) return PARAMETER_ERROR;
    for (const { date, name } of list) {
      if (!isRealDate(date) || isWeekend(date) || (tradingDay !== '' && date <= tradingDay)) return PARAMETER_ERROR;
      if (typeof name !== 'string' || Array.from(name).length > LONGEST_NAME) return PARAMETER_ERROR;
    }
    if (new Set([...this.holidays, ...dates]).size > MOST_HOLIDAYS) return PARAMETER_ERROR;
    for (const date of dates) this.holidays.add(date);
    return OK;
  }

  remove(command: RemoveHolidays, tradingDay: string): number {
    const dates = command.dates;
    if (!Array.isArray(dates) || dates.length === 0) return PARAMETER_ERROR;
    for (let i = 0; i < dates.length; i++) {
      if (dates.indexOf(dates[i]!) < i) return PARAMETER_ERROR;
      if (!this.holidays.has(dates[i]!)) return RESOURCE_NOT_FOUND;
      if (dates[i]! <= tradingDay) return PARAMETER_ERROR;
    }
    for (const date of dates) this.holidays.delete(date);
    return OK;
  }

  /** A trading day ended: the holidays up to it are past (not those before the next, still ahead on the clock). */
  passTo(day: string): void {
    for (const date of [...this.holidays]) if (date <= day) this.holidays.delete(date);
  }

  /** The next day after `day` that is neither a weekend day nor a holiday. */
  tradingDayAfter(day: string): string {
    const date = new Date(`${day}T00:00:00Z`);
    let text: string;
    do {
      date.setUTCDate(date.getUTCDate() + 1);
      text = date.toISOString().slice(0, 10);
    } while (isWeekend(text) || this.holidays.has(text));
    return text;
  }
}

function isRealDate(value: unknown): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
}

function isWeekend(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6;
}
