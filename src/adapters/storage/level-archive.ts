import type { ClassicLevel } from 'classic-level';
import type { ArchiveChunkStore } from '../../app/history/record-archive.ts';
import { ARCHIVE_PREFIX, archiveKey, rangeEnd } from './keys.ts';

/**
 * The history archive's full chunks in LevelDB (`a:<chunk>`), as bytes, a batch of them
 * per write. Written without fsync: the archive is a projection of the journal and its
 * sidecars, and a start that rebuilds the history rewrites any chunk a crash lost
 * (RecordArchive compares, and writes what differs); a clean stop's checkpoint write
 * syncs them.
 */
export class LevelArchiveStore implements ArchiveChunkStore {
  private constructor(
    private readonly db: ClassicLevel<string, string>,
    readonly chunksAtOpen: number,
    private readonly log: (line: string) => void,
  ) {}

  static async open(db: ClassicLevel<string, string>, log: (line: string) => void): Promise<LevelArchiveStore> {
    let chunks = 0;
    for await (const key of db.keys({ gte: ARCHIVE_PREFIX, lt: rangeEnd(ARCHIVE_PREFIX), reverse: true, limit: 1 })) chunks = Number(key.slice(ARCHIVE_PREFIX.length)) + 1;
    return new LevelArchiveStore(db, chunks, log);
  }

  read(chunk: number): Uint8Array | undefined {
    return this.db.getSync<string, Uint8Array>(archiveKey(chunk), { valueEncoding: 'view' });
  }

  async write(chunks: readonly (readonly [number, Uint8Array])[]): Promise<void> {
    if (chunks.length === 0) return;
    try {
      await this.db.batch<string, Uint8Array>(
        chunks.map(([chunk, bytes]) => ({ type: 'put' as const, key: archiveKey(chunk), value: bytes })),
        { valueEncoding: 'view' },
      );
    } catch (error) {
      const numbers = chunks.map(([chunk]) => chunk);
      this.log(`storage: writing history archive chunks ${numbers[0]}-${numbers.at(-1)} failed (${(error as Error).message}); they stay in memory, and the next write tries them again`);
      throw error;
    }
  }
}
