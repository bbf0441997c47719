import { type AccountFields, accountFields, type PositionFields, positionFields } from './accounts/account-view.ts';
import type { Direction } from './commands.ts';
import { markAccount } from './risk/risk-index.ts';
import type { OrderRecord } from './events.ts';
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

/** Positions of an account keyed `<exchange_id>.<instrument_id>`, including flat ones of the day. */
export function positionViews(state: CoreState, accountId: string): Record<string, PositionFields> {
  const account = state.accounts.get(accountId);
  const out: Record<string, PositionFields> = {};
  if (account === undefined) return out;
  markAccount(account);
  for (const [key, position] of account.positions) out[key] = positionFields(position);
  return out;
}
