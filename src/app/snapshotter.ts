import type { CoreState } from '../core/index.ts';
import { serializeState } from '../core/index.ts';
import type { Journal } from './journal-port.ts';
import type { SnapshotStore } from './snapshot-port.ts';
import { stateHash } from './state-hash.ts';

/**
 * A snapshot at a command boundary. The state is captured synchronously (no command can
 * be half-applied in between), the journal is committed so that every command the
 * snapshot contains is durable before the snapshot is, then the snapshot is saved and the
 * journal drops what it covers. If the process dies between saving and pruning, recovery
 * starts from the snapshot and replays only the records after it: nothing is lost or
 * applied twice.
 */
export async function takeSnapshot(
  state: CoreState,
  journal: Journal,
  store: SnapshotStore,
  pruneJournalThrough: (seq: number) => Promise<unknown>,
  projections?: () => Record<string, unknown>,
): Promise<number> {
  const seq = state.lastSeq;
  const ts = state.lastTs;
  const data = serializeState(state);
  const hash = stateHash(state);
  // Captured in the same synchronous step as the state, so they describe the same seq.
  const saved = projections?.();
  await journal.commit();
  await store.save({ seq, ts, hash, state: data, ...(saved !== undefined && { projections: saved }) });
  await store.pruneOlder(2);
  await pruneJournalThrough(seq);
  return seq;
}
