import type { CoreState } from '../core/index.ts';
import { serializeState } from '../core/index.ts';
import type { Journal } from './journal-port.ts';
import type { SavedSnapshot, SnapshotStore } from './snapshot-port.ts';
import { hashOfSerialized } from './state-hash.ts';

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
  const hash = hashOfSerialized(data);
  // Encoded in the same synchronous step as the state: the projections are live objects
  // that later commands change, and the snapshot must describe exactly this seq.
  const saved = projections?.();
  const snapshot: SavedSnapshot = { seq, ts, hash, state: data, ...(saved !== undefined && { projections: saved }) };
  const encoded = JSON.stringify(snapshot);
  await journal.commit();
  await store.save(seq, encoded);
  await store.pruneOlder(2);
  await pruneJournalThrough(seq);
  return seq;
}
