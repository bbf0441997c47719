/**
 * Append-only texts kept out of the JavaScript heap and, once a chunk of them is full,
 * out of memory: the finished orders and the trades of the history, which only grow. As
 * objects they cost the garbage collector at every collection; in memory at all, they
 * made the process grow by about 265 bytes for every order ever made. Here the memory
 * keeps 6 bytes per record (its chunk and its offset there), and full chunks go to a
 * chunk store (the storage engine, in the exchange), from which a read fetches them
 * again, with the most recently read ones cached.
 *
 * Each record belongs to a group (in the history: its account), and a chunk holds the
 * records of one group only. Clients read their own account's newest records (a DIFF
 * login, an account snapshot: up to 2,000), and on an exchange with many accounts a chunk
 * shared by all of them would hold a few records of each: such a read would fetch
 * thousands of chunks. With chunks per account it fetches about 25 (16 KiB each). The price
 * is an open chunk per account in memory (up to 16 KiB: it starts at 512 bytes and
 * doubles as it fills).
 *
 * A record is stored after its byte length, in UTF-8 (a lone surrogate reads back as
 * U+FFFD), whether its chunk is still open or long stored.
 */

/** Where full chunks go. Reads are synchronous, since the history's queries are. */
export interface ArchiveChunkStore {
  /** One more than the highest chunk number the store held when opened: a rebuild compares the chunks below it instead of writing them again. */
  readonly chunksAtOpen: number;
  /** The chunk's bytes as stored, or undefined when it is not stored. */
  read(chunk: number): Uint8Array | undefined;
  /** Stores the chunks under their numbers, replacing what was there, in one write. */
  write(chunks: readonly (readonly [chunk: number, bytes: Uint8Array])[]): Promise<void>;
}

/** A chunk store in memory: for tests and for histories that are not the exchange's own. */
export class MemoryChunkStore implements ArchiveChunkStore {
  readonly chunks = new Map<number, Uint8Array>();

  get chunksAtOpen(): number {
    return 0;
  }

  read(chunk: number): Uint8Array | undefined {
    return this.chunks.get(chunk);
  }

  write(chunks: readonly (readonly [number, Uint8Array])[]): Promise<void> {
    for (const [chunk, bytes] of chunks) this.chunks.set(chunk, bytes);
    return Promise.resolve();
  }
}

/** Bytes per chunk: about a hundred records (fewer chunks to write than with 4 KiB: 5% more DIFF order entry). */
const CHUNK_BYTES = 16 * 1024;
/** An open chunk's first size (it doubles as it fills, up to CHUNK_BYTES): a couple of records. */
const FIRST_BYTES = 512;
/** Offsets in a chunk are 16-bit: a chunk of the usual size is at most this big (one record alone may be bigger). */
const MAX_CHUNK_BYTES = 0x10000;
/** Each text is stored after its byte length. */
const LENGTH_BYTES = 4;
/** Full chunks read back, kept for the next reads (a client pages through its own records): 8 MiB. */
const CACHED_CHUNKS = 512;

export interface RecordArchiveOptions {
  readonly store?: ArchiveChunkStore;
  readonly chunkBytes?: number;
  readonly cachedChunks?: number;
}

/**
 * A group's chunk being filled: its number, taken when it opened, and its bytes so far.
 * Texts are written into it as they come (they die young, rather than waiting in the heap
 * for their chunk to fill).
 */
interface OpenChunk {
  readonly chunk: number;
  bytes: Buffer;
  used: number;
}

/** What a checkpoint keeps of an archive (see `save`): its index and its open chunks; the full chunks are in the store. */
export interface SavedArchive {
  readonly count: number;
  readonly nextChunk: number;
  readonly chunkOf: Uint32Array;
  readonly offsetOf: Uint16Array;
  readonly open: readonly (readonly [group: string, chunk: number, bytes: Uint8Array])[];
}

