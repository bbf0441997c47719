import type { StampedCommand } from '../core/index.ts';

/**
 * Where the sequencer records every command before the core applies it (the core applies
 * a command only once `commit` says it is durable). Narrow on purpose: an in-memory log,
 * an embedded storage engine or a replicated log can all stand behind it.
 */
export interface Journal {
  /** Records one stamped command (buffered); seqs arrive strictly increasing without gaps. */
  append(record: StampedCommand): void;
  /** Resolves once everything appended and attached so far is durable: one batch for all of it. */
  commit(): Promise<void>;
  /** Recorded commands with seq > afterSeq, in seq order, a batch at a time. */
  readFrom(afterSeq: number): AsyncIterable<readonly StampedCommand[]>;
  /**
   * Records up to `seq` are covered by a snapshot (and may have been pruned): the next
   * append is seq + 1. Never moves backwards.
   */
  continueAfter(seq: number): void;
  /** seq of the last record appended, 0 when empty. */
  readonly lastSeq: number;
  /**
   * Data derived from the record `seq` once it was applied (the history it added), stored
   * with the next write (`commit`). Sidecars arrive in seq order, for records already
   * durable; a crash may lose the last ones, which recovery rebuilds by replaying their
   * records and hands to `storeSidecars`. `commit` resolves only once every sidecar
   * attached before it is durable, so records are never pruned before their sidecars.
   */
  attach(seq: number, sidecar: unknown): void;
  /**
   * A seq through which every sidecar attached before the last stop or crash is stored:
   * recovery rebuilds only those of later records.
   */
  sidecarsStoredThrough(): Promise<number>;
  /**
   * Stores sidecars rebuilt at recovery for records whose sidecars a crash lost: a run of
   * consecutive ones, between (not across) those already stored.
   */
  storeSidecars(run: readonly (readonly [number, unknown])[]): Promise<void>;
  /**
   * Every stored sidecar, in seq order, a batch at a time, for records the journal
   * holds or held: sidecars are never pruned with the records a snapshot covers.
   * Read after recovery (replay), which settles where the journal ends.
   */
  sidecars(): AsyncIterable<readonly (readonly [number, unknown])[]>;
}
