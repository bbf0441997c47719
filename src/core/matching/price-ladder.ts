import { PriceLevel } from './price-level.ts';

const WORD_BITS = 32;

/**
 * Most ticks the array of one side may span: 2 MB of slots. A price band wider than
 * this, or a price far from the rest of the book (an instrument without limits takes
 * any positive price), lives in the sparse part instead of stretching the array to it.
 */
export const MAX_DENSE_TICKS = 1 << 18;

/**
 * One side of a book: price levels indexed directly by tick, plus a bitset of the
 * non-empty ones. The daily price band bounds the number of ticks, so an array is both
 * the smallest and the fastest index; the bitset finds the next best level in a few
 * word operations when the best one empties. Level objects are kept once created, so a
 * level that empties and refills costs no allocation.
 *
 * The range grows on demand (in whole bitset words) for prices outside the first band,
 * e.g. GTC orders that survive a settlement which moved the limits, up to
 * MAX_DENSE_TICKS. Prices beyond that are "far": their levels sit in a map, and their
 * prices in a sorted list, best first. Far levels are rare, so the list is kept by
 * insertion. The array never spans more than MAX_DENSE_TICKS, and a price was far
 * because covering it would have: so the array never grows over a far price.
 */
export class PriceLadder {
  /** Tick of index 0; always a multiple of WORD_BITS so growing shifts whole words. */
  private base: number;
  private levels: (PriceLevel | undefined)[];
  private occupied: Uint32Array;
  private bestIndex = -1;
  private nonEmptyLevels = 0;
  /** Levels outside the array, by price; only while they hold orders. */
  private readonly farLevels = new Map<number, PriceLevel>();
  /** Prices of the far levels, best first. */
  private readonly farPrices: number[] = [];

  constructor(
    /** Bids want the highest price first, asks the lowest. */
    readonly highestFirst: boolean,
    lowTicks: number,
    highTicks: number,
  ) {
    // A band wider than the array may span keeps the part around its middle.
    if (highTicks - lowTicks + 1 > MAX_DENSE_TICKS - 2 * WORD_BITS) {
      const middle = Math.round((lowTicks + highTicks) / 2);
      lowTicks = Math.max(0, middle - MAX_DENSE_TICKS / 4);
      highTicks = lowTicks + MAX_DENSE_TICKS / 2;
    }
    this.base = alignDown(lowTicks);
    const size = alignUp(highTicks - this.base + 1);
    this.levels = new Array<PriceLevel | undefined>(size).fill(undefined);
    this.occupied = new Uint32Array(size / WORD_BITS);
  }

  get levelCount(): number {
    return this.nonEmptyLevels;
  }

  best(): PriceLevel | undefined {
    const dense = this.bestIndex < 0 ? undefined : this.levels[this.bestIndex];
    if (this.farPrices.length === 0) return dense;
    return this.better(dense, this.farLevels.get(this.farPrices[0]!));
  }

  /** The level at a price, created (empty) if it never existed. */
  levelAt(priceTicks: number): PriceLevel {
    if (!this.ensureRange(priceTicks)) {
      let far = this.farLevels.get(priceTicks);
      if (far === undefined) {
        far = new PriceLevel(priceTicks);
        this.farLevels.set(priceTicks, far);
      }
      return far;
    }
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
    this.nonEmptyLevels++;
    if (this.isFar(level)) {
      this.farPrices.splice(this.farRank(level.priceTicks), 0, level.priceTicks);
      return;
    }
    this.markDense(level.priceTicks - this.base);
  }

  /** Call when a level lost its last order. */
  markEmpty(level: PriceLevel): void {
    this.nonEmptyLevels--;
    if (this.isFar(level)) {
      this.farPrices.splice(this.farRank(level.priceTicks), 1);
      this.farLevels.delete(level.priceTicks);
      return;
    }
    const index = level.priceTicks - this.base;
    this.occupied[index >>> 5]! &= ~(1 << (index & 31));
    if (index === this.bestIndex) {
      this.bestIndex = this.highestFirst
        ? highestSetAtOrBelow(this.occupied, index)
        : lowestSetAtOrAbove(this.occupied, index);
    }
  }

