import { mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ClassicLevel } from 'classic-level';
import type { CoreOptions } from '../../core/index.ts';
import { INITIAL_RULES_KEY, JOURNAL_PREFIX, rangeEnd, SNAPSHOT_PREFIX } from './keys.ts';
import { LevelJournal } from './level-journal.ts';
import { LevelSnapshots } from './level-snapshots.ts';

/**
 * The embedded storage engine (LevelDB through classic-level: write-ahead log, memtable,
 * SSTables with compaction) in DATA_DIR, holding the journal and the snapshots.
 */
export interface StorageOptions {
  readonly dataDir: string;
  /** 'full' fsyncs every commit batch (the default); 'relaxed' leaves syncing to the OS. */
  readonly durability: 'full' | 'relaxed';
  readonly log: (line: string) => void;
}

export interface StorageFigures {
  readonly wal_size_mb: number;
  readonly memtable_size_mb: number;
  readonly sstable_count: number;
  readonly sstable_total_size_mb: number;
}

export class LevelStorage {
  private constructor(
    readonly db: ClassicLevel<string, string>,
    readonly journal: LevelJournal,
    readonly snapshots: LevelSnapshots,
    private readonly location: string,
  ) {}

  static async open(options: StorageOptions): Promise<LevelStorage> {
    const location = path.join(options.dataDir, 'exchange.leveldb');
    mkdirSync(location, { recursive: true });
    const db = new ClassicLevel<string, string>(location, { keyEncoding: 'utf8', valueEncoding: 'utf8' });
    try {
      await db.open();
    } catch (error) {
      // classic-level says only "Database failed to open"; the reason is its cause.
      const cause = (error as Error & { cause?: Error }).cause;
      const reason = cause?.message ?? (error as Error).message;
      // LevelDB's words for a lock another process holds (not any error naming the LOCK file).
      const held = /IO error: lock .*(already held|temporarily unavailable)/i.test(reason) ? ': another exchange process is using this DATA_DIR' : '';
      throw new Error(`cannot open the store at ${location}${held} (${reason})`, { cause: error });
    }
    const sync = options.durability === 'full';
    const journal = await LevelJournal.open(db, { sync, log: options.log });
    return new LevelStorage(db, journal, new LevelSnapshots(db, sync), location);
  }

  /** The engine's own figures, for /api/monitoring/storage. */
  figures(): StorageFigures {
    const files = readdirSync(this.location).map((name) => ({ name, size: statSync(path.join(this.location, name)).size }));
    const mb = (bytes: number): number => Math.round((bytes / 2 ** 20) * 1000) / 1000;
    const tables = files.filter((f) => f.name.endsWith('.ldb') || f.name.endsWith('.sst'));
    const logs = files.filter((f) => f.name.endsWith('.log') && f.name !== 'LOG');
    // The memtables and the block cache together: LevelDB has no property for the
    // memtables alone (documented in the route's schema).
    const memtable = Number(this.db.getProperty('leveldb.approximate-memory-usage'));
    return {
      wal_size_mb: mb(logs.reduce((sum, f) => sum + f.size, 0)),
      memtable_size_mb: mb(Number.isFinite(memtable) ? memtable : 0),
      sstable_count: tables.length,
      sstable_total_size_mb: mb(tables.reduce((sum, f) => sum + f.size, 0)),
    };
  }

  /**
   * The core rules the journal's first command was applied under, for a replay from the
   * start: the core's defaults for a store begun since the configured rules enter the
   * journal (rules.set), and for a store begun before, `legacy`, the rules then
   * configured (what the code of that time replayed with). A store with a rules.set in
   * its journal was begun under the defaults. Recorded at the first start that asks, so
   * every later replay uses the same.
   */
  async initialRules(legacy: Partial<CoreOptions>): Promise<Partial<CoreOptions>> {
    const stored = await this.db.get(INITIAL_RULES_KEY);
    if (stored !== undefined) return JSON.parse(stored) as Partial<CoreOptions>;
    let begun = this.journal.lastSeq > 0;
    for await (const _ of this.db.keys({ gte: SNAPSHOT_PREFIX, lt: rangeEnd(SNAPSHOT_PREFIX), limit: 1 })) begun = true;
    let rulesJournaled = false;
    if (begun) {
      // Once per store: a rules.set is stored as its own JSON object in its batch.
      for await (const text of this.db.values({ gte: JOURNAL_PREFIX, lt: rangeEnd(JOURNAL_PREFIX) })) {
        if (text.includes('"rules.set"')) {
          rulesJournaled = true;
          break;
        }
      }
    }
    const rules = begun && !rulesJournaled ? legacy : {};
    await this.db.put(INITIAL_RULES_KEY, JSON.stringify(rules), { sync: true });
    return rules;
  }

  /** A real compaction of the whole key range (POST /api/admin/compaction/trigger). */
  async compact(): Promise<void> {
    await this.db.compactRange('\u0000', '\uffff');
  }

  close(): Promise<void> {
    return this.db.close();
  }
}
