/**
 * Benchmark workloads: seeded, deterministic streams of operations on ONE instrument.
 *
 * A workload is a prefill (passive orders that build the book to the target depth, never
 * timed) followed by the measured stream. The generator replays everything it emits on
 * its own model book (book-model.ts), so cancels and modifies target orders that really
 * still rest, aggressive prices are set against the real best, and the depth is steered
 * toward the target by biasing adds against cancels.
 *
 * Price band: ticks 9000..11000, which is exactly the daily limit band of the Basis
 * instrument the adapter registers (reference 10000, +/-10%). The mid random-walks slowly
 * inside 9300..10700 so the book drifts without ever touching the limits.
 */
import { BookModel, ModelOrder } from './book-model.ts';
import { Prng } from './prng.ts';

export type Side = 'BUY' | 'SELL';
export type BenchOp =
  | { kind: 'limit'; id: number; account: number; side: Side; priceTicks: number; volume: number; tif: 'GFD' | 'IOC' | 'FOK' }
  | { kind: 'market'; id: number; account: number; side: Side; volume: number }
  | { kind: 'cancel'; id: number; account: number }
  | { kind: 'modify'; id: number; account: number; priceTicks: number; volume: number };

export interface EngineUnderTest {
  readonly name: string;
  apply(op: BenchOp): void;
  restingCount(): number;
}

export type Mix = 'futures' | 'exchange-core';
export const MIXES: readonly Mix[] = ['futures', 'exchange-core'];

/** What the generator meant an op to be (limit ops differ only by intent and tif). */
export type OpLabel = 'passive' | 'cancel' | 'modify' | 'ioc' | 'market' | 'fok';
export const OP_LABELS: readonly OpLabel[] = ['passive', 'cancel', 'modify', 'ioc', 'market', 'fok'];

/** Target shares (percent) of each label in the measured stream, per mix. */
export const MIX_TARGETS: Readonly<Record<Mix, Readonly<Record<OpLabel, number>>>> = {
  // The brief's futures mix.
  futures: { passive: 45, cancel: 25, modify: 10, ioc: 10, market: 5, fok: 5 },
  // exchange-core style: mostly moves (modify to a new price, same volume) and cancels,
  // a steady trickle of new passive orders and some crossing IOC orders.
  'exchange-core': { passive: 25, cancel: 15, modify: 50, ioc: 10, market: 0, fok: 0 },
};

export const BAND_LOW_TICKS = 9000;
export const BAND_HIGH_TICKS = 11000;
export const REFERENCE_TICKS = 10000;
const MID_LOW = 9300;
const MID_HIGH = 10700;
/** Probability per op that the mid moves one tick (slow random walk). */
const MID_STEP_PROBABILITY = 0.02;
/** Mean distance (ticks) behind the reference price of a passive order in the stream. */
const PASSIVE_MEAN_TICKS = 3;
const MAX_VOLUME = 10;

export interface WorkloadSpec {
  readonly mix: Mix;
  /** Target number of resting orders. */
  readonly depth: number;
  /** Length of the measured stream. */
  readonly ops: number;
  readonly seed: number;
  /** Distinct accounts (default 1,000). */
  readonly accounts?: number;
}

export interface WorkloadStats {
  readonly labels: Record<OpLabel, number>;
  readonly restingAfterPrefill: number;
  /** Non-empty price levels and the most orders at one level, after the prefill. */
  readonly levelsAfterPrefill: number;
  readonly maxLevelOrdersAfterPrefill: number;
  readonly restingAtEnd: number;
  readonly restingMin: number;
  readonly restingMax: number;
  readonly midAtEnd: number;
  readonly tradedVolume: number;
}

export interface Workload {
  readonly spec: WorkloadSpec;
  readonly prefill: BenchOp[];
  readonly stream: BenchOp[];
  readonly stats: WorkloadStats;
}

/** Mean distance from the mid of prefill orders: wider books for deeper targets. */
export function prefillMeanTicks(depth: number): number {
  return depth >= 500_000 ? 200 : depth >= 10_000 ? 100 : 10;
}

/**
 * A passive GFD order for the prefill: buys below the mid, sells above, at an
 * exponentially distributed distance. Never crosses, so no model is needed to build a book.
 */
