import type { CoreState, InstrumentSpec } from '../core/index.ts';

/**
 * What instruments.toml says that the exchange does not do. The file lists instruments
 * once: those the exchange does not have yet are added at start, and an instrument it
 * already lists keeps its own parameters (the journal is the record; rates change through
 * the admin routes). An operator who edits the file for a listed instrument, or removes
 * one from it, would otherwise believe the edit took effect (found by review).
 */
export function instrumentDrift(state: CoreState, configured: readonly InstrumentSpec[], fileName: string): string[] {
  const lines: string[] = [];
  const named = new Set<string>();
  for (const spec of configured) {
    named.add(spec.instrumentId);
    const listed = state.instruments.get(spec.instrumentId);
    if (listed === undefined) continue;
    if (listed.status === 'DELISTED') {
      lines.push(`${fileName}: ${spec.instrumentId} is delisted; its entry in the file does not list it again`);
      continue;
    }
    const now = { ...listed.spec, marginRatio: listed.marginRatio, commissionRate: listed.commissionRate, limitUpRate: listed.limitUpRate, limitDownRate: listed.limitDownRate };
    const differences = COMPARED.filter(([field]) => now[field] !== spec[field]).map(([field, name]) => `${name} ${String(spec[field])} in the file, ${String(now[field])} listed`);
    if (differences.length > 0) {
      lines.push(
        `${fileName}: ${spec.instrumentId} differs from the listed instrument (${differences.join('; ')}); the exchange keeps what it lists ` +
          `(rates change through PUT /api/admin/instrument/${spec.instrumentId}/update, the rest is fixed once listed)`,
      );
    }
  }
  const unnamed = [...state.instruments.values()].filter((i) => !named.has(i.spec.instrumentId) && i.status !== 'DELISTED').map((i) => i.spec.instrumentId);
  if (unnamed.length > 0) {
    const shown = unnamed.slice(0, 10).join(', ') + (unnamed.length > 10 ? ` and ${unnamed.length - 10} more` : '');
    lines.push(
      `${fileName}: ${unnamed.length} listed instrument${unnamed.length === 1 ? ' is' : 's are'} not in the file (registered through /api/admin, or removed from the file): ${shown}; ` +
        'they stay listed (DELETE /api/admin/instrument/{id}/delist ends one)',
    );
  }
  return lines;
}

/** The spec fields a file edit could mean to change, with their names in the file. The reference price moves at every settlement and is not compared. */
const COMPARED: readonly (readonly [keyof InstrumentSpec, string])[] = [
  ['instrumentName', 'instrument_name'],
  ['instrumentType', 'instrument_type'],
  ['priceTick', 'price_tick'],
  ['volumeMultiple', 'volume_multiple'],
  ['marginRatio', 'margin_ratio'],
  ['commissionRate', 'commission'],
  ['limitUpRate', 'limit_up_rate'],
  ['limitDownRate', 'limit_down_rate'],
  ['listDate', 'list_date'],
  ['expireDate', 'expire_date'],
];
