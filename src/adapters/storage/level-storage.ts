import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ClassicLevel } from 'classic-level';
import type { CoreVersionSpan } from '../../core/index.ts';
import { DURABLE_MARK, DurableMark, refuseLostCommands } from './durable-mark.ts';
import { COMPACTED_AT_KEY, CORE_VERSIONS_KEY, rangeEnd, SNAPSHOT_PREFIX } from './keys.ts';
import { LevelArchiveStore } from './level-archive.ts';
import { LevelHistoryCheckpoint } from './level-history-checkpoint.ts';
import { LevelJournal } from './level-journal.ts';
import { LevelSnapshots } from './level-snapshots.ts';
import { DAMAGE_NOTE, droppedLogRecords, markOpenChecked, markOpening, noteDamage, OPEN_UNCHECKED, refuseNotedDamage } from './wal-damage.ts';

/**
 * The embedded storage engine (LevelDB through classic-level: write-ahead log, memtable,
 * SSTables with compaction) in DATA_DIR, holding the journal, the snapshots and the
 * history archive.
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

/** Files LevelDB (and the check of its log) writes before and beside any data: a folder holding only these is new. */
const ENGINE_BOOKKEEPING = new Set(['LOCK', 'LOG', 'LOG.old', OPEN_UNCHECKED, DAMAGE_NOTE, DURABLE_MARK, `${DURABLE_MARK}.next`]);

export class LevelStorage {
  private constructor(
    readonly db: ClassicLevel<string, string>,
    readonly journal: LevelJournal,
    readonly snapshots: LevelSnapshots,
    /** The history archive's full chunks (see RecordArchive). */
    readonly archive: LevelArchiveStore,
    private readonly location: string,
    log: (line: string) => void,
  ) {
    this.historyCheckpoint = new LevelHistoryCheckpoint(db);
    this.durableMark = new DurableMark(location, log, journal.fsyncs);
  }

  /** Where recovery must reach again (see durable-mark.ts); the exchange tells it what became durable. */
  readonly durableMark: DurableMark;

  /** Refuses a recovery that ended before what was once durable. */
  refuseLostCommands(recoveredThrough: number): void {
    refuseLostCommands(this.location, recoveredThrough);
  }

  /** The history checkpoint of the last clean stop. */
  readonly historyCheckpoint: LevelHistoryCheckpoint;

  static async open(options: StorageOptions): Promise<LevelStorage> {
    const location = path.join(options.dataDir, 'exchange.leveldb');
    // A mistyped DATA_DIR starts an empty exchange: the log says so in words, not only by
    // "recovered seq 0".
    if (!existsSync(location)) options.log(`storage: no store at ${location}: starting a new, empty exchange there`);
    mkdirSync(location, { recursive: true });
    refuseNotedDamage(location);
    // LevelDB takes a folder without CURRENT (the record of which files make up the store)
    // for a new store, and deletes the table files it finds there: a partial copy or a
    // restore that missed that one file would start an empty exchange and lose the data.
    const holdsData = readdirSync(location).some((name) => !ENGINE_BOOKKEEPING.has(name));
    if (holdsData && !existsSync(path.join(location, 'CURRENT'))) {
      throw new Error(
        `the store at ${location} is damaged: it holds files but no CURRENT file, which names the files that make up the store. ` +
          'Nothing was changed. Restore the whole folder from a copy, or move it away to start an empty exchange.',
      );
    }
    const earlierUnread = markOpening(location);
    const db = new ClassicLevel<string, string>(location, { keyEncoding: 'utf8', valueEncoding: 'utf8', createIfMissing: !holdsData });
    try {
      await db.open();
    } catch (error) {
      // classic-level says only "Database failed to open"; the reason is its cause.
      const cause = (error as Error & { cause?: Error }).cause;
      const reason = cause?.message ?? (error as Error).message;
      // LevelDB's words for a lock another process holds (not any error naming the LOCK file).
      const held = /IO error: lock .*(already held|temporarily unavailable)/i.test(reason) ? ': another exchange process is using this DATA_DIR' : '';
      // The failed open moved an unread open's log to LOG.old: read it now, or it is lost at the next.
      const dropped = earlierUnread ? droppedLogRecords(location, true) : [];
      if (dropped.length > 0) throw noteDamage(location, dropped, new Date());
      throw new Error(`cannot open the store at ${location}${held} (${reason})`, { cause: error });
    }
    const dropped = droppedLogRecords(location, earlierUnread);
    if (dropped.length > 0) {
      await db.close();
      throw noteDamage(location, dropped, new Date());
    }
    markOpenChecked(location);
    const sync = options.durability === 'full';
    const journal = await LevelJournal.open(db, { sync, log: options.log });
    const archive = await LevelArchiveStore.open(db, options.log);
    return new LevelStorage(db, journal, new LevelSnapshots(db, sync), archive, location, options.log);
  }

  /** The engine's own figures, for /api/monitoring/storage. */
  figures(): StorageFigures {
    const files = fileSizes(this.location);
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
   * Which core version applied which commands. A store written before versions were
   * recorded had all its commands applied by version 1.
   */
  async coreVersions(): Promise<CoreVersionSpan[]> {
    const stored = await this.db.get(CORE_VERSIONS_KEY);
    if (stored !== undefined) return JSON.parse(stored) as CoreVersionSpan[];
    return (await this.begun()) ? [{ fromSeq: 1, version: 1 }] : [];
  }

  /** Whether anything was ever journaled or snapshotted here. */
  private async begun(): Promise<boolean> {
    if (this.journal.lastSeq > 0) return true;
    for await (const _ of this.db.keys({ gte: SNAPSHOT_PREFIX, lt: rangeEnd(SNAPSHOT_PREFIX), limit: 1 })) return true;
    return false;
  }

  /** Commands from `fromSeq` on are applied by `version` (recorded before any is journaled). */
  async recordCoreVersion(fromSeq: number, version: number): Promise<void> {
    const spans = await this.coreVersions();
    if (spans.at(-1)?.version === version) return;
    await this.db.put(CORE_VERSIONS_KEY, JSON.stringify([...spans, { fromSeq, version }]), { sync: true });
  }

  /**
   * A real compaction of the whole key range (POST /api/admin/compaction/trigger). LevelDB
   * answers compactRange as done even when a background write failed (a full disk): it
   * keeps the failure as the store's error and refuses the next write with it. So the
   * compaction ends with a durable write of its own, which meets that error at once: the
   * operator who asked hears of the failure, not the next trader.
   */
  async compact(): Promise<void> {
    await this.db.compactRange('\u0000', '\uffff');
    try {
      await this.db.put(COMPACTED_AT_KEY, String(Date.now()), { sync: true });
    } catch (error) {
      throw new Error(`the compaction did not complete, and the store takes no more writes: ${(error as Error).message}`, { cause: error });
    }
  }

  async close(): Promise<void> {
    await this.durableMark.close();
    await this.db.close();
  }
}

/**
 * The files of a folder and their sizes. LevelDB deletes the tables a compaction merged
 * while it runs: a file listed and gone by the time it is measured is skipped (it was
 * answered with a 500 now and then while the store compacted).
 */
export function fileSizes(location: string, names: readonly string[] = readdirSync(location)): { name: string; size: number }[] {
  const files: { name: string; size: number }[] = [];
  for (const name of names) {
    const stat = statSync(path.join(location, name), { throwIfNoEntry: false });
    if (stat !== undefined) files.push({ name, size: stat.size });
  }
  return files;
}