export function prefillOrder(rng: Prng, id: number, accounts: number, mid: number, meanTicks: number): BenchOp {
  const isBuy = rng.chance(0.5);
  const room = isBuy ? mid - 1 - BAND_LOW_TICKS : BAND_HIGH_TICKS - mid - 1;
  let distance = rng.expInt(meanTicks);
  while (distance > room) distance = rng.expInt(meanTicks);
  return {
    kind: 'limit',
    id,
    account: rng.int(accounts),
    side: isBuy ? 'BUY' : 'SELL',
    priceTicks: isBuy ? mid - 1 - distance : mid + 1 + distance,
    volume: rng.between(1, MAX_VOLUME),
    tif: 'GFD',
  };
}

export function generateWorkload(spec: WorkloadSpec): Workload {
  return new Generator(spec).run();
}

class Generator {
  private readonly rng: Prng;
  private readonly accounts: number;
  private readonly model = new BookModel(BAND_LOW_TICKS, BAND_HIGH_TICKS, true);
  private readonly byId = new Map<number, ModelOrder>();
  private readonly targets: Readonly<Record<OpLabel, number>>;
  private mid = REFERENCE_TICKS;
  private nextId = 1;
  private readonly labels: Record<OpLabel, number> = { passive: 0, cancel: 0, modify: 0, ioc: 0, market: 0, fok: 0 };

  constructor(private readonly spec: WorkloadSpec) {
    this.rng = new Prng(spec.seed);
    this.accounts = spec.accounts ?? 1000;
    this.targets = MIX_TARGETS[spec.mix];
  }

  run(): Workload {
    const prefill: BenchOp[] = [];
    const mean = prefillMeanTicks(this.spec.depth);
    while (this.model.restingCount < this.spec.depth) {
      const op = prefillOrder(this.rng, this.nextId++, this.accounts, this.mid, mean);
      this.replay(op);
      prefill.push(op);
    }
    const restingAfterPrefill = this.model.restingCount;
    const levelStats = this.model.levelStats();
    let restingMin = restingAfterPrefill;
    let restingMax = restingAfterPrefill;
    const stream: BenchOp[] = new Array<BenchOp>(this.spec.ops);
    for (let i = 0; i < this.spec.ops; i++) {
      this.walkMid();
      const op = this.nextOp();
      this.replay(op);
      stream[i] = op;
      const resting = this.model.restingCount;
      if (resting < restingMin) restingMin = resting;
      if (resting > restingMax) restingMax = resting;
    }
    return {
      spec: this.spec,
      prefill,
      stream,
      stats: {
        labels: { ...this.labels },
        restingAfterPrefill,
        levelsAfterPrefill: levelStats.levels,
        maxLevelOrdersAfterPrefill: levelStats.maxOrdersAtLevel,
        restingAtEnd: this.model.restingCount,
        restingMin,
        restingMax,
        midAtEnd: this.mid,
        tradedVolume: this.model.tradedVolume,
      },
    };
  }

  private walkMid(): void {
    if (!this.rng.chance(MID_STEP_PROBABILITY)) return;
    const step = this.rng.chance(0.5) ? 1 : -1;
    const next = this.mid + step;
    this.mid = next < MID_LOW || next > MID_HIGH ? this.mid - step : next;
  }

  /** Picks the next label: the mix's targets, with adds and cancels leaning toward the depth. */
  private pickLabel(): OpLabel {
    const t = this.targets;
    const deviation = (this.spec.depth - this.model.restingCount) / this.spec.depth;
    // Within +/-2% of the target the lean is proportional; beyond, at most 10 points.
    const lean = Math.max(-1, Math.min(1, deviation * 50)) * Math.min(10, t.cancel);
    let r = this.rng.next() * 100;
    const weights: [OpLabel, number][] = [
      ['passive', t.passive + lean],
      ['cancel', t.cancel - lean],
      ['modify', t.modify],
      ['ioc', t.ioc],
      ['market', t.market],
      ['fok', t.fok],
    ];
    for (const [label, weight] of weights) {
      if (r < weight) return label;
      r -= weight;
    }
    return 'passive';
  }

