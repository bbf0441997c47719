/** A weekday on which the exchange does not trade (a public holiday), with its name. */
export interface Holiday {
  /** YYYY-MM-DD */
  readonly date: string;
  /** What the day is ("New Year's Day"); may be ''. */
  readonly name: string;
}

/** What the trading-day arithmetic needs to know of the holidays. */
export interface HolidayLookup {
  has(date: string): boolean;
}

export const NO_HOLIDAYS: HolidayLookup = { has: () => false };

/**
 * Upcoming holidays at most: a decade of any exchange's calendar (about 15 weekdays a
 * year), and a calendar anyone may read stays small (about 25 KB with long names).
 */
export const MAX_HOLIDAYS = 250;
export const HOLIDAY_NAME_MAX = 64;

/**
 * The exchange's upcoming holidays: dates after the last settled day that are no trading
 * days. Those between it and the current trading day were skipped by the settlement but
 * are still ahead on the clock; a holiday is forgotten at the settlement after it (the
 * settlements and statements are the record of the days that were traded).
 */
export class Holidays implements HolidayLookup {
  private readonly names = new Map<string, string>();
  private changes = 0;

  get size(): number {
    return this.names.size;
  }

  /** Moves with every change: views built from the holidays are current while it stays. */
  get version(): number {
    return this.changes;
  }

  has(date: string): boolean {
    return this.names.has(date);
  }

  /** Declares `date` a holiday, or gives a declared one a new name. */
  set(date: string, name: string): void {
    this.names.set(date, name);
    this.changes++;
  }

  delete(date: string): void {
    if (this.names.delete(date)) this.changes++;
  }

  /** Forgets the holidays on or before `day`: they are past. */
  forgetThrough(day: string): void {
    for (const date of this.names.keys()) if (date <= day) this.delete(date);
  }

  /** Every holiday, by date (a deterministic order, whatever order they were declared in). */
  list(): Holiday[] {
    return [...this.names].map(([date, name]) => ({ date, name })).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  }
}
