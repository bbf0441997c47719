/**
 * Candle periods. The HTTP routes name them by the spec's period codes; DIFF names them by
 * their duration in nanoseconds. Both map onto one set of series, so the two interfaces
 * always show the same candles.
 */
export interface KlinePeriod {
  /** HTTP period code (spec: 0 daily, 4 one minute ... 8 sixty minutes). */
  readonly code: number;
  /** Length in milliseconds; the daily period follows trading days, not 24-hour slices. */
  readonly ms: number;
  readonly daily: boolean;
  readonly label: string;
}

const MINUTE = 60_000;

export const KLINE_PERIODS: readonly KlinePeriod[] = [
  { code: 4, ms: MINUTE, daily: false, label: '1m' },
  { code: 5, ms: 5 * MINUTE, daily: false, label: '5m' },
  { code: 6, ms: 15 * MINUTE, daily: false, label: '15m' },
  { code: 7, ms: 30 * MINUTE, daily: false, label: '30m' },
  { code: 8, ms: 60 * MINUTE, daily: false, label: '60m' },
  { code: 0, ms: 24 * 60 * MINUTE, daily: true, label: '1d' },
];

export const PERIOD_CODES: readonly number[] = KLINE_PERIODS.map((p) => p.code);

export function periodByCode(code: number): KlinePeriod | undefined {
  return KLINE_PERIODS.find((p) => p.code === code);
}

/** The DIFF duration (ns) of a period; tick data (duration 0) is not a candle period. */
export function periodByDurationNs(durationNs: number): KlinePeriod | undefined {
  return KLINE_PERIODS.find((p) => p.ms * 1_000_000 === durationNs);
}
