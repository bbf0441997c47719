/**
 * The workload generator's own picture of the book: a small price-time-priority book that
 * replays every generated operation, so the generator knows which of its orders still
 * rest (fills included), where the best prices are, and how deep the book is.
 *
 * It is deliberately simple (arrays per tick, lazy deletion, linear scans for the next
 * best level) because it only runs while the stream is generated, never while timing.
 * It mirrors the rules both engines share: price-time priority, the maker's price,
 * market = sweep to the band edge, IOC remainders dropped, all-or-none checked up front,
 * and (optionally) self-trade prevention as Basis does it: the taker stops at the first
 * resting order of its own account and its remainder is cancelled.
 */
export class ModelOrder {
  /** Index in BookModel.live while resting; -1 otherwise. */
  liveIndex = -1;

  constructor(
    readonly id: number,
    readonly account: number,
    readonly isBuy: boolean,
    public priceTicks: number,
    public volume: number,
  ) {}

  get resting(): boolean {
    return this.liveIndex >= 0;
  }
}

class Level {
  orders: ModelOrder[] = [];
  head = 0;
  count = 0;
  volume = 0;
}

export class BookModel {
  /** Resting orders in no particular order, for uniform random picks. */
  readonly live: ModelOrder[] = [];
  private readonly bids: Level[];
  private readonly asks: Level[];
  /** Best level index per side, -1 when the side is empty. */
  private bestBidIndex = -1;
  private bestAskIndex = -1;
  /** Volume traded so far, and how many incoming orders traded at all (for reports). */
  tradedVolume = 0;
  trades = 0;

  constructor(
    readonly lowTicks: number,
    readonly highTicks: number,
    readonly selfTradePrevention: boolean,
  ) {
    const size = highTicks - lowTicks + 1;
    this.bids = Array.from({ length: size }, () => new Level());
    this.asks = Array.from({ length: size }, () => new Level());
  }

  get restingCount(): number {
    return this.live.length;
  }

  /** Non-empty price levels (both sides) and the largest number of orders at one level. */
  levelStats(): { levels: number; maxOrdersAtLevel: number } {
    let levels = 0;
    let maxOrdersAtLevel = 0;
    for (const level of [...this.bids, ...this.asks]) {
      if (level.count === 0) continue;
      levels++;
      if (level.count > maxOrdersAtLevel) maxOrdersAtLevel = level.count;
    }
    return { levels, maxOrdersAtLevel };
  }

  bestBid(): number | undefined {
    return this.bestBidIndex < 0 ? undefined : this.bestBidIndex + this.lowTicks;
  }

  bestAsk(): number | undefined {
    return this.bestAskIndex < 0 ? undefined : this.bestAskIndex + this.lowTicks;
  }

  /**
   * An incoming order: matches against the other side up to `limitTicks` (use the band edge
   * for a market order), then rests if `rests`, else its remainder is dropped. With
   * `allOrNone` nothing happens unless the whole volume can trade at once.
   */
  submit(order: ModelOrder, limitTicks: number, rests: boolean, allOrNone: boolean): void {
    if (allOrNone && this.fillable(order, limitTicks, order.volume) < order.volume) return;
    const stoppedBySelfTrade = this.match(order, limitTicks);
    if (order.volume > 0 && rests && !stoppedBySelfTrade) this.rest(order);
  }

  /** Takes a resting order out of the book (cancel, or the first half of a modify). */
  remove(order: ModelOrder): void {
    if (!order.resting) return;
    const index = order.priceTicks - this.lowTicks;
    const level = (order.isBuy ? this.bids : this.asks)[index]!;
    level.count--;
    level.volume -= order.volume;
    this.dropFromLive(order);
    if (level.count === 0) {
      this.clearLevel(level);
      this.levelEmptied(order.isBuy, index);
    } else if (level.orders.length - level.head > 2 * level.count + 32) {
      level.orders = level.orders.slice(level.head).filter((o) => o.resting);
      level.head = 0;
    }
  }

