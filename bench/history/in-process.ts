import { HistoryProjection } from '../../src/app/history/history-projection.ts';
import { apply, type Command, createCoreState } from '../../src/core/index.ts';

/**
 * The core and the history as the exchange applies commands, in one process with no
 * storage (the archive's chunks stay in memory, outside the heap): what the memory
 * benchmarks feed. `script` names the npm script, for the message when gc is missing.
 */
export function inProcessExchange(script: string) {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (collect === undefined) throw new Error(`run with node --expose-gc (npm run ${script} does)`);
  const state = createCoreState();
  const history = new HistoryProjection();
  let seq = 0;
  let ts = Date.UTC(2026, 10, 23, 2, 0);
  return {
    state,
    history,
    /** Applies a command a millisecond after the one before, or `advanceMs` after it; it must succeed. */
    run(command: Command, advanceMs = 1): void {
      ts += advanceMs;
      const stamped = { seq: ++seq, ts, command };
      const result = apply(state, stamped);
      if (result.code !== 1000) throw new Error(`${command.type} refused: ${result.message}`);
      history.apply(stamped, result);
    },
    /** The process's memory after a full collection. */
    memory(): NodeJS.MemoryUsage {
      collect();
      return process.memoryUsage();
    },
  };
}
