import { apply, type ApplyResult, type CoreState, type StampedCommand } from '../core/index.ts';
import type { Journal } from './journal-port.ts';

/**
 * Brings a state up to the end of a journal by applying every later record through the
 * same `apply` the live exchange uses. This is the only recovery path. `onApplied` lets
 * projections (history, market data) follow the replay exactly as they followed the
 * live run.
 */
export async function replayJournal(
  state: CoreState,
  journal: Journal,
  onApplied?: (stamped: StampedCommand, result: ApplyResult, state: CoreState) => void,
  /** Throws for a record this code must not replay (another core version applied it). */
  beforeApply?: (record: StampedCommand) => void,
): Promise<number> {
  let applied = 0;
  for await (const batch of journal.readFrom(state.lastSeq)) {
    for (const record of batch) {
      beforeApply?.(record);
      let result: ApplyResult;
      try {
        result = apply(state, record);
      } catch (error) {
        // The same record fails at every start: say which one, for whoever must look at it.
        throw new Error(
          `journal record ${record.seq} (${String(record.command?.type)}) cannot be replayed: ${(error as Error).message}; the exchange cannot start past it`,
          { cause: error },
        );
      }
      onApplied?.(record, result, state);
      applied++;
    }
  }
  return applied;
}
