/**
 * One DIFF connection's charts: the requests it holds (set_chart), what its client holds
 * of their candles and ticks, and the chart parts of each message: the changed charts,
 * a long history in parts, and trading-day ids no chart tells any longer.
 */
import type { Exchange } from '../../app/exchange.ts';
import { applyPatch, composePatches, getOwn, type Json, type JsonObject, setOwn } from '../../protocol/merge-patch.ts';
import type { ChangeSet } from './change-set.ts';
import { type ChartRequest, chartPatch, chartWidth, HeldKlines, instrumentsOf } from './chart-view.ts';
import { EntryBudget } from './held-candles.ts';
import { isTradingDayChart } from './trading-day-chart.ts';

/**
 * Charts one connection may hold at once. Every trade updates each chart on its
 * instrument, so charts are work the server does for the client on every trade; a
 * trading screen shows a few.
 */
export const MAX_CHARTS_PER_SESSION = 64;
/** Instruments one chart may show. */
export const MAX_CHART_INSTRUMENTS = 16;
/**
 * Candles a connection's charts may span in all (instruments x view_width, summed):
 * every trade on an instrument rebuilds what its charts show. A hundred charts of the
 * 500 candles tqsdk-js asks for by default.
 */
export const MAX_CHART_CANDLES = 50_000;
/**
 * Candles and ticks one rtn_data carries at most (0.7-1.2 MB): a chart's history beyond
 * that goes in parts, one per peek_message, with `mdhis_more_data` true until the last.
 * A message is built in one turn of the thread that matches everyone's orders, and held
 * whole until the client has read it.
 */
export const CHART_ENTRIES_PER_MESSAGE = 5_000;

const NO_PARTS: readonly string[] = [];

export class SessionCharts {
  private readonly requests = new Map<string, ChartRequest>();
  /** Each chart's instruments, read once from its ins_list. */
  private readonly instruments = new Map<string, string[]>();
  private readonly dirty = new Set<string>();
  private readonly removed = new Set<string>();
  /** Series whose trading-day ids no chart tells any longer: removed from the client in the next message. */
  private readonly dayIdsToRemove = new Map<string, { readonly instrumentId: string; readonly duration: number }>();
  /** Charts whose history is still being sent in parts (see CHART_ENTRIES_PER_MESSAGE). */
  private readonly loadingIds = new Set<string>();
  private readonly heldKlines = new HeldKlines();
  /** The server's copy of the client's charts. */
  private readonly chartsMirror: JsonObject = {};
  /** The mdhis_more_data the client holds: true while a chart's history is still coming. */
  private mdhisMoreData = false;

  constructor(private readonly exchange: Exchange) {}

  /** A chart's history is still being sent in parts: the next message has more of it. */
  get loading(): boolean {
    return this.loadingIds.size > 0;
  }

  /** Marks the charts a durable batch changed: those on a traded instrument, or all of them. */
  absorb(changes: ChangeSet): void {
    for (const [chartId, instruments] of this.instruments) {
      if (changes.everything || instruments.some((id) => changes.tradedInstruments.has(id))) this.dirty.add(chartId);
    }
  }

  /** Sets, replaces or (ins_list "") removes a chart; the reason when it is refused. */
  set(request: ChartRequest): string | undefined {
    if (request.ins_list === '') {
      this.releaseDayIds(request.chart_id);
      if (this.requests.delete(request.chart_id)) this.removed.add(request.chart_id);
      this.instruments.delete(request.chart_id);
      this.dirty.delete(request.chart_id);
      this.loadingIds.delete(request.chart_id);
      return undefined;
    }
    if (!this.requests.has(request.chart_id) && this.requests.size >= MAX_CHARTS_PER_SESSION) {
      return `at most ${MAX_CHARTS_PER_SESSION} charts per connection; remove one (ins_list "") before adding ${request.chart_id}`;
    }
    const instruments = instrumentsOf(request.ins_list);
    if (instruments.length > MAX_CHART_INSTRUMENTS) return `at most ${MAX_CHART_INSTRUMENTS} instruments per chart (${request.chart_id} names ${instruments.length})`;
    let candles = instruments.length * chartWidth(request);
    for (const [chartId, chart] of this.requests) {
      if (chartId !== request.chart_id) candles += (this.instruments.get(chartId)?.length ?? 0) * chartWidth(chart);
    }
    if (candles > MAX_CHART_CANDLES) {
      return `a connection's charts may span at most ${MAX_CHART_CANDLES} candles (instruments x view_width, or x a trading-day chart's days of candles, summed); ${request.chart_id} would make ${candles}`;
    }
    this.releaseDayIds(request.chart_id);
    if (isTradingDayChart(request)) for (const id of instruments) this.heldKlines.of(id, String(request.duration)).dayIdsOwner = request.chart_id;
    this.requests.set(request.chart_id, request);
    this.instruments.set(request.chart_id, instruments);
    this.removed.delete(request.chart_id);
    this.dirty.add(request.chart_id);
    this.loadingIds.add(request.chart_id);
    return undefined;
  }

