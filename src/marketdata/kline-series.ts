import { candleRow, candlesOf, type SavedSeries, tickRow, ticksOf } from './series-rows.ts';

/** One candle. `openMs` is the start of its period (the trading day's midnight for daily bars). */
export interface Candle {
  readonly id: number;
  readonly openMs: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  /** Open interest before the candle's first trade, and after its last. */
  openOi: number;
  closeOi: number;
}

/**
 * A tick: one trade, with the market as it stood once the trade's command was done. The
 * candle fields hold the trade (open = high = low = close = its price, its volume); the
 * rest is what DIFF's ticks.<ins> shows beside it.
 */
export interface Tick extends Candle {
  /** The day's figures including this trade. */
  dayHighest: number;
  dayLowest: number;
  dayVolume: number;
  dayAmount: number;
  /** The best prices and their volumes after the trade's command; 0 for an empty side. */
  bidPrice1: number;
  bidVolume1: number;
  askPrice1: number;
  askVolume1: number;
}

/** What a trade tells a tick; the book's top is added once its command is done. */
export type TickTrade = Pick<Tick, 'openMs' | 'close' | 'volume' | 'openOi' | 'closeOi' | 'dayHighest' | 'dayLowest' | 'dayVolume' | 'dayAmount'>;

/** Candles kept per series (up to a quarter more between trims); older ones are dropped, ids keep counting. */
export const MAX_CANDLES_PER_SERIES = 20_000;

interface RowOf<E> {
  row(entry: E): number[];
}

/**
 * The candles of one instrument and period, oldest first. Candles exist only for periods
 * with trades (none are invented); ids increase by one per candle, as DIFF's last_id needs.
 */
export class KlineSeries<E extends Candle = Candle> {
  private candles: E[] = [];
  private nextId = 0;
  /** The newest candle's trading day has ended: the next trade opens a candle of its own. */
  private sealed = false;

  /** How an entry is saved (see series-rows.ts); a method, so a tick series is still a series of candles. */
  constructor(private readonly saving: RowOf<E> = { row: candleRow }) {}

  static fromJSON(saved: SavedSeries): KlineSeries {
    const series = new KlineSeries();
    series.candles = candlesOf(saved);
    series.nextId = saved.nextId;
    series.sealed = saved.sealed === true;
    return series;
  }

  static ticks(): KlineSeries<Tick> {
    return new KlineSeries<Tick>({ row: tickRow });
  }

  static ticksFromJSON(saved: SavedSeries): KlineSeries<Tick> {
    const series = KlineSeries.ticks();
    series.candles = ticksOf(saved);
    series.nextId = saved.nextId;
    return series;
  }

  toJSON(): SavedSeries {
    const rows = this.candles.map((entry) => this.saving.row(entry));
    return this.sealed ? { nextId: this.nextId, rows, sealed: true } : { nextId: this.nextId, rows };
  }

  /** Adds a trade to the candle starting at `openMs` (a new candle if the period moved on). */
  addTrade(this: KlineSeries<Candle>, openMs: number, price: number, volume: number, oiBefore: number, oiAfter: number): void {
    const last = this.candles[this.candles.length - 1];
    // A trade never opens a candle before the newest one: candles are in time order, and
    // the grid they open on can move (a time zone changed in the configuration, candles
    // from before the grid counted from the exchange's midnight), so such a trade joins
    // the newest candle, unless that candle's trading day has ended: then it opens one of
    // its own, at the same time (a day settled within a minute's candle).
    if (last !== undefined && this.sealed) openMs = Math.max(openMs, last.openMs);
    else if (last !== undefined && last.openMs >= openMs) {
      if (price > last.high) last.high = price;
      if (price < last.low) last.low = price;
      last.close = price;
      last.volume += volume;
      last.closeOi = oiAfter;
      return;
    }
    this.candles.push({ id: this.nextId++, openMs, open: price, high: price, low: price, close: price, volume, openOi: oiBefore, closeOi: oiAfter });
    this.sealed = false;
    this.trim();
  }

  /**
   * The trading day ended: no later trade joins the newest candle. A candle never spans two
   * trading days, as on any exchange, even when a day is settled within its minute.
   */
  seal(): void {
    if (this.candles.length > 0) this.sealed = true;
  }

  /** Drops the oldest candles in chunks of a quarter, so that trimming is not a copy per trade. */
  private trim(): void {
    if (this.candles.length > MAX_CANDLES_PER_SERIES * 1.25) this.candles.splice(0, this.candles.length - MAX_CANDLES_PER_SERIES);
  }

  /**
   * Tick series: every trade is its own entry, even several in one millisecond. The book's
   * top is 0 until its command is done (see InstrumentTape.showTop).
   */
  addTick(this: KlineSeries<Tick>, trade: TickTrade): Tick {
    const price = trade.close;
    const tick: Tick = {
      id: this.nextId++,
      openMs: trade.openMs,
      open: price,
      high: price,
      low: price,
      close: price,
      volume: trade.volume,
      openOi: trade.openOi,
      closeOi: trade.closeOi,
      dayHighest: trade.dayHighest,
      dayLowest: trade.dayLowest,
      dayVolume: trade.dayVolume,
      dayAmount: trade.dayAmount,
      bidPrice1: 0,
      bidVolume1: 0,
      askPrice1: 0,
      askVolume1: 0,
    };
    this.candles.push(tick);
    this.trim();
    return tick;
  }

  /** The id of the newest entry that started at or before `ms`; undefined when none did. */
  idAtOrBefore(ms: number): number | undefined {
    let low = 0;
    let high = this.candles.length - 1;
    let found: number | undefined;
    while (low <= high) {
      const mid = (low + high) >> 1;
      const candle = this.candles[mid];
      if (candle === undefined) break;
      if (candle.openMs <= ms) {
        found = candle.id;
        low = mid + 1;
      } else high = mid - 1;
    }
    return found;
  }

  get firstId(): number {
    return this.candles[0]?.id ?? this.nextId;
  }

  /** The newest `count` candles, oldest first. */
  latest(count: number): readonly E[] {
    return this.candles.slice(Math.max(0, this.candles.length - count));
  }

  /** Candles with ids in [fromId, toId], oldest first. */
  byIds(fromId: number, toId: number): readonly E[] {
    const firstId = this.candles[0]?.id ?? 0;
    return this.candles.slice(Math.max(0, fromId - firstId), Math.max(0, toId - firstId + 1));
  }

  /** Id of the newest candle; -1 when there is none. */
  get lastId(): number {
    return this.nextId - 1;
  }

  get size(): number {
    return this.candles.length;
  }
}
