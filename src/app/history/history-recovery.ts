import { decodeSidecar, type HistorySidecar } from './history-codec.ts';
import type { HistoryProjection } from './history-projection.ts';

/** The history a replayed record added, encoded as its sidecar. */
export type ReplayedSidecar = readonly [seq: number, sidecar: unknown];

export interface RebuiltHistory {
  /** History events applied. */
  readonly events: number;
  /**
   * Sidecars a crash lost (their records were applied, the write after them never
   * happened), rebuilt from the replay: runs of consecutive ones, each lying between
   * stored sidecars, to store again.
   */
  readonly lost: (readonly ReplayedSidecar[])[];
}

/**
 * Rebuilds the history from the stored sidecars, in seq order, filling in from the replay
 * the sidecars a crash lost. `replayed` holds the sidecars of replayed records after the
 * journal's `sidecarsStoredThrough`, in seq order; a replayed record's events are those of
 * its live run (`apply` is deterministic), so where a stored sidecar exists it is the same.
 * Sidecars at or before `baseSeq`, stored or replayed, are skipped: the snapshot or the
 * checkpoint the history came from holds them.
 */
export async function rebuildHistory(
  history: HistoryProjection,
  stored: AsyncIterable<readonly (readonly [number, unknown])[]>,
  replayed: readonly ReplayedSidecar[],
  baseSeq: number,
): Promise<RebuiltHistory> {
  let events = 0;
  const lost: ReplayedSidecar[][] = [];
  let run: ReplayedSidecar[] | undefined;
  // What the history started from (a snapshot's or a checkpoint's) holds the replayed
  // records at or before its seq: applying them again would count them twice.
  let next = 0;
  while (next < replayed.length && replayed[next]![0] <= baseSeq) next++;
  const applySidecar = (seq: number, sidecar: unknown): void => {
    let decoded: HistorySidecar;
    try {
      decoded = decodeSidecar(sidecar);
    } catch (error) {
      throw new Error(`the history stored with journal record ${seq} is corrupt (${(error as Error).message}); refusing to start`);
    }
    history.applyEvents(decoded.ts, decoded.events);
    events += decoded.events.length;
  };
  /** Replayed sidecars before `seq` that no stored one matched: lost. */
  const fillBefore = (seq: number): void => {
    while (next < replayed.length && replayed[next]![0] < seq) {
      const item = replayed[next++]!;
      applySidecar(item[0], item[1]);
      (run ??= []).push(item);
    }
    if (run !== undefined) {
      lost.push(run);
      run = undefined;
    }
  };
  for await (const batch of stored) {
    for (const [seq, sidecar] of batch) {
      if (seq <= baseSeq) continue;
      fillBefore(seq);
      applySidecar(seq, sidecar);
      if (next < replayed.length && replayed[next]![0] === seq) next++;
    }
  }
  fillBefore(Number.POSITIVE_INFINITY);
  return { events, lost };
}
