import { type CoreState, instrumentState, type InstrumentState } from '../../core/index.ts';
import { formatDateTime, type MarketDataProjection, zonedMidnight } from '../../marketdata/index.ts';

/** Instruments as the admin routes, the market catalogue and DIFF clients' symbol lists show them. */
const STATUS_TEXT = { TRADING: 'active', SUSPENDED: 'suspended', DELISTED: 'delisted' } as const;

function bareId(live: InstrumentState): string {
  return live.spec.instrumentId.slice(live.spec.exchangeId.length + 1);
}

/** The spec's admin form, plus the configuration-form names of the same fields. */
export function adminInstrumentView(live: InstrumentState, marketData: MarketDataProjection, timeZone: string) {
  const spec = live.spec;
  const listing = marketData.tape(spec.instrumentId)?.listing;
  return {
    instrument_id: spec.instrumentId,
    instrument_name: spec.instrumentName,
    instrument_type: spec.instrumentType,
    exchange: spec.exchangeId,
    exchange_id: spec.exchangeId,
    product_id: spec.productId,
    contract_multiplier: spec.volumeMultiple,
    volume_multiple: spec.volumeMultiple,
    price_tick: spec.priceTick,
    margin_rate: live.marginRatio,
    commission_rate: live.commissionRate,
    limit_up_rate: live.limitUpRate,
    limit_down_rate: live.limitDownRate,
    scheduled_rates: scheduledRatesView(live.scheduledRates),
    pre_settlement: live.preSettlement,
    settlement_price: live.settlementPrice > 0 ? live.settlementPrice : null,
    upper_limit: live.upperLimit,
    lower_limit: live.lowerLimit,
    list_date: spec.listDate,
    expire_date: spec.expireDate,
    status: STATUS_TEXT[live.status],
    trading_status: live.status,
    created_at: formatDateTime(listing?.listedTs ?? 0, timeZone),
    updated_at: formatDateTime(listing?.changedTs ?? 0, timeZone),
  };
}

/** A rate change announced for a coming settlement, in the rate fields' names; null when none is. */
function scheduledRatesView(rates: InstrumentState['scheduledRates']) {
  if (rates === undefined) return null;
  return {
    at_settlement_of: rates.atSettlementOf,
    ...(rates.marginRatio !== undefined && { margin_rate: rates.marginRatio }),
    ...(rates.commissionRate !== undefined && { commission_rate: rates.commissionRate }),
    ...(rates.limitUpRate !== undefined && { limit_up_rate: rates.limitUpRate }),
    ...(rates.limitDownRate !== undefined && { limit_down_rate: rates.limitDownRate }),
  };
}

export function allInstrumentStates(state: CoreState, includeDelisted: boolean): InstrumentState[] {
  const out: InstrumentState[] = [];
  for (const id of state.instruments.keys()) {
    const live = instrumentState(state, id);
    if (live !== undefined && (includeDelisted || live.status !== 'DELISTED')) out.push(live);
  }
  return out;
}

/** Decimal places of a tick (0.5 → 1, 0.02 → 2, 10 → 0). */
function decimalsOf(tick: number): number {
  const text = String(tick);
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/**
 * The ecosystem's `class` of a contract. DIFF clients filter on it (tqsdk-js knows FUTURE,
 * FUTURE_INDEX = a futures index, FUTURE_CONT, OPTION, COMBINE): stock-index and bond
 * futures are class FUTURE there, whatever their instrument_type says.
 */
function catalogueClass(instrumentType: string): string {
  const type = instrumentType.toUpperCase();
  if (type === '' || /FUTURES?$/.test(type)) return 'FUTURE';
  if (type.includes('OPTION')) return 'OPTION';
  if (type.startsWith('COMBIN')) return 'COMBINE';
  return type;
}

/**
 * One entry of the ecosystem's symbol catalogue (CLIENTS.md), the format DIFF clients such
 * as tqsdk-js load from `symbolsServerUrl`: without an entry, a client shows no quote.
 */
export function symbolEntry(live: InstrumentState, timeZone: string) {
  const spec = live.spec;
  // Seconds since the epoch of the last trading day's midnight in the exchange's zone.
  const expire = spec.expireDate === '' ? 0 : zonedMidnight(spec.expireDate, timeZone) / 1000;
  const searchKeys = new Set([bareId(live).toLowerCase(), spec.instrumentName.toLowerCase().replace(/\s+/g, '')]);
  return {
    class: catalogueClass(spec.instrumentType),
    instrument_id: spec.instrumentId,
    exchange_id: spec.exchangeId,
    ins_id: bareId(live),
    ins_name: spec.instrumentName,
    product_id: spec.productId,
    price_tick: spec.priceTick,
    price_decs: decimalsOf(spec.priceTick),
    volume_multiple: spec.volumeMultiple,
    max_limit_order_volume: 1000,
    max_market_order_volume: 1000,
    min_limit_order_volume: 1,
    min_market_order_volume: 1,
    margin: live.marginRatio,
    commission: live.commissionRate,
    expired: live.status === 'DELISTED',
    expire_datetime: expire,
    pre_settlement: live.preSettlement,
    upper_limit: live.upperLimit,
    lower_limit: live.lowerLimit,
    trading_status: live.status,
    // tqsdk-js's instrument search reads `py` (comma-separated search keys; pinyin in the
    // ecosystem's own catalogue) of every entry, and fails without it.
    py: [...searchKeys].join(','),
  };
}
