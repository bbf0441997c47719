import type { ClassicLevel } from 'classic-level';
import { CHECKPOINT_META_KEY, CHECKPOINT_PIECE_PREFIX, checkpointPieceKey, rangeEnd } from './keys.ts';

/** LevelDB values are kept well under the engine's comfortable size: a checkpoint of millions of orders is hundreds of MB. */
const PIECE_BYTES = 4 * 1024 * 1024;

export interface StoredCheckpoint {
  /** The history holds every applied record through this seq. */
  readonly seq: number;
  readonly bytes: Buffer;
}

/**
 * The history checkpoint (HistoryProjection.checkpoint) in LevelDB: its bytes in pieces
 * (`c:<n>`), and what they are (`m:history-checkpoint`), in one synced write. One sync makes the
 * archive chunks written before it durable too (LevelDB syncs its log in order), so a
 * checkpoint never names a chunk a crash could take back.
 */
export class LevelHistoryCheckpoint {
  constructor(private readonly db: ClassicLevel<string, string>) {}

  async save(seq: number, bytes: Buffer): Promise<void> {
    const pieces = Math.ceil(bytes.length / PIECE_BYTES);
    const stale: string[] = [];
    for await (const key of this.db.keys({ gte: checkpointPieceKey(pieces), lt: rangeEnd(CHECKPOINT_PIECE_PREFIX) })) stale.push(key);
    await this.db.batch<string, Uint8Array>(
      [
        ...stale.map((key) => ({ type: 'del' as const, key })),
        ...Array.from({ length: pieces }, (_, n) => ({
          type: 'put' as const,
          key: checkpointPieceKey(n),
          value: bytes.subarray(n * PIECE_BYTES, (n + 1) * PIECE_BYTES),
          valueEncoding: 'view',
        })),
        { type: 'put' as const, key: CHECKPOINT_META_KEY, value: Buffer.from(JSON.stringify({ seq, pieces, bytes: bytes.length })), valueEncoding: 'view' },
      ],
      { sync: true },
    );
  }

  /** The checkpoint, or undefined when there is none; throws when it is damaged. */
  async load(): Promise<StoredCheckpoint | undefined> {
    const meta = await this.db.get(CHECKPOINT_META_KEY);
    if (meta === undefined) return undefined;
    const { seq, pieces, bytes } = JSON.parse(meta) as { seq: number; pieces: number; bytes: number };
    const parts = await this.db.getMany<string, Uint8Array>(
      Array.from({ length: pieces }, (_, n) => checkpointPieceKey(n)),
      { valueEncoding: 'view' },
    );
    if (parts.some((part) => part === undefined)) throw new Error('a piece of it is missing');
    const whole = Buffer.concat(parts as Uint8Array[]);
    if (whole.length !== bytes) throw new Error(`it holds ${whole.length} bytes, not ${bytes}`);
    return { seq, bytes: whole };
  }

  /** Forgets the checkpoint (a start that could not use it). */
  async clear(): Promise<void> {
    const keys: string[] = [CHECKPOINT_META_KEY];
    for await (const key of this.db.keys({ gte: CHECKPOINT_PIECE_PREFIX, lt: rangeEnd(CHECKPOINT_PIECE_PREFIX) })) keys.push(key);
    await this.db.batch(keys.map((key) => ({ type: 'del' as const, key })));
  }
}