  /**
   * The series whose trading-day ids a chart told stop being its own (see chart-view's
   * dayIds): another trading-day chart of the series tells them in the next message, or,
   * when there is none, they are removed.
   */
  private releaseDayIds(chartId: string): void {
    const chart = this.requests.get(chartId);
    if (chart === undefined) return;
    for (const id of this.instruments.get(chartId) ?? []) {
      const held = this.heldKlines.of(id, String(chart.duration));
      if (held.dayIdsOwner !== chartId) continue;
      held.dayIdsOwner = undefined;
      const heir = [...this.requests].find(
        ([other, request]) => other !== chartId && request.duration === chart.duration && isTradingDayChart(request) && this.instruments.get(other)?.includes(id),
      );
      if (heir !== undefined) this.dirty.add(heir[0]);
      else this.dayIdsToRemove.set(`${id} ${chart.duration}`, { instrumentId: id, duration: chart.duration });
    }
  }

  /** The chart parts of the next message (mdhis_more_data, charts, klines, ticks), recorded as sent. */
  parts(): readonly string[] {
    // Most rtn_data carry no chart (a watcher's quotes): nothing to build for them.
    if (this.dirty.size === 0 && this.removed.size === 0 && this.dayIdsToRemove.size === 0 && !this.mdhisMoreData) return NO_PARTS;
    const charts: JsonObject = {};
    const klines: JsonObject = {};
    const ticks: JsonObject = {};
    for (const { instrumentId, duration } of this.dayIdsToRemove.values()) {
      const held = this.heldKlines.of(instrumentId, String(duration));
      if (held.dayIdsOwner !== undefined || held.dayStartId === undefined) continue;
      held.dayStartId = held.dayEndId = undefined;
      klines[instrumentId] = composePatches(klines[instrumentId], { [String(duration)]: { trading_day_start_id: null, trading_day_end_id: null } });
    }
    this.dayIdsToRemove.clear();
    // Chart ids are the client's: own properties only (see setOwn).
    for (const chartId of this.removed) {
      if (getOwn(this.chartsMirror, chartId) !== undefined) setOwn(charts, chartId, null);
      delete this.chartsMirror[chartId];
    }
    this.removed.clear();
    const budget = new EntryBudget(CHART_ENTRIES_PER_MESSAGE);
    const unfinished: string[] = [];
    // Charts already shown whole first: their updates are a candle or two, and must not wait
    // behind another chart's history (which would also mark them not ready meanwhile).
    const shownFirst = this.loadingIds.size === 0 ? this.dirty : [...this.dirty].sort((a, b) => Number(this.loadingIds.has(a)) - Number(this.loadingIds.has(b)));
    for (const chartId of shownFirst) {
      const request = this.requests.get(chartId);
      if (request === undefined) continue;
      const patch = chartPatch(this.exchange, request, this.heldKlines, getOwn(this.chartsMirror, chartId), budget);
      if (patch.complete) this.loadingIds.delete(chartId);
      else {
        unfinished.push(chartId);
        this.loadingIds.add(chartId);
      }
      if (patch.chart !== undefined) setOwn(charts, chartId, patch.chart);
      // Charts of one series each bring their part of its patch; a null among them
      // (trading-day ids removed) must reach the client, so the parts are composed.
      if (patch.klines !== undefined) {
        for (const [id, value] of Object.entries(patch.klines)) klines[id] = composePatches(klines[id], value as Json);
      }
      if (patch.ticks !== undefined) {
        for (const [id, value] of Object.entries(patch.ticks)) ticks[id] = composePatches(ticks[id], value as Json);
      }
    }
    this.dirty.clear();
    // What is left goes in the answer to the next peek.
    for (const chartId of unfinished) this.dirty.add(chartId);
    const parts: string[] = [];
    const moreData = unfinished.length > 0;
    if (moreData !== this.mdhisMoreData) {
      this.mdhisMoreData = moreData;
      parts.push(`"mdhis_more_data":${moreData}`);
    }
    if (Object.keys(charts).length > 0) {
      applyPatch(this.chartsMirror, charts);
      parts.push(`"charts":${JSON.stringify(charts)}`);
    }
    if (Object.keys(klines).length > 0) parts.push(`"klines":${JSON.stringify(klines)}`);
    if (Object.keys(ticks).length > 0) parts.push(`"ticks":${JSON.stringify(ticks)}`);
    return parts;
  }
}
