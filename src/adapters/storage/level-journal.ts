import type { ClassicLevel } from 'classic-level';
import type { Journal } from '../../app/journal-port.ts';
import type { StampedCommand } from '../../core/index.ts';
import { decodeBatch, encodeBatch, JournalCorruptionError } from './journal-codec.ts';
import { JOURNAL_PREFIX, journalKey, rangeEnd, SIDECAR_PREFIX, sidecarKey, seqOfKey } from './keys.ts';

/** Entries fetched from the engine per round trip when reading. */
const READ_CHUNK = 256;

/**
 * The journal in LevelDB. `append` buffers; `commit` writes everything buffered as ONE
 * engine entry (key = the batch's first seq, value = its records) in one fsync'd write,
 * and resolves when the engine confirmed it. One entry per group commit keeps the
 * engine's per-write cost out of the per-command cost, and a batch is stored whole or
 * not at all, exactly the unit that is acknowledged. Commits are chained, so batches land
 * in seq order. After a failed write every later commit fails too: nothing that follows
 * a lost batch may be acknowledged.
 */
export class LevelJournal implements Journal {
  private pending: StampedCommand[] = [];
  private pendingSidecars: [number, unknown][] = [];
  private chain: Promise<void> = Promise.resolve();
  private failure: Error | undefined;

  private constructor(
    private readonly db: ClassicLevel<string, string>,
    private appended: number,
    private readonly sync: boolean,
    private readonly log: (line: string) => void,
  ) {}

  static async open(
    db: ClassicLevel<string, string>,
    options: { sync: boolean; log: (line: string) => void },
  ): Promise<LevelJournal> {
    let last = 0;
    for await (const [key, text] of db.iterator({ gte: JOURNAL_PREFIX, lt: rangeEnd(JOURNAL_PREFIX), reverse: true, limit: 1 })) {
      // An unreadable last batch is a torn tail: readFrom drops it. Until then, count up
      // to the seq before it.
      try {
        last = decodeBatch(seqOfKey(key), text).at(-1)!.seq;
      } catch {
        last = seqOfKey(key) - 1;
      }
    }
    return new LevelJournal(db, last, options.sync, options.log);
  }

  get lastSeq(): number {
    return this.appended;
  }

  continueAfter(seq: number): void {
    if (seq > this.appended) this.appended = seq;
  }

  attach(seq: number, sidecar: unknown): void {
    if (seq > this.appended || this.pending.length === 0 || seq < this.pending[0]!.seq) {
      throw new Error(`journal: sidecar for seq ${seq}, which is not pending`);
    }
    this.pendingSidecars.push([seq, sidecar]);
  }

  append(record: StampedCommand): void {
    if (record.seq !== this.appended + 1) throw new Error(`journal expects seq ${this.appended + 1}, got ${record.seq}`);
    this.pending.push(record);
    this.appended = record.seq;
  }

  /**
   * Makes everything appended so far durable. Writes run one at a time; a write takes
   * what is pending when it *starts*, so the records of commits queued behind a running
   * fsync are merged into the next write instead of queueing one write each (which
   * under load meant one or two commands per fsync).
   */
  commit(): Promise<void> {
    const write = this.chain.then(async () => {
      if (this.failure !== undefined) throw this.failure;
      const batch = this.pending;
      const sidecars = this.pendingSidecars;
      this.pending = [];
      this.pendingSidecars = [];
      if (batch.length === 0) return;
      const first = batch[0]!.seq;
      try {
        // Records and their sidecars in one write: a batch is stored with its history or not at all.
        const writes = [{ type: 'put' as const, key: journalKey(first), value: encodeBatch(batch) }];
        if (sidecars.length > 0) writes.push({ type: 'put' as const, key: sidecarKey(first), value: JSON.stringify(sidecars) });
        await this.db.batch(writes, { sync: this.sync });
      } catch (error) {
        this.failure = error instanceof Error ? error : new Error(String(error));
        throw this.failure;
      }
    });
    this.chain = write.catch(() => undefined);
    return write;
  }

  /**
   * Records after `afterSeq`, in batches. A batch that cannot be parsed at the very end is
   * a torn tail (a write the engine never confirmed, so none of it was acknowledged): it
   * is dropped with a log line. Anywhere else it is corruption, and reading stops with an
   * error naming its first seq.
   */
  async *readFrom(afterSeq: number): AsyncIterable<readonly StampedCommand[]> {
    const start = await this.batchContaining(afterSeq + 1);
    const iterator = this.db.iterator({ gte: journalKey(start), lt: rangeEnd(JOURNAL_PREFIX) });
    let held: [string, string] | undefined;
    let next = iterator.nextv(READ_CHUNK);
    try {
      for (;;) {
        const entries = await next;
        if (entries.length === 0) break;
        // Read the next chunk while this one is decoded and applied: replay never waits on the disk.
        next = iterator.nextv(READ_CHUNK);
        for (const entry of entries) {
          if (held !== undefined) yield after(afterSeq, decodeBatch(seqOfKey(held[0]), held[1]));
          held = entry;
        }
      }
    } finally {
      await next.catch(() => undefined);
      await iterator.close();
    }
    if (held === undefined) return;
    const firstSeq = seqOfKey(held[0]);
    let last: StampedCommand[];
    try {
      last = decodeBatch(firstSeq, held[1]);
    } catch (error) {
      this.log(`journal: dropping torn last record ${firstSeq} (${(error as Error).message})`);
      await this.db.del(held[0]);
      this.appended = Math.min(this.appended, firstSeq - 1);
      return;
    }
    yield after(afterSeq, last);
  }

  async *sidecars(): AsyncIterable<readonly (readonly [number, unknown])[]> {
    const iterator = this.db.iterator({ gte: SIDECAR_PREFIX, lt: rangeEnd(SIDECAR_PREFIX) });
    try {
      for (;;) {
        const entries = await iterator.nextv(READ_CHUNK);
        if (entries.length === 0) break;
        for (const [key, text] of entries) {
          const first = seqOfKey(key);
          // Sidecars of a batch the journal dropped as a torn tail are dropped with it.
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
    await this.db.batch(starts.map((key) => ({ type: 'del' as const, key })), { sync: this.sync });
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