export class RecordArchive {
  private readonly store: ArchiveChunkStore;
  private readonly chunkBytes: number;
  private readonly cachedChunks: number;
  private readonly open = new Map<string, OpenChunk>();
  /** Open chunks by number, for reads. */
  private readonly openByNumber = new Map<number, OpenChunk>();
  private nextChunk = 0;
  /** Full chunks not stored yet: queued, being written, or failed (they stay, reads keep finding them, and the next write tries again). */
  private readonly unwritten = new Map<number, Buffer>();
  /** Chunks waiting for the next write, in order; one write at a time (see `writeQueued`). */
  private queue: number[] = [];
  private writing: Promise<void> | undefined;
  private readonly failed = new Set<number>();
  /** Chunks read back or just written, least recently used first. */
  private readonly cache = new Map<number, Buffer>();
  /** Record number → chunk number, and → offset of its length prefix in that chunk. */
  private chunkOf = new Uint32Array(1024);
  private offsetOf = new Uint16Array(1024);
  private count = 0;
  private openBytes = 0;
  private writeFailures = 0;

  constructor(options: RecordArchiveOptions = {}) {
    this.store = options.store ?? new MemoryChunkStore();
    this.chunkBytes = Math.min(options.chunkBytes ?? CHUNK_BYTES, MAX_CHUNK_BYTES);
    this.cachedChunks = options.cachedChunks ?? CACHED_CHUNKS;
  }

  /** Records stored. */
  get size(): number {
    return this.count;
  }

  /** Bytes the archive holds in memory (about): its index, the open chunks, chunks not yet written, the cache. */
  get bytes(): number {
    let held = this.chunkOf.byteLength + this.offsetOf.byteLength + this.openBytes;
    for (const chunk of this.unwritten.values()) held += chunk.length;
    for (const chunk of this.cache.values()) held += chunk.length;
    return held;
  }

  /** Chunk writes that failed (their chunks stay in memory until a later write succeeds; the store logs each). */
  get failedWrites(): number {
    return this.writeFailures;
  }

  /** Stores a text among its group's; returns its record number (a small integer, 0, 1, 2...). */
  append(text: string, group: string): number {
    let open = this.open.get(group);
    // UTF-8 takes at most 3 bytes per UTF-16 unit: when that much room is left, the text
    // is written without counting its bytes first (a second pass over it).
    let needed = LENGTH_BYTES + text.length * 3;
    if (open === undefined || open.used + needed > open.bytes.length) {
      needed = LENGTH_BYTES + Buffer.byteLength(text);
      if (open !== undefined && open.used + needed > this.chunkBytes) {
        this.seal(group, open);
        open = undefined;
      }
      if (open === undefined) {
        // An outsized record (never expected: records are a few hundred bytes) gets a chunk of its own.
        open = this.openChunk(group, needed > this.chunkBytes ? needed : Math.min(this.chunkBytes, Math.max(FIRST_BYTES, needed)));
      } else if (open.used + needed > open.bytes.length) {
        this.enlarge(open, Math.min(this.chunkBytes, Math.max(2 * open.bytes.length, open.used + needed)));
      }
    }
    const at = open.used;
    // Room for the whole text is ensured above, so `write` never cuts it short.
    const length = open.bytes.write(text, at + LENGTH_BYTES, 'utf8');
    open.bytes.writeUInt32LE(length, at);
    open.used = at + LENGTH_BYTES + length;
    if (this.count === this.chunkOf.length) this.grow();
    this.chunkOf[this.count] = open.chunk;
    this.offsetOf[this.count] = at;
    // A chunk bigger than the usual size holds one record only.
    if (open.bytes.length > this.chunkBytes) this.seal(group, open);
    return this.count++;
  }

  read(record: number): string {
    if (!Number.isInteger(record) || record < 0 || record >= this.count) throw new RangeError(`no archived record ${record}`);
    const bytes = this.chunkBytesOf(this.chunkOf[record]!);
    const at = this.offsetOf[record]!;
    const start = at + LENGTH_BYTES;
    return bytes.toString('utf8', start, start + bytes.readUInt32LE(at));
  }

  /**
   * The archive as it is, for a checkpoint, once every full chunk is stored (after
   * `flush`): undefined while a chunk is still unwritten (a failed write), since a
   * checkpoint must not name a chunk the store does not have.
   */
  save(): SavedArchive | undefined {
    if (this.unwritten.size > 0 || this.writing !== undefined) return undefined;
    return {
      count: this.count,
      nextChunk: this.nextChunk,
      chunkOf: this.chunkOf.subarray(0, this.count),
      offsetOf: this.offsetOf.subarray(0, this.count),
      open: [...this.open].map(([group, open]) => [group, open.chunk, open.bytes.subarray(0, open.used)] as const),
    };
  }