  private nextOp(): BenchOp {
    let label = this.pickLabel();
    if ((label === 'cancel' || label === 'modify') && this.model.restingCount === 0) label = 'passive';
    this.labels[label]++;
    const rng = this.rng;
    const side: Side = rng.chance(0.5) ? 'BUY' : 'SELL';
    const account = rng.int(this.accounts);
    switch (label) {
      case 'passive':
        return {
          kind: 'limit',
          id: this.nextId++,
          account,
          side,
          priceTicks: this.passivePrice(side === 'BUY'),
          volume: rng.between(1, MAX_VOLUME),
          tif: 'GFD',
        };
      case 'cancel': {
        const target = this.randomResting();
        return { kind: 'cancel', id: target.id, account: target.account };
      }
      case 'modify': {
        const target = this.randomResting();
        if (this.spec.mix === 'exchange-core') {
          // A move: new price, same remaining volume.
          return {
            kind: 'modify',
            id: target.id,
            account: target.account,
            priceTicks: this.passivePrice(target.isBuy),
            volume: target.volume,
          };
        }
        const what = rng.int(3); // 0: price, 1: volume, 2: both
        return {
          kind: 'modify',
          id: target.id,
          account: target.account,
          priceTicks: what === 1 ? target.priceTicks : this.passivePrice(target.isBuy),
          volume: what === 0 ? target.volume : rng.between(1, MAX_VOLUME),
        };
      }
      case 'ioc':
      case 'fok':
        return {
          kind: 'limit',
          id: this.nextId++,
          account,
          side,
          priceTicks: this.aggressivePrice(side === 'BUY'),
          volume: rng.between(1, MAX_VOLUME),
          tif: label === 'ioc' ? 'IOC' : 'FOK',
        };
      case 'market':
        return { kind: 'market', id: this.nextId++, account, side, volume: rng.between(1, MAX_VOLUME) };
    }
  }

  /** A few ticks behind the reference on its side; never crosses the model's book. */
  private passivePrice(isBuy: boolean): number {
    const distance = this.rng.expInt(PASSIVE_MEAN_TICKS);
    if (isBuy) {
      const ask = this.model.bestAsk();
      const ref = Math.min(this.mid - 1, ask === undefined ? Infinity : ask - 1);
      return Math.max(BAND_LOW_TICKS, ref - distance);
    }
    const bid = this.model.bestBid();
    const ref = Math.max(this.mid + 1, bid === undefined ? -Infinity : bid + 1);
    return Math.min(BAND_HIGH_TICKS, ref + distance);
  }

  /** At or a tick or two through the best opposite price, so it crosses. */
  private aggressivePrice(isBuy: boolean): number {
    const through = this.rng.expInt(1);
    if (isBuy) {
      const ask = this.model.bestAsk() ?? this.mid + 1;
      return Math.min(BAND_HIGH_TICKS, ask + through);
    }
    const bid = this.model.bestBid() ?? this.mid - 1;
    return Math.max(BAND_LOW_TICKS, bid - through);
  }

  private randomResting(): ModelOrder {
    return this.model.live[this.rng.int(this.model.live.length)]!;
  }

  /** Applies an emitted op to the model book. */
  private replay(op: BenchOp): void {
    const model = this.model;
    switch (op.kind) {
      case 'limit': {
        const order = new ModelOrder(op.id, op.account, op.side === 'BUY', op.priceTicks, op.volume);
        model.submit(order, op.priceTicks, op.tif === 'GFD', op.tif === 'FOK');
        if (order.resting) this.byId.set(op.id, order);
        return;
      }
      case 'market': {
        const isBuy = op.side === 'BUY';
        const order = new ModelOrder(op.id, op.account, isBuy, 0, op.volume);
        model.submit(order, isBuy ? BAND_HIGH_TICKS : BAND_LOW_TICKS, false, false);
        return;
      }
      case 'cancel': {
        const order = this.byId.get(op.id);
        if (order !== undefined) {
          model.remove(order);
          this.byId.delete(op.id);
        }
        return;
      }
      case 'modify': {
        const old = this.byId.get(op.id);
        if (old === undefined) return;
        model.remove(old);
        this.byId.delete(op.id);
        const replacement = new ModelOrder(op.id, old.account, old.isBuy, op.priceTicks, op.volume);
        model.submit(replacement, op.priceTicks, true, false);
        if (replacement.resting) this.byId.set(op.id, replacement);
        return;
      }
    }
  }
}
