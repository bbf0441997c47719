import type { StampedCommand } from '../core/index.ts';

/**
 * Where the sequencer records every command before the core applies it. Narrow on
 * purpose: an in-memory log, an embedded storage engine or a replicated log can all
 * stand behind it.
 */
export interface Journal {
  /** Records one stamped command; seqs arrive strictly increasing without gaps. */
  append(record: StampedCommand): void;
  /** Recorded commands with seq > afterSeq, in seq order. */
  readFrom(afterSeq: number): Iterable<StampedCommand>;
  /** seq of the last record, 0 when empty. */
  readonly lastSeq: number;
}
