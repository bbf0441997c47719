import { type ConditionalRecord, isLiveStatus } from '../core/index.ts';

/**
 * The spec's resource shapes (snake_case, currency units, nanosecond timestamps), built
 * from the exchange's records. Shared by the HTTP and DIFF adapters so both show a client
 * the same order, trade and position.
 */
export const NS_PER_MS = 1_000_000;

/**
 * The millisecond of a client's nanosecond time: the last one whose time, as this exchange
 * sends it (`ms * NS_PER_MS`), is at or before `ns`. Epoch nanoseconds are past 2^53, so
 * `ns / NS_PER_MS` of a time we sent can land a hair below its millisecond, and a chart
 * focused on a candle's own `datetime` would open on the candle before it.
 */
export function msAtOrBefore(ns: number): number {
  const ms = Math.floor(ns / NS_PER_MS);
  if (ms * NS_PER_MS > ns) return ms - 1;
  return (ms + 1) * NS_PER_MS <= ns ? ms + 1 : ms;
}

/** `SHFE.cu2701` → `{ exchange_id: 'SHFE', instrument_id: 'cu2701' }`. */
export function splitInstrumentId(fullId: string): { exchange_id: string; instrument_id: string } {
  const dot = fullId.indexOf('.');
  return dot < 0 ? { exchange_id: '', instrument_id: fullId } : { exchange_id: fullId.slice(0, dot), instrument_id: fullId.slice(dot + 1) };
}

export interface OrderLike {
  readonly accountId: string;
  readonly orderId: string;
  readonly instrumentId: string;
  readonly exchangeOrderId: number;
  readonly direction: 'BUY' | 'SELL';
  readonly offset: string;
  readonly priceType: string;
  readonly limitPrice: number;
  readonly volume: number;
  readonly volumeLeft: number;
  readonly timeCondition: string;
  readonly volumeCondition: string;
  readonly minVolume: number;
  readonly validUntilDate: string;
  readonly insertTs: number;
  readonly status: string;
  readonly lastMsg: string;
  readonly filledVolume: number;
  readonly tradeIds: readonly number[];
  readonly updateTs: number;
}

/** The order in snapshot form plus the full-record fields of DECISIONS.md. */
export function orderView(order: OrderLike, userId: string, frozenMargin: number) {
  const ids = splitInstrumentId(order.instrumentId);
  return {
    user_id: userId,
    account_id: order.accountId,
    order_id: order.orderId,
    exchange_id: ids.exchange_id,
    instrument_id: ids.instrument_id,
    direction: order.direction,
    offset: order.offset,
    volume_orign: order.volume,
    volume_left: order.volumeLeft,
    price_type: order.priceType,
    limit_price: order.limitPrice,
    time_condition: order.timeCondition,
    volume_condition: order.volumeCondition,
    min_volume: order.minVolume,
    valid_until_date: order.validUntilDate,
    insert_date_time: order.insertTs * NS_PER_MS,
    exchange_order_id: String(order.exchangeOrderId),
    status: (isLiveStatus(order.status) ? 'ALIVE' : 'FINISHED') as 'ALIVE' | 'FINISHED',
    last_msg: order.lastMsg,
    exchange_status: order.status,
    filled_volume: order.filledVolume,
    frozen_margin: frozenMargin,
    trades: order.tradeIds.map((id) => tradeKey(order.instrumentId, id, order.direction)),
    update_date_time: order.updateTs * NS_PER_MS,
  };
}

export type OrderView = ReturnType<typeof orderView>;

export interface TradeLike {
  readonly tradeId: number;
  readonly instrumentId: string;
  readonly accountId: string;
  readonly orderId: string;
  readonly exchangeOrderId: number;
  readonly direction: 'BUY' | 'SELL';
  readonly offset: string;
  readonly price: number;
  readonly volume: number;
  readonly commission: number;
  readonly ts: number;
}

