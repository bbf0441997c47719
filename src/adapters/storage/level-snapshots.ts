import type { ClassicLevel } from 'classic-level';
import type { SavedSnapshot, SnapshotStore } from '../../app/snapshot-port.ts';
import { rangeEnd, SNAPSHOT_PREFIX, seqOfKey, snapshotKey } from './keys.ts';

/** Snapshots in LevelDB, newest first on reading; older ones are pruned after a save. */
export class LevelSnapshots implements SnapshotStore {
  constructor(
    private readonly db: ClassicLevel<string, string>,
    private readonly sync: boolean,
  ) {}

  async save(seq: number, encoded: Uint8Array): Promise<void> {
    // Bytes as they are: a string would be converted to UTF-8 again on the event loop.
    await this.db.put<string, Uint8Array>(snapshotKey(seq), encoded, { sync: this.sync, valueEncoding: 'view' });
  }

  async *newestFirst(): AsyncIterable<SavedSnapshot | { seq: number; unreadable: string }> {
    for await (const [key, text] of this.db.iterator({ gte: SNAPSHOT_PREFIX, lt: rangeEnd(SNAPSHOT_PREFIX), reverse: true })) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch (error) {
        yield { seq: seqOfKey(key), unreadable: (error as Error).message };
        continue;
      }
      if (!isSnapshotShaped(parsed)) {
        yield { seq: seqOfKey(key), unreadable: 'not a snapshot (a seq, a hash and a state object)' };
        continue;
      }
      yield parsed;
    }
  }

  async pruneOlder(keep: number): Promise<number> {
    const keys: string[] = [];
    for await (const key of this.db.keys({ gte: SNAPSHOT_PREFIX, lt: rangeEnd(SNAPSHOT_PREFIX), reverse: true })) keys.push(key);
    const old = keys.slice(keep);
    if (old.length > 0) await this.db.batch(old.map((key) => ({ type: 'del' as const, key })));
    return keys.length >= keep ? seqOfKey(keys[keep - 1]!) : 0;
  }
}

function isSnapshotShaped(value: unknown): value is SavedSnapshot {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.seq === 'number' && typeof v.hash === 'string' && typeof v.state === 'object' && v.state !== null;
}
