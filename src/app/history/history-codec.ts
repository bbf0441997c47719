import type { CoreEvent, OrderRecord, TradeSide } from '../../core/index.ts';

/**
 * How the history events of one command are stored in the journal once it is applied (the
 * "sidecar"): an array
 *
 *   [ts, event, event, ...]
 *
 * where the events of nearly every command are stored positionally, without their field
 * names, and any other event as its own JSON object:
 *
 *   [1, ...order]                                           order.accepted
 *   [2, code, ...order]                                     order.rejected
 *   [3, previousExchangeOrderId, previousVolumeLeft, ...order]   order.replaced
 *   [4, accountId, orderId, instrumentId, exchangeOrderId, volumeLeft, reason, message]
 *                                                           order.cancelled
 *   [5, instrumentId, tradeId, price, priceTicks, volume, commission, ...maker, ...taker]
 *                                                           trade.executed
 *
 * with `order` the 17 fields of an order record and `maker`/`taker` the 7 of a trade side,
 * in the order of ORDER_FIELDS and SIDE_FIELDS. Against the sidecar before it, an object
 * {ts, events}, which is still read, this is about a third of the text: the sidecar is
 * written with every group commit, and its encoding was the largest cost of a batch of
 * orders after matching them. The field lists are part of the format: never reorder them.
 */
const ORDER_FIELDS = [
  'accountId', 'orderId', 'instrumentId', 'exchangeOrderId', 'direction', 'offset', 'priceType', 'limitPrice', 'volume',
  'volumeLeft', 'timeCondition', 'volumeCondition', 'minVolume', 'validUntilDate', 'insertTs', 'status', 'lastMsg',
] as const satisfies readonly (keyof OrderRecord)[];
const SIDE_FIELDS = ['accountId', 'orderId', 'exchangeOrderId', 'direction', 'offset', 'volumeLeft', 'status'] as const satisfies readonly (keyof TradeSide)[];

const enum Kind {
  Accepted = 1,
  Rejected = 2,
  Replaced = 3,
  Cancelled = 4,
  Trade = 5,
}

export interface HistorySidecar {
  readonly ts: number;
  readonly events: readonly CoreEvent[];
}

export function encodeSidecar(ts: number, events: readonly CoreEvent[]): unknown[] {
  const out: unknown[] = [ts];
  for (const event of events) out.push(encodeEvent(event));
  return out;
}

function encodeEvent(e: CoreEvent): unknown {
  switch (e.type) {
    case 'order.accepted':
      return pushOrder([Kind.Accepted], e.order);
    case 'order.rejected':
      return pushOrder([Kind.Rejected, e.code], e.order);
    case 'order.replaced':
      return pushOrder([Kind.Replaced, e.previousExchangeOrderId, e.previousVolumeLeft], e.order);
    case 'order.cancelled':
      return [Kind.Cancelled, e.accountId, e.orderId, e.instrumentId, e.exchangeOrderId, e.volumeLeft, e.reason, e.message];
    case 'trade.executed':
      return pushSide(pushSide([Kind.Trade, e.instrumentId, e.tradeId, e.price, e.priceTicks, e.volume, e.commission], e.maker), e.taker);
    default:
      return e;
  }
}

function pushOrder(out: unknown[], order: OrderRecord): unknown[] {
  for (const field of ORDER_FIELDS) out.push(order[field]);
  return out;
}

function pushSide(out: unknown[], side: TradeSide): unknown[] {
  for (const field of SIDE_FIELDS) out.push(side[field]);
  return out;
}

/** A stored sidecar in either form; throws on anything else (the caller names the batch). */
export function decodeSidecar(stored: unknown): HistorySidecar {
  if (!Array.isArray(stored)) {
    const old = stored as HistorySidecar | null;
    if (old === null || typeof old !== 'object' || typeof old.ts !== 'number' || !Array.isArray(old.events)) throw new Error('not a history sidecar');
    return old;
  }
  const ts = stored[0];
  if (typeof ts !== 'number') throw new Error('a history sidecar without its time');
  const events: CoreEvent[] = [];
  for (let i = 1; i < stored.length; i++) events.push(decodeEvent(stored[i]));
  return { ts, events };
}

function decodeEvent(stored: unknown): CoreEvent {
  if (!Array.isArray(stored)) {
    if (stored === null || typeof stored !== 'object' || typeof (stored as CoreEvent).type !== 'string') throw new Error('not a history event');
    return stored as CoreEvent;
  }
  const r = stored as unknown[];
  switch (r[0]) {
    case Kind.Accepted:
      if (r.length === 1 + ORDER_FIELDS.length) return { type: 'order.accepted', order: orderAt(r, 1) };
      break;
    case Kind.Rejected:
      if (r.length === 2 + ORDER_FIELDS.length) return { type: 'order.rejected', code: r[1] as number, order: orderAt(r, 2) };
      break;
    case Kind.Replaced:
      if (r.length === 3 + ORDER_FIELDS.length) {
        return { type: 'order.replaced', previousExchangeOrderId: r[1] as number, previousVolumeLeft: r[2] as number, order: orderAt(r, 3) };
      }
      break;
    case Kind.Cancelled:
      if (r.length === 8) {
        return {
          type: 'order.cancelled',
          accountId: r[1] as string,
          orderId: r[2] as string,
          instrumentId: r[3] as string,
          exchangeOrderId: r[4] as number,
          volumeLeft: r[5] as number,
          reason: r[6] as never,
          message: r[7] as string,
        };
      }
      break;
    case Kind.Trade:
      if (r.length === 7 + 2 * SIDE_FIELDS.length) {
        return {
          type: 'trade.executed',
          instrumentId: r[1] as string,
          tradeId: r[2] as number,
          price: r[3] as number,
          priceTicks: r[4] as number,
          volume: r[5] as number,
          commission: r[6] as number,
          maker: sideAt(r, 7),
          taker: sideAt(r, 7 + SIDE_FIELDS.length),
        };
      }
      break;
  }
  throw new Error('not a history event');
}

function orderAt(r: unknown[], at: number): OrderRecord {
  return {
    accountId: r[at] as string,
    orderId: r[at + 1] as string,
    instrumentId: r[at + 2] as string,
    exchangeOrderId: r[at + 3] as number,
    direction: r[at + 4] as never,
    offset: r[at + 5] as never,
    priceType: r[at + 6] as never,
    limitPrice: r[at + 7] as number,
    volume: r[at + 8] as number,
    volumeLeft: r[at + 9] as number,
    timeCondition: r[at + 10] as never,
    volumeCondition: r[at + 11] as never,
    minVolume: r[at + 12] as number,
    validUntilDate: r[at + 13] as string,
    insertTs: r[at + 14] as number,
    status: r[at + 15] as never,
    lastMsg: r[at + 16] as string,
  };
}

function sideAt(r: unknown[], at: number): TradeSide {
  return {
    accountId: r[at] as string,
    orderId: r[at + 1] as string,
    exchangeOrderId: r[at + 2] as number,
    direction: r[at + 3] as never,
    offset: r[at + 4] as never,
    volumeLeft: r[at + 5] as number,
    status: r[at + 6] as never,
  };
}
