import {
  type ApplyResult,
  type ConditionalRecord,
  CORE_VERSION,
  type CoreOptions,
  type CoreState,
  type CoreVersionSpan,
  createCoreState,
  finishedConditionalsIn,
  restoreState,
  type StampedCommand,
  STATE_FORMAT,
  versionsApplying,
} from '../core/index.ts';
import type { Journal } from './journal-port.ts';
import { replayJournal } from './replay.ts';
import type { SnapshotStore } from './snapshot-port.ts';
import { hashOfSerialized, hashOfStateText, stateHash } from './state-hash.ts';

export interface Recovered {
  readonly state: CoreState;
  /** The projections saved with the snapshot started from (empty without one). */
  readonly projections: Readonly<Record<string, unknown>>;
  /** seq of the snapshot started from; 0 for an empty start. */
  readonly snapshotSeq: number;
  readonly replayed: number;
  /**
   * Finished conditional orders the snapshot held (formats before 4 kept them in the core
   * state; the history keeps them now): for the history to adopt.
   */
  readonly finishedConditionals: readonly ConditionalRecord[];
}

/**
 * The one way the exchange starts: the newest snapshot whose restored state has the hash
 * recorded with it (older ones are tried when a newer one is unreadable or wrong), then
 * every later journal record through the same `apply`. Without a usable snapshot, the
 * whole journal is replayed from an empty state.
 */
export async function recover(
  journal: Journal,
  snapshots: SnapshotStore,
  options: Partial<CoreOptions>,
  log: (line: string) => void,
  onApplied?: (projections: Readonly<Record<string, unknown>>) => (stamped: StampedCommand, result: ApplyResult, state: CoreState) => void,
  /** Which core version applied which commands; without it, any tail is replayed. */
  coreVersions?: readonly CoreVersionSpan[],
): Promise<Recovered> {
  refuseNewerVersions(coreVersions ?? []);
  let state: CoreState | undefined;
  let snapshotSeq = 0;
  let projections: Readonly<Record<string, unknown>> = {};
  let finishedConditionals: readonly ConditionalRecord[] = [];
  for await (const snapshot of snapshots.newestFirst()) {
    if ('unreadable' in snapshot) {
      log(`recovery: snapshot ${snapshot.seq} is unreadable (${snapshot.unreadable}); trying an older one`);
      continue;
    }
    let restored: CoreState;
    let hash: string;
    try {
      restored = restoreState(snapshot.state);
      // The state hash is defined over the current format: a snapshot in it must restore to
      // its recorded hash. One in an older format can only be checked against the text it
      // stored (the same check for damage, without proving the restore exact).
      hash = snapshot.state.format === STATE_FORMAT ? stateHash(restored) : hashOfSerialized(snapshot.state);
    } catch (error) {
      // Readable JSON that is not a state this version can rebuild (damaged, or a newer format).
      log(`recovery: snapshot ${snapshot.seq} cannot be restored (${(error as Error).message}); trying an older one`);
      continue;
    }
    if (hash !== snapshot.hash) {
      log(`recovery: snapshot ${snapshot.seq} restores to hash ${hash.slice(0, 12)}, recorded ${snapshot.hash.slice(0, 12)}; trying an older one`);
      continue;
    }
    // The projections (market data) are checked as the state is: a damaged tape or candle
    // would otherwise be served and saved again with the next snapshot.
    if (snapshot.projectionsHash !== undefined) {
      const projectionsHash = hashOfStateText(JSON.stringify(snapshot.projections ?? null));
      if (projectionsHash !== snapshot.projectionsHash) {
        log(`recovery: snapshot ${snapshot.seq}'s projections hash to ${projectionsHash.slice(0, 12)}, recorded ${snapshot.projectionsHash.slice(0, 12)}; trying an older one`);
        continue;
      }
    }
    state = restored;
    finishedConditionals = finishedConditionalsIn(snapshot.state);
    snapshotSeq = snapshot.seq;
    projections = snapshot.projections ?? {};
    break;
  }
  state ??= createCoreState(options);
  const lastSeq = journal.lastSeq;
  journal.continueAfter(state.lastSeq);
  // Checked record by record as they are read, so that a journal missing records (pruned
  // under a snapshot that could not be used) is reported as such first.
  // The first record read stands for all: the check covers it through the journal's end.
  const versions = coreVersions;
  let checked = versions === undefined;
  const guard = (record: StampedCommand) => {
    if (checked) return;
    checked = true;
    refuseOtherVersions(versions!, record.seq, lastSeq, snapshotSeq);
  };
  const replayed = await replayJournal(state, journal, onApplied?.(projections), guard);
  return { state, projections, snapshotSeq, replayed, finishedConditionals };
}

/**
 * Commands another core version applied cannot be replayed by this one: its rules may
 * decide them otherwise (a fill that was a refusal), and the core would no longer match
 * what clients were shown and the history holds. The version that applied them can: it
 * replays them and writes a snapshot when stopped, after which this one starts.
 */
/**
 * A store a newer core version wrote is not opened at all: its snapshots may hold state
 * this version does not know (it would restore without it, and fail the hash check as if
 * damaged), and its commands rules this version does not have. Said as what it is.
 */
function refuseNewerVersions(spans: readonly CoreVersionSpan[]): void {
  const newest = Math.max(CORE_VERSION, ...spans.map((span) => span.version));
  if (newest === CORE_VERSION) return;
  throw new Error(
    `this store was written by core version ${newest}, newer than this exchange's (core version ${CORE_VERSION}): ` +
      'an older version does not open a store a newer one wrote. Start version ' +
      `${newest} or later, or restore the copy of the data folder taken before the upgrade.`,
  );
}

function refuseOtherVersions(spans: readonly CoreVersionSpan[], seq: number, lastSeq: number, snapshotSeq: number): void {
  const others = versionsApplying(spans, seq, lastSeq).filter((version) => version !== CORE_VERSION);
  if (others.length === 0) return;
  const after = snapshotSeq > 0 ? `after snapshot ${snapshotSeq}` : 'with no snapshot before them';
  throw new Error(
    `the journal holds commands ${seq}..${lastSeq} to replay (${after}) applied by core version ${others.join(', ')}, ` +
      `and this exchange is core version ${CORE_VERSION}: its rules could replay them differently from what clients were shown. ` +
      'Start the version that wrote them once and stop it (SIGTERM): it replays them and writes a snapshot. Then start this one.',
  );
}