  /**
   * The next non-empty level after `level` (which may have emptied meanwhile), going
   * away from the best; undefined at the end.
   */
  nextAfter(level: PriceLevel): PriceLevel | undefined {
    const index = level.priceTicks - this.base;
    const next = this.highestFirst
      ? highestSetAtOrBelow(this.occupied, index - 1)
      : lowestSetAtOrAbove(this.occupied, index + 1);
    const dense = next < 0 ? undefined : this.levels[next];
    if (this.farPrices.length === 0) return dense;
    // The first far price worse than this level's: after the ones equal to it or better.
    let rank = this.farRank(level.priceTicks);
    if (this.farPrices[rank] === level.priceTicks) rank++;
    const far = rank < this.farPrices.length ? this.farLevels.get(this.farPrices[rank]!) : undefined;
    return this.better(dense, far);
  }

  /** Non-empty levels from the best outwards, at most `max` of them. */
  topLevels(max: number): PriceLevel[] {
    const out: PriceLevel[] = [];
    for (let level = this.best(); level !== undefined && out.length < max; level = this.nextAfter(level)) {
      out.push(level);
    }
    return out;
  }

  private isFar(level: PriceLevel): boolean {
    return this.farLevels.size > 0 && this.farLevels.get(level.priceTicks) === level;
  }

  private markDense(index: number): void {
    this.occupied[index >>> 5]! |= 1 << (index & 31);
    const best = this.bestIndex;
    if (best < 0 || (this.highestFirst ? index > best : index < best)) this.bestIndex = index;
  }

  private better(a: PriceLevel | undefined, b: PriceLevel | undefined): PriceLevel | undefined {
    if (a === undefined) return b;
    if (b === undefined) return a;
    return this.highestFirst === a.priceTicks > b.priceTicks ? a : b;
  }

  /** Where `priceTicks` is, or would go, in the far prices (best first). */
  private farRank(priceTicks: number): number {
    const prices = this.farPrices;
    let low = 0;
    let high = prices.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const ahead = this.highestFirst ? prices[mid]! > priceTicks : prices[mid]! < priceTicks;
      if (ahead) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /**
   * Makes the array cover `priceTicks` if it can within MAX_DENSE_TICKS; false when the
   * price is too far from the array and belongs to the far levels.
   */
  private ensureRange(priceTicks: number): boolean {
    const size = this.levels.length;
    const index = priceTicks - this.base;
    if (index >= 0 && index < size) return true;
    const low = Math.min(this.base, alignDown(priceTicks));
    const top = Math.max(this.base + size, alignUp(priceTicks + 1));
    if (top - low > MAX_DENSE_TICKS) return false;
    // Grow with headroom so a drifting price does not reallocate on every new tick; the
    // headroom never takes the span past MAX_DENSE_TICKS (see the class comment).
    const pad = Math.min(alignUp(Math.max(WORD_BITS, size >> 1)), alignDown((MAX_DENSE_TICKS - (top - low)) / 2));
    const newBase = priceTicks < this.base ? Math.max(0, low - pad) : this.base;
    const newTop = priceTicks >= this.base + size ? top + pad : this.base + size;
    const newSize = newTop - newBase;
    const shift = this.base - newBase;
    const levels = new Array<PriceLevel | undefined>(newSize).fill(undefined);
    for (let i = 0; i < size; i++) levels[i + shift] = this.levels[i];
    const occupied = new Uint32Array(newSize / WORD_BITS);
    occupied.set(this.occupied, shift / WORD_BITS);
    this.levels = levels;
    this.occupied = occupied;
    if (this.bestIndex >= 0) this.bestIndex += shift;
    this.base = newBase;
    return true;
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
  // Compared before shifting: \`>>>\` wraps at 2^32, and a far level's index may be beyond.
  if (from >= words.length * WORD_BITS) from = words.length * WORD_BITS - 1;
  let w = from >>> 5;
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
  // Compared before shifting, as above.
  if (from >= words.length * WORD_BITS) return -1;
  let w = from >>> 5;
  let word = words[w]! & (0xffffffff << (from & 31));
  for (;;) {
    if (word !== 0) return (w << 5) + 31 - Math.clz32(word & -word);
    if (++w >= words.length) return -1;
    word = words[w]!;
  }
}
