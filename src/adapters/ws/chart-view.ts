import type { Exchange } from '../../app/exchange.ts';
import { type KlineSeries, periodByDurationNs, TICK_SERIES } from '../../marketdata/index.ts';
import { diff, type Json, type JsonObject } from '../../protocol/merge-patch.ts';
import { candleView, NS_PER_MS } from '../../protocol/index.ts';

/** A set_chart request as the client sent it (echoed in charts.<id>.state). */
export interface ChartRequest {
  readonly chart_id: string;
  readonly ins_list: string;
  readonly duration: number;
  readonly view_width?: number | undefined;
  readonly left_kline_id?: number | undefined;
  readonly focus_datetime?: number | undefined;
  readonly focus_position?: number | undefined;
}

export const DEFAULT_VIEW_WIDTH = 500;

/** The series a chart shows: candles of a DIFF duration, or ticks for duration 0. */
export function seriesOf(exchange: Exchange, instrumentId: string, durationNs: number): KlineSeries | undefined {
  const tape = exchange.marketData.tape(instrumentId);
  if (tape === undefined) return undefined;
  if (durationNs === 0) return tape.klines(TICK_SERIES);
  const period = periodByDurationNs(durationNs);
  return period === undefined ? undefined : tape.klines(period.code);
}

export function isSupportedDuration(durationNs: number): boolean {
  return durationNs === 0 || periodByDurationNs(durationNs) !== undefined;
}

/** The candle ids a chart shows: from left_kline_id, around focus_datetime, or the newest view_width. */
function range(series: KlineSeries, request: ChartRequest): { left: number; right: number } {
  const width = request.view_width ?? DEFAULT_VIEW_WIDTH;
  const last = series.lastId;
  if (request.left_kline_id !== undefined) {
    const left = Math.max(series.firstId, Math.floor(request.left_kline_id));
    return { left, right: Math.min(last, left + width - 1) };
  }
  if (request.focus_datetime !== undefined) {
    const focus = series.idAtOrBefore(request.focus_datetime / NS_PER_MS) ?? series.firstId;
    const left = Math.max(series.firstId, focus - Math.floor(request.focus_position ?? 0));
    return { left, right: Math.min(last, left + width - 1) };
  }
  return { left: Math.max(series.firstId, last - width + 1), right: last };
}

/**
 * Patches for one chart: the candles in its range that the client lacks or holds in an
 * older state, `last_id`, and `charts.<id>` with the range. Candles that leave the range
 * are not deleted: the client keeps them, as DIFF servers do.
 */
export function chartPatch(exchange: Exchange, request: ChartRequest, klinesMirror: JsonObject, chartMirror: Json | undefined) {
  const klines: JsonObject = {};
  let left = -1;
  let right = -1;
  const instruments = request.ins_list.split(',').filter((s) => s !== '');
  const durationKey = String(request.duration);
  for (const [index, instrumentId] of instruments.entries()) {
    const series = seriesOf(exchange, instrumentId, request.duration);
    if (series === undefined) continue;
    const span = range(series, request);
    if (index === 0) ({ left, right } = span);
    const held = ((klinesMirror[instrumentId] as JsonObject | undefined)?.[durationKey] ?? {}) as JsonObject;
    const heldData = (held.data ?? {}) as JsonObject;
    const data: JsonObject = {};
    for (const candle of series.byIds(span.left, span.right)) {
      const id = String(candle.id);
      const change = diff(heldData[id], candleView(candle));
      if (change !== undefined) data[id] = change;
    }
    const entry: JsonObject = {};
    if (held.last_id !== series.lastId) entry.last_id = series.lastId;
    if (Object.keys(data).length > 0) entry.data = data;
    if (Object.keys(entry).length > 0) klines[instrumentId] = { [durationKey]: entry };
  }
  const chart = {
    state: { ...request } as unknown as JsonObject,
    left_id: left,
    right_id: right,
    more_data: false,
    ready: true,
  };
  return { klines: Object.keys(klines).length > 0 ? klines : undefined, chart: diff(chartMirror, chart) };
}
