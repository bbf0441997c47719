import type { Exchange } from '../../app/exchange.ts';
import { type KlineSeries, periodByDurationNs, type Tick, TICK_SERIES } from '../../marketdata/index.ts';
import { diff, type Json, type JsonObject } from '../../protocol/merge-patch.ts';
import { msAtOrBefore, tickView } from '../../protocol/index.ts';
import { type EntryBudget, HeldCandles } from './held-candles.ts';
import { isTradingDayChart, tradingDayRange, tradingDaySpan, tradingDayWidth } from './trading-day-chart.ts';

/** A set_chart request as the client sent it (echoed in charts.<id>.state). */
export interface ChartRequest {
  readonly chart_id: string;
  readonly ins_list: string;
  readonly duration: number;
  readonly view_width?: number | undefined;
  readonly left_kline_id?: number | undefined;
  readonly focus_datetime?: number | undefined;
  readonly focus_position?: number | undefined;
  /** A chart by trading day (trading-day-chart.ts). */
  readonly trading_day_start?: number | undefined;
  readonly trading_day_count?: number | undefined;
}

export const DEFAULT_VIEW_WIDTH = 500;

/**
 * The instrument ids of an ins_list: comma-separated, spaces around them ignored ("a, b"),
 * each once (a list repeating one id 85 times made every trade rebuild it 85 times).
 */
export function instrumentsOf(insList: string): string[] {
  const ids = new Set<string>();
  for (const part of insList.split(',')) {
    const id = part.trim();
    if (id !== '') ids.add(id);
  }
  return [...ids];
}

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

/** How many candles of each instrument a chart may show (what its limits count). */
export function chartWidth(request: ChartRequest): number {
  return isTradingDayChart(request) ? tradingDayWidth(request) : (request.view_width ?? DEFAULT_VIEW_WIDTH);
}

/** The candle ids a chart shows: from left_kline_id, around focus_datetime, or the newest view_width. */
function range(series: KlineSeries, request: ChartRequest): Span {
  const width = request.view_width ?? DEFAULT_VIEW_WIDTH;
  const last = series.lastId;
  if (request.left_kline_id !== undefined) {
    const left = Math.max(series.firstId, Math.floor(request.left_kline_id));
    return { left, right: Math.min(last, left + width - 1) };
  }
  if (request.focus_datetime !== undefined) {
    const focus = series.idAtOrBefore(msAtOrBefore(request.focus_datetime)) ?? series.firstId;
    // The focus stays in view: a position past the view's width is its last place.
    const position = Math.min(width - 1, Math.floor(request.focus_position ?? 0));
    const left = Math.max(series.firstId, focus - position);
    return { left, right: Math.min(last, left + width - 1) };
  }
  return { left: Math.max(series.firstId, last - width + 1), right: last };
}

interface Span {
  readonly left: number;
  readonly right: number;
}

const EMPTY: Span = { left: -1, right: -1 };

/**
 * The span of a further instrument of the chart: ids are each series' own, so it is the
 * same stretch of time as the first instrument's span (candles that started within it,
 * and the one in progress at its start).
 */
function alignedRange(series: KlineSeries, first: KlineSeries, span: Span): Span {
  const from = first.byIds(span.left, span.left)[0];
  const to = first.byIds(span.right, span.right)[0];
  if (from === undefined || to === undefined) return EMPTY;
  const right = series.idAtOrBefore(to.openMs);
  if (right === undefined) return EMPTY;
  return { left: series.idAtOrBefore(from.openMs) ?? series.firstId, right };
}

/** What a client holds of each candle series it was sent, by instrument and duration, and of each tick series. */
export class HeldKlines {
  private readonly series = new Map<string, HeldCandles>();
  private readonly ticks = new Map<string, HeldCandles<Tick>>();

  of(instrumentId: string, durationKey: string): HeldCandles {
    const key = `${instrumentId} ${durationKey}`;
    let held = this.series.get(key);
    if (held === undefined) {
      held = new HeldCandles();
      this.series.set(key, held);
    }
    return held;
  }

  ticksOf(instrumentId: string, volumeMultiple: number): HeldCandles<Tick> {
    let held = this.ticks.get(instrumentId);
    if (held === undefined) {
      held = new HeldCandles<Tick>((tick) => tickView(tick, volumeMultiple) as unknown as JsonObject);
      this.ticks.set(instrumentId, held);
    }
    return held;
  }
}

