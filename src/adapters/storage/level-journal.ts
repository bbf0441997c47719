import type { ClassicLevel } from 'classic-level';
import type { Journal } from '../../app/journal-port.ts';
import type { StampedCommand } from '../../core/index.ts';
import { decodeBatch, encodeBatch, JournalCorruptionError } from './journal-codec.ts';
import { JOURNAL_PREFIX, journalKey, PRUNED_THROUGH_KEY, rangeEnd, SIDECAR_PREFIX, SNAPSHOT_PREFIX, sidecarKey, seqOfKey } from './keys.ts';

/** Entries fetched from the engine per round trip when reading. */
const READ_CHUNK = 256;

/**
 * Writes handed to the engine at once. While one is being synced, the next ones wait
 * inside the engine (which merges them into one write) and start the moment it ends,
 * without a round trip through the event loop: one write at a time left the disk idle
 * while the event loop answered requests, and durable submits ran at 10,000-11,000/s
 * instead of 17,000-19,000 (docs/benchmarks.md). Each write holds a thread of libuv's
 * pool of four until it ends; three leave one for everything else (password hashing,
 * file reads).
 */
export const MAX_WRITES_IN_FLIGHT = 3;

/**
 * Sidecar entries at the end of the store that may follow a lost write: at least
 * MAX_WRITES_IN_FLIGHT. Four times that is a margin, not a need: the start only reads a
 * few more sidecars again.
 */
const SIDECAR_ENTRIES_AT_RISK = 4 * MAX_WRITES_IN_FLIGHT;

/**
 * The journal in LevelDB. `append` buffers; `commit` writes everything buffered as ONE
 * engine entry (key = the batch's first seq, value = its records) in one fsync'd write.
 * One entry per group commit keeps the engine's per-write cost out of the per-command
 * cost, and a batch is stored whole or not at all, exactly the unit that is acknowledged.
 *
 * Up to MAX_WRITES_IN_FLIGHT writes run at once, and the engine may finish them in either
 * order; a commit resolves only when its write AND every earlier one are durable, so what
 * is acknowledged is always a prefix of the journal. A crash can therefore leave a hole
 * only among the last writes, none of them acknowledged after it: recovery drops the
 * batches after such a hole (readFrom). After a failed write every later commit fails too:
 * nothing that follows a lost batch may be acknowledged.
 */
export class LevelJournal implements Journal {
  private pending: StampedCommand[] = [];
  private pendingSidecars: [number, unknown][] = [];
  /** seq of the last sidecar attached: they arrive in seq order. */
  private lastAttached = 0;
  /** Settles when every write started so far is durable (rejects if any failed). */
  private allWritten: Promise<void> = Promise.resolve();
  /** Writes started and not yet acknowledged (their own and every earlier write durable). */
  private writesInFlight = 0;
  /** The one write every commit arriving while all slots are busy waits for. */
  private nextWrite: Promise<void> | undefined;
  private slotFreed: (() => void) | undefined;
  private failure: Error | undefined;

  private constructor(
    private readonly db: ClassicLevel<string, string>,
    private appended: number,
    /** Batches through this seq may have been deleted under a snapshot (see readFrom). */
    private prunedThrough: number,
    private readonly sync: boolean,
    private readonly log: (line: string) => void,
  ) {}

  static async open(
    db: ClassicLevel<string, string>,
    options: { sync: boolean; log: (line: string) => void },
  ): Promise<LevelJournal> {
    let last = 0;
    for await (const [key, text] of db.iterator({ gte: JOURNAL_PREFIX, lt: rangeEnd(JOURNAL_PREFIX), reverse: true, limit: 1 })) {
      // An unreadable last batch refuses the start when recovery reads it (readFrom);
      // until then, count up to the seq before it.
      try {
        last = decodeBatch(seqOfKey(key), text).at(-1)!.seq;
      } catch {
        last = seqOfKey(key) - 1;
      }
    }
    const stored = await db.get(PRUNED_THROUGH_KEY);
    let prunedThrough = stored === undefined ? Number.NaN : Number(stored);
    if (!Number.isSafeInteger(prunedThrough) || prunedThrough < 0) {
      // Written by every pruning. A journal from before the mark was pruned at most through
      // its newest snapshot, and up to the batch before its first: the smaller of the two.
      // (Not the first batch alone: a crash may have lost the write right after the
      // snapshot, and the batches after that hole were never acknowledged.)
      let newestSnapshot = 0;
      for await (const key of db.keys({ gte: SNAPSHOT_PREFIX, lt: rangeEnd(SNAPSHOT_PREFIX), reverse: true, limit: 1 })) newestSnapshot = seqOfKey(key);
      prunedThrough = newestSnapshot;
      for await (const key of db.keys({ gte: JOURNAL_PREFIX, lt: rangeEnd(JOURNAL_PREFIX), limit: 1 })) {
        prunedThrough = Math.min(seqOfKey(key) - 1, newestSnapshot);
      }
      await db.put(PRUNED_THROUGH_KEY, String(prunedThrough), { sync: options.sync });
    }
    return new LevelJournal(db, last, prunedThrough, options.sync, options.log);
  }

