/**
 * Small statistics helpers: latency percentiles through an HdrHistogram, medians over
 * repetitions, rounding for the report.
 */
import { build } from 'hdr-histogram-js';

export interface LatencySummary {
  readonly p50_us: number;
  readonly p99_us: number;
  readonly p999_us: number;
  readonly p9999_us: number;
  readonly max_us: number;
  readonly count: number;
}

/** Percentiles of `count` latencies given in nanoseconds. */
export function summarizeLatencies(nanos: Float64Array, count = nanos.length): LatencySummary {
  const histogram = build({
    bitBucketSize: 64,
    lowestDiscernibleValue: 1,
    highestTrackableValue: 1e12,
    numberOfSignificantValueDigits: 3,
    useWebAssembly: false,
  });
  for (let i = 0; i < count; i++) histogram.recordValue(Math.max(1, Math.round(nanos[i]!)));
  const us = (ns: number): number => round2(ns / 1000);
  const summary: LatencySummary = {
    p50_us: us(histogram.getValueAtPercentile(50)),
    p99_us: us(histogram.getValueAtPercentile(99)),
    p999_us: us(histogram.getValueAtPercentile(99.9)),
    p9999_us: us(histogram.getValueAtPercentile(99.99)),
    max_us: us(histogram.maxValue),
    count,
  };
  histogram.destroy();
  return summary;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Median of each field over repetitions. */
export function medianSummary(runs: readonly LatencySummary[]): LatencySummary {
  const pick = (f: (s: LatencySummary) => number): number => round2(median(runs.map(f)));
  return {
    p50_us: pick((s) => s.p50_us),
    p99_us: pick((s) => s.p99_us),
    p999_us: pick((s) => s.p999_us),
    p9999_us: pick((s) => s.p9999_us),
    max_us: pick((s) => s.max_us),
    count: runs[0]?.count ?? 0,
  };
}

export function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

export function round1(x: number): number {
  return Math.round(x * 10) / 10;
}
