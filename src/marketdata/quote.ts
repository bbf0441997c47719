import type { InstrumentState } from '../core/index.ts';
import { formatQuoteDatetime } from './exchange-time.ts';
import type { InstrumentTape } from './instrument-tape.ts';

/** The spec's Quote, field for field. */
export interface Quote {
  readonly instrument_id: string;
  readonly datetime: string;
  readonly last_price: number;
  readonly highest: number;
  readonly lowest: number;
  readonly open: number;
  readonly close: number;
  readonly pre_close: number;
  readonly pre_settlement: number;
  readonly settlement: number;
  readonly upper_limit: number;
  readonly lower_limit: number;
  readonly bid_price1: number;
  readonly bid_volume1: number;
  readonly ask_price1: number;
  readonly ask_volume1: number;
  readonly volume: number;
  readonly amount: number;
  readonly open_interest: number;
  readonly pre_open_interest: number;
}

/**
 * A quote joins what the core holds now (last price, limits, best prices) with the day's
 * statistics from the market-data projection. Figures that do not exist yet (no trade
 * today, empty side) are 0: JSON never carries NaN.
 */
export function buildQuote(live: InstrumentState, tape: InstrumentTape | undefined, timeZone: string): Quote {
  const s = tape?.stats;
  return {
    instrument_id: live.spec.instrumentId,
    datetime: formatQuoteDatetime(s?.updatedTs ?? 0, timeZone),
    // The last traded price (spec: last_price follows trades); the reference price before any trade.
    last_price: s !== undefined && s.lastTrade > 0 ? s.lastTrade : live.lastPrice,
    highest: s?.highest ?? 0,
    lowest: s?.lowest ?? 0,
    open: s?.open ?? 0,
    close: s?.close ?? 0,
    pre_close: s?.preClose ?? 0,
    pre_settlement: live.preSettlement,
    settlement: live.settlementPrice,
    upper_limit: live.upperLimit,
    lower_limit: live.lowerLimit,
    bid_price1: live.bidPrice1,
    bid_volume1: live.bidVolume1,
    ask_price1: live.askPrice1,
    ask_volume1: live.askVolume1,
    volume: s?.volume ?? 0,
    amount: roundCents(s?.amount ?? 0),
    open_interest: s?.openInterest ?? 0,
    pre_open_interest: s?.preOpenInterest ?? 0,
  };
}

/** Turnover is a sum of float products; shown to the cent. */
function roundCents(value: number): number {
  return Math.round(value * 100) / 100;
}