  private rest(order: ModelOrder): void {
    const index = order.priceTicks - this.lowTicks;
    const level = (order.isBuy ? this.bids : this.asks)[index]!;
    level.orders.push(order);
    level.count++;
    level.volume += order.volume;
    order.liveIndex = this.live.length;
    this.live.push(order);
    if (order.isBuy) {
      if (index > this.bestBidIndex) this.bestBidIndex = index;
    } else if (this.bestAskIndex < 0 || index < this.bestAskIndex) {
      this.bestAskIndex = index;
    }
  }

  private crosses(taker: ModelOrder, index: number, limitTicks: number): boolean {
    if (index < 0) return false;
    const price = index + this.lowTicks;
    return taker.isBuy ? price <= limitTicks : price >= limitTicks;
  }

  /** Returns true when matching stopped at an order of the taker's own account. */
  private match(taker: ModelOrder, limitTicks: number): boolean {
    const side = taker.isBuy ? this.asks : this.bids;
    let tradedAny = false;
    for (;;) {
      const index = taker.isBuy ? this.bestAskIndex : this.bestBidIndex;
      if (taker.volume === 0 || !this.crosses(taker, index, limitTicks)) break;
      const level = side[index]!;
      while (taker.volume > 0 && level.count > 0) {
        const maker = level.orders[level.head]!;
        if (!maker.resting) {
          level.head++;
          continue;
        }
        if (this.selfTradePrevention && maker.account === taker.account) {
          if (tradedAny) this.trades++;
          return true;
        }
        const volume = Math.min(maker.volume, taker.volume);
        maker.volume -= volume;
        taker.volume -= volume;
        level.volume -= volume;
        this.tradedVolume += volume;
        tradedAny = true;
        if (maker.volume === 0) {
          level.head++;
          level.count--;
          this.dropFromLive(maker);
        }
      }
      if (level.count === 0) {
        this.clearLevel(level);
        this.levelEmptied(!taker.isBuy, index);
      }
    }
    if (tradedAny) this.trades++;
    return false;
  }

  /** Volume the taker could trade now, counted in priority order up to `needed`. */
  private fillable(taker: ModelOrder, limitTicks: number, needed: number): number {
    const side = taker.isBuy ? this.asks : this.bids;
    const step = taker.isBuy ? 1 : -1;
    let total = 0;
    for (
      let index = taker.isBuy ? this.bestAskIndex : this.bestBidIndex;
      index >= 0 && index < side.length && this.crosses(taker, index, limitTicks);
      index += step
    ) {
      const level = side[index]!;
      if (level.count === 0) continue;
      if (!this.selfTradePrevention && total + level.volume < needed) {
        total += level.volume;
        continue;
      }
      for (let i = level.head; i < level.orders.length; i++) {
        const maker = level.orders[i]!;
        if (!maker.resting) continue;
        if (this.selfTradePrevention && maker.account === taker.account) return total;
        total += maker.volume;
        if (total >= needed) return total;
      }
    }
    return total;
  }

  private clearLevel(level: Level): void {
    level.orders.length = 0;
    level.head = 0;
    level.volume = 0;
  }

  private levelEmptied(isBuy: boolean, index: number): void {
    if (isBuy) {
      if (index !== this.bestBidIndex) return;
      let i = index - 1;
      while (i >= 0 && this.bids[i]!.count === 0) i--;
      this.bestBidIndex = i;
    } else {
      if (index !== this.bestAskIndex) return;
      let i = index + 1;
      while (i < this.asks.length && this.asks[i]!.count === 0) i++;
      this.bestAskIndex = i < this.asks.length ? i : -1;
    }
  }

  private dropFromLive(order: ModelOrder): void {
    const i = order.liveIndex;
    const last = this.live.pop()!;
    if (last !== order) {
      this.live[i] = last;
      last.liveIndex = i;
    }
    order.liveIndex = -1;
  }
}
