import { type Cents, proportionalShare } from '../money.ts';

/**
 * One direction (long or short) of a position. Volumes are split into today's lots and
 * earlier (his) lots because closing rules and settlement treat them differently. Each
 * bucket keeps its own cost basis in cents: today's lots at their open prices, his lots at
 * the last settlement price (daily mark-to-market). `openCost` keeps the historical open
 * value of all lots held, for the open price users expect to see.
 *
 * Costs are split between closed and remaining lots so that the two parts always add up
 * to the whole (`proportionalShare`), which keeps profit exact across any number of
 * partial closes.
 */
export class PositionSide {
  todayVolume = 0;
  hisVolume = 0;
  /** Lots reserved by live close orders; not closable again. */
  frozenToday = 0;
  frozenHis = 0;
  todayCost: Cents = 0;
  hisCost: Cents = 0;
  openCost: Cents = 0;
  /** Margin at the last price, in cents. */
  margin: Cents = 0;

  get volume(): number {
    return this.todayVolume + this.hisVolume;
  }

  get positionCost(): Cents {
    return this.todayCost + this.hisCost;
  }

  get closableToday(): number {
    return this.todayVolume - this.frozenToday;
  }

  get closableHis(): number {
    return this.hisVolume - this.frozenHis;
  }

  open(volume: number, notional: Cents): void {
    this.todayVolume += volume;
    this.todayCost += notional;
    this.openCost += notional;
  }

  /** Removes lots from today's bucket; returns their cost basis. */
  closeToday(volume: number): Cents {
    const cost = proportionalShare(this.todayCost, volume, this.todayVolume);
    this.releaseOpenCost(volume);
    this.todayCost -= cost;
    this.todayVolume -= volume;
    return cost;
  }

  /** Removes lots from the his bucket; returns their cost basis. */
  closeHis(volume: number): Cents {
    const cost = proportionalShare(this.hisCost, volume, this.hisVolume);
    this.releaseOpenCost(volume);
    this.hisCost -= cost;
    this.hisVolume -= volume;
    return cost;
  }

  /**
   * Day end: today's lots join the his bucket and every lot's cost basis becomes the
   * settlement value (`settledValue` = settlement price x all lots x multiplier).
   */
  rollToHis(settledValue: Cents): void {
    this.hisVolume += this.todayVolume;
    this.todayVolume = 0;
    this.frozenHis += this.frozenToday;
    this.frozenToday = 0;
    this.hisCost = settledValue;
    this.todayCost = 0;
  }

  private releaseOpenCost(volume: number): void {
    this.openCost -= proportionalShare(this.openCost, volume, this.volume);
  }
}
