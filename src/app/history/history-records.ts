import type {
  AccountSettlement,
  Direction,
  ExchangeStatus,
  InstrumentSettlement,
  LiquidationOrder,
  LiquidationResult,
  Offset,
  OrderRecord,
} from '../../core/index.ts';

/** What users query after the fact: the shapes the history keeps. */

/** An order as it stands now: the core's record plus what its fills and end added. */
export interface OrderHistory extends OrderRecord {
  readonly filledVolume: number;
  readonly tradeIds: readonly number[];
  /** Epoch ms of the last change. */
  readonly updateTs: number;
}

/**
 * A history entry for a new order, every field written out: one object shape for all
 * entries (a spread of the record made each entry slower to build and to keep).
 */
export function orderEntry(r: OrderRecord, ts: number): OrderHistory {
  return {
    accountId: r.accountId,
    orderId: r.orderId,
    instrumentId: r.instrumentId,
    exchangeOrderId: r.exchangeOrderId,
    direction: r.direction,
    offset: r.offset,
    priceType: r.priceType,
    limitPrice: r.limitPrice,
    volume: r.volume,
    volumeLeft: r.volumeLeft,
    timeCondition: r.timeCondition,
    volumeCondition: r.volumeCondition,
    minVolume: r.minVolume,
    validUntilDate: r.validUntilDate,
    insertTs: r.insertTs,
    status: r.status,
    lastMsg: r.lastMsg,
    filledVolume: r.volume - r.volumeLeft,
    tradeIds: [],
    updateTs: ts,
  };
}

export interface TradeHistory {
  readonly tradeId: number;
  readonly instrumentId: string;
  readonly accountId: string;
  readonly orderId: string;
  readonly exchangeOrderId: number;
  readonly direction: Direction;
  readonly offset: Offset;
  readonly price: number;
  readonly volume: number;
  readonly commission: number;
  readonly ts: number;
  /** Whether this side was the resting order. */
  readonly maker: boolean;
}

export interface SettlementSummary {
  readonly settlementDate: string;
  readonly totalAccounts: number;
  readonly settledAccounts: number;
  readonly failedAccounts: number;
  readonly forceClosedAccounts: readonly string[];
  readonly totalCommission: number;
  readonly totalProfit: number;
  readonly ts: number;
}

/** A settlement with every account's line: the form the history is saved in as plain data (toJSON). */
export interface SettlementDetail extends SettlementSummary {
  readonly nextTradingDay: string;
  readonly instruments: readonly InstrumentSettlement[];
  /** By account id, as the core settles them. */
  readonly accounts: readonly SettledAccount[];
}

/**
 * A settlement as the history keeps it: the accounts' lines are kept apart, per account
 * (SettlementHistory), since they grow with every account every day.
 */
export interface SettlementRecord extends SettlementSummary {
  /** Its place in the settlement history (0: the first). */
  readonly index: number;
  readonly nextTradingDay: string;
  readonly instruments: readonly InstrumentSettlement[];
  /** The accounts settled, by account id, as the core settles them. */
  readonly accountIds: readonly string[];
  /** Those the settlement's forced liquidation left with positions open. */
  readonly failedAccountIds: readonly string[];
}

/** An account's line of a settlement, as the history keeps it. */
export interface SettledAccount extends AccountSettlement {
  /**
   * How many trades the account had when the day was settled: its trades of the day are
   * those after the previous settlement's count. Absent in records kept before 2026-11-25
   * (their day's trades are found by time).
   */
  readonly tradesThrough?: number;
}

export interface EquityPoint {
  readonly timestamp: number;
  readonly equity: number;
}

export interface LiquidationHistory {
  readonly liquidationId: string;
  readonly accountId: string;
  readonly userId: string;
  readonly trigger: 'risk' | 'admin' | 'settlement';
  readonly ts: number;
  readonly riskRatioBefore: number;
  readonly riskRatioAfter: number;
  readonly cancelledOrders: number;
  /** Absent from records kept before core version 24, which cancelled none. */
  readonly cancelledConditionals?: number;
  readonly orders: readonly LiquidationOrder[];
  readonly result: LiquidationResult;
}

export interface TransferHistory {
  readonly id: string;
  readonly accountId: string;
  readonly datetime: number;
  readonly currency: string;
  readonly amount: number;
  readonly errorId: number;
  readonly errorMsg: string;
  readonly bankId: string;
  readonly bankName: string;
}

/** Deposits and withdrawals (management "transactions"), bank transfers included. */
export interface FundsMovement {
  readonly accountId: string;
  readonly kind: 'deposit' | 'withdraw' | 'transfer-in' | 'transfer-out' | 'open';
  readonly amount: number;
  readonly ts: number;
}

export type { ExchangeStatus };
