/**
 * Human-readable lines for stdout. The machine-readable result is the single JSON line
 * run.ts prints last.
 */
import type { GcStats } from './gc-watch.ts';
import type { LatencySummary } from './stats.ts';
import { OP_LABELS, type Workload } from './workload.ts';

const fmtInt = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export function int(x: number): string {
  return fmtInt.format(x);
}

export function describeWorkload(w: Workload): string {
  const n = w.stream.length;
  const shares = OP_LABELS.filter((l) => w.stats.labels[l] > 0)
    .map((l) => `${l} ${((100 * w.stats.labels[l]) / n).toFixed(1)}%`)
    .join(', ');
  const s = w.stats;
  return (
    `  workload: prefill ${int(w.prefill.length)} orders on ${int(s.levelsAfterPrefill)} levels ` +
    `(max ${int(s.maxLevelOrdersAfterPrefill)} at one level), stream ${int(n)} ops [${shares}]; ` +
    `model resting ${int(s.restingMin)}..${int(s.restingMax)}, end ${int(s.restingAtEnd)}, traded volume ${int(s.tradedVolume)}`
  );
}

export function describeLatency(l: LatencySummary): string {
  return `p50 ${l.p50_us} µs, p99 ${l.p99_us}, p99.9 ${l.p999_us}, p99.99 ${l.p9999_us}, max ${l.max_us}`;
}

export function describeGc(g: GcStats): string {
  return `gc ${g.count} pauses, ${g.total_ms.toFixed(1)} ms total, max ${g.max_ms.toFixed(2)} ms`;
}

export function spread(values: readonly number[]): string {
  return `${int(Math.min(...values))}..${int(Math.max(...values))}`;
}