  get lastSeq(): number {
    return this.appended;
  }

  /** Whether a commit is fsync'd before it resolves (durability "full"). */
  get fsyncs(): boolean {
    return this.sync;
  }

  continueAfter(seq: number): void {
    if (seq > this.appended) this.appended = seq;
  }

  attach(seq: number, sidecar: unknown): void {
    if (seq > this.appended || seq <= this.lastAttached) {
      throw new Error(`journal: sidecar for seq ${seq}, after ${this.lastAttached}, of a journal ending at ${this.appended}`);
    }
    this.lastAttached = seq;
    this.pendingSidecars.push([seq, sidecar]);
  }

  /**
   * Every sidecar of an earlier run through the seq returned is stored. A crash loses the
   * sidecars not yet written and those of writes in flight, and a lost write is followed
   * by at most MAX_WRITES_IN_FLIGHT - 1 stored ones (the writes in flight with it); the
   * losses of earlier crashes were stored again at the start after them. So none is
   * missing up to the first of the last SIDECAR_ENTRIES_AT_RISK entries.
   */
  async sidecarsStoredThrough(): Promise<number> {
    const newest: string[] = [];
    for await (const key of this.db.keys({ gte: SIDECAR_PREFIX, lt: rangeEnd(SIDECAR_PREFIX), reverse: true, limit: SIDECAR_ENTRIES_AT_RISK })) newest.push(key);
    return newest.length < SIDECAR_ENTRIES_AT_RISK ? 0 : seqOfKey(newest.at(-1)!);
  }

  async storeSidecars(run: readonly (readonly [number, unknown])[]): Promise<void> {
    if (run.length === 0) return;
    await this.db.put(sidecarKey(run[0]![0]), JSON.stringify(run), { sync: this.sync });
  }

  append(record: StampedCommand): void {
    if (record.seq !== this.appended + 1) throw new Error(`journal expects seq ${this.appended + 1}, got ${record.seq}`);
    this.pending.push(record);
    this.appended = record.seq;
  }

