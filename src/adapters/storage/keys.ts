/**
 * Key layout of the embedded store. Seqs are zero-padded to 16 digits so that the
 * engine's byte order is seq order.
 *   j:<seq>  a group-commit batch of journal records starting at <seq> (JSON array)
 *   s:<seq>  snapshot taken after <seq> (JSON: seq, hash, state)
 *   h:<seq>  sidecars (the history applied records added) from <seq> on, written with
 *            the next journal write after their records were applied, and kept when
 *            the records are pruned (written before 2026-11-24: the sidecars of the
 *            batch j:<seq>, in the same write)
 *   a:<n>    chunk n of the history archive: one account's finished orders and trades, as
 *            length-prefixed UTF-8 texts (RecordArchive); never pruned, and rebuilt
 *            from the sidecars when missing or different
 *   c:<n>    piece n of the history checkpoint written at the last clean stop
 *            (HistoryProjection.checkpoint)
 *   m:history-checkpoint  what the pieces are (JSON: seq, pieces, bytes)
 *   m:journal-pruned-through  the seq through which journal batches may have been
 *            deleted (covered by a snapshot), written with each pruning
 *   m:initial-rules  (until 2026-11-24) the core rules a journal without rules.set began
 *            under; unused since commands of earlier core versions are not replayed
 *   m:core-versions  which core version applied which commands (JSON: [{fromSeq, version}])
 *   m:compacted-at  when the last compaction an administrator asked for ended (epoch ms)
 */
const WIDTH = 16;

export const JOURNAL_PREFIX = 'j:';
export const SNAPSHOT_PREFIX = 's:';
export const SIDECAR_PREFIX = 'h:';
export const ARCHIVE_PREFIX = 'a:';
export const CHECKPOINT_PIECE_PREFIX = 'c:';
export const CHECKPOINT_META_KEY = 'm:history-checkpoint';
export const PRUNED_THROUGH_KEY = 'm:journal-pruned-through';
export const COMPACTED_AT_KEY = 'm:compacted-at';
export const CORE_VERSIONS_KEY = 'm:core-versions';
/** The byte after ':' bounds a prefix range from above. */
const PREFIX_END = ';';

export function journalKey(seq: number): string {
  return `${JOURNAL_PREFIX}${String(seq).padStart(WIDTH, '0')}`;
}

export function sidecarKey(seq: number): string {
  return `${SIDECAR_PREFIX}${String(seq).padStart(WIDTH, '0')}`;
}

export function archiveKey(chunk: number): string {
  return `${ARCHIVE_PREFIX}${String(chunk).padStart(WIDTH, '0')}`;
}

export function checkpointPieceKey(piece: number): string {
  return `${CHECKPOINT_PIECE_PREFIX}${String(piece).padStart(WIDTH, '0')}`;
}

export function snapshotKey(seq: number): string {
  return `${SNAPSHOT_PREFIX}${String(seq).padStart(WIDTH, '0')}`;
}

export function seqOfKey(key: string): number {
  return Number(key.slice(2));
}

export function rangeEnd(prefix: string): string {
  return `${prefix.slice(0, -1)}${PREFIX_END}`;
}
