/** Public market data: projections built from core events, shared by the HTTP and DIFF adapters. */
export { formatDateTime, formatQuoteDatetime, zonedMidnight, zonedTime } from './exchange-time.ts';
export { type DayStats, InstrumentTape, type PublicTrade, RECENT_TRADES_KEPT, TICK_SERIES } from './instrument-tape.ts';
export { type Candle, KlineSeries, MAX_CANDLES_PER_SERIES, type Tick } from './kline-series.ts';
export { MarketDataProjection, type SavedMarketData } from './market-data-projection.ts';
export { KLINE_PERIODS, type KlinePeriod, PERIOD_CODES, periodByCode, periodByDurationNs } from './periods.ts';
export { buildQuote, type Quote } from './quote.ts';
