import { PriceLevel } from './price-level.ts';

const WORD_BITS = 32;

/**
 * One side of a book: price levels indexed directly by tick, plus a bitset of the
 * non-empty ones. The daily price band bounds the number of ticks, so an array is both
 * the smallest and the fastest index; the bitset finds the next best level in a few
 * word operations when the best one empties. Level objects are kept once created, so a
 * level that empties and refills costs no allocation.
 *
 * The range grows on demand (in whole bitset words) for prices outside the first band,
 * e.g. GTC orders that survive a settlement which moved the limits.
 */
export class PriceLadder {
  /** Tick of index 0; always a multiple of WORD_BITS so growing shifts whole words. */
  private base: number;
  private levels: (PriceLevel | undefined)[];
  private occupied: Uint32Array;
  private bestIndex = -1;
  private nonEmptyLevels = 0;

  constructor(
    /** Bids want the highest price first, asks the lowest. */
    readonly highestFirst: boolean,
    lowTicks: number,
    highTicks: number,
  ) {
    this.base = alignDown(lowTicks);
    const size = alignUp(highTicks - this.base + 1);
    this.levels = new Array<PriceLevel | undefined>(size).fill(undefined);
    this.occupied = new Uint32Array(size / WORD_BITS);
  }

  get levelCount(): number {
    return this.nonEmptyLevels;
  }

  best(): PriceLevel | undefined {
    return this.bestIndex < 0 ? undefined : this.levels[this.bestIndex];
  }

  /** The level at a price, created (empty) if it never existed. */
  levelAt(priceTicks: number): PriceLevel {
    this.ensureRange(priceTicks);
    const index = priceTicks - this.base;
    let level = this.levels[index];
    if (level === undefined) {
      level = new PriceLevel(priceTicks);
      this.levels[index] = level;
    }
    return level;
  }

  /** Call when a level received its first order. */
  markNonEmpty(level: PriceLevel): void {
    const index = level.priceTicks - this.base;
    this.occupied[index >>> 5]! |= 1 << (index & 31);
    this.nonEmptyLevels++;
    const best = this.bestIndex;
    if (best < 0 || (this.highestFirst ? index > best : index < best)) this.bestIndex = index;
  }

  /** Call when a level lost its last order. */
  markEmpty(level: PriceLevel): void {
    const index = level.priceTicks - this.base;
    this.occupied[index >>> 5]! &= ~(1 << (index & 31));
    this.nonEmptyLevels--;
    if (index === this.bestIndex) {
      this.bestIndex = this.highestFirst
        ? highestSetAtOrBelow(this.occupied, index)
        : lowestSetAtOrAbove(this.occupied, index);
    }
  }

  /** The next non-empty level after `level`, going away from the best; undefined at the end. */
  nextAfter(level: PriceLevel): PriceLevel | undefined {
    const index = level.priceTicks - this.base;
    const next = this.highestFirst
      ? highestSetAtOrBelow(this.occupied, index - 1)
      : lowestSetAtOrAbove(this.occupied, index + 1);
    return next < 0 ? undefined : this.levels[next];
  }

  /** Non-empty levels from the best outwards, at most `max` of them. */
  topLevels(max: number): PriceLevel[] {
    const out: PriceLevel[] = [];
    for (let level = this.best(); level !== undefined && out.length < max; level = this.nextAfter(level)) {
      out.push(level);
    }
    return out;
  }

  private ensureRange(priceTicks: number): void {
    const size = this.levels.length;
    const index = priceTicks - this.base;
    if (index >= 0 && index < size) return;
    // Grow with headroom so a drifting price does not reallocate on every new tick.
    const pad = alignUp(Math.max(WORD_BITS, size >> 1));
    const oldTop = this.base + size;
    const newBase = priceTicks < this.base ? alignDown(priceTicks - pad) : this.base;
    const newTop = priceTicks >= oldTop ? priceTicks + 1 + pad : oldTop;
    const newSize = alignUp(newTop - newBase);
    const shift = this.base - newBase;
    const levels = new Array<PriceLevel | undefined>(newSize).fill(undefined);
    for (let i = 0; i < size; i++) levels[i + shift] = this.levels[i];
    const occupied = new Uint32Array(newSize / WORD_BITS);
    occupied.set(this.occupied, shift / WORD_BITS);
    this.levels = levels;
    this.occupied = occupied;
    if (this.bestIndex >= 0) this.bestIndex += shift;
    this.base = newBase;
  }
}

function alignDown(ticks: number): number {
  return Math.floor(ticks / WORD_BITS) * WORD_BITS;
}

function alignUp(count: number): number {
  return Math.ceil(count / WORD_BITS) * WORD_BITS;
}

/** Index of the highest set bit at or below `from`, or -1. */
export function highestSetAtOrBelow(words: Uint32Array, from: number): number {
  if (from < 0) return -1;
  let w = from >>> 5;
  if (w >= words.length) {
    w = words.length - 1;
    from = w * WORD_BITS + 31;
  }
  const bit = from & 31;
  let word = words[w]! & (bit === 31 ? 0xffffffff : (1 << (bit + 1)) - 1);
  for (;;) {
    if (word !== 0) return (w << 5) + 31 - Math.clz32(word);
    if (--w < 0) return -1;
    word = words[w]!;
  }
}

/** Index of the lowest set bit at or above `from`, or -1. */
export function lowestSetAtOrAbove(words: Uint32Array, from: number): number {
  if (from < 0) from = 0;
  let w = from >>> 5;
  if (w >= words.length) return -1;
  let word = words[w]! & (0xffffffff << (from & 31));
  for (;;) {
    if (word !== 0) return (w << 5) + 31 - Math.clz32(word & -word);
    if (++w >= words.length) return -1;
    word = words[w]!;
  }
}
