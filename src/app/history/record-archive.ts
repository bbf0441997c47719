/**
 * Append-only texts kept outside the JavaScript heap: the finished orders and the trades
 * of the history, which only grow. In the heap they cost the garbage collector at every
 * collection (each is copied out of the young generation and marked in every full
 * collection) and count against V8's heap limit (4 GiB with pointer compression); here
 * they are bytes in large buffers the collector never looks inside, and the heap keeps
 * one small integer per record.
 */

/** Bytes per buffer: large enough that allocating one is rare, small enough to waste little. */
const CHUNK_BYTES = 4 * 1024 * 1024;
/** Each text is stored after its byte length. */
const LENGTH_BYTES = 4;

export class RecordArchive {
  private readonly chunks: Buffer[] = [];
  /** Where the current chunk's free space begins. */
  private used = CHUNK_BYTES;
  /** Record number → chunk index, and → offset of its length prefix in that chunk. */
  private chunkOf = new Uint32Array(1024);
  private offsetOf = new Uint32Array(1024);
  private count = 0;
  private storedBytes = 0;
  private allocatedBytes = 0;

  /** Records stored. */
  get size(): number {
    return this.count;
  }

  /** Bytes held outside the heap (buffers allocated, whether filled or not). */
  get bytes(): number {
    return this.allocatedBytes + this.chunkOf.byteLength + this.offsetOf.byteLength;
  }

  /** Bytes of stored text (with length prefixes). */
  get textBytes(): number {
    return this.storedBytes;
  }

  /** Stores a text; returns its record number (a small integer, 0, 1, 2...). */
  append(text: string): number {
    // UTF-8 takes at most 3 bytes per UTF-16 unit: when that much room is left, the text
    // is written without counting its bytes first (a second pass over it, 2% of the
    // server's time under batched DIFF order entry).
    if (this.used + LENGTH_BYTES + text.length * 3 > CHUNK_BYTES) {
      const needed = LENGTH_BYTES + Buffer.byteLength(text);
      if (this.used + needed > CHUNK_BYTES) {
        // An outsized record (never expected: records are a few hundred bytes) gets a buffer of its own.
        const size = Math.max(CHUNK_BYTES, needed);
        this.chunks.push(Buffer.allocUnsafeSlow(size));
        this.allocatedBytes += size;
        this.used = 0;
      }
    }
    const chunk = this.chunks.length - 1;
    const buffer = this.chunks[chunk]!;
    const at = this.used;
    // Room for the whole text is ensured above, so `write` never cuts it short.
    const length = buffer.write(text, at + LENGTH_BYTES, 'utf8');
    buffer.writeUInt32LE(length, at);
    if (this.count === this.chunkOf.length) this.grow();
    this.chunkOf[this.count] = chunk;
    this.offsetOf[this.count] = at;
    this.used = at + LENGTH_BYTES + length;
    this.storedBytes += LENGTH_BYTES + length;
    // A buffer bigger than a chunk holds one record only.
    if (buffer.length > CHUNK_BYTES) this.used = CHUNK_BYTES;
    return this.count++;
  }

  read(record: number): string {
    if (!Number.isInteger(record) || record < 0 || record >= this.count) throw new RangeError(`no archived record ${record}`);
    const buffer = this.chunks[this.chunkOf[record]!]!;
    const at = this.offsetOf[record]!;
    const start = at + LENGTH_BYTES;
    return buffer.toString('utf8', start, start + buffer.readUInt32LE(at));
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
