/**
 * Charts by trading day, as tqsdk-js asks for them (`setChart` with `trading_day_start`
 * and `trading_day_count`, for an intraday chart): `trading_day_start` names a trading day
 * in ns (its midnight in the exchange's time zone; 0 for the day being traded) and
 * `trading_day_count` how many, in ns of a day (one by default). A chart from a named day
 * shows it and the days after it; one from 0 shows the day being traded and the days
 * before it. A trading day is the time between two settlements (the days being traded
 * runs on), so the chart follows new candles while it includes the day being traded.
 */
import type { Exchange } from '../../app/exchange.ts';
import { type KlineSeries, zonedMidnight, zonedTime } from '../../marketdata/index.ts';
import { msAtOrBefore, NS_PER_MS } from '../../protocol/index.ts';

const DAY_NS = 86_400e9;
/** The widest chart view (view_width's maximum): a trading-day chart shows at most the newest this many of its candles. */
const MAX_VIEW_WIDTH = 10_000;
/** Trading days one chart may span. */
const MAX_TRADING_DAYS = 30;

export interface TradingDayRequest {
  readonly duration: number;
  readonly trading_day_start?: number | undefined;
  readonly trading_day_count?: number | undefined;
}

export function isTradingDayChart(request: TradingDayRequest): boolean {
  return request.trading_day_start !== undefined || request.trading_day_count !== undefined;
}

function tradingDayCount(request: TradingDayRequest): number {
  return Math.min(MAX_TRADING_DAYS, requestedDays(request));
}

function requestedDays(request: TradingDayRequest): number {
  return Math.max(1, Math.round((request.trading_day_count ?? DAY_NS) / DAY_NS));
}

/** '' when the chart's days are within the limit, else the refusal's reason. */
export function tradingDaysProblem(request: TradingDayRequest): string {
  const days = requestedDays(request);
  if (days <= MAX_TRADING_DAYS) return '';
  return `trading_day_count asks for ${days} trading days; a chart spans at most ${MAX_TRADING_DAYS} (${MAX_TRADING_DAYS * DAY_NS} ns)`;
}

/** How many candles a trading-day chart may show: its days' worth of the duration's candles (ticks: the widest view). */
export function tradingDayWidth(request: TradingDayRequest): number {
  const perDay = request.duration === 0 ? MAX_VIEW_WIDTH : Math.ceil(DAY_NS / request.duration);
  return Math.min(MAX_VIEW_WIDTH, tradingDayCount(request) * perDay);
}

/** A span of no time: the chart shows nothing (a named day that has not begun). */
const NOTHING = { fromMs: Infinity, toMs: -Infinity };

/**
 * The chart's days as times: candles that reach past `fromMs` and opened by `toMs`
 * (Infinity while the span includes the day being traded). Daily candles open at their
 * trading day's midnight, so for them the span is the days' midnights; other candles fall
 * between the settlement that ended the day before and the one that ended the last day
 * (a candle in progress at a settlement holds trades of both days, and is shown in both).
 */
export function tradingDaySpan(exchange: Exchange, request: TradingDayRequest): { readonly fromMs: number; readonly toMs: number } {
  const settlements = exchange.history.settlementHistory();
  const days = tradingDayCount(request);
  const timeZone = exchange.config.exchange.timezone;
  // The index of the first settled day the chart shows (settlements.length: the day being traded).
  let first: number;
  if ((request.trading_day_start ?? 0) === 0) first = Math.max(0, settlements.length - (days - 1));
  else {
    const t = zonedTime(msAtOrBefore(request.trading_day_start!), timeZone);
    const day = `${String(t.year).padStart(4, '0')}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`;
    const at = settlements.findIndex((s) => s.settlementDate >= day);
    if (at >= 0) first = at;
    // Not settled: the day being traded, unless the day is still to come.
    else if (day <= exchange.state.tradingDay) first = settlements.length;
    else return NOTHING;
  }
  const last = first + days - 1;
  const open = last >= settlements.length;
  if (request.duration === DAY_NS) {
    const dayOf = (index: number) => settlements[index]?.settlementDate ?? exchange.state.tradingDay;
    return { fromMs: zonedMidnight(dayOf(first), timeZone) - 1, toMs: open ? Infinity : zonedMidnight(dayOf(last), timeZone) };
  }
  const periodMs = request.duration / NS_PER_MS;
  return { fromMs: first > 0 ? settlements[first - 1]!.ts - periodMs : -Infinity, toMs: open ? Infinity : settlements[last]!.ts };
}

/**
 * The candle ids of the span: `first` is the span's first candle, `left` and `right`
 * what the chart shows of it (at most `width`, the newest); right < left when it is empty.
 */
export function tradingDayRange(series: KlineSeries, span: { readonly fromMs: number; readonly toMs: number }, width: number): { first: number; left: number; right: number } {
  if (span.fromMs >= span.toMs) return { first: -1, left: 0, right: -1 };
  const before = span.fromMs === -Infinity ? undefined : series.idAtOrBefore(span.fromMs);
  const first = before === undefined ? series.firstId : before + 1;
  const right = span.toMs === Infinity ? series.lastId : (series.idAtOrBefore(span.toMs) ?? first - 1);
  return { first, left: Math.max(first, right - width + 1), right };
}