/**
 * A trade id unique per side: the instrument's sequence number alone repeats across
 * instruments, and both sides of one trade may belong to one user's two accounts.
 */
export function tradeKey(instrumentId: string, tradeId: number, direction: 'BUY' | 'SELL'): string {
  return `${instrumentId}.${tradeId}.${direction === 'BUY' ? 'B' : 'S'}`;
}

export function tradeView(trade: TradeLike, userId: string) {
  const ids = splitInstrumentId(trade.instrumentId);
  return {
    user_id: userId,
    account_id: trade.accountId,
    trade_id: tradeKey(trade.instrumentId, trade.tradeId, trade.direction),
    order_id: trade.orderId,
    exchange_id: ids.exchange_id,
    instrument_id: ids.instrument_id,
    exchange_trade_id: String(trade.tradeId),
    exchange_order_id: String(trade.exchangeOrderId),
    direction: trade.direction,
    // The spec's trade offset is OPEN or CLOSE; which lots a close took is the order's business.
    offset: trade.offset === 'OPEN' ? 'OPEN' : 'CLOSE',
    price: trade.price,
    volume: trade.volume,
    trade_date_time: trade.ts * NS_PER_MS,
    commission: trade.commission,
  };
}

export type TradeView = ReturnType<typeof tradeView>;

/** A candle as the spec shows it (datetime in ns); the fields of a candle in DIFF's klines.<ins>.<dur>.data. */
export function candleView(c: { openMs: number; open: number; high: number; low: number; close: number; volume: number; openOi: number; closeOi: number }) {
  return {
    datetime: c.openMs * NS_PER_MS,
    open: c.open,
    high: c.high,
    low: c.low,
    close: c.close,
    volume: c.volume,
    open_oi: c.openOi,
    close_oi: c.closeOi,
  };
}

interface TickFigures {
  readonly openMs: number;
  readonly close: number;
  readonly closeOi: number;
  readonly dayHighest: number;
  readonly dayLowest: number;
  readonly dayVolume: number;
  readonly dayAmount: number;
  readonly bidPrice1: number;
  readonly bidVolume1: number;
  readonly askPrice1: number;
  readonly askVolume1: number;
}

/**
 * A tick as DIFF's ticks.<ins>.data shows it: the trade's price, the day's figures with it,
 * and the book's top once its command was done. `average` is the day's volume-weighted
 * price (turnover over volume and multiplier), cleared of float noise.
 */
export function tickView(t: TickFigures, volumeMultiple: number) {
  const denominator = t.dayVolume * volumeMultiple;
  return {
    datetime: t.openMs * NS_PER_MS,
    last_price: t.close,
    average: denominator > 0 ? Math.round((t.dayAmount / denominator) * 1e6) / 1e6 : 0,
    highest: t.dayHighest,
    lowest: t.dayLowest,
    bid_price1: t.bidPrice1,
    bid_volume1: t.bidVolume1,
    ask_price1: t.askPrice1,
    ask_volume1: t.askVolume1,
    volume: t.dayVolume,
    amount: Math.round(t.dayAmount * 100) / 100,
    open_interest: t.closeOi,
  };
}

export function conditionalView(record: ConditionalRecord) {
  return {
    conditional_order_id: record.conditionalId,
    account_id: record.accountId,
    user_id: record.userId,
    instrument_id: record.instrumentId,
    direction: record.direction,
    offset: record.offset,
    volume: record.volume,
    order_type: record.orderType,
    limit_price: record.orderType === 'LIMIT' ? record.limitPrice : null,
    condition_type: record.conditionType,
    trigger_price: record.triggerPrice,
    trigger_condition: record.triggerCondition,
    valid_until: record.validUntil === 0 ? null : record.validUntil,
    status: record.status,
    created_at: record.createdTs,
    updated_at: record.updatedTs,
    order_id: record.orderId,
    reason: record.reason,
  };
}
