/**
 * The static description of a tradable contract, as the core receives it in an
 * `instrument.add` command. Prices here are in currency units; the core turns them
 * into integer ticks once, when the instrument is registered.
 */
export type ExchangeId = 'SHFE' | 'DCE' | 'CZCE' | 'CFFEX' | 'INE' | 'GFEX' | 'USER';

export const EXCHANGE_IDS: readonly ExchangeId[] = ['SHFE', 'DCE', 'CZCE', 'CFFEX', 'INE', 'GFEX', 'USER'];

export interface InstrumentSpec {
  /** Full key with exchange prefix, e.g. `SHFE.cu2601`. */
  readonly instrumentId: string;
  readonly exchangeId: ExchangeId;
  /** Product code, lower case, e.g. `cu`. */
  readonly productId: string;
  readonly instrumentName: string;
  /** e.g. FUTURE, INDEX_FUTURE; free text kept for the admin form. */
  readonly instrumentType: string;
  /** Minimum price increment, > 0. */
  readonly priceTick: number;
  /** Contract multiplier (units per lot), positive integer. */
  readonly volumeMultiple: number;
  /** Margin ratio of notional, 0 < r <= 1. */
  readonly marginRatio: number;
  /** Commission rate of notional per trade, >= 0. */
  readonly commissionRate: number;
  /** Daily price limit as a fraction of the previous settlement price, 0 < r < 1. */
  readonly limitUpRate: number;
  readonly limitDownRate: number;
  /** Previous settlement (reference) price; price limits derive from it. 0 means none yet (no limits). */
  readonly preSettlement: number;
  /** YYYY-MM-DD, or '' when unknown. */
  readonly listDate: string;
  readonly expireDate: string;
}
