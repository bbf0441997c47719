import type { Instrument } from './instrument.ts';

/**
 * Rates an administrator has announced for a coming settlement, as exchanges raise
 * margins and widen limits before a holiday "from the settlement of" a given day: the
 * positions held through that settlement are margined at the new rate, and the next
 * day's limits derive from the new limit rates.
 */
export interface ScheduledRates {
  /** YYYY-MM-DD: the first settlement of a trading day on or after it applies the rates. */
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
 * At the settlement of `day`, before its positions are marked: the scheduled rates fall
 * due once `day` reaches their date. Returns them when they applied.
 */
export function applyDueRates(instrument: Instrument, day: string): ScheduledRates | undefined {
  const due = instrument.scheduledRates;
  if (due === undefined || day < due.atSettlementOf) return undefined;
  setRates(instrument, due);
  instrument.scheduledRates = undefined;
  return due;
}
