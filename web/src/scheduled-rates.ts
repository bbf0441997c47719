import type { AdminInstrument } from './api/types';

const RATES = [
  ['margin_rate', 'margin'],
  ['commission_rate', 'commission'],
  ['limit_up_rate', 'limit up'],
  ['limit_down_rate', 'limit down'],
] as const;

/** The rate change announced for a coming settlement, with the rates now: "At the settlement of 2026-12-10: margin 0.12 (now 0.09)". */
export function scheduledRatesText(instrument: AdminInstrument): string | undefined {
  const s = instrument.scheduled_rates;
  if (s === null) return undefined;
  const changes = RATES.filter(([key]) => s[key] !== undefined).map(([key, label]) => `${label} ${s[key]} (now ${instrument[key]})`);
  return `At the settlement of ${s.at_settlement_of}: ${changes.join(', ')}`;
}
