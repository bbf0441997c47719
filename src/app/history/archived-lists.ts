import { type KeyedSource, mergedPage } from './merged-page.ts';
import type { ArrayReader, ArrayRef, ArrayWriter } from './checkpoint-codec.ts';
import type { RecordArchive } from './record-archive.ts';

/** In a saved list, the place of a record still in the heap (saved as an object beside it). */
const IN_HEAP = 0xffffffff;

/** What a checkpoint keeps of one account's list. */
interface SavedList<T> {
  readonly account: string;
  readonly records: ArrayRef;
  readonly objects: T[];
  readonly keys: ArrayRef;
  readonly unordered: boolean;
}

/** What a checkpoint keeps of the lists: each account's, and the settled records waiting to be archived. */
export interface SavedLists<T> {
  readonly lists: SavedList<T>[];
  readonly settled: { readonly accounts: string[]; readonly indexes: number[] };
}

/** How a kind of record is written to the archive and read back. */
export interface RecordCodec<T> {
  encode(record: T): string;
  decode(text: string): T;
}

/**
 * Per-account lists of history records (orders or trades), in the order they were added,
 * whose settled records move out of the heap. A record is an object while it may still
 * change (a live order). Once settled (it never changes again), it stays an object for
 * a while, since what just happened is what clients read next, and then the oldest
 * settled records beyond `keepInHeap` are written to the archive; the list keeps their
 * record numbers. Reads give the same records either way: archived ones are decoded
 * into fresh objects, which callers must not change.
 */
export class ArchivedLists<T extends object> {
  private readonly lists = new Map<string, (T | number)[]>();
  /**
   * Each record's sort key (its time), beside the list: a page in time order is found
   * without decoding the records before it. Lists whose keys went back in time (a
   * modified order keeps its entry time) are read through a permutation made when asked.
   */
  private readonly keys = new Map<string, number[]>();
  private readonly unordered = new Set<string>();
  private readonly permutations = new Map<string, Uint32Array>();
  /** Settled records still in the heap, oldest first: their accounts and indexes in their lists (from `head` on). */
  private settledAccounts: string[] = [];
  private settledIndexes: number[] = [];
  private head = 0;

  constructor(
    private readonly archive: RecordArchive,
    private readonly codec: RecordCodec<T>,
    /** Settled records kept as objects, at least, before the oldest are archived. */
    private readonly keepInHeap: number,
    /** The time a record is listed by; it never changes once the record is pushed. */
    private readonly keyOf: (record: T) => number,
  ) {}

  /** Appends a record to the account's list; returns its index there. */
  push(accountId: string, record: T): number {
    let list = this.lists.get(accountId);
    if (list === undefined) {
      list = [];
      this.lists.set(accountId, list);
    }
    list.push(record);
    let keys = this.keys.get(accountId);
    if (keys === undefined) this.keys.set(accountId, (keys = []));
    const key = this.keyOf(record);
    if (keys.length > 0 && key < keys[keys.length - 1]!) this.unordered.add(accountId);
    keys.push(key);
    return list.length - 1;
  }

  /**
   * Records `offset` to `offset + limit` of the accounts' lists read as one, in time order
   * (ties: the accounts' order, then each list's): only those records are decoded.
   */
  page(accountIds: readonly string[], offset: number, limit: number): T[] {
    const sources = accountIds.map((id) => this.keyedSource(id));
    return mergedPage(sources, offset, limit).map(([s, i]) => this.get(accountIds[s]!, sources[s]!.index(i))!);
  }

  private keyedSource(accountId: string): KeyedSource & { index(i: number): number } {
    const keys = this.keys.get(accountId) ?? [];
    if (!this.unordered.has(accountId)) return { length: keys.length, key: (i) => keys[i]!, index: (i) => i };
    let order = this.permutations.get(accountId);
    if (order === undefined || order.length !== keys.length) {
      order = Uint32Array.from(keys.keys()).sort((a, b) => keys[a]! - keys[b]! || a - b);
      this.permutations.set(accountId, order);
    }
    const sorted = order;
    return { length: sorted.length, key: (i) => keys[sorted[i]!]!, index: (i) => sorted[i]! };
  }

  /** The record will not change again: it may leave the heap from now on. */
  settle(accountId: string, index: number): void {
    const list = this.lists.get(accountId);
    if (list === undefined || typeof list[index] !== 'object') return;
    this.settledAccounts.push(accountId);
    this.settledIndexes.push(index);
    // Archive in halves, so that the work comes in batches and recent records stay.
    if (this.settledIndexes.length - this.head > 2 * this.keepInHeap) this.archiveOldest(this.settledIndexes.length - this.head - this.keepInHeap);
  }

  /** The record, decoded if it was archived. */
  get(accountId: string, index: number): T | undefined {
    const entry = this.lists.get(accountId)?.[index];
    return typeof entry === 'number' ? this.codec.decode(this.archive.read(entry)) : entry;
  }

  /**
   * Whether the record at `index` passes a test, asked of the object while it is in the
   * heap and of its archived text otherwise: no archived record is decoded to answer.
   */
  test(accountId: string, index: number, ofRecord: (record: T) => boolean, ofText: (text: string) => boolean): boolean {
    const entry = this.lists.get(accountId)?.[index];
    if (entry === undefined) return false;
    return typeof entry === 'number' ? ofText(this.archive.read(entry)) : ofRecord(entry);
  }

