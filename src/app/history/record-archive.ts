/**
 * Append-only texts kept out of the JavaScript heap and, once a chunk of them is full, out
 * of memory: the finished orders and the trades of the history, which only grow. In the
 * heap they cost the garbage collector at every collection and count against V8's heap
 * limit; in memory at all, they made the process grow by about 165 bytes for every order
 * and trade ever made. Here the heap keeps two small integers per record (its chunk and
 * its offset there), the open chunk is a buffer the collector never looks inside, and
 * full chunks go to a chunk store (the storage engine, in the exchange), from which a
 * read fetches them again, with the most recently read ones cached.
 *
 * A record is stored after its byte length, in UTF-8 (a lone surrogate reads back as
 * U+FFFD, as UTF-8 has it).
 */

/** Where full chunks go. Reads are synchronous, since the history's queries are. */
export interface ArchiveChunkStore {
  /** How many chunks (0, 1, ...) the store held when opened: a rebuild compares with these instead of writing them again. */
  readonly chunksAtOpen: number;
  /** The chunk's bytes as stored, or undefined when it is not stored. */
  read(chunk: number): Uint8Array | undefined;
  /** Stores the chunk under its number, replacing what was there. */
  write(chunk: number, bytes: Uint8Array): Promise<void>;
}

/** A chunk store in memory: for tests and for histories that are not the exchange's own. */
export class MemoryChunkStore implements ArchiveChunkStore {
  readonly chunks = new Map<number, Uint8Array>();
  writes = 0;

  get chunksAtOpen(): number {
    return 0;
  }

  read(chunk: number): Uint8Array | undefined {
    return this.chunks.get(chunk);
  }

  write(chunk: number, bytes: Uint8Array): Promise<void> {
    this.writes++;
    this.chunks.set(chunk, bytes);
    return Promise.resolve();
  }
}

/** Bytes per chunk: a few hundred records, a value the storage engine reads back in one go. */
const CHUNK_BYTES = 64 * 1024;
/** Each text is stored after its byte length. */
const LENGTH_BYTES = 4;
/** Full chunks read back, kept for the next reads (clients read what just happened, page after page): 8 MiB. */
const CACHED_CHUNKS = 128;

export interface RecordArchiveOptions {
  readonly store?: ArchiveChunkStore;
  readonly chunkBytes?: number;
  readonly cachedChunks?: number;
}

export class RecordArchive {
  private readonly store: ArchiveChunkStore;
  private readonly chunkBytes: number;
  private readonly cachedChunks: number;
  /** The chunk being filled, and its number. */
  private open: Buffer | undefined;
  private openChunk = -1;
  /** Where the open chunk's free space begins. */
  private used = 0;
  /** Full chunks not stored yet: queued, being written, or failed (they stay, reads keep finding them, and the next seal tries again). */
  private readonly unwritten = new Map<number, Buffer>();
  /** Chunks waiting for their write, in order; one write at a time (see `writeNext`). */
  private readonly queue: number[] = [];
  private writing: Promise<void> | undefined;
  private readonly failed = new Set<number>();
  /** Chunks read back or just written, least recently used first. */
  private readonly cache = new Map<number, Buffer>();
  /** Record number → chunk number, and → offset of its length prefix in that chunk. */
  private chunkOf = new Uint32Array(1024);
  private offsetOf = new Uint32Array(1024);
  private count = 0;
  private storedBytes = 0;
  private writeFailures = 0;

  constructor(options: RecordArchiveOptions = {}) {
    this.store = options.store ?? new MemoryChunkStore();
    this.chunkBytes = options.chunkBytes ?? CHUNK_BYTES;
    this.cachedChunks = options.cachedChunks ?? CACHED_CHUNKS;
  }

  /** Records stored. */
  get size(): number {
    return this.count;
  }

  /** Bytes the archive holds in memory: its index, the open chunk, chunks being written and the cache. */
  get bytes(): number {
    let held = this.chunkOf.byteLength + this.offsetOf.byteLength + (this.open?.length ?? 0);
    for (const chunk of this.unwritten.values()) held += chunk.length;
    for (const chunk of this.cache.values()) held += chunk.length;
    return held;
  }

  /** Bytes of stored text (with length prefixes), in memory or in the store. */
  get textBytes(): number {
    return this.storedBytes;
  }

  /** Chunk writes that failed (their chunks stay in memory until a later write succeeds). */
  get failedWrites(): number {
    return this.writeFailures;
  }

