/**
 * How the harness drives an engine. Each engine converts the generic BenchOps into its own
 * ready-made inputs ONCE, before timing (`prepare`), so the timed loop only measures
 * `step(input)`: the engine's own work, not string formatting or object building.
 *
 * To benchmark another configuration (e.g. the full path with pre-trade risk and 1,000
 * funded accounts) add another EngineFactory and list it in run.ts.
 */
import type { BenchOp, EngineUnderTest } from './workload.ts';

export interface PreparedEngine<I> extends EngineUnderTest {
  /** Applies one prepared input. Inputs must be stepped in the order they were prepared. */
  step(input: I): void;
  /** Commands the engine refused (unknown order on cancel/modify, unfillable FOK, ...). */
  readonly refusals: number;
}

export interface EngineFactory<I = unknown> {
  readonly name: string;
  /** A fresh engine with an empty book (instrument registered, ready for orders). */
  create(): PreparedEngine<I>;
  /**
   * Converts ops into inputs. `position` is the 0-based index of ops[0] among all the
   * inputs a fresh engine will receive (prefill first, then the stream), for engines
   * whose commands carry a sequence number.
   */
  prepare(ops: readonly BenchOp[], position: number): I[];
}

/** A workload converted for one engine. */
export interface PreparedWorkload<I> {
  readonly prefill: I[];
  readonly stream: I[];
}

export function prepareWorkload<I>(
  factory: EngineFactory<I>,
  workload: { readonly prefill: readonly BenchOp[]; readonly stream: readonly BenchOp[] },
): PreparedWorkload<I> {
  return {
    prefill: factory.prepare(workload.prefill, 0),
    stream: factory.prepare(workload.stream, workload.prefill.length),
  };
}

/**
 * A fresh engine with the prefill applied (not timed). The prefill is passive orders that
 * never cross, so every one must rest: anything else means the engine refuses the
 * benchmark's orders (and would "measure" fast rejections), so it stops the run.
 */
export function freshPrefilled<I>(factory: EngineFactory<I>, prepared: PreparedWorkload<I>): PreparedEngine<I> {
  const engine = factory.create();
  const prefill = prepared.prefill;
  for (let i = 0; i < prefill.length; i++) engine.step(prefill[i]!);
  const resting = engine.restingCount();
  if (resting !== prefill.length) {
    throw new Error(
      `${factory.name}: ${resting} of ${prefill.length} prefill orders rest (${engine.refusals} refused); ` +
        'the engine is refusing the benchmark orders',
    );
  }
  return engine;
}

/**
 * A factory whose input type is erased, for lists of heterogeneous engines. The harness
 * only passes an engine the inputs its own factory prepared, so this is sound in use.
 */
export type AnyEngineFactory = EngineFactory<any>;
