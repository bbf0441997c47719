import type { Position } from '../accounts/position.ts';
import { tickValueCents } from '../money.ts';
import { OrderBook } from '../matching/order-book.ts';
import { TriggerHeap } from '../risk/trigger-heap.ts';
import type { InstrumentSpec } from './instrument-spec.ts';
import { PriceGrid } from './price-grid.ts';
import type { ScheduledRates } from './scheduled-rates.ts';

export type InstrumentStatus = 'TRADING' | 'SUSPENDED' | 'DELISTED';

/** Ticks either side of the reference price a book indexes before it has to grow. */
const UNBOUNDED_BAND_TICKS = 4096;

/**
 * An instrument as the core runs it: its spec, its price grid and limits in ticks, its
 * order book, and the one per-instrument sequence that numbers both exchange order ids
 * and trade ids (so the orders and trades of an instrument are strictly ordered).
 */
export class Instrument {
  readonly grid: PriceGrid;
  status: InstrumentStatus = 'TRADING';
  /** Last value handed out by `nextSequence`. */
  sequence = 0;
  /** Price limits in ticks; NaN while there is no reference price (no limits). */
  upperLimitTicks: number;
  lowerLimitTicks: number;
  readonly book: OrderBook;
  /** Value of one tick on one lot, in cents (price_tick x volume_multiple). */
  readonly tickValueCents: number;
  /** Rates an administrator may change while the instrument trades. */
  marginRatio: number;
  commissionRate: number;
  /** Price of the last trade in ticks; the reference price until the first trade; 0 if neither. */
  lastPriceTicks: number;
  limitUpRate: number;
  limitDownRate: number;
  /** Rates announced for a coming settlement (instrument.update with atSettlementOf). */
  scheduledRates: ScheduledRates | undefined = undefined;
  /** Reference (previous settlement) price in ticks; 0 when there is none. */
  preSettlementTicks: number;
  /** Settlement price set by an administrator for the coming settlement; 0 = not set. */
  settlementPriceTicks = 0;
  /** Today's traded volume and sum of price ticks x volume: the default settlement price is their VWAP. */
  dayVolume = 0;
  dayTurnoverTicks = 0;
  /** Positions with open volume. */
  readonly holders = new Set<Position>();
  /** Holders re-marked and risk-checked at every price move (see risk/risk-index.ts). */
  readonly eagerHolders = new Set<Position>();
  /** Lazy holders by the price at which they would reach the warning level. */
  readonly risingRiskTriggers = new TriggerHeap(true);
  readonly fallingRiskTriggers = new TriggerHeap(false);
  /** Current (not stale) entries in the two heaps. */
  lazyRiskEntries = 0;

  constructor(readonly spec: InstrumentSpec) {
    this.grid = new PriceGrid(spec.priceTick);
    this.tickValueCents = tickValueCents(spec.priceTick, spec.volumeMultiple);
    this.marginRatio = spec.marginRatio;
    this.commissionRate = spec.commissionRate;
    this.limitUpRate = spec.limitUpRate;
    this.limitDownRate = spec.limitDownRate;
    this.preSettlementTicks = spec.preSettlement > 0 ? this.grid.toTicks(spec.preSettlement) : 0;
    this.lastPriceTicks = spec.preSettlement > 0 ? this.grid.toTicks(spec.preSettlement) : 0;
    const limits = priceLimits(this.grid, spec);
    this.upperLimitTicks = limits.upper;
    this.lowerLimitTicks = limits.lower;
    const centre = limits.hasLimits ? Math.round((limits.upper + limits.lower) / 2) : UNBOUNDED_BAND_TICKS;
    const low = limits.hasLimits ? limits.lower : 0;
    const high = limits.hasLimits ? limits.upper : centre * 2;
    this.book = new OrderBook(spec.instrumentId, this.grid, low, high);
  }

  get id(): string {
    return this.spec.instrumentId;
  }

  get hasLimits(): boolean {
    return !Number.isNaN(this.upperLimitTicks);
  }

  /** The limit-up price; 0 for an instrument without limits (the spec's reading of "none"). */
  get upperLimit(): number {
    return this.hasLimits ? this.grid.toPrice(this.upperLimitTicks) : 0;
  }

  /** The limit-down price; 0 for an instrument without limits. */
  get lowerLimit(): number {
    return this.hasLimits ? this.grid.toPrice(this.lowerLimitTicks) : 0;
  }

  nextSequence(): number {
    return ++this.sequence;
  }

  /** Recomputes limit-up / limit-down from the reference price and the current rates. */
  resetLimits(): void {
    const limits = bandAround(this.preSettlementTicks, this.limitUpRate, this.limitDownRate);
    this.upperLimitTicks = limits.upper;
    this.lowerLimitTicks = limits.lower;
  }

  /** True when a limit price (in ticks) is inside limit-down..limit-up. */
  withinLimits(priceTicks: number): boolean {
    if (!this.hasLimits) return priceTicks > 0;
    return priceTicks >= this.lowerLimitTicks && priceTicks <= this.upperLimitTicks;
  }
}

/**
 * Limits = reference price x (1 +/- rate), rounded inward to the tick grid so that both
 * stay inside the band the exchange publishes.
 */
export function priceLimits(
  grid: PriceGrid,
  spec: InstrumentSpec,
): { upper: number; lower: number; hasLimits: boolean } {
  const reference = spec.preSettlement > 0 ? grid.toTicks(spec.preSettlement) : 0;
  return bandAround(reference, spec.limitUpRate, spec.limitDownRate);
}

function bandAround(reference: number, upRate: number, downRate: number): { upper: number; lower: number; hasLimits: boolean } {
  if (!(reference > 0)) return { upper: Number.NaN, lower: Number.NaN, hasLimits: false };
  // At least one tick each way (as exchanges round a limit smaller than a tick up to one):
  // a band of one price could never move, and each day would settle there again.
  const upper = Math.max(reference + 1, Math.floor(reference * (1 + upRate) + 1e-9));
  const lower = Math.max(1, Math.min(reference - 1, Math.ceil(reference * (1 - downRate) - 1e-9)));
  return { upper, lower, hasLimits: true };
}