  /** The record itself, to change in place: only while it is in the heap (never once archived). */
  inHeap(accountId: string, index: number): T | undefined {
    const entry = this.lists.get(accountId)?.[index];
    return typeof entry === 'object' ? entry : undefined;
  }

  /** Where the account's record of this key is, in a list whose keys ascend (binary search). */
  indexOfKey(accountId: string, key: number): number | undefined {
    const keys = this.keys.get(accountId);
    if (keys === undefined) return undefined;
    let low = 0;
    let high = keys.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (keys[mid]! < key) low = mid + 1;
      else high = mid;
    }
    return keys[low] === key ? low : undefined;
  }

  count(accountId: string): number {
    return this.lists.get(accountId)?.length ?? 0;
  }

  /** Every record of the account, oldest first. */
  all(accountId: string): T[] {
    const list = this.lists.get(accountId);
    if (list === undefined) return [];
    const out = new Array<T>(list.length);
    for (let i = 0; i < list.length; i++) {
      const entry = list[i]!;
      out[i] = typeof entry === 'number' ? this.codec.decode(this.archive.read(entry)) : entry;
    }
    return out;
  }

  /** The account's records from the `start`-th on, oldest first, decoded one at a time as the caller walks. */
  *from(accountId: string, start: number): Generator<T> {
    const list = this.lists.get(accountId);
    if (list === undefined) return;
    for (let i = Math.max(0, start); i < list.length; i++) {
      const entry = list[i]!;
      yield typeof entry === 'number' ? this.codec.decode(this.archive.read(entry)) : entry;
    }
  }

  /** The lists as they are, for a checkpoint: archived records by number, the rest as objects. */
  save(arrays: ArrayWriter): SavedLists<T> {
    const lists: SavedList<T>[] = [];
    for (const [account, list] of this.lists) {
      const records = new Uint32Array(list.length);
      const objects: T[] = [];
      list.forEach((entry, i) => {
        if (typeof entry === 'number') records[i] = entry;
        else {
          records[i] = IN_HEAP;
          objects.push(entry);
        }
      });
      const keys = Float64Array.from(this.keys.get(account) ?? []);
      lists.push({ account, records: arrays.ref(records), objects, keys: arrays.ref(keys), unordered: this.unordered.has(account) });
    }
    return {
      lists,
      settled: { accounts: this.settledAccounts.slice(this.head), indexes: this.settledIndexes.slice(this.head) },
    };
  }

  /** Lists saved by `save`, over the archive restored with them. */
  restore(saved: SavedLists<T>, arrays: ArrayReader): void {
    for (const { account, records, objects, keys, unordered } of saved.lists) {
      const numbers = arrays.u32(records);
      const times = arrays.f64(keys);
      if (times.length !== numbers.length) throw new Error(`the checkpoint's list of ${account} has ${numbers.length} records and ${times.length} times`);
      const list: (T | number)[] = new Array(numbers.length);
      let next = 0;
      for (let i = 0; i < numbers.length; i++) list[i] = numbers[i] === IN_HEAP ? objects[next++]! : numbers[i]!;
      if (next !== objects.length || list.some((entry) => entry === undefined)) throw new Error(`the checkpoint's list of ${account} does not match its objects`);
      this.lists.set(account, list);
      this.keys.set(account, Array.from(times));
      if (unordered) this.unordered.add(account);
    }
    saved.settled.accounts.forEach((account, i) => {
      if (!this.lists.has(account)) throw new Error(`the checkpoint names settled records of an unknown account ${account}`);
      this.settledAccounts.push(account);
      this.settledIndexes.push(saved.settled.indexes[i]!);
    });
  }

  /**
   * The newest archived record of each account, decoded: a cheap check that the stored
   * chunks are the ones a checkpoint's index points into (a store rewritten by another
   * version would not be). Throws what decoding throws; returns the records to check.
   */
  newestArchived(): { readonly account: string; readonly record: T }[] {
    const out: { account: string; record: T }[] = [];
    for (const [account, list] of this.lists) {
      for (let i = list.length - 1; i >= 0; i--) {
        const entry = list[i]!;
        if (typeof entry !== 'number') continue;
        out.push({ account, record: this.codec.decode(this.archive.read(entry)) });
        break;
      }
    }
    return out;
  }

  accounts(): IterableIterator<string> {
    return this.lists.keys();
  }

  private archiveOldest(count: number): void {
    const end = this.head + count;
    for (let i = this.head; i < end; i++) {
      const accountId = this.settledAccounts[i]!;
      const list = this.lists.get(accountId)!;
      const index = this.settledIndexes[i]!;
      const entry = list[index];
      if (typeof entry === 'object') list[index] = this.archive.append(this.codec.encode(entry), accountId);
    }
    this.head = end;
    // Drop the archived part of the queue once it is the larger part.
    if (this.head > this.settledIndexes.length / 2) {
      this.settledAccounts = this.settledAccounts.slice(this.head);
      this.settledIndexes = this.settledIndexes.slice(this.head);
      this.head = 0;
    }
  }
}
