/**
 * One measured pass over a prepared stream, on a fresh prefilled engine (prefill untimed).
 *
 * - throughputPass: no per-op timing at all; one hrtime.bigint() pair around the loop.
 * - latencyPass: one performance.now() after every op; an op's latency is the time since the
 *   previous op completed (one clock read per op instead of two, so the clock's own cost,
 *   about 60-70 ns here, is counted once: see timerOverheadNs()).
 * Both force a full GC before the pass and record the GC pauses that happen inside it.
 */
import { performance } from 'node:perf_hooks';
import { type EngineFactory, freshPrefilled, type PreparedWorkload } from './engine.ts';
import { forceGc, type GcStats, watchGc } from './gc-watch.ts';
import { type LatencySummary, summarizeLatencies } from './stats.ts';
import type { BenchOp } from './workload.ts';

export interface ThroughputResult {
  readonly opsPerSec: number;
  readonly elapsedMs: number;
  readonly gc: GcStats;
  readonly restingAtEnd: number;
  readonly refusals: number;
}

export async function throughputPass<I>(factory: EngineFactory<I>, prepared: PreparedWorkload<I>): Promise<ThroughputResult> {
  const engine = freshPrefilled(factory, prepared);
  const refusalsBefore = engine.refusals;
  const stream = prepared.stream;
  const n = stream.length;
  forceGc();
  const gc = watchGc();
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) engine.step(stream[i]!);
  const t1 = process.hrtime.bigint();
  const gcStats = await gc.stop();
  const elapsedNs = Number(t1 - t0);
  return {
    opsPerSec: (n * 1e9) / elapsedNs,
    elapsedMs: elapsedNs / 1e6,
    gc: gcStats,
    restingAtEnd: engine.restingCount(),
    refusals: engine.refusals - refusalsBefore,
  };
}

export interface LatencyResult {
  readonly latency: LatencySummary;
  readonly gc: GcStats;
}

export async function latencyPass<I>(factory: EngineFactory<I>, prepared: PreparedWorkload<I>): Promise<LatencyResult> {
  const engine = freshPrefilled(factory, prepared);
  const stream = prepared.stream;
  const n = stream.length;
  const nanos = new Float64Array(n);
  forceGc();
  const gc = watchGc();
  // performance.now(): a double, no allocation per read (BigInt clock reads would add garbage).
  let previous = performance.now();
  for (let i = 0; i < n; i++) {
    engine.step(stream[i]!);
    const now = performance.now();
    nanos[i] = (now - previous) * 1e6;
    previous = now;
  }
  const gcStats = await gc.stop();
  return { latency: summarizeLatencies(nanos), gc: gcStats };
}

/** Median cost of one clock read in the latency loop (what an empty op would measure). */
export function timerOverheadNs(samples = 200_000): number {
  const nanos = new Float64Array(samples);
  let previous = performance.now();
  for (let i = 0; i < samples; i++) {
    const now = performance.now();
    nanos[i] = (now - previous) * 1e6;
    previous = now;
  }
  nanos.sort();
  return nanos[samples >> 1]!;
}

export interface HeapResult {
  readonly bytes: number;
  readonly resting: number;
  readonly bytesPerResting: number;
}

/**
 * Heap retained by an engine holding the book built from `ops`. The ops are converted one
 * at a time through `apply` (not pre-built inputs) so the id and account strings an order
 * keeps are allocated after the baseline and counted, as they would be in production.
 */
export function heapOfBook<I>(factory: EngineFactory<I>, ops: readonly BenchOp[]): HeapResult {
  forceGc();
  const before = process.memoryUsage().heapUsed;
  const engine = factory.create();
  for (let i = 0; i < ops.length; i++) engine.apply(ops[i]!);
  forceGc();
  const after = process.memoryUsage().heapUsed;
  const resting = engine.restingCount();
  const bytes = after - before;
  return { bytes, resting, bytesPerResting: resting > 0 ? bytes / resting : Number.NaN };
}

/** Heap retained by an engine holding `count` resting orders produced by `nextOp` (not kept). */
export function heapOfGeneratedBook<I>(
  factory: EngineFactory<I>,
  count: number,
  nextOp: (i: number) => BenchOp,
): HeapResult & { buildMs: number } {
  forceGc();
  const before = process.memoryUsage().heapUsed;
  const t0 = process.hrtime.bigint();
  const engine = factory.create();
  for (let i = 0; i < count; i++) engine.apply(nextOp(i));
  const buildMs = Number(process.hrtime.bigint() - t0) / 1e6;
  forceGc();
  const after = process.memoryUsage().heapUsed;
  const resting = engine.restingCount();
  const bytes = after - before;
  return { bytes, resting, bytesPerResting: resting > 0 ? bytes / resting : Number.NaN, buildMs };
}