  /**
   * Makes everything appended so far durable. A write takes what is pending when it
   * *starts*: commits that arrive while every write slot is busy are merged into the
   * next write instead of queueing one write each.
   */
  commit(): Promise<void> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    // Nothing pending: what was appended and attached is in writes already started.
    if (this.pending.length === 0 && this.pendingSidecars.length === 0) return this.allWritten;
    if (this.writesInFlight >= MAX_WRITES_IN_FLIGHT) {
      // Every commit that arrives while all slots are busy shares one next write, which
      // takes everything pending when it starts: one wake-up serves them all.
      this.nextWrite ??= new Promise<void>((resolve) => {
        this.slotFreed = resolve;
      }).then(() => {
        this.nextWrite = undefined;
        return this.commit();
      });
      return this.nextWrite;
    }
    let written: Promise<void>;
    try {
      written = this.startWrite();
    } catch (error) {
      // The batch could not even be encoded: it is lost, so nothing after it may be acknowledged.
      this.failure ??= error instanceof Error ? error : new Error(String(error));
      return Promise.reject(this.failure);
    }
    this.allWritten = written;
    return written;
  }

  /** Hands everything pending to the engine as one write; settles once it and every earlier write are durable. */
  private startWrite(): Promise<void> {
    const batch = this.pending;
    const sidecars = this.pendingSidecars;
    this.pending = [];
    this.pendingSidecars = [];
    // The records, and the sidecars of records applied since the last write (earlier,
    // durable ones), in one write. Sidecars are keyed by their first seq: key order is seq order.
    const writes: { type: 'put'; key: string; value: string }[] = [];
    if (batch.length > 0) writes.push({ type: 'put', key: journalKey(batch[0]!.seq), value: encodeBatch(batch) });
    if (sidecars.length > 0) writes.push({ type: 'put', key: sidecarKey(sidecars[0]![0]), value: JSON.stringify(sidecars) });
    const stored = this.db.batch(writes, { sync: this.sync }).catch((error: unknown) => {
      this.failure ??= error instanceof Error ? error : new Error(String(error));
      throw this.failure;
    });
    const written = Promise.all([this.allWritten, stored]).then(() => undefined);
    // A slot is freed when the write is acknowledged, not when the engine ends it: so at
    // most MAX_WRITES_IN_FLIGHT writes are ever unacknowledged, which bounds what a crash
    // can leave after a hole (readFrom).
    this.writesInFlight++;
    const release = (): void => {
      this.writesInFlight--;
      const wake = this.slotFreed;
      this.slotFreed = undefined;
      wake?.();
    };
    written.then(release, release);
    return written;
  }

  /**
   * Records after `afterSeq`, in batches. Recovery settles where the journal ends here:
   * - A batch that cannot be decoded is corruption, at the end as anywhere else: the
   *   engine never shows part of a write, so it is a batch that was stored and may have
   *   been acknowledged. Reading stops with an error naming its first seq.
   * - A hole followed by at most MAX_WRITES_IN_FLIGHT - 1 batches is what a crash leaves
   *   when concurrent writes finished out of order: nothing after the hole was
   *   acknowledged, so those batches are dropped with a log line. A longer run after a
   *   hole is lost data, and reading stops with an error; so does a hole at the start of
   *   a read from before the pruning mark (records deleted under a newer snapshot that
   *   recovery could not use).
   * Dropped batches were never acknowledged, hence never applied: they have no sidecars.
   */
  async *readFrom(afterSeq: number): AsyncIterable<readonly StampedCommand[]> {
    const start = await this.batchContaining(afterSeq + 1);
    const iterator = this.db.iterator({ gte: journalKey(start), lt: rangeEnd(JOURNAL_PREFIX) });
    let held: [string, string] | undefined;
    /** The seq the next batch must start with (before the first batch: at most this). */
    let expected = afterSeq + 1;
    let first = true;
    /** Keys from a hole on. */
    let afterHole: string[] | undefined;
    let next = iterator.nextv(READ_CHUNK);
    try {
      for (;;) {
        const entries = await next;
        if (entries.length === 0) break;
        // Read the next chunk while this one is decoded and applied: replay never waits on the disk.
        next = iterator.nextv(READ_CHUNK);
        for (const entry of entries) {
          if (afterHole !== undefined) {
            afterHole.push(entry[0]);
            continue;
          }
          if (held !== undefined) {
            const records = decodeBatch(seqOfKey(held[0]), held[1]);
            yield after(afterSeq, records);
            expected = records.at(-1)!.seq + 1;
          }
          const startsAt = seqOfKey(entry[0]);
          if (startsAt > expected) {
            // Before the first batch read, the missing records may have been pruned under a
            // newer snapshot (recovery fell back to an older one): acknowledged, and gone.
            if (first && afterSeq < this.prunedThrough) {
              throw new JournalCorruptionError(
                expected,
                `they were pruned under the snapshot of seq ${this.prunedThrough}, which could not be used; recovering from an older state would lose them`,
                `journal records ${expected} to ${startsAt - 1} are missing`,
              );
            }
            afterHole = [entry[0]];
            held = undefined;
            continue;
          }
          if (!first && startsAt < expected) throw new JournalCorruptionError(startsAt, `it overlaps the batch before it, which ends at ${expected - 1}`);
          first = false;
          held = entry;
        }
      }
    } finally {
      await next.catch(() => undefined);
      await iterator.close();
    }
    if (afterHole !== undefined) {
      if (afterHole.length > MAX_WRITES_IN_FLIGHT - 1) {
        throw new JournalCorruptionError(expected, `it is missing, and ${afterHole.length} stored batches follow the hole`);
      }
      this.log(`journal: dropping ${afterHole.length} unacknowledged batch(es) from seq ${seqOfKey(afterHole[0]!)}: the write of seq ${expected} never completed`);
      await this.dropBatches(afterHole);
      this.appended = expected - 1;
      return;
    }
    if (held === undefined) {
      // Nothing after afterSeq, yet records up to the pruning mark existed: they went with a
      // snapshot recovery could not use.
      if (afterSeq < this.prunedThrough) {
        throw new JournalCorruptionError(
          afterSeq + 1,
          'they were pruned under a snapshot that could not be used; recovering without them would lose them',
          `journal records ${afterSeq + 1} to ${this.prunedThrough} are missing`,
        );
      }
      return;
    }
    const firstSeq = seqOfKey(held[0]);
    let last: StampedCommand[];
    try {
      last = decodeBatch(firstSeq, held[1]);
    } catch (error) {
      // The engine stores a batch whole or not at all (its log drops a write a crash cut
      // short), so an unreadable last batch is damage to one it confirmed, which may have
      // been acknowledged and applied: never dropped as if nobody had heard of it.
      throw new JournalCorruptionError(firstSeq, `the newest stored batch cannot be decoded: ${(error as Error).message}`);
    }
    yield after(afterSeq, last);
  }

  /**
   * Deletes batches in one write, with the sidecars that versions storing a batch's own
   * history beside it keyed by the batch. (Sidecars written now belong to applied, hence
   * durable, records and are keyed by their own seqs: never those of a dropped batch.)
   */
  private async dropBatches(keys: readonly string[]): Promise<void> {
    const deletes = keys.flatMap((key) => [
      { type: 'del' as const, key },
      { type: 'del' as const, key: sidecarKey(seqOfKey(key)) },
    ]);
    await this.db.batch(deletes, { sync: this.sync });
  }

  /**
   * The stored sidecars in seq order, from the entry that holds `afterSeq + 1` on (an
   * entry holds a run of seqs from its key's): a start from a history checkpoint reads
   * only what came after it. Sidecars at or before `afterSeq` may still come first.
   */
  async *sidecars(afterSeq = 0): AsyncIterable<readonly (readonly [number, unknown])[]> {
    let from = SIDECAR_PREFIX;
    if (afterSeq > 0) {
      for await (const key of this.db.keys({ gte: SIDECAR_PREFIX, lte: sidecarKey(afterSeq + 1), reverse: true, limit: 1 })) from = key;
    }
    const iterator = this.db.iterator({ gte: from, lt: rangeEnd(SIDECAR_PREFIX) });
    try {
      for (;;) {
        const entries = await iterator.nextv(READ_CHUNK);
        if (entries.length === 0) break;
        for (const [key, text] of entries) {
          const first = seqOfKey(key);
          // Sidecars past the journal's end (batches it dropped after a hole) are not history.
          if (first > this.appended) return;
          let items: [number, unknown][];
          try {
            items = JSON.parse(text) as [number, unknown][];
          } catch {
            throw new JournalCorruptionError(first, 'its history (sidecar) is not valid JSON');
          }
          yield items.filter(([seq]) => seq <= this.appended);
        }
      }
    } finally {
      await iterator.close();
    }
  }

  /** Deletes the batches a snapshot covers entirely and compacts their range away. */
  async pruneThrough(seq: number): Promise<number> {
    // Batches starting at or before `seq`: all but the last end before the next one starts,
    // so they are covered; the last is covered if its own last record is.
    // Keys only: reading every covered batch's records into JavaScript would cost the
    // event loop as much as replaying them. Only the last one is read, for its end.
    const starts: string[] = [];
    for await (const key of this.db.keys({ gte: JOURNAL_PREFIX, lte: journalKey(seq) })) starts.push(key);
    const last = starts.at(-1);
    if (last !== undefined && !endsBy([last, (await this.db.get(last)) ?? ''], seq)) starts.pop();
    if (starts.length === 0) return 0;
    // The mark goes in the same write: recovery must know that these records existed.
    const marked = Math.max(this.prunedThrough, seq);
    await this.db.batch([...starts.map((key) => ({ type: 'del' as const, key })), { type: 'put' as const, key: PRUNED_THROUGH_KEY, value: String(marked) }], {
      sync: this.sync,
    });
    this.prunedThrough = marked;
    await this.db.compactRange(JOURNAL_PREFIX, starts.at(-1)!);
    return starts.length;
  }

  /** The first seq of the batch holding `seq` (or of the first batch after it). */
  private async batchContaining(seq: number): Promise<number> {
    for await (const key of this.db.keys({ gte: JOURNAL_PREFIX, lte: journalKey(seq), reverse: true, limit: 1 })) {
      return seqOfKey(key);
    }
    return seq;
  }
}

/** Whether a stored batch's last record is at or before `seq` (an unreadable one is kept). */
function endsBy([key, text]: [string, string], seq: number): boolean {
  try {
    return decodeBatch(seqOfKey(key), text).at(-1)!.seq <= seq;
  } catch {
    return false;
  }
}

function after(afterSeq: number, records: StampedCommand[]): StampedCommand[] {
  return records[0]!.seq > afterSeq ? records : records.filter((record) => record.seq > afterSeq);
}

export { JournalCorruptionError };
