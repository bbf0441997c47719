/**
 * A tiny seeded PRNG (mulberry32): 32 bits of state, fast, and good enough for workload
 * generation. The same seed always gives the same sequence on every platform, which is
 * what makes the benchmark streams reproducible.
 */
export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** Uniform integer in [lo, hi] (both inclusive). */
  between(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** Geometric-like whole number >= 0 with the given mean (floor of an exponential draw). */
  expInt(mean: number): number {
    return Math.floor(-Math.log(1 - this.next()) * mean);
  }
}
