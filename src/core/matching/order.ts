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
 * constructor, in one order) keeps property access monomorphic on the matching path. The
 * intrusive `prev`/`next`/`level` links make it its own FIFO queue node: no wrapper
 * objects, O(1) removal from anywhere in the queue.
 *
 * Order objects are recycled through the OrderPool (order-pool.ts): a resting order is the
 * one thing the matching path allocates that outlives a young-generation collection, and
 * copying survivors is what those pauses spend their time on. So the terms are plain
 * fields rather than readonly ones, and `reset` gives a recycled object a new order's
 * terms and clears every other field: `new Order().reset(...)` or `pool.take().reset(...)`.
 */
export class Order {
  accountId = '';
  orderId = '';
  instrumentId = '';
  direction: Direction = 'BUY';
  offset: Offset = 'OPEN';
  priceType: PriceType = 'LIMIT';
  /** Limit in ticks; for MARKET / ANY the worst acceptable price (the band edge). */
  priceTicks = 0;
  /** Limit price in currency units as the user gave it; 0 for MARKET / ANY. */
  limitPrice = 0;
  volume = 0;
  timeCondition: TimeCondition = 'GFD';
  volumeCondition: VolumeCondition = 'ANY';
  minVolume = 0;
  validUntilDate = '';
  insertTs = 0;
  exchangeOrderId = 0;
  volumeLeft = 0;
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
  /** True while the object waits in the pool: guards against handing one object out twice. */
  pooled = false;

  /** Gives this object a new order's terms; every other field back to a new order's value. */
  reset(
    accountId: string,
    orderId: string,
    instrumentId: string,
    direction: Direction,
    offset: Offset,
    priceType: PriceType,
    priceTicks: number,
    limitPrice: number,
    volume: number,
    timeCondition: TimeCondition,
    volumeCondition: VolumeCondition,
    minVolume: number,
    validUntilDate: string,
    insertTs: number,
  ): this {
    this.accountId = accountId;
    this.orderId = orderId;
    this.instrumentId = instrumentId;
    this.direction = direction;
    this.offset = offset;
    this.priceType = priceType;
    this.priceTicks = priceTicks;
    this.limitPrice = limitPrice;
    this.volume = volume;
    this.timeCondition = timeCondition;
    this.volumeCondition = volumeCondition;
    this.minVolume = minVolume;
    this.validUntilDate = validUntilDate;
    this.insertTs = insertTs;
    this.exchangeOrderId = 0;
    this.volumeLeft = volume;
    this.status = 'PENDING';
    this.lastMsg = '';
    this.level = null;
    this.prev = null;
    this.next = null;
    this.sameIdNext = null;
    this.account = null;
    this.marginPerLot = 0;
    this.commissionPerLot = 0;
    this.reservedHis = 0;
    this.reservedToday = 0;
    this.pooled = false;
    return this;
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
