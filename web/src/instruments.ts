/** The instrument catalogue (GET /api/market/instruments), loaded once and refreshed on demand. */
import { computed, ref } from 'vue';
import { api, unwrap } from './api/client';
import type { Instrument } from './api/types';
import { tickDecimals } from './format';

export const instruments = ref<Instrument[]>([]);
export const instrumentsLoaded = ref(false);

export async function loadInstruments(): Promise<void> {
  instruments.value = await unwrap(api.GET('/api/market/instruments', { params: { query: { limit: 1000 } } }));
  instrumentsLoaded.value = true;
}

export const instrumentById = computed(() => new Map(instruments.value.map((i) => [i.instrument_id, i])));

export function decimalsOf(instrumentId: string): number {
  return tickDecimals(instrumentById.value.get(instrumentId)?.price_tick);
}

/** Position and order records name the instrument without its exchange prefix. */
export function qualified(exchangeId: string, instrumentId: string): string {
  return instrumentId.includes('.') ? instrumentId : `${exchangeId}.${instrumentId}`;
}