  /** Stores a text; returns its record number (a small integer, 0, 1, 2...). */
  append(text: string): number {
    // UTF-8 takes at most 3 bytes per UTF-16 unit: when that much room is left, the text
    // is written without counting its bytes first (a second pass over it, 2% of the
    // server's time under batched DIFF order entry).
    if (this.open === undefined || this.used + LENGTH_BYTES + text.length * 3 > this.open.length) {
      const needed = LENGTH_BYTES + Buffer.byteLength(text);
      if (this.open === undefined || this.used + needed > this.open.length) {
        this.sealOpenChunk();
        // An outsized record (never expected: records are a few hundred bytes) gets a chunk of its own.
        this.open = Buffer.allocUnsafeSlow(Math.max(this.chunkBytes, needed));
        this.openChunk++;
        this.used = 0;
      }
    }
    const buffer = this.open;
    const at = this.used;
    // Room for the whole text is ensured above, so `write` never cuts it short.
    const length = buffer.write(text, at + LENGTH_BYTES, 'utf8');
    buffer.writeUInt32LE(length, at);
    if (this.count === this.chunkOf.length) this.grow();
    this.chunkOf[this.count] = this.openChunk;
    this.offsetOf[this.count] = at;
    this.used = at + LENGTH_BYTES + length;
    this.storedBytes += LENGTH_BYTES + length;
    // A chunk bigger than the usual size holds one record only.
    if (buffer.length > this.chunkBytes) this.sealOpenChunk();
    return this.count++;
  }

  read(record: number): string {
    if (!Number.isInteger(record) || record < 0 || record >= this.count) throw new RangeError(`no archived record ${record}`);
    const buffer = this.chunk(this.chunkOf[record]!);
    const at = this.offsetOf[record]!;
    const start = at + LENGTH_BYTES;
    return buffer.toString('utf8', start, start + buffer.readUInt32LE(at));
  }

  /** Resolves once every queued chunk's write has ended (before the store closes). */
  async flush(): Promise<void> {
    while (this.writing !== undefined) await this.writing;
  }

  private chunk(chunk: number): Buffer {
    if (chunk === this.openChunk && this.open !== undefined) return this.open;
    const pending = this.unwritten.get(chunk);
    if (pending !== undefined) return pending;
    let cached = this.cache.get(chunk);
    if (cached !== undefined) {
      this.cache.delete(chunk);
    } else {
      const stored = this.store.read(chunk);
      if (stored === undefined) throw new Error(`archived history chunk ${chunk} is missing from storage`);
      cached = Buffer.from(stored.buffer, stored.byteOffset, stored.byteLength);
    }
    this.remember(chunk, cached);
    return cached;
  }

  private remember(chunk: number, bytes: Buffer): void {
    this.cache.set(chunk, bytes);
    if (this.cache.size > this.cachedChunks) this.cache.delete(this.cache.keys().next().value!);
  }

  /**
   * The open chunk is full: it goes to the store. A rebuild at start-up makes the same
   * chunks again, in the same order (the history is a projection of the journal), so a
   * chunk the store already holds with the same bytes is not written again.
   */
  private sealOpenChunk(): void {
    if (this.open === undefined || this.used === 0) return;
    const chunk = this.openChunk;
    const bytes = this.open.length === this.used ? this.open : this.open.subarray(0, this.used);
    this.open = undefined;
    if (chunk < this.store.chunksAtOpen) {
      const stored = this.store.read(chunk);
      if (stored !== undefined && bytes.equals(stored)) return;
    }
    this.unwritten.set(chunk, bytes);
    // A chunk whose write failed is tried again behind the new one.
    this.queue.push(chunk, ...this.failed);
    this.failed.clear();
    if (this.writing === undefined) this.writing = this.writeNext();
  }

  /**
   * Writes the queued chunks one at a time. Each write holds one of libuv's four pool
   * threads until it ends; the journal's writes in flight take up to three, and password
   * hashing and file reads need the last (docs/decisions.md, "Up to three journal
   * writes in flight"): one chunk at a time takes it for one short write at most (well
   * under a millisecond), and a chunk fills only every few hundred records.
   */
  private async writeNext(): Promise<void> {
    for (let chunk = this.queue.shift(); chunk !== undefined; chunk = this.queue.shift()) {
      const bytes = this.unwritten.get(chunk);
      if (bytes === undefined) continue;
      try {
        await this.store.write(chunk, bytes);
        this.unwritten.delete(chunk);
        this.remember(chunk, bytes);
      } catch {
        this.writeFailures++;
        this.failed.add(chunk);
      }
    }
    this.writing = undefined;
  }

  private grow(): void {
    const chunkOf = new Uint32Array(this.chunkOf.length * 2);
    chunkOf.set(this.chunkOf);
    this.chunkOf = chunkOf;
    const offsetOf = new Uint32Array(this.offsetOf.length * 2);
    offsetOf.set(this.offsetOf);
    this.offsetOf = offsetOf;
  }
}
