import { apply, type CoreState } from '../core/index.ts';
import type { Journal } from './journal-port.ts';

/**
 * Brings a state up to the end of a journal by applying every later record through the
 * same `apply` the live exchange uses. This is the only recovery path.
 */
export function replayJournal(state: CoreState, journal: Journal): number {
  let applied = 0;
  for (const record of journal.readFrom(state.lastSeq)) {
    apply(state, record);
    applied++;
  }
  return applied;
}
