import type { StampedCommand } from '../core/index.ts';

/**
 * Where the sequencer records every command before the core applies it. Narrow on
 * purpose: an in-memory log, an embedded storage engine or a replicated log can all
 * stand behind it.
 */
export interface Journal {
  /** Records one stamped command (buffered); seqs arrive strictly increasing without gaps. */
  append(record: StampedCommand): void;
  /** Resolves once everything appended so far is durable: one batch for all of it. */
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
   * Data derived from the record `seq` (the history it adds), stored in the same atomic
   * write as the record's batch. Called after `append(seq)`, before the next `commit`.
   */
  attach(seq: number, sidecar: unknown): void;
  /**
   * Every attached sidecar, in seq order, a batch at a time, for records the journal
   * holds or held: sidecars are never pruned with the records a snapshot covers.
   * Read after recovery (replay), which settles where the journal ends.
   */
  sidecars(): AsyncIterable<readonly (readonly [number, unknown])[]>;
}