/**
 * Patches for one chart: the candles in its range that the client lacks or holds in an
 * older state, `last_id`, and `charts.<id>` with the range (of the first instrument; -1
 * when it has none). What it returns is recorded in `held` as sent. Candles that leave the
 * range are not deleted: the client keeps them, as DIFF servers do.
 *
 * A tick chart (duration 0) is sent twice over: as klines.<ins>.0, the spec's layout, and
 * as ticks.<ins> with the same ids, where DIFF clients read ticks (tqsdk-js's getTicks).
 *
 * A chart that needs more candles than the budget has left is sent in parts, one per
 * message: `more_data: true` and `ready: false` until its last part (`complete` false
 * until then), so the client's peeks pace a long history instead of one message
 * holding all of it.
 */
export function chartPatch(exchange: Exchange, request: ChartRequest, held: HeldKlines, chartMirror: Json | undefined, budget: EntryBudget) {
  budget.withheld = false;
  const klines: JsonObject = {};
  const ticks: JsonObject = {};
  const instruments = instrumentsOf(request.ins_list);
  const durationKey = String(request.duration);
  let shown: Span = EMPTY;
  let first: KlineSeries | undefined;
  const days = isTradingDayChart(request) ? tradingDaySpan(exchange, request) : undefined;
  for (const [index, instrumentId] of instruments.entries()) {
    const series = seriesOf(exchange, instrumentId, request.duration);
    if (series === undefined) continue;
    const candles = held.of(instrumentId, durationKey);
    const entry: JsonObject = {};
    let span: Span;
    if (days !== undefined) {
      // Each instrument's own candles of the days: aligned to the first's, a quiet
      // instrument would show its candle of an earlier day.
      const inDays = tradingDayRange(series, days, tradingDayWidth(request));
      span = inDays;
      // A chart whose series' ids nobody tells (another trading-day chart was removed) takes them.
      candles.dayIdsOwner ??= request.chart_id;
      if (candles.dayIdsOwner === request.chart_id) dayIds(candles, entry, inDays.right >= inDays.first ? [inDays.first, inDays.right] : [-1, -1]);
    } else {
      span = index === 0 || first === undefined || shown === EMPTY ? range(series, request) : alignedRange(series, first, shown);
      if (candles.dayIdsOwner === undefined && candles.dayStartId !== undefined) dayIds(candles, entry, undefined);
    }
    if (index === 0) {
      first = series;
      if (span.right >= span.left) shown = span;
    }
    if (candles.lastId !== series.lastId) entry.last_id = candles.lastId = series.lastId;
    const data = span.right >= span.left ? candles.update(series, span.left, span.right, budget) : undefined;
    if (data !== undefined) entry.data = data;
    if (Object.keys(entry).length > 0) klines[instrumentId] = { [durationKey]: entry };
    if (request.duration === 0) {
      const tickEntry = ticksPatch(exchange, instrumentId, span, held, budget);
      if (tickEntry !== undefined) ticks[instrumentId] = tickEntry;
    }
  }
  const complete = !budget.withheld;
  const chart = {
    state: { ...request } as unknown as JsonObject,
    left_id: shown.left,
    right_id: shown.right,
    more_data: !complete,
    ready: complete,
  };
  return {
    complete,
    klines: Object.keys(klines).length > 0 ? klines : undefined,
    ticks: Object.keys(ticks).length > 0 ? ticks : undefined,
    chart: diff(chartMirror, chart),
  };
}

/**
 * A trading-day chart tells where its days begin and end in each series
 * (klines.<ins>.<dur>.trading_day_start_id / _end_id, as tqsdk-js keeps them): those of
 * the chart set last on the series with trading-day fields (HeldCandles.dayIdsOwner);
 * removed (null) when that chart becomes an ordinary one.
 */
function dayIds(candles: HeldCandles, entry: JsonObject, ids: [number, number] | undefined): void {
  if (ids === undefined) {
    entry.trading_day_start_id = entry.trading_day_end_id = null;
    candles.dayStartId = candles.dayEndId = undefined;
    return;
  }
  if (candles.dayStartId !== ids[0]) entry.trading_day_start_id = candles.dayStartId = ids[0];
  if (candles.dayEndId !== ids[1]) entry.trading_day_end_id = candles.dayEndId = ids[1];
}

/** ticks.<ins>: `last_id` and the ticks of `span` the client lacks. */
function ticksPatch(exchange: Exchange, instrumentId: string, span: Span, held: HeldKlines, budget: EntryBudget): JsonObject | undefined {
  const tape = exchange.marketData.tape(instrumentId);
  if (tape === undefined) return undefined;
  const series = tape.tickSeries();
  const sent = held.ticksOf(instrumentId, tape.volumeMultiple);
  const entry: JsonObject = {};
  if (sent.lastId !== series.lastId) entry.last_id = sent.lastId = series.lastId;
  const data = span.right >= span.left ? sent.update(series, span.left, span.right, budget) : undefined;
  if (data !== undefined) entry.data = data;
  return Object.keys(entry).length > 0 ? entry : undefined;
}
