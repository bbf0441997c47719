import type { Instrument } from './instrument.ts';

/**
 * Rates an administrator has announced for a coming settlement, as exchanges raise
 * margins and widen limits before a holiday "from the settlement of" a given day: the
 * positions held through that settlement are margined at the new rate, and the next
 * day's limits derive from the new limit rates.
 */
export interface ScheduledRates {
  /**
   * YYYY-MM-DD, a trading day when scheduled: its settlement applies the rates. Should it
   * become a holiday, the settlement of the trading day before it does (as a contract or a
   * GTD order dated on a holiday ends with the day before).
   */
  readonly atSettlementOf: string;
  readonly marginRatio?: number;
  readonly commissionRate?: number;
  readonly limitUpRate?: number;
  readonly limitDownRate?: number;
}

/** The rates a command or a scheduled change names, applied to the instrument (limits are not recomputed here). */
export function setRates(instrument: Instrument, rates: Omit<ScheduledRates, 'atSettlementOf'>): void {
  if (rates.marginRatio !== undefined) instrument.marginRatio = rates.marginRatio;
  if (rates.commissionRate !== undefined) instrument.commissionRate = rates.commissionRate;
  if (rates.limitUpRate !== undefined) instrument.limitUpRate = rates.limitUpRate;
  if (rates.limitDownRate !== undefined) instrument.limitDownRate = rates.limitDownRate;
}

/**
 * At a settlement, before its positions are marked: the scheduled rates fall due when
 * their date comes before the next trading day (`nextDay`). Returns them when they applied.
 */
export function applyDueRates(instrument: Instrument, nextDay: string): ScheduledRates | undefined {
  const due = instrument.scheduledRates;
  if (due === undefined || due.atSettlementOf >= nextDay) return undefined;
  setRates(instrument, due);
  instrument.scheduledRates = undefined;
  return due;
}
