import type { CoreState } from '../core/index.ts';
import { serializeState } from '../core/index.ts';
import type { Journal } from './journal-port.ts';
import type { SavedSnapshot, SnapshotStore } from './snapshot-port.ts';
import { hashOfStateBytes } from './state-hash.ts';

/** Snapshots kept: the newest, and one before it to fall back on. */
const SNAPSHOTS_KEPT = 2;

/**
 * A snapshot at a command boundary. The state is captured synchronously (no command can
 * be half-applied in between), the journal is committed so that every command the
 * snapshot contains is durable before the snapshot is, then the snapshot is saved and the
 * journal drops what the older snapshot kept covers. If the process dies between saving
 * and pruning, recovery starts from the snapshot and replays only the records after it:
 * nothing is lost or applied twice. The journal is kept back to the older snapshot so
 * that a newest snapshot found damaged at a start is no dead end: recovery starts from the
 * older one and replays the records after it (pruning through the newest left a store
 * whose one bad snapshot refused every start).
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
  const projectionsBytes = saved === undefined ? undefined : Buffer.from(JSON.stringify(saved));
  // Everything from here works on what was captured; the hashes are computed off the event
  // loop. The projections have their own: recovery checks them as it checks the state
  // (market data restored from a damaged snapshot was served, and saved again, unnoticed).
  const hash = await hashOfStateBytes(stateBytes);
  const header = projectionsBytes === undefined ? { seq, ts, hash } : { seq, ts, hash, projectionsHash: await hashOfStateBytes(projectionsBytes) };
  const encoded = encodeSnapshot(header, stateBytes, projectionsBytes);
  await journal.commit();
  await store.save(seq, encoded);
  const fallback = await store.pruneOlder(SNAPSHOTS_KEPT);
  if (fallback > 0) await pruneJournalThrough(fallback);
  return seq;
}

/**
 * The bytes of the JSON of a SavedSnapshot ({seq, ts, hash, projectionsHash?, state,
 * projections?}) around a state and projections already in bytes, without turning them
 * into text a second time.
 */
function encodeSnapshot(header: Pick<SavedSnapshot, 'seq' | 'ts' | 'hash' | 'projectionsHash'>, stateBytes: Buffer, projectionsBytes: Buffer | undefined): Buffer {
  const head = `${JSON.stringify(header).slice(0, -1)},"state":`;
  if (projectionsBytes === undefined) return Buffer.concat([Buffer.from(head), stateBytes, Buffer.from('}')]);
  return Buffer.concat([Buffer.from(head), stateBytes, Buffer.from(',"projections":'), projectionsBytes, Buffer.from('}')]);
}
