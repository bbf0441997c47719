/**
 * Benchmark configuration from environment variables (documented at the top of run.ts).
 */
import { MIXES, type Mix } from './workload.ts';

export interface RunSpec {
  readonly mix: Mix;
  readonly depth: number;
}

export interface BenchConfig {
  readonly quick: boolean;
  readonly seed: number;
  /** Measured stream length for shallow books (depth < 10,000) and deep ones. */
  readonly ops: number;
  readonly opsDeep: number;
  readonly warmupOps: number;
  readonly reps: number;
  readonly peerReps: number;
  readonly peerLatency: boolean;
  readonly engines: readonly string[];
  readonly runs: readonly RunSpec[];
  readonly openLoopRate: number;
  readonly openLoopSeconds: number;
  readonly millionCount: number;
}

const DEPTHS = [1_000, 100_000];

function num(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw.replace(/_/g, ''));
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number >= 0, got ${raw}`);
  return value;
}

function list(name: string): string[] | undefined {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  return raw.split(',').map((s) => s.trim()).filter((s) => s !== '');
}

export function readConfig(): BenchConfig {
  const quick = process.env.BENCH_QUICK === '1';
  const reps = Math.max(1, Math.floor(num('BENCH_REPS', quick ? 2 : 5)));
  const allRuns: RunSpec[] = MIXES.flatMap((mix) => DEPTHS.map((depth) => ({ mix, depth })));
  const wanted = list('BENCH_RUNS');
  // BENCH_RUNS=none: no (mix, depth) runs (with BENCH_FULL_PATH=0 and BENCH_MILLION=0, only the open loop).
  const runs = wanted === undefined ? allRuns : wanted[0] === 'none' ? [] : wanted.map(parseRun);
  return {
    quick,
    seed: Math.floor(num('BENCH_SEED', 20260105)),
    ops: Math.floor(num('BENCH_OPS', quick ? 20_000 : 400_000)),
    opsDeep: Math.floor(num('BENCH_OPS_DEEP', quick ? 10_000 : 100_000)),
    warmupOps: Math.floor(num('BENCH_WARMUP_OPS', quick ? 5_000 : 400_000)),
    reps,
    peerReps: Math.max(1, Math.floor(num('BENCH_PEER_REPS', reps))),
    peerLatency: process.env.BENCH_PEER_LATENCY === '1',
    engines: list('BENCH_ENGINES') ?? ['basis', 'peer'],
    runs,
    openLoopRate: num('BENCH_OPENLOOP_RATE', 100_000),
    openLoopSeconds: num('BENCH_OPENLOOP_SECONDS', quick ? 0.5 : 2.5),
    millionCount: Math.floor(num('BENCH_MILLION', quick ? 0 : 1_000_000)),
  };
}

function parseRun(text: string): RunSpec {
  const [mix, depth] = text.split(':');
  if (!MIXES.includes(mix as Mix) || depth === undefined || !(Number(depth) > 0)) {
    throw new Error(`BENCH_RUNS entries look like futures:1000 or exchange-core:100000, got ${text}`);
  }
  return { mix: mix as Mix, depth: Number(depth) };
}

export function streamLength(config: BenchConfig, depth: number): number {
  return depth >= 10_000 ? config.opsDeep : config.ops;
}
