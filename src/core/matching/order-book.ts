import type { PriceGrid } from '../instruments/price-grid.ts';
import type { Order } from './order.ts';
import { PriceLadder } from './price-ladder.ts';
import type { PriceLevel } from './price-level.ts';

/**
 * The two sides of one instrument's book. It only stores and orders resting orders;
 * the rules of matching live in matcher.ts.
 */
export class OrderBook {
  readonly bids: PriceLadder;
  readonly asks: PriceLadder;
  private resting = 0;

  constructor(
    readonly instrumentId: string,
    readonly grid: PriceGrid,
    lowTicks: number,
    highTicks: number,
  ) {
    this.bids = new PriceLadder(true, lowTicks, highTicks);
    this.asks = new PriceLadder(false, lowTicks, highTicks);
  }

  get restingCount(): number {
    return this.resting;
  }

  side(isBuy: boolean): PriceLadder {
    return isBuy ? this.bids : this.asks;
  }

  /** Puts an order at the back of its price level; returns the level. */
  rest(order: Order): PriceLevel {
    const ladder = order.isBuy ? this.bids : this.asks;
    const level = ladder.levelAt(order.priceTicks);
    const wasEmpty = level.isEmpty;
    level.append(order);
    if (wasEmpty) ladder.markNonEmpty(level);
    this.resting++;
    return level;
  }

  /** Takes a resting order out of the book; returns the level it left. */
  remove(order: Order): PriceLevel {
    const level = order.level!;
    level.remove(order);
    if (level.isEmpty) (order.isBuy ? this.bids : this.asks).markEmpty(level);
    this.resting--;
    return level;
  }

  /**
   * Every resting order, bids then asks, each side best price first and in time order
   * within a level: a copy, so the caller may take orders out of the book as it goes.
   */
  restingOrders(): Order[] {
    const out: Order[] = [];
    for (const ladder of [this.bids, this.asks]) {
      for (let level = ladder.best(); level !== undefined; level = ladder.nextAfter(level)) {
        for (let order = level.head; order !== null; order = order.next) out.push(order);
      }
    }
    return out;
  }

  /** Bookkeeping for a maker that filled completely: it leaves its level. */
  removeFilled(order: Order, ladder: PriceLadder): void {
    const level = order.level!;
    level.remove(order);
    if (level.isEmpty) ladder.markEmpty(level);
    this.resting--;
  }
}
