import type { Instrument } from '../instruments/instrument.ts';
import type { Account } from './account.ts';
import { type Cents, roundCents } from '../money.ts';
import { PositionSide } from './position-side.ts';

/**
 * An account's holding in one instrument, keyed `<exchange_id>.<instrument_id>` (the
 * instrument id already carries the exchange prefix). Float profit and margin are cached
 * at the instrument's last price and kept in step with the account's totals through
 * `remark`, which is the only writer of those caches.
 */
export class Position {
  readonly long = new PositionSide();
  readonly short = new PositionSide();
  /** Float profit of both sides at the last price, against the position cost basis. */
  floatProfitLong: Cents = 0;
  floatProfitShort: Cents = 0;
  /** Last price (ticks) this position was marked at; 0 before any trade or reference. */
  markTicks = 0;

  constructor(
    readonly account: Account,
    readonly instrument: Instrument,
  ) {}

  get floatProfit(): Cents {
    return this.floatProfitLong + this.floatProfitShort;
  }

  get margin(): Cents {
    return this.long.margin + this.short.margin;
  }

  get isFlat(): boolean {
    return this.long.volume === 0 && this.short.volume === 0;
  }

  /** The side a trade of this direction and offset changes. */
  sideFor(isBuy: boolean, opens: boolean): PositionSide {
    return isBuy === opens ? this.long : this.short;
  }

  /**
   * Re-marks at `ticks` (the instrument's last price): recomputes float profit and margin
   * of both sides and moves the account's totals by the difference.
   */
  remark(ticks: number): void {
    const account = this.account;
    const before = this.floatProfitLong + this.floatProfitShort;
    const marginBefore = this.long.margin + this.short.margin;
    const tickValue = this.instrument.tickValueCents;
    const ratio = this.instrument.marginRatio;
    const longValue = ticks * tickValue * this.long.volume;
    const shortValue = ticks * tickValue * this.short.volume;
    this.floatProfitLong = longValue - this.long.positionCost;
    this.floatProfitShort = this.short.positionCost - shortValue;
    this.long.margin = roundCents(longValue * ratio);
    this.short.margin = roundCents(shortValue * ratio);
    this.markTicks = ticks;
    account.floatProfit += this.floatProfitLong + this.floatProfitShort - before;
    account.margin += this.long.margin + this.short.margin - marginBefore;
  }
}
