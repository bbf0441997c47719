import type { Instrument } from './instrument.ts';

/**
 * Rates an administrator has announced for a coming settlement, as exchanges raise
 * margins and widen limits before a holiday "from the settlement of" a given day: the
 * positions held through that settlement are margined at the new rate, and the next
 * day's limits derive from the new limit rates.
 */
export interface ScheduledRates {
  /**
   * YYYY-MM-DD, a trading day: its settlement applies the rates. Should it become a
   * holiday, it moves to the trading day before it (see calendar-commands.ts), as a
   * contract or a GTD order dated on a holiday ends with the day before.
   */
  readonly atSettlementOf: string;
  readonly marginRatio?: number;
  readonly commissionRate?: number;
  readonly limitUpRate?: number;
  readonly limitDownRate?: number;
}

/** The rates a command or a scheduled change names, applied to the instrument (limits are not recomputed here). */
export function setRates(instrument: Instrument, rates: Omit<ScheduledRates, 'atSettlementOf'>): void {
  applyMarginAndLimits(instrument, rates);
  applyCommission(instrument, rates);
}

/**
 * The scheduled rates a settlement applies, taken off the instrument: those whose date
 * comes before the next trading day (`nextDay`).
 */
export function takeDueRates(instrument: Instrument, nextDay: string): ScheduledRates | undefined {
  const due = instrument.scheduledRates;
  if (due === undefined || due.atSettlementOf >= nextDay) return undefined;
  instrument.scheduledRates = undefined;
  return due;
}

/**
 * What a settlement applies before marking its positions: margin and limit rates (the
 * positions held through it are margined at the new rate, the next day's limits derive
 * from the new ones). The commission waits for its liquidation trades: they are the
 * settled day's, and pay that day's rate.
 */
export function applyMarginAndLimits(instrument: Instrument, due: Omit<ScheduledRates, 'atSettlementOf'>): void {
  if (due.marginRatio !== undefined) instrument.marginRatio = due.marginRatio;
  if (due.limitUpRate !== undefined) instrument.limitUpRate = due.limitUpRate;
  if (due.limitDownRate !== undefined) instrument.limitDownRate = due.limitDownRate;
}

export function applyCommission(instrument: Instrument, due: Omit<ScheduledRates, 'atSettlementOf'>): void {
  if (due.commissionRate !== undefined) instrument.commissionRate = due.commissionRate;
}

/**
 * The schedule without the rates an at-once change has just set: the later command wins,
 * and an older announcement does not undo it at the settlement. The same object when it
 * names none of them; undefined when nothing is left.
 */
export function withoutRates(scheduled: ScheduledRates, changed: Omit<ScheduledRates, 'atSettlementOf'>): ScheduledRates | undefined {
  if (!Object.keys(changed).some((key) => key in scheduled)) return scheduled;
  const left = Object.fromEntries(Object.entries(scheduled).filter(([key]) => !(key in changed))) as ScheduledRates;
  return Object.keys(left).length > 1 ? left : undefined;
}
