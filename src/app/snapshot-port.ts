import type { SerializedState } from '../core/index.ts';

/** A snapshot as stored: the state after `seq`, and the hash it must have when restored. */
export interface SavedSnapshot {
  readonly seq: number;
  readonly ts: number;
  readonly hash: string;
  /** SHA-256 of the projections' JSON text (absent in snapshots written before it was kept). */
  readonly projectionsHash?: string;
  readonly state: SerializedState;
  /** Projections kept with the state they belong to (the history users query). */
  readonly projections?: Readonly<Record<string, unknown>>;
}

export interface SnapshotStore {
  /** Stores a snapshot already encoded (the UTF-8 bytes of the JSON of a SavedSnapshot) as the one of `seq`. */
  save(seq: number, encoded: Uint8Array): Promise<void>;
  /** Newest first; an entry that cannot be parsed is reported, not skipped silently. */
  newestFirst(): AsyncIterable<SavedSnapshot | { seq: number; unreadable: string }>;
  /**
   * Keeps the newest `keep` snapshots; returns the seq of the oldest one kept when there
   * are `keep` of them (the journal is needed only after it), else 0.
   */
  pruneOlder(keep: number): Promise<number>;
}
