import type { Candle, Tick } from './kline-series.ts';

/**
 * How a series is saved in a snapshot: one row of values per entry, oldest first, without
 * field names (a tick series of 25,000 entries is a third the text it was as objects, and
 * the snapshot that carries twenty of them is encoded on the event loop). Ids are not
 * saved: they count up by one to the series' next id.
 */
export interface SavedSeries {
  readonly nextId: number;
  readonly rows?: number[][];
  /** Entries as objects: snapshots written before 2026-11-24. */
  readonly candles?: readonly SavedEntry[];
  /** The newest candle's trading day has ended (KlineSeries.seal); absent when it has not. */
  readonly sealed?: boolean;
}

type SavedEntry = Partial<Tick> & Pick<Candle, 'id' | 'openMs' | 'open' | 'high' | 'low' | 'close' | 'volume' | 'openOi' | 'closeOi'>;

export function candleRow(c: Candle): number[] {
  return [c.openMs, c.open, c.high, c.low, c.close, c.volume, c.openOi, c.closeOi];
}

/** A tick's trade is one price, saved once. */
export function tickRow(t: Tick): number[] {
  return [t.openMs, t.close, t.volume, t.openOi, t.closeOi, t.dayHighest, t.dayLowest, t.dayVolume, t.dayAmount, t.bidPrice1, t.bidVolume1, t.askPrice1, t.askVolume1];
}

export function candlesOf(saved: SavedSeries): Candle[] {
  if (saved.rows === undefined) return (saved.candles ?? []).map((c) => candleFromEntry(c));
  const firstId = saved.nextId - saved.rows.length;
  return saved.rows.map((r, i) => ({
    id: firstId + i, openMs: at(r, 0), open: at(r, 1), high: at(r, 2), low: at(r, 3), close: at(r, 4), volume: at(r, 5), openOi: at(r, 6), closeOi: at(r, 7),
  }));
}

/**
 * Ticks as saved. Those of snapshots written before ticks kept the market beside their
 * trade lack those figures: 0, as figures that do not exist show elsewhere.
 */
export function ticksOf(saved: SavedSeries): Tick[] {
  if (saved.rows === undefined) {
    return (saved.candles ?? []).map((c) => ({
      ...candleFromEntry(c),
      dayHighest: c.dayHighest ?? 0,
      dayLowest: c.dayLowest ?? 0,
      dayVolume: c.dayVolume ?? 0,
      dayAmount: c.dayAmount ?? 0,
      bidPrice1: c.bidPrice1 ?? 0,
      bidVolume1: c.bidVolume1 ?? 0,
      askPrice1: c.askPrice1 ?? 0,
      askVolume1: c.askVolume1 ?? 0,
    }));
  }
  const firstId = saved.nextId - saved.rows.length;
  return saved.rows.map((r, i) => {
    const price = at(r, 1);
    return {
      id: firstId + i,
      openMs: at(r, 0),
      open: price,
      high: price,
      low: price,
      close: price,
      volume: at(r, 2),
      openOi: at(r, 3),
      closeOi: at(r, 4),
      dayHighest: at(r, 5),
      dayLowest: at(r, 6),
      dayVolume: at(r, 7),
      dayAmount: at(r, 8),
      bidPrice1: at(r, 9),
      bidVolume1: at(r, 10),
      askPrice1: at(r, 11),
      askVolume1: at(r, 12),
    };
  });
}

function candleFromEntry(c: SavedEntry): Candle {
  return { id: c.id, openMs: c.openMs, open: c.open, high: c.high, low: c.low, close: c.close, volume: c.volume, openOi: c.openOi, closeOi: c.closeOi };
}

function at(row: readonly number[], index: number): number {
  return row[index] ?? 0;
}
