/**
 * The bytes of a history checkpoint (see HistoryProjection.checkpoint): a JSON document
 * beside the typed arrays it names. The history's indexes are typed arrays of millions
 * of entries; as JSON they would be slow to write and to parse, so they are stored as
 * their bytes, and the document refers to each by its place ({"$array": n}).
 *
 * Layout: "BHC1", the document's byte length (u32 LE), the document (UTF-8), then each
 * array's bytes, each starting at a multiple of 8.
 */

export type CheckpointArray = Uint32Array | Uint16Array | Float64Array | Uint8Array;

const MAGIC = 'BHC1';
const KINDS = { u32: Uint32Array, u16: Uint16Array, f64: Float64Array, u8: Uint8Array } as const;
type Kind = keyof typeof KINDS;

function kindOf(array: CheckpointArray): Kind {
  if (array instanceof Uint32Array) return 'u32';
  if (array instanceof Uint16Array) return 'u16';
  if (array instanceof Float64Array) return 'f64';
  return 'u8';
}

/** An array's place in the document. */
export interface ArrayRef {
  readonly $array: number;
}

/** Collects the arrays of a document being written; `ref` stands for one in the document. */
export class ArrayWriter {
  readonly arrays: CheckpointArray[] = [];

  ref(array: CheckpointArray): ArrayRef {
    this.arrays.push(array);
    return { $array: this.arrays.length - 1 };
  }
}

/** The arrays of a document read back, by their refs. */
export class ArrayReader {
  constructor(private readonly arrays: readonly CheckpointArray[]) {}

  u32(ref: unknown): Uint32Array {
    return this.take(ref, Uint32Array);
  }

  u16(ref: unknown): Uint16Array {
    return this.take(ref, Uint16Array);
  }

  f64(ref: unknown): Float64Array {
    return this.take(ref, Float64Array);
  }

  u8(ref: unknown): Uint8Array {
    return this.take(ref, Uint8Array);
  }

  private take<A extends CheckpointArray>(ref: unknown, type: { new (...args: never[]): A }): A {
    const index = (ref as { $array?: unknown } | null)?.$array;
    const array = typeof index === 'number' ? this.arrays[index] : undefined;
    if (!(array instanceof type)) throw new Error(`the checkpoint names no ${type.name} at ${JSON.stringify(ref)}`);
    return array;
  }
}

export function encodeCheckpoint(document: unknown, writer: ArrayWriter): Buffer {
  const arrays = writer.arrays.map((array) => ({ kind: kindOf(array), length: array.length }));
  const text = Buffer.from(JSON.stringify({ arrays, document }), 'utf8');
  const align = (n: number): number => Math.ceil(n / 8) * 8;
  let size = align(8 + text.length);
  for (const array of writer.arrays) size += align(array.byteLength);
  const bytes = Buffer.alloc(size);
  bytes.write(MAGIC, 0, 'latin1');
  bytes.writeUInt32LE(text.length, 4);
  text.copy(bytes, 8);
  let at = align(8 + text.length);
  for (const array of writer.arrays) {
    bytes.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), at);
    at += align(array.byteLength);
  }
  return bytes;
}

export function decodeCheckpoint(bytes: Uint8Array): { readonly document: unknown; readonly arrays: ArrayReader } {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.length < 8 || buffer.toString('latin1', 0, 4) !== MAGIC) throw new Error('not a history checkpoint');
  const textLength = buffer.readUInt32LE(4);
  if (8 + textLength > buffer.length) throw new Error('the checkpoint is cut short');
  const { arrays, document } = JSON.parse(buffer.toString('utf8', 8, 8 + textLength)) as {
    arrays: { kind: Kind; length: number }[];
    document: unknown;
  };
  const align = (n: number): number => Math.ceil(n / 8) * 8;
  let at = align(8 + textLength);
  const read = arrays.map(({ kind, length }) => {
    const type = KINDS[kind];
    if (type === undefined || !Number.isInteger(length) || length < 0) throw new Error('the checkpoint names an array it cannot read');
    const byteLength = length * type.BYTES_PER_ELEMENT;
    if (at + byteLength > buffer.length) throw new Error('the checkpoint is cut short');
    // A copy: the arrays outlive the bytes read, and must start at a multiple of their element size.
    const array = new type(length);
    new Uint8Array(array.buffer).set(buffer.subarray(at, at + byteLength));
    at += align(byteLength);
    return array;
  });
  return { document, arrays: new ArrayReader(read) };
}
