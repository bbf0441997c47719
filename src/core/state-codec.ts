import type { TimeCondition } from './commands.ts';
import type { OrderRecord } from './events.ts';
import { Instrument, type InstrumentStatus } from './instruments/instrument.ts';
import type { InstrumentSpec } from './instruments/instrument-spec.ts';
import { Order } from './matching/order.ts';
import type { PriceLadder } from './matching/price-ladder.ts';
import { type CoreOptions, CoreState } from './state.ts';

/**
 * The state as plain, canonical data: the same state always serialises to the same JSON
 * text (fixed field order, books walked in priority order), so a hash of it proves two
 * replays identical, and a snapshot restores exactly what was saved.
 */
export interface SerializedState {
  readonly format: 1;
  readonly options: CoreOptions;
  readonly tradingDay: string;
  readonly lastSeq: number;
  readonly lastTs: number;
  readonly instruments: SerializedInstrument[];
}

interface SerializedInstrument {
  readonly spec: InstrumentSpec;
  readonly status: InstrumentStatus;
  readonly sequence: number;
  /** null when the instrument has no price limits. */
  readonly upperLimitTicks: number | null;
  readonly lowerLimitTicks: number | null;
  /** Resting orders, best price first and FIFO within a price. */
  readonly bids: SerializedOrder[];
  readonly asks: SerializedOrder[];
}

interface SerializedOrder extends OrderRecord {
  readonly priceTicks: number;
}

export function serializeState(state: CoreState): SerializedState {
  return {
    format: 1,
    options: { selfTradePrevention: state.options.selfTradePrevention },
    tradingDay: state.tradingDay,
    lastSeq: state.lastSeq,
    lastTs: state.lastTs,
    instruments: [...state.instruments.values()].map((instrument) => ({
      spec: instrument.spec,
      status: instrument.status,
      sequence: instrument.sequence,
      upperLimitTicks: instrument.hasLimits ? instrument.upperLimitTicks : null,
      lowerLimitTicks: instrument.hasLimits ? instrument.lowerLimitTicks : null,
      bids: restingOrders(instrument.book.bids),
      asks: restingOrders(instrument.book.asks),
    })),
  };
}

export function restoreState(data: SerializedState): CoreState {
  if (data.format !== 1) throw new Error(`unsupported state format ${String(data.format)}`);
  const state = new CoreState({ ...data.options });
  state.tradingDay = data.tradingDay;
  state.lastSeq = data.lastSeq;
  state.lastTs = data.lastTs;
  for (const saved of data.instruments) {
    const instrument = new Instrument(saved.spec);
    instrument.status = saved.status;
    instrument.sequence = saved.sequence;
    instrument.upperLimitTicks = saved.upperLimitTicks ?? Number.NaN;
    instrument.lowerLimitTicks = saved.lowerLimitTicks ?? Number.NaN;
    state.instruments.set(instrument.id, instrument);
    for (const record of [...saved.bids, ...saved.asks]) {
      const order = reviveOrder(record);
      instrument.book.rest(order);
      state.liveOrders.add(order);
    }
  }
  return state;
}

function restingOrders(ladder: PriceLadder): SerializedOrder[] {
  const out: SerializedOrder[] = [];
  for (let level = ladder.best(); level !== undefined; level = ladder.nextAfter(level)) {
    for (let order = level.head; order !== null; order = order.next) {
      out.push({ ...order.toRecord(), priceTicks: order.priceTicks });
    }
  }
  return out;
}

function reviveOrder(record: SerializedOrder): Order {
  const order = new Order(
    record.accountId,
    record.orderId,
    record.instrumentId,
    record.direction,
    record.offset,
    record.priceType,
    record.priceTicks,
    record.limitPrice,
    record.volume,
    record.timeCondition as TimeCondition,
    record.volumeCondition,
    record.minVolume,
    record.validUntilDate,
    record.insertTs,
  );
  order.exchangeOrderId = record.exchangeOrderId;
  order.volumeLeft = record.volumeLeft;
  order.status = record.status;
  order.lastMsg = record.lastMsg;
  return order;
}
