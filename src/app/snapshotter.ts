import type { CoreState } from '../core/index.ts';
import { serializeState } from '../core/index.ts';
import type { Journal } from './journal-port.ts';
import type { SavedSnapshot, SnapshotStore } from './snapshot-port.ts';
import { hashOfStateBytes } from './state-hash.ts';

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
  // The state is turned into text, and the text into bytes, once: those bytes are both
  // what is hashed and what is stored.
  const stateBytes = Buffer.from(JSON.stringify(serializeState(state)));
  // Encoded in the same synchronous step as the state: the projections are live objects
  // that later commands change, and the snapshot must describe exactly this seq.
  const saved = projections?.();
  const tail = saved === undefined ? '}' : `,"projections":${JSON.stringify(saved)}}`;
  // Everything from here works on what was captured; the hash is computed off the event loop.
  const hash = await hashOfStateBytes(stateBytes);
  const encoded = encodeSnapshot({ seq, ts, hash }, stateBytes, tail);
  await journal.commit();
  await store.save(seq, encoded);
  await store.pruneOlder(2);
  await pruneJournalThrough(seq);
  return seq;
}

/**
 * The bytes of the JSON of a SavedSnapshot ({seq, ts, hash, state, projections?}) around
 * a state already in bytes, without turning the state into text a second time.
 */
function encodeSnapshot(header: Pick<SavedSnapshot, 'seq' | 'ts' | 'hash'>, stateBytes: Buffer, tail: string): Buffer {
  const head = `${JSON.stringify(header).slice(0, -1)},"state":`;
  return Buffer.concat([Buffer.from(head), stateBytes, Buffer.from(tail)]);
}