  static restore(saved: SavedArchive, options: RecordArchiveOptions = {}): RecordArchive {
    const archive = new RecordArchive(options);
    if (saved.chunkOf.length !== saved.count || saved.offsetOf.length !== saved.count) throw new Error('the archive index in the checkpoint does not match its record count');
    const capacity = Math.max(1024, 2 ** Math.ceil(Math.log2(Math.max(1, saved.count))));
    archive.chunkOf = new Uint32Array(capacity);
    archive.chunkOf.set(saved.chunkOf);
    archive.offsetOf = new Uint16Array(capacity);
    archive.offsetOf.set(saved.offsetOf);
    archive.count = saved.count;
    archive.nextChunk = saved.nextChunk;
    for (const [group, chunk, bytes] of saved.open) {
      const open = archive.openChunk(group, Math.min(archive.chunkBytes, Math.max(FIRST_BYTES, bytes.length)), chunk);
      open.bytes.set(bytes);
      open.used = bytes.length;
    }
    return archive;
  }

  /** Resolves once every queued chunk's write has ended (before the store closes). */
  async flush(): Promise<void> {
    while (this.writing !== undefined) await this.writing;
  }

  private openChunk(group: string, size: number, chunk = this.nextChunk++): OpenChunk {
    const open: OpenChunk = { chunk, bytes: Buffer.allocUnsafeSlow(size), used: 0 };
    this.open.set(group, open);
    this.openByNumber.set(open.chunk, open);
    this.openBytes += size;
    return open;
  }

  /**
   * An open chunk starts small and doubles as it fills: an account that stops trading
   * holds what it filled, not a whole chunk, for as long as the process runs. Where a
   * chunk is sealed depends only on its records (see `append`), never on these sizes.
   */
  private enlarge(open: OpenChunk, size: number): void {
    const bytes = Buffer.allocUnsafeSlow(size);
    open.bytes.copy(bytes, 0, 0, open.used);
    this.openBytes += size - open.bytes.length;
    open.bytes = bytes;
  }

  private chunkBytesOf(chunk: number): Buffer {
    const open = this.openByNumber.get(chunk);
    if (open !== undefined) return open.bytes;
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
   * The group's chunk is full: it goes to the store. A rebuild at start-up makes the same
   * chunks again, under the same numbers (the history is a projection of the journal),
   * so a chunk the store already holds with the same bytes is not written again.
   */
  private seal(group: string, open: OpenChunk): void {
    this.open.delete(group);
    this.openByNumber.delete(open.chunk);
    this.openBytes -= open.bytes.length;
    const bytes = open.used === open.bytes.length ? open.bytes : open.bytes.subarray(0, open.used);
    if (open.chunk < this.store.chunksAtOpen) {
      const stored = this.store.read(open.chunk);
      if (stored !== undefined && bytes.equals(stored)) return;
    }
    this.unwritten.set(open.chunk, bytes);
    this.queue.push(open.chunk);
    if (this.writing === undefined) this.writing = this.writeQueued();
  }

  /**
   * Writes what is queued, a batch at a time, one write at a time. Each write holds one of
   * libuv's four pool threads until it ends; the journal's writes in flight take up to
   * three, and password hashing and file reads need the last (docs/decisions.md, "Up to
   * three journal writes in flight"): one write at a time takes it for one short write at
   * most. Chunks whose write failed go again with the next batch.
   */
  private async writeQueued(): Promise<void> {
    // Let the chunks sealed in this turn join the first batch.
    await Promise.resolve();
    while (this.queue.length > 0) {
      const batch = [...this.queue, ...this.failed];
      this.queue = [];
      this.failed.clear();
      const chunks = batch.flatMap((chunk) => {
        const bytes = this.unwritten.get(chunk);
        return bytes === undefined ? [] : [[chunk, bytes] as const];
      });
      try {
        await this.store.write(chunks);
        for (const [chunk, bytes] of chunks) {
          this.unwritten.delete(chunk);
          this.remember(chunk, bytes);
        }
      } catch {
        this.writeFailures++;
        for (const [chunk] of chunks) this.failed.add(chunk);
      }
    }
    this.writing = undefined;
  }

  private grow(): void {
    const chunkOf = new Uint32Array(this.chunkOf.length * 2);
    chunkOf.set(this.chunkOf);
    this.chunkOf = chunkOf;
    const offsetOf = new Uint16Array(this.offsetOf.length * 2);
    offsetOf.set(this.offsetOf);
    this.offsetOf = offsetOf;
  }
}
