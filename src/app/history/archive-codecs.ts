import type { ConditionalRecord } from '../../core/index.ts';
import type { RecordCodec } from './archived-lists.ts';
import type { OrderHistory, TradeHistory } from './history-records.ts';

/**
 * How finished orders, conditional orders and trades are written to the archive: JSON arrays, fields by
 * position (about 190 bytes an order, 130 a trade). Decoding builds objects with the
 * fields in the same order as the projection's own, so a record reads the same whether
 * or not it was archived (test/app/history-archive.test.ts). Archived texts stay in the
 * store across restarts: a change here must raise the history's CHECKPOINT_VERSION
 * (history-projection.ts), so that the next start rebuilds the history and rewrites
 * every stored chunk that differs.
 */

type Row = readonly unknown[];

export const ORDER_CODEC: RecordCodec<OrderHistory> = {
  encode: (o) =>
    JSON.stringify([
      o.accountId,
      o.orderId,
      o.instrumentId,
      o.exchangeOrderId,
      o.direction,
      o.offset,
      o.priceType,
      o.limitPrice,
      o.volume,
      o.volumeLeft,
      o.timeCondition,
      o.volumeCondition,
      o.minVolume,
      o.validUntilDate,
      o.insertTs,
      o.status,
      o.lastMsg,
      o.filledVolume,
      o.tradeIds,
      o.updateTs,
    ]),
  decode: (text) => {
    const r = JSON.parse(text) as Row;
    return {
      accountId: r[0],
      orderId: r[1],
      instrumentId: r[2],
      exchangeOrderId: r[3],
      direction: r[4],
      offset: r[5],
      priceType: r[6],
      limitPrice: r[7],
      volume: r[8],
      volumeLeft: r[9],
      timeCondition: r[10],
      volumeCondition: r[11],
      minVolume: r[12],
      validUntilDate: r[13],
      insertTs: r[14],
      status: r[15],
      lastMsg: r[16],
      filledVolume: r[17],
      tradeIds: r[18],
      updateTs: r[19],
    } as OrderHistory;
  },
};

/**
 * A test of whether an archived order's or conditional order's text is of this account
 * and a given id, read from its first two fields as ORDER_CODEC and CONDITIONAL_CODEC
 * write them (JSON.stringify of the row), without parsing it. Made once per account: the
 * account's part is encoded once.
 */
export function archivedRecordTest(accountId: string): (text: string, orderId: string) => boolean {
  const prefix = `[${JSON.stringify(accountId)},`;
  return (text, orderId) => {
    if (!text.startsWith(prefix)) return false;
    const id = JSON.stringify(orderId);
    return text.startsWith(id, prefix.length) && text.charCodeAt(prefix.length + id.length) === 0x2c; // ','
  };
}

export const TRADE_CODEC: RecordCodec<TradeHistory> = {
  encode: (t) =>
    JSON.stringify([t.tradeId, t.instrumentId, t.accountId, t.orderId, t.exchangeOrderId, t.direction, t.offset, t.price, t.volume, t.commission, t.ts, t.maker]),
  decode: (text) => {
    const r = JSON.parse(text) as Row;
    return {
      tradeId: r[0],
      instrumentId: r[1],
      accountId: r[2],
      orderId: r[3],
      exchangeOrderId: r[4],
      direction: r[5],
      offset: r[6],
      price: r[7],
      volume: r[8],
      commission: r[9],
      ts: r[10],
      maker: r[11],
    } as TradeHistory;
  },
};

/**
 * Conditional orders' fields as the archive writes them: account and id first, for
 * archivedRecordTest. Never reorder (stored texts keep this order).
 */
const CONDITIONAL_ROW = [
  'accountId', 'conditionalId', 'userId', 'instrumentId', 'direction', 'offset', 'volume', 'orderType', 'limitPrice', 'conditionType',
  'triggerPrice', 'triggerCondition', 'validUntil', 'status', 'createdTs', 'updatedTs', 'orderId', 'reason',
] as const satisfies readonly (keyof ConditionalRecord)[];
/** The order of a record's own fields (ConditionalOrder.toRecord): decoded records have the same shape. */
const CONDITIONAL_FIELDS = ['conditionalId', 'accountId', ...CONDITIONAL_ROW.slice(2)] as const;
const CONDITIONAL_AT = CONDITIONAL_FIELDS.map((field) => CONDITIONAL_ROW.indexOf(field));

/** Read rarely (a list's page, a cancel's look), so built from the field list rather than by hand. */
export const CONDITIONAL_CODEC: RecordCodec<ConditionalRecord> = {
  encode: (c) => JSON.stringify(CONDITIONAL_ROW.map((field) => c[field])),
  decode: (text) => {
    const r = JSON.parse(text) as Row;
    const record: Record<string, unknown> = {};
    CONDITIONAL_FIELDS.forEach((field, i) => {
      record[field] = r[CONDITIONAL_AT[i]!];
    });
    return record as unknown as ConditionalRecord;
  },
};
