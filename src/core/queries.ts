import { type AccountFields, accountFields, type PositionFields, positionFields } from './accounts/account-view.ts';
import type { ScheduledRates } from './instruments/scheduled-rates.ts';
import { withdrawable } from './accounts/clear-of-force-close.ts';
import { Position } from './accounts/position.ts';
import type { Direction } from './commands.ts';
import { fromCents } from './money.ts';
import { markAccount } from './risk/risk-index.ts';
import type { OrderRecord } from './events.ts';
import type { InstrumentSpec } from './instruments/instrument-spec.ts';
import type { CoreState } from './state.ts';

/**
 * Read-only views of the live state for adapters and tests. Queries never go through
 * the journal; they read what `apply` left behind.
 */
export interface DepthLevel {
  readonly price: number;
  readonly priceTicks: number;
  readonly volume: number;
  readonly orderCount: number;
}

export interface BookDepth {
  readonly instrumentId: string;
  readonly bids: DepthLevel[];
  readonly asks: DepthLevel[];
}

/** Best `levels` price levels per side, or undefined for an unknown instrument. */
export function bookDepth(state: CoreState, instrumentId: string, levels: number): BookDepth | undefined {
  const instrument = state.instruments.get(instrumentId);
  if (instrument === undefined) return undefined;
  const view = (isBuy: boolean): DepthLevel[] =>
    instrument.book.side(isBuy).topLevels(levels).map((level) => ({
      price: instrument.grid.toPrice(level.priceTicks),
      priceTicks: level.priceTicks,
      volume: level.volume,
      orderCount: level.orderCount,
    }));
  return { instrumentId, bids: view(true), asks: view(false) };
}

export function restingOrderCount(state: CoreState, instrumentId?: string): number {
  if (instrumentId === undefined) return state.liveOrders.size;
  return state.instruments.get(instrumentId)?.book.restingCount ?? 0;
}

/** Resting orders of one side in priority order (best price, then arrival). */
export function restingOrders(state: CoreState, instrumentId: string, side: Direction): OrderRecord[] {
  const instrument = state.instruments.get(instrumentId);
  if (instrument === undefined) return [];
  const ladder = instrument.book.side(side === 'BUY');
  const out: OrderRecord[] = [];
  for (let level = ladder.best(); level !== undefined; level = ladder.nextAfter(level)) {
    for (let order = level.head; order !== null; order = order.next) out.push(order.toRecord());
  }
  return out;
}

export function liveOrder(state: CoreState, accountId: string, orderId: string): OrderRecord | undefined {
  return state.liveOrders.get(accountId, orderId)?.toRecord();
}

export function accountView(state: CoreState, accountId: string): AccountFields | undefined {
  const account = state.accounts.get(accountId);
  if (account === undefined) return undefined;
  markAccount(account);
  return accountFields(account);
}

/**
 * The most a withdrawal or a transfer out can take from the account now: available, less
 * what keeps its live orders, filled, clear of forced liquidation (the core refuses more).
 */
export function withdrawableOf(state: CoreState, accountId: string): number | undefined {
  const account = state.accounts.get(accountId);
  if (account === undefined) return undefined;
  markAccount(account);
  return fromCents(withdrawable(account, state.options));
}

/**
 * Positions of an account keyed `<exchange_id>.<instrument_id>`, including flat ones of the
 * day; and a flat view of each instrument of `alsoFlat` the account holds no position in
 * (settlement drops flat positions; see trade-view for who still needs them).
 */
export function positionViews(state: CoreState, accountId: string, alsoFlat: Iterable<string> = []): Record<string, PositionFields> {
  const account = state.accounts.get(accountId);
  const out: Record<string, PositionFields> = {};
  if (account === undefined) return out;
  markAccount(account);
  for (const [key, position] of account.positions) out[key] = positionFields(position);
  for (const instrumentId of alsoFlat) {
    const instrument = state.instruments.get(instrumentId);
    if (instrument === undefined || account.positions.has(instrumentId)) continue;
    // A position of no lots, never attached to the account and never marked: every field
    // is 0, last_price too, so it never changes while the account stays out of it (a mark
    // would have to be sent to every such client at every trade of the instrument).
    out[instrumentId] = positionFields(new Position(account, instrument));
  }
  return out;
}

/** An instrument's live parameters and top of book, in currency units. */
export interface InstrumentState {
  readonly spec: InstrumentSpec;
  readonly status: 'TRADING' | 'SUSPENDED' | 'DELISTED';
  readonly marginRatio: number;
  readonly commissionRate: number;
  readonly limitUpRate: number;
  readonly limitDownRate: number;
  /** Rates announced for a coming settlement, if any. */
  readonly scheduledRates: ScheduledRates | undefined;
  /** Reference (previous settlement) price; 0 when there is none. */
  readonly preSettlement: number;
  /** Settlement price set for the coming settlement; 0 when not set. */
  readonly settlementPrice: number;
  /** Last trade price, the reference price before the first trade; 0 if neither. */
  readonly lastPrice: number;
  /** Price limits; 0 while there is no reference price. */
  readonly upperLimit: number;
  readonly lowerLimit: number;
  /** Best prices and their volumes; 0 for an empty side. */
  readonly bidPrice1: number;
  readonly bidVolume1: number;
  readonly askPrice1: number;
  readonly askVolume1: number;
}

export function instrumentState(state: CoreState, instrumentId: string): InstrumentState | undefined {
  const instrument = state.instruments.get(instrumentId);
  if (instrument === undefined) return undefined;
  const grid = instrument.grid;
  const price = (ticks: number): number => (ticks > 0 ? grid.toPrice(ticks) : 0);
  const bid = instrument.book.side(true).topLevels(1)[0];
  const ask = instrument.book.side(false).topLevels(1)[0];
  return {
    spec: instrument.spec,
    status: instrument.status,
    marginRatio: instrument.marginRatio,
    commissionRate: instrument.commissionRate,
    limitUpRate: instrument.limitUpRate,
    limitDownRate: instrument.limitDownRate,
    scheduledRates: instrument.scheduledRates,
    preSettlement: price(instrument.preSettlementTicks),
    settlementPrice: price(instrument.settlementPriceTicks),
    lastPrice: price(instrument.lastPriceTicks),
    upperLimit: instrument.upperLimit,
    lowerLimit: instrument.lowerLimit,
    bidPrice1: bid === undefined ? 0 : grid.toPrice(bid.priceTicks),
    bidVolume1: bid?.volume ?? 0,
    askPrice1: ask === undefined ? 0 : grid.toPrice(ask.priceTicks),
    askVolume1: ask?.volume ?? 0,
  };
}

/** Open interest: the long volume held across all accounts (equal to the short volume). */
export function openInterest(state: CoreState, instrumentId: string): number {
  let total = 0;
  for (const position of state.instruments.get(instrumentId)?.holders ?? []) total += position.long.volume;
  return total;
}

/**
 * Funds a live order holds (margin and commission for its open lots), in currency units;
 * 0 once finished. `exchangeOrderId` names which order: a finished one's id may have
 * been taken by a live order since, whose funds are not the finished one's.
 */
export function liveOrderFrozen(state: CoreState, accountId: string, orderId: string, exchangeOrderId: number): number {
  const order = state.liveOrders.get(accountId, orderId);
  if (order === undefined || order.exchangeOrderId !== exchangeOrderId) return 0;
  return fromCents((order.marginPerLot + order.commissionPerLot) * order.volumeLeft);
}
