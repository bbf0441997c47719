/** The instrument catalogue (GET /api/market/instruments), loaded once and refreshed on demand. */
import { computed, ref } from 'vue';
import { api, unwrap } from './api/client';
import type { Instrument } from './api/types';
import { tickDecimals } from './format';

export const instruments = ref<Instrument[]>([]);
export const instrumentsLoaded = ref(false);

const TICKS_KEY = 'basis.ticks';

/**
 * The price tick of every instrument this browser has seen in the catalogue. A delisted
 * instrument leaves the catalogue while positions and orders on it are still shown: its
 * prices keep their decimals (22,005, not 22,005.00).
 */
const knownTicks = new Map<string, number>(readKnownTicks());

function readKnownTicks(): [string, number][] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(TICKS_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((e): e is [string, number] => Array.isArray(e) && typeof e[0] === 'string' && typeof e[1] === 'number') : [];
  } catch {
    return [];
  }
}

export async function loadInstruments(): Promise<void> {
  instruments.value = await unwrap(api.GET('/api/market/instruments', { params: { query: { limit: 1000 } } }));
  instrumentsLoaded.value = true;
  const before = knownTicks.size;
  let changed = false;
  for (const i of instruments.value) {
    changed ||= knownTicks.get(i.instrument_id) !== i.price_tick;
    knownTicks.set(i.instrument_id, i.price_tick);
  }
  if (changed || knownTicks.size !== before) localStorage.setItem(TICKS_KEY, JSON.stringify([...knownTicks]));
}

export const instrumentById = computed(() => new Map(instruments.value.map((i) => [i.instrument_id, i])));

export function decimalsOf(instrumentId: string): number {
  return tickDecimals(instrumentById.value.get(instrumentId)?.price_tick ?? knownTicks.get(instrumentId));
}

/** Position and order records name the instrument without its exchange prefix. */
export function qualified(exchangeId: string, instrumentId: string): string {
  return instrumentId.includes('.') ? instrumentId : `${exchangeId}.${instrumentId}`;
}
