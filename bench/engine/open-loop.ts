/**
 * Open-loop latency: commands are offered on a fixed schedule (command i is due at
 * t0 + i / rate) whatever the engine does. When the next command is due it is applied at
 * once; when the harness is ahead of schedule it spins until the due time. Latency is
 * completion time minus DUE time, so a command queued behind a GC pause or a slow command
 * is charged the wait (no coordinated omission).
 *
 * The wait itself must not disturb the engine: on Node 20 every clock read allocates
 * (performance.now() goes through process.hrtime(), which returns a fresh array; the BigInt
 * clock returns a BigInt). Spinning on the clock for the last microseconds before each
 * command allocated about 700 bytes per command, as much as the engine itself, and doubled
 * the young-generation collections charged to the engine. So the harness waits in a
 * calibrated arithmetic loop that allocates nothing: most of the gap first, then the rest
 * of it in one more burn, reading the clock about three times per command. A burn that
 * overshoots starts the command a little late, which only adds to its measured latency.
 */
import { performance } from 'node:perf_hooks';
import { type EngineFactory, freshPrefilled, type PreparedWorkload } from './engine.ts';
import { forceGc, type GcStats, watchGc } from './gc-watch.ts';
import { type LatencySummary, summarizeLatencies } from './stats.ts';

export interface OpenLoopResult {
  readonly latency: LatencySummary;
  readonly gc: GcStats;
  /** Commands actually processed per second over the whole run. */
  readonly achievedPerSec: number;
  /** Commands that completed more than 100 µs after they were due. */
  readonly lateOver100us: number;
  /** Longest single command (start to completion), µs: tells engine stalls from the rest. */
  readonly maxServiceUs: number;
}

export async function openLoop<I>(
  factory: EngineFactory<I>,
  prepared: PreparedWorkload<I>,
  ratePerSec: number,
): Promise<OpenLoopResult> {
  const engine = freshPrefilled(factory, prepared);
  const stream = prepared.stream;
  const n = stream.length;
  const intervalNs = 1e9 / ratePerSec;
  const calibrated = calibrateBurn();
  const minIters = calibrated / 20;
  let itersPerNs = calibrated;
  const nanos = new Float64Array(n);
  forceGc();
  const gc = watchGc();
  // performance.now() returns a plain double: reading the clock allocates nothing (a
  // BigInt clock would add its own garbage, and GC pauses, to what is measured).
  const base = performance.now();
  const now = (): number => (performance.now() - base) * 1e6;
  const start = 100_000; // first command due 100 µs from now
  let late = 0;
  let maxService = 0;
  for (let i = 0; i < n; i++) {
    const due = start + i * intervalNs;
    let t = now();
    while (t < due) {
      const remaining = due - t;
      // Burn all but ~1 µs of a long gap, then the rest of it, without touching the clock
      // in between. The burn speed is re-estimated from every long burn: it changes as V8
      // (re)compiles the loop.
      const iterations = (remaining > 2_500 ? remaining - 1_000 : remaining) * itersPerNs;
      burn(iterations);
      const after = now();
      if (remaining > 2_500 && after > t) itersPerNs = Math.max(minIters, 0.7 * itersPerNs + (0.3 * iterations) / (after - t));
      t = after;
    }
    engine.step(stream[i]!);
    const done = now();
    const latency = done - due;
    nanos[i] = latency;
    if (latency > 100_000) late++;
    if (done - t > maxService) maxService = done - t;
  }
  const elapsed = now() - start;
  const gcStats = await gc.stop();
  return {
    latency: summarizeLatencies(nanos),
    gc: gcStats,
    achievedPerSec: (n * 1e9) / elapsed,
    lateOver100us: late,
    maxServiceUs: Math.round(maxService / 10) / 100,
  };
}

/** Loop sink: keeps the burn loop from being optimised away. */
let sink = 1;

/** Spins about `iterations` steps of integer arithmetic; allocates nothing. */
function burn(iterations: number): void {
  let x = sink;
  for (let j = 0; j < iterations; j++) x = (Math.imul(x, 1103515245) + 12345) | 0;
  sink = x;
}

/** Burn iterations per nanosecond on this machine (measured over ~20 ms, after a warm-up). */
function calibrateBurn(): number {
  burn(1_000_000);
  const iterations = 10_000_000;
  let best = Infinity;
  for (let k = 0; k < 3; k++) {
    const t0 = process.hrtime.bigint();
    burn(iterations);
    const ns = Number(process.hrtime.bigint() - t0);
    if (ns < best) best = ns;
  }
  return iterations / best;
}

/**
 * An engine that does nothing: the open loop over it measures the floor this machine and
 * harness impose (clock reads, scheduling, the harness's own pauses), to read the
 * engine's open-loop figures against.
 */
export const noOpFactory: EngineFactory<number> = {
  name: 'no-op',
  create: () => ({ name: 'no-op', refusals: 0, step: () => undefined, apply: () => undefined, restingCount: () => 0 }),
  prepare: (ops) => ops.map(() => 0),
};
