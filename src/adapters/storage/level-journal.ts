import type { ClassicLevel } from 'classic-level';
import type { Journal } from '../../app/journal-port.ts';
import type { StampedCommand } from '../../core/index.ts';
import { JOURNAL_PREFIX, journalKey, rangeEnd, seqOfKey } from './keys.ts';

/** A journal record that cannot be read back. */
export class JournalCorruptionError extends Error {
  constructor(readonly seq: number, detail: string) {
    super(`journal record ${seq} is corrupt (${detail}); refusing to start rather than lose what follows it`);
    this.name = 'JournalCorruptionError';
  }
}

/**
 * The journal in LevelDB. `append` buffers; `commit` writes everything buffered as one
 * batch (fsync'd unless durability is relaxed) and resolves when the engine confirmed it.
 * Commits are chained, so batches land in seq order. After a failed write every later
 * commit fails too: nothing that follows a lost record may be acknowledged.
 */
export class LevelJournal implements Journal {
  private pending: StampedCommand[] = [];
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
    for await (const key of db.keys({ gte: JOURNAL_PREFIX, lt: rangeEnd(JOURNAL_PREFIX), reverse: true, limit: 1 })) {
      last = seqOfKey(key);
    }
    return new LevelJournal(db, last, options.sync, options.log);
  }

  get lastSeq(): number {
    return this.appended;
  }

  continueAfter(seq: number): void {
    if (seq > this.appended) this.appended = seq;
  }

  append(record: StampedCommand): void {
    if (record.seq !== this.appended + 1) throw new Error(`journal expects seq ${this.appended + 1}, got ${record.seq}`);
    this.pending.push(record);
    this.appended = record.seq;
  }

  commit(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    const write = this.chain.then(async () => {
      if (this.failure !== undefined) throw this.failure;
      if (batch.length === 0) return;
      try {
        await this.db.batch(
          batch.map((record) => ({ type: 'put' as const, key: journalKey(record.seq), value: JSON.stringify(record) })),
          { sync: this.sync },
        );
      } catch (error) {
        this.failure = error instanceof Error ? error : new Error(String(error));
        throw this.failure;
      }
    });
    this.chain = write.catch(() => undefined);
    return write;
  }

  /**
   * Records after `afterSeq`. A record that cannot be parsed at the very end is a torn
   * tail (a write the engine never confirmed): it is dropped with a log line. Anywhere
   * else it is corruption, and reading stops with an error naming its seq.
   */
  async *readFrom(afterSeq: number): AsyncIterable<StampedCommand> {
    let held: { seq: number; text: string } | undefined;
    for await (const [key, text] of this.db.iterator({ gt: journalKey(afterSeq), lt: rangeEnd(JOURNAL_PREFIX) })) {
      if (held !== undefined) yield parseRecord(held.seq, held.text);
      held = { seq: seqOfKey(key), text };
    }
    if (held === undefined) return;
    let last: StampedCommand;
    try {
      last = parseRecord(held.seq, held.text);
    } catch (error) {
      this.log(`journal: dropping torn last record ${held.seq} (${(error as Error).message})`);
      await this.db.del(journalKey(held.seq));
      this.appended = held.seq - 1;
      return;
    }
    yield last;
  }

  /** Deletes the records a snapshot covers and compacts their range away. */
  async pruneThrough(seq: number): Promise<number> {
    const keys: string[] = [];
    for await (const key of this.db.keys({ gte: JOURNAL_PREFIX, lte: journalKey(seq) })) keys.push(key);
    if (keys.length === 0) return 0;
    await this.db.batch(keys.map((key) => ({ type: 'del' as const, key })), { sync: this.sync });
    await this.db.compactRange(JOURNAL_PREFIX, journalKey(seq));
    return keys.length;
  }
}

function parseRecord(seq: number, text: string): StampedCommand {
  let record: StampedCommand;
  try {
    record = JSON.parse(text) as StampedCommand;
  } catch {
    throw new JournalCorruptionError(seq, 'not valid JSON');
  }
  if (record === null || typeof record !== 'object' || record.seq !== seq || typeof record.ts !== 'number' || typeof record.command !== 'object' || record.command === null) {
    throw new JournalCorruptionError(seq, 'not a stamped command for this seq');
  }
  return record;
}
