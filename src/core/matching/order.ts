import type {
  Direction,
  Offset,
  PriceType,
  TimeCondition,
  VolumeCondition,
} from '../commands.ts';
import type { ExchangeStatus, OrderRecord } from '../events.ts';
import type { Account } from '../accounts/account.ts';
import type { PriceLevel } from './price-level.ts';

/**
 * A live order inside the core. One class with a fixed shape (every field set in the
 * constructor) keeps property access monomorphic on the matching path. The intrusive
 * `prev`/`next`/`level` links make it its own FIFO queue node: no wrapper objects, O(1)
 * removal from anywhere in the queue.
 */
export class Order {
  exchangeOrderId = 0;
  volumeLeft: number;
  status: ExchangeStatus = 'PENDING';
  lastMsg = '';
  level: PriceLevel | null = null;
  prev: Order | null = null;
  next: Order | null = null;
  /** The next live order with the same order id (another account's); see LiveOrderIndex. */
  sameIdNext: Order | null = null;
  /** The account whose funds and positions this order uses; null for a bare matching order. */
  account: Account | null = null;
  /** Cents held per open lot: margin (opening orders only) and commission. */
  marginPerLot = 0;
  commissionPerLot = 0;
  /** Lots of a closing order reserved from the position's his / today buckets, not yet filled. */
  reservedHis = 0;
  reservedToday = 0;

  constructor(
    readonly accountId: string,
    readonly orderId: string,
    readonly instrumentId: string,
    readonly direction: Direction,
    readonly offset: Offset,
    readonly priceType: PriceType,
    /** Limit in ticks; for MARKET / ANY the worst acceptable price (the band edge). */
    readonly priceTicks: number,
    /** Limit price in currency units as the user gave it; 0 for MARKET / ANY. */
    readonly limitPrice: number,
    readonly volume: number,
    readonly timeCondition: TimeCondition,
    readonly volumeCondition: VolumeCondition,
    readonly minVolume: number,
    readonly validUntilDate: string,
    readonly insertTs: number,
  ) {
    this.volumeLeft = volume;
  }

  get isBuy(): boolean {
    return this.direction === 'BUY';
  }

  /** A copy safe to hand out in events. */
  toRecord(): OrderRecord {
    return {
      accountId: this.accountId,
      orderId: this.orderId,
      instrumentId: this.instrumentId,
      exchangeOrderId: this.exchangeOrderId,
      direction: this.direction,
      offset: this.offset,
      priceType: this.priceType,
      limitPrice: this.limitPrice,
      volume: this.volume,
      volumeLeft: this.volumeLeft,
      timeCondition: this.timeCondition,
      volumeCondition: this.volumeCondition,
      minVolume: this.minVolume,
      validUntilDate: this.validUntilDate,
      insertTs: this.insertTs,
      status: this.status,
      lastMsg: this.lastMsg,
    };
  }
}
