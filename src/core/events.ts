import type { Direction, Offset, PriceType, TimeCondition, VolumeCondition } from './commands.ts';
import type { InstrumentSpec } from './instruments/instrument-spec.ts';

/**
 * What the core tells the world. Events are plain data copied out of the state (never
 * references to live objects), so a consumer may keep them after the state moved on.
 * Together with the stamped command that caused them, they carry everything the
 * projections need: order records, trades with both sides, book level changes.
 */
export type ExchangeStatus =
  | 'PENDING'
  | 'ACCEPTED'
  | 'PARTIAL_FILLED'
  | 'FILLED'
  | 'CANCELLED'
  | 'REJECTED';

/** Why an order left the book without being filled. */
export type CancelReason =
  | 'user'
  | 'ioc-remainder'
  | 'no-liquidity'
  | 'volume-condition'
  | 'self-trade'
  | 'expired';

export interface OrderRecord {
  readonly accountId: string;
  readonly orderId: string;
  readonly instrumentId: string;
  /** Per-instrument sequence number; 0 for an order that never entered matching. */
  readonly exchangeOrderId: number;
  readonly direction: Direction;
  readonly offset: Offset;
  readonly priceType: PriceType;
  /** Limit price in currency units (0 for MARKET / ANY). */
  readonly limitPrice: number;
  readonly volume: number;
  readonly volumeLeft: number;
  readonly timeCondition: TimeCondition;
  readonly volumeCondition: VolumeCondition;
  readonly minVolume: number;
  readonly validUntilDate: string;
  /** Epoch ms of the command that placed it. */
  readonly insertTs: number;
  readonly status: ExchangeStatus;
  readonly lastMsg: string;
}

export interface InstrumentAdded {
  readonly type: 'instrument.added';
  readonly spec: InstrumentSpec;
  /** Price limits in currency units; 0 when the instrument has no reference price yet. */
  readonly upperLimit: number;
  readonly lowerLimit: number;
}

export interface OrderAccepted {
  readonly type: 'order.accepted';
  readonly order: OrderRecord;
}

/** The order never entered matching; the record keeps the reason in lastMsg. */
export interface OrderRejected {
  readonly type: 'order.rejected';
  readonly code: number;
  readonly order: OrderRecord;
}

/** A modify: the old exchange order left the book, this new one (same orderId) replaced it. */
export interface OrderReplaced {
  readonly type: 'order.replaced';
  readonly previousExchangeOrderId: number;
  readonly previousVolumeLeft: number;
  readonly order: OrderRecord;
}

export interface OrderCancelled {
  readonly type: 'order.cancelled';
  readonly accountId: string;
  readonly orderId: string;
  readonly instrumentId: string;
  readonly exchangeOrderId: number;
  /** Volume that was still open when the order was cancelled. */
  readonly volumeLeft: number;
  readonly reason: CancelReason;
  readonly message: string;
}

export interface TradeSide {
  readonly accountId: string;
  readonly orderId: string;
  readonly exchangeOrderId: number;
  readonly direction: Direction;
  readonly offset: Offset;
  /** The order's open volume after this trade. */
  readonly volumeLeft: number;
  readonly status: ExchangeStatus;
}

export interface TradeExecuted {
  readonly type: 'trade.executed';
  readonly instrumentId: string;
  /** From the instrument's sequence, shared with exchange order ids. */
  readonly tradeId: number;
  readonly price: number;
  readonly priceTicks: number;
  readonly volume: number;
  /** Charged to each side: rate x price x volume x multiplier, rounded to the cent. */
  readonly commission: number;
  /** The resting order: it set the price. */
  readonly maker: TradeSide;
  /** The incoming order. */
  readonly taker: TradeSide;
}

/** A price level's totals after a change; volume 0 means the level is gone. */
export interface BookLevelChanged {
  readonly type: 'book.level';
  readonly instrumentId: string;
  readonly side: Direction;
  readonly price: number;
  readonly priceTicks: number;
  readonly volume: number;
  readonly orderCount: number;
}

export interface TradingDayBegan {
  readonly type: 'trading-day.began';
  readonly tradingDay: string;
}

export interface TradingDayEnded {
  readonly type: 'trading-day.ended';
  readonly tradingDay: string;
  readonly expiredOrders: number;
}

export interface UserRegistered {
  readonly type: 'user.registered';
  readonly userId: string;
  readonly username: string;
  readonly role: 'user' | 'admin';
}

export interface AccountOpened {
  readonly type: 'account.opened';
  readonly accountId: string;
  readonly userId: string;
  readonly currency: string;
  readonly initialBalance: number;
}

/** Money moved in or out of an account from outside the market. */
export interface FundsMoved {
  readonly type: 'account.funds-moved';
  readonly accountId: string;
  readonly userId: string;
  readonly kind: 'deposit' | 'withdraw';
  /** Positive amount in currency units. */
  readonly amount: number;
  /** Balance after the move. */
  readonly balance: number;
}

export interface AccountFrozenChanged {
  readonly type: 'account.frozen-changed';
  readonly accountId: string;
  readonly frozen: boolean;
}

export type CoreEvent =
  | UserRegistered
  | AccountOpened
  | FundsMoved
  | AccountFrozenChanged
  | InstrumentAdded
  | OrderAccepted
  | OrderRejected
  | OrderReplaced
  | OrderCancelled
  | TradeExecuted
  | BookLevelChanged
  | TradingDayBegan
  | TradingDayEnded;

export type CoreEventType = CoreEvent['type'];
