import type {
  ConditionType,
  Direction,
  Offset,
  PriceType,
  TimeCondition,
  TriggerCondition,
  VolumeCondition,
} from './commands.ts';
import type { InstrumentSpec } from './instruments/instrument-spec.ts';
import type { ScheduledRates } from './instruments/scheduled-rates.ts';

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
  | 'expired'
  | 'liquidation'
  | 'delisted'
  | 'price-limits';

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
  /** The level is its side's best, or was until this change: the quote's best price or volume moved. */
  readonly top: boolean;
}

export interface TradingDayBegan {
  readonly type: 'trading-day.began';
  readonly tradingDay: string;
}

/** The holidays changed (calendar.add-holidays, calendar.remove-holidays). */
export interface CalendarChanged {
  readonly type: 'calendar.changed';
  /** Declared or renamed, by date. */
  readonly added: readonly { readonly date: string; readonly name: string }[];
  /** Withdrawn, by date. */
  readonly removed: readonly string[];
  /** The trading day after the current one, as the calendar now says. */
  readonly nextTradingDay: string;
}

export interface MarketStatusChanged {
  readonly type: 'market.status-changed';
  readonly open: boolean;
  /** Why it closed; '' when it opened. */
  readonly reason: string;
  /** GFS orders that expired with the session. */
  readonly expiredOrders: number;
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

export interface PasswordSet {
  readonly type: 'user.password-set';
  readonly userId: string;
  /** The user's password version from now on: tokens issued under an earlier one are refused. */
  readonly passwordVersion: number;
  readonly byUserId: string;
}

export interface SessionsEnded {
  readonly type: 'user.sessions-ended';
  readonly userId: string;
  /** The user's sign-out version from now on: tokens issued under an earlier one are refused. */
  readonly signOutVersion: number;
  readonly byUserId: string;
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

export type RiskLevel = 'normal' | 'warning' | 'force-close';

export interface RiskLevelChanged {
  readonly type: 'risk.level-changed';
  readonly accountId: string;
  readonly userId: string;
  readonly from: RiskLevel;
  readonly to: RiskLevel;
  readonly riskRatio: number;
}

export interface LiquidationOrder {
  readonly orderId: string;
  readonly instrumentId: string;
  readonly direction: Direction;
  readonly offset: Offset;
  readonly volume: number;
  readonly filled: number;
  /** Volume-weighted price of the fills; 0 when nothing filled. */
  readonly averagePrice: number;
  /** '' when placed; otherwise why the order could not be placed. */
  readonly refusal: string;
}

export type LiquidationResult = 'complete' | 'partial' | 'none';

/** A forced liquidation: the record kept for the risk routes and the user. */
export interface AccountLiquidated {
  readonly type: 'account.liquidated';
  readonly liquidationId: string;
  readonly accountId: string;
  readonly userId: string;
  readonly trigger: 'risk' | 'admin' | 'settlement';
  readonly riskRatioBefore: number;
  readonly riskRatioAfter: number;
  readonly cancelledOrders: number;
  /** Pending conditional orders it cancelled (from core version 24; none were before). */
  readonly cancelledConditionals: number;
  readonly orders: LiquidationOrder[];
  /**
   * complete: every position closed; partial: some closed, the rest is left for the next
   * chance; none: nothing found to close against (from core version 19; partial before).
   */
  readonly result: LiquidationResult;
}

/**
 * What a notification is about, as data. The text is rendered at the edge, when (and if)
 * it is delivered (`renderNotification`): most notifications of users who are not
 * connected are never rendered, and the hot path builds no strings.
 */
export type NotificationMessage =
  | { readonly kind: 'order-refused'; readonly orderId: string; readonly reason: string }
  | { readonly kind: 'order-cancelled'; readonly orderId: string; readonly reason: string }
  | { readonly kind: 'fill'; readonly trade: TradeExecuted; readonly side: 'maker' | 'taker' }
  | { readonly kind: 'risk'; readonly level: RiskLevel; readonly riskRatio: number }
  | { readonly kind: 'liquidation'; readonly trigger: string; readonly orders: number; readonly result: string }
  | { readonly kind: 'conditional'; readonly conditionalId: string; readonly status: ConditionalStatus; readonly reason: string }
  | { readonly kind: 'funds'; readonly movement: 'deposit' | 'withdraw'; readonly amount: number; readonly balance: number }
  | { readonly kind: 'transfer'; readonly amount: number; readonly bankName: string; readonly outcome: string }
  | { readonly kind: 'settlement'; readonly date: string; readonly balance: number; readonly nextTradingDay: string }
  | { readonly kind: 'instrument'; readonly instrumentId: string; readonly status: string; readonly expiredOn?: string }
  /** A rate change announced for a settlement (scheduled), or withdrawn (scheduled null, `withdrawn` what it was). */
  | {
      readonly kind: 'rates-scheduled';
      readonly instrumentId: string;
      readonly scheduled: ScheduledRates | null;
      readonly withdrawn: ScheduledRates | null;
      /** The rates as they are now, beside the announced ones. */
      readonly current: RateSet;
    };

/** An instrument's four rates. */
export interface RateSet {
  readonly marginRatio: number;
  readonly commissionRate: number;
  readonly limitUpRate: number;
  readonly limitDownRate: number;
}

/** A message for one user, with the priority that decides what is dropped under back-pressure. */
export interface NotificationRaised {
  readonly type: 'notification';
  readonly userId: string;
  readonly accountId: string;
  /** 0 (risk, liquidation: never dropped) .. 3 (informational). */
  readonly priority: 0 | 1 | 2 | 3;
  /**
   * Notifications with the same non-empty key supersede each other while undelivered
   * (e.g. successive risk levels of one account); '' for facts that never repeat.
   */
  readonly key: string;
  readonly level: 'INFO' | 'WARNING' | 'ERROR';
  readonly code: number;
  readonly message: NotificationMessage;
}

export type ConditionalStatus = 'Pending' | 'Triggered' | 'Cancelled' | 'Expired' | 'Failed';

export interface ConditionalRecord {
  readonly conditionalId: string;
  readonly accountId: string;
  readonly userId: string;
  readonly instrumentId: string;
  readonly direction: Direction;
  readonly offset: Offset;
  readonly volume: number;
  readonly orderType: 'LIMIT' | 'MARKET';
  readonly limitPrice: number;
  readonly conditionType: ConditionType;
  readonly triggerPrice: number;
  readonly triggerCondition: TriggerCondition;
  readonly validUntil: number;
  readonly status: ConditionalStatus;
  readonly createdTs: number;
  readonly updatedTs: number;
  /** The order placed on trigger ('' before). */
  readonly orderId: string;
  /** Why it failed, expired or was cancelled. */
  readonly reason: string;
}

export interface ConditionalChanged {
  readonly type: 'conditional.changed';
  readonly conditional: ConditionalRecord;
}

export interface InstrumentChanged {
  readonly type: 'instrument.changed';
  readonly instrumentId: string;
  /** An administrator's change, or settlement moving the reference price and limits. */
  readonly cause: 'admin' | 'settlement';
  readonly status: 'TRADING' | 'SUSPENDED' | 'DELISTED';
  /** The status is new (a suspend, resume or delist), not only carried by another change. */
  readonly statusChanged: boolean;
  readonly marginRatio: number;
  readonly commissionRate: number;
  readonly limitUpRate: number;
  readonly limitDownRate: number;
  readonly preSettlement: number;
  readonly upperLimit: number;
  readonly lowerLimit: number;
  /**
   * A contract's expiry (its last trading day, whose settlement delisted it): the day,
   * and the accounts it concerned before its orders were cancelled and its positions
   * closed in the same command.
   */
  readonly expiry?: { readonly lastTradingDay: string; readonly accounts: readonly string[] };
}

/** A rate change was scheduled for a coming settlement, replaced, or withdrawn (scheduled null). */
export interface InstrumentRatesScheduled {
  readonly type: 'instrument.rates-scheduled';
  readonly instrumentId: string;
  readonly scheduled: ScheduledRates | null;
  /** The change scheduled before, now replaced or withdrawn. */
  readonly replaced: ScheduledRates | null;
}

export interface SettlementPriceSet {
  readonly type: 'settlement.price-set';
  readonly instrumentId: string;
  readonly price: number;
}

/** One account's day in numbers, as settled. */
export interface AccountSettlement {
  readonly accountId: string;
  readonly userId: string;
  readonly preBalance: number;
  readonly deposit: number;
  readonly withdraw: number;
  readonly closeProfit: number;
  readonly positionProfit: number;
  readonly commission: number;
  readonly balance: number;
  readonly margin: number;
  readonly available: number;
  readonly riskRatio: number;
  /** Forced liquidation at this settlement closed every position. */
  readonly forceClosed: boolean;
  /**
   * Forced liquidation at this settlement left positions open (nothing to close against,
   * a suspended instrument): the account counts as failed. Absent in records written
   * before 2026-11-24, when such an account was reported force-closed.
   */
  readonly forceCloseFailed?: boolean;
  /**
   * What the account held when the day was settled (after any forced liquidation), by
   * instrument id: the positions of its settlement statement. Absent in records written
   * before core version 14.
   */
  readonly positions?: readonly SettledPosition[];
  /**
   * Lots of delisted instruments the settlement closed at the settlement price (their
   * expiry): the close profit they made is in closeProfit, with no trade to show it.
   * Absent in records written before core version 14.
   */
  readonly closedAtDelisting?: readonly DelistingClose[];
}

/** One delisted instrument's lots of an account, closed at the settlement price. */
export interface DelistingClose {
  readonly instrumentId: string;
  readonly longVolume: number;
  readonly shortVolume: number;
  readonly settlementPrice: number;
  readonly closeProfit: number;
}

/** One instrument's holding of an account at settlement, marked at the settlement price. */
export interface SettledPosition {
  readonly instrumentId: string;
  readonly longVolume: number;
  /** Of the long lots, those opened on the day settled. */
  readonly longToday: number;
  readonly shortVolume: number;
  readonly shortToday: number;
  readonly settlementPrice: number;
  /** The day's mark-to-market of these lots (the position_profit the account settles). */
  readonly positionProfit: number;
  readonly margin: number;
}

export interface InstrumentSettlement {
  readonly instrumentId: string;
  readonly settlementPrice: number;
  readonly source: 'set' | 'vwap' | 'last' | 'reference';
  readonly preSettlement: number;
}

export interface SettlementCompleted {
  readonly type: 'settlement.completed';
  readonly settlementDate: string;
  readonly nextTradingDay: string;
  readonly totalAccounts: number;
  readonly settledAccounts: number;
  readonly failedAccounts: number;
  readonly forceClosedAccounts: string[];
  readonly totalCommission: number;
  readonly totalProfit: number;
  readonly instruments: InstrumentSettlement[];
  readonly accounts: AccountSettlement[];
}

export interface TransferRecorded {
  readonly type: 'transfer.recorded';
  readonly transferId: string;
  readonly accountId: string;
  readonly userId: string;
  readonly currency: string;
  readonly amount: number;
  readonly bankId: string;
  readonly bankName: string;
  /** 0 success; otherwise the result code of the failure. */
  readonly errorId: number;
  readonly errorMsg: string;
}

export type CoreEvent =
  | InstrumentChanged
  | SettlementPriceSet
  | SettlementCompleted
  | TransferRecorded
  | ConditionalChanged
  | RiskLevelChanged
  | AccountLiquidated
  | NotificationRaised
  | UserRegistered
  | PasswordSet
  | SessionsEnded
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
  | TradingDayEnded
  | MarketStatusChanged
  | InstrumentRatesScheduled
  | CalendarChanged;
