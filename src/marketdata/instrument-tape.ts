import type { TradeExecuted } from '../core/index.ts';
import { KLINE_PERIODS } from './periods.ts';
import { KlineSeries, type Tick } from './kline-series.ts';
import type { SavedSeries } from './series-rows.ts';

/** A trade as the public market sees it: no accounts, the aggressor's direction. */
export interface PublicTrade {
  readonly tradeId: number;
  readonly price: number;
  readonly volume: number;
  /** Direction of the incoming (aggressing) order. */
  readonly direction: 'BUY' | 'SELL';
  readonly ts: number;
}

/** The series code of ticks (one entry per trade): DIFF's duration 0. */
export const TICK_SERIES = -1;

/** Trades kept per instrument for /api/market/trades. */
export const RECENT_TRADES_KEPT = 1000;

export interface DayStats {
  open: number;
  highest: number;
  lowest: number;
  /** Last trade price of the day so far (the day's close once it ends); 0 before the first trade. */
  close: number;
  /** Price of the last trade ever; 0 before the first. Unlike `close`, a new day keeps it. */
  lastTrade: number;
  preClose: number;
  volume: number;
  /** Turnover: price x volume x multiplier, summed. */
  amount: number;
  openInterest: number;
  preOpenInterest: number;
  /** Epoch ms of the last trade (or of the day's start). */
  updatedTs: number;
}

/** When the instrument was listed and when an administrator last changed it. */
export interface Listing {
  listedTs: number;
  changedTs: number;
}

export interface SavedTape {
  readonly listing: Listing;
  readonly stats: DayStats;
  readonly recent: PublicTrade[];
  readonly series: [number, SavedSeries][];
}

/**
 * What the market has seen of one instrument: today's statistics, the open interest, the
 * latest trades and the candles of every period. Fed by trades and day changes only.
 */
export class InstrumentTape {
  stats: DayStats = {
    open: 0, highest: 0, lowest: 0, close: 0, lastTrade: 0, preClose: 0, volume: 0, amount: 0, openInterest: 0, preOpenInterest: 0, updatedTs: 0,
  };
  listing: Listing = { listedTs: 0, changedTs: 0 };
  private recent: PublicTrade[] = [];
  private readonly series = new Map<number, KlineSeries>();
  private ticks = KlineSeries.ticks();
  /** Ticks of the command being observed, waiting for the book's top once it is done. */
  private readonly awaitingTop: Tick[] = [];

  constructor(readonly volumeMultiple: number) {
    for (const period of KLINE_PERIODS) this.series.set(period.code, new KlineSeries());
    this.series.set(TICK_SERIES, this.ticks);
  }

  static fromJSON(volumeMultiple: number, saved: SavedTape): InstrumentTape {
    const tape = new InstrumentTape(volumeMultiple);
    tape.listing = { ...saved.listing };
    tape.stats = { ...saved.stats, lastTrade: saved.stats.lastTrade ?? saved.stats.close };
    tape.recent = [...saved.recent];
    for (const [code, series] of saved.series) {
      if (code === TICK_SERIES) tape.series.set(code, (tape.ticks = KlineSeries.ticksFromJSON(series)));
      else tape.series.set(code, KlineSeries.fromJSON(series));
    }
    return tape;
  }

  toJSON(): SavedTape {
    return { listing: this.listing, stats: this.stats, recent: this.recent, series: [...this.series].map(([code, s]) => [code, s.toJSON()]) };
  }

  trade(event: TradeExecuted, ts: number, dayOpenMs: number): void {
    const { price, volume } = event;
    const s = this.stats;
    const oiBefore = s.openInterest;
    const opening = (event.maker.offset === 'OPEN' ? 1 : 0) + (event.taker.offset === 'OPEN' ? 1 : 0);
    // Two new positions add open interest, two closing ones remove it, a hand-over keeps it.
    if (opening === 2) s.openInterest += volume;
    else if (opening === 0) s.openInterest -= volume;
    if (s.volume === 0) {
      s.open = price;
      s.highest = price;
      s.lowest = price;
    } else {
      if (price > s.highest) s.highest = price;
      if (price < s.lowest) s.lowest = price;
    }
    s.close = price;
    s.lastTrade = price;
    s.volume += volume;
    s.amount += price * volume * this.volumeMultiple;
    s.updatedTs = ts;
    this.recent.push({ tradeId: event.tradeId, price, volume, direction: event.taker.direction, ts });
    if (this.recent.length > RECENT_TRADES_KEPT * 2) this.recent.splice(0, this.recent.length - RECENT_TRADES_KEPT);
    for (const period of KLINE_PERIODS) {
      // Intraday candles open on the exchange's clock, counted from the trading day's
      // midnight: in a zone half an hour off UTC an hour candle opens at 10:00, not 09:30.
      const sinceMidnight = (ts - dayOpenMs) % period.ms;
      const openMs = period.daily ? dayOpenMs : ts - (sinceMidnight < 0 ? sinceMidnight + period.ms : sinceMidnight);
      this.series.get(period.code)?.addTrade(openMs, price, volume, oiBefore, s.openInterest);
    }
    this.awaitingTop.push(
      this.ticks.addTick({
        openMs: ts, close: price, volume, openOi: oiBefore, closeOi: s.openInterest, dayHighest: s.highest, dayLowest: s.lowest, dayVolume: s.volume, dayAmount: s.amount,
      }),
    );
  }

  /** True while ticks of the command being observed wait for the book's top. */
  get ticksAwaitTop(): boolean {
    return this.awaitingTop.length > 0;
  }

  /**
   * The book's top once the command whose trades made the waiting ticks is done: what a
   * client would have seen beside them (a command's trades all show the book it left).
   */
  showTop(top: Pick<Tick, 'bidPrice1' | 'bidVolume1' | 'askPrice1' | 'askVolume1'>): void {
    for (const tick of this.awaitingTop) {
      tick.bidPrice1 = top.bidPrice1;
      tick.bidVolume1 = top.bidVolume1;
      tick.askPrice1 = top.askPrice1;
      tick.askVolume1 = top.askVolume1;
    }
    this.awaitingTop.length = 0;
  }

  /** A new trading day: today's figures start again, yesterday's become the "pre" ones. */
  beginDay(ts: number): void {
    const s = this.stats;
    if (s.volume > 0) s.preClose = s.close;
    s.preOpenInterest = s.openInterest;
    s.open = s.highest = s.lowest = s.close = s.volume = s.amount = 0;
    s.updatedTs = ts;
    // Candles only: every tick is an entry of its own already.
    for (const series of this.series.values()) if (series !== this.ticks) series.seal();
  }

  /** A delisted contract's positions were closed at settlement. */
  expire(): void {
    this.stats.openInterest = 0;
  }

  /** How many trades recentTrades pages through. */
  get recentTradeCount(): number {
    return Math.min(this.recent.length, RECENT_TRADES_KEPT);
  }

  /**
   * Newest first: `limit` trades after skipping the `offset` newest, among the newest
   * RECENT_TRADES_KEPT (more are held between trims; serving them would make a page
   * depend on when the list was last trimmed).
   */
  recentTrades(limit: number, offset = 0): PublicTrade[] {
    const first = Math.max(0, this.recent.length - RECENT_TRADES_KEPT);
    const end = Math.max(first, this.recent.length - offset);
    return this.recent.slice(Math.max(first, end - limit), end).reverse();
  }

  klines(code: number): KlineSeries | undefined {
    return this.series.get(code);
  }

  /** One entry per trade, with the day's figures and the book's top beside it (DIFF's ticks). */
  tickSeries(): KlineSeries<Tick> {
    return this.ticks;
  }
}
