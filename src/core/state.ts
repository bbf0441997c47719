import type { Instrument } from './instruments/instrument.ts';
import { LiveOrderIndex } from './orders/live-order-index.ts';

export interface CoreOptions {
  /** An incoming order never trades with a resting order of the same account. */
  readonly selfTradePrevention: boolean;
}

export const DEFAULT_CORE_OPTIONS: CoreOptions = { selfTradePrevention: true };

/**
 * The whole of the exchange's live state. Only `apply` mutates it, one stamped command at
 * a time; everything else reads. It holds no clock, no I/O handle and no randomness.
 */
export class CoreState {
  readonly instruments = new Map<string, Instrument>();
  readonly liveOrders = new LiveOrderIndex();
  /** YYYY-MM-DD of the current trading day; '' before the first `trading-day.begin`. */
  tradingDay = '';
  lastSeq = 0;
  lastTs = 0;

  constructor(readonly options: CoreOptions) {}
}

export function createCoreState(options: Partial<CoreOptions> = {}): CoreState {
  return new CoreState({ ...DEFAULT_CORE_OPTIONS, ...options });
}
