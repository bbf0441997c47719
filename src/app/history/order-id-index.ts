import { getRandomValues } from 'node:crypto';

/**
 * One account's order ids → the index, in the account's order list, of the latest order
 * placed under each. The history must find any order ever placed by its id, so this
 * grows with every order: as a Map it kept each id's string and an entry the collector
 * walked at every full collection, about 65 bytes an order. Here it is an open-addressing
 * table in two typed arrays (the record's index, the id's hash; 8 bytes a slot at 35-70%
 * load: 11-23 bytes an order, 13 measured), outside the collector's sight. The id itself
 * is not kept; the record has it, and a lookup confirms a matching hash against it
 * (`hasId`), so two ids that share a hash never mix.
 */

/** Entries per slot before the table doubles. */
const MAX_LOAD = 0.7;
const FIRST_SLOTS = 16;

/** A 32-bit hash of the id (FNV-1a over its UTF-16 units, then a final avalanche), under a seed. */
export function hashOf(id: string, seed = 0): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** What a checkpoint keeps of an index (see `save`). */
export interface SavedOrderIdIndex {
  readonly seed: number;
  readonly entries: number;
  readonly indexes: Uint32Array;
  readonly hashes: Uint32Array;
}

export class OrderIdIndex {
  /** index + 1 of the latest order under the slot's id; 0: an empty slot. */
  private indexes: Uint32Array = new Uint32Array(FIRST_SLOTS);
  /** The hash of the slot's id: where it belongs, and a first check before `hasId`. */
  private hashes: Uint32Array = new Uint32Array(FIRST_SLOTS);
  private entries = 0;
  /** Mixed into every hash, random per table: ids chosen to collide cannot be precomputed. */
  private seed = getRandomValues(new Uint32Array(1))[0]!;

  /**
   * `hasId(index, id)`: whether the account's record at `index` is of that order id.
   * `hash` is for tests (one that collides shows that ids sharing a hash stay apart).
   */
  constructor(
    private readonly hasId: (index: number, id: string) => boolean,
    private readonly hash: (id: string, seed: number) => number = hashOf,
  ) {}

  /** The table as it is, for a checkpoint (its arrays, not copies: save before changing it again). */
  save(): SavedOrderIdIndex {
    return { seed: this.seed, entries: this.entries, indexes: this.indexes, hashes: this.hashes };
  }

  static restore(saved: SavedOrderIdIndex, hasId: (index: number, id: string) => boolean): OrderIdIndex {
    const { indexes, hashes } = saved;
    if (indexes.length !== hashes.length || indexes.length < FIRST_SLOTS || (indexes.length & (indexes.length - 1)) !== 0) {
      throw new Error('an order-id table in the checkpoint is not a power-of-two table');
    }
    const index = new OrderIdIndex(hasId);
    index.seed = saved.seed >>> 0;
    index.entries = saved.entries;
    index.indexes = indexes;
    index.hashes = hashes;
    return index;
  }

  /** Ids indexed. */
  get size(): number {
    return this.entries;
  }

  /** Bytes the table takes. */
  get bytes(): number {
    return this.indexes.byteLength + this.hashes.byteLength;
  }

  get(id: string): number | undefined {
    const slot = this.slotOf(id, this.hash(id, this.seed));
    const stored = this.indexes[slot]!;
    return stored === 0 ? undefined : stored - 1;
  }

  /** The latest order under `id` is now the record at `index`. */
  set(id: string, index: number): void {
    const hash = this.hash(id, this.seed);
    const slot = this.slotOf(id, hash);
    if (this.indexes[slot] === 0) {
      this.hashes[slot] = hash;
      this.entries++;
    }
    this.indexes[slot] = index + 1;
    if (this.entries > this.indexes.length * MAX_LOAD) this.grow();
  }

  /** The id's slot, or the empty slot where it would go. */
  private slotOf(id: string, hash: number): number {
    const mask = this.indexes.length - 1;
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const stored = this.indexes[slot]!;
      if (stored === 0) return slot;
      if (this.hashes[slot] === hash && this.hasId(stored - 1, id)) return slot;
    }
  }

  /** Doubles the table, placing every entry again by its stored hash (no id is read). */
  private grow(): void {
    const oldIndexes = this.indexes;
    const oldHashes = this.hashes;
    this.indexes = new Uint32Array(oldIndexes.length * 2);
    this.hashes = new Uint32Array(oldIndexes.length * 2);
    const mask = this.indexes.length - 1;
    for (let old = 0; old < oldIndexes.length; old++) {
      const stored = oldIndexes[old]!;
      if (stored === 0) continue;
      let slot = oldHashes[old]! & mask;
      while (this.indexes[slot] !== 0) slot = (slot + 1) & mask;
      this.indexes[slot] = stored;
      this.hashes[slot] = oldHashes[old]!;
    }
  }
}
