/** Typed readers over the DIFF mirror: quotes, candles, notifications, the session. */
import type { KlineBar, Tick } from '../api/types';
import type { Json, JsonObject } from './merge-patch';
import { diff } from './connection';

/** A DIFF quote has the fields of the REST tick (spec, "Quote"). */
export type Quote = Tick;
/** A DIFF candle has the fields of a REST kline bar, without its id (the id is the key). */
export type Candle = Omit<KlineBar, 'id'>;

export interface Notice {
  key: string;
  type: string;
  level: string;
  code: number;
  content: string;
}

const object = (value: Json | undefined): JsonObject | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;

export function quoteOf(instrument: string): Partial<Quote> | undefined {
  return object(object(diff.mirror.quotes)?.[instrument]) as Partial<Quote> | undefined;
}

/** The bars of one chart subscription, oldest first. */
export function candlesOf(instrument: string, duration: number): Candle[] {
  const series = object(object(object(diff.mirror.klines)?.[instrument])?.[String(duration)]);
  const data = object(series?.data);
  if (data === undefined) return [];
  return Object.keys(data)
    .map(Number)
    .sort((a, b) => a - b)
    .map((id) => data[String(id)] as unknown as Candle)
    .filter((bar) => typeof bar?.close === 'number');
}

/** The trading day the server reports for the logged-in session (trade.<key>.session). */
export function tradingDayOf(key: string): string | undefined {
  const session = object(object(object(diff.mirror.trade)?.[key])?.session);
  const day = session?.trading_day;
  return typeof day === 'string' ? day : undefined;
}

/** Notifications present in these patches (keys are unique, never reused). */
export function noticesIn(patches: readonly JsonObject[]): Notice[] {
  const found: Notice[] = [];
  for (const patch of patches) {
    const notify = object(patch.notify);
    if (notify === undefined) continue;
    for (const [key, value] of Object.entries(notify)) {
      const entry = object(value);
      if (entry === undefined) continue;
      found.push({ key, type: String(entry.type ?? ''), level: String(entry.level ?? 'INFO'), code: Number(entry.code ?? 0), content: String(entry.content ?? '') });
    }
  }
  return found;
}

/** Instruments whose quote changed in these patches. */
export function quotesTouched(patches: readonly JsonObject[]): Set<string> {
  const touched = new Set<string>();
  for (const patch of patches) for (const key of Object.keys(object(patch.quotes) ?? {})) touched.add(key);
  return touched;
}

/** The account the logged-in DIFF session shows (trade.<key>.accounts), if any. */
export function diffAccountId(): string | undefined {
  for (const view of Object.values(object(diff.mirror.trade) ?? {})) {
    for (const account of Object.values(object(object(view)?.accounts) ?? {})) {
      const id = object(account)?.account_id;
      if (typeof id === 'string') return id;
    }
  }
  return undefined;
}
