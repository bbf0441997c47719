import type { ExchangeConfig } from '../../config/index.ts';
import { tradingHoursText } from '../../config/index.ts';
import { type CoreState, nextTradingDay } from '../../core/index.ts';
import { dayNumber, dayString, isWeekend, weekdayName } from '../../core/calendar/dates.ts';

/** The most trading days a calendar lists ahead: about a year. */
export const MAX_LISTED_TRADING_DAYS = 250;
/** The longest closure a range may declare at once: a year. */
export const MAX_CLOSURE_DAYS = 366;

/** What a calendar view needs of the state, kept while the trading day and the holidays stay (the route is public). */
interface CalendarLists {
  readonly key: string;
  readonly holidays: { date: string; name: string; weekday: string }[];
  /** The current trading day and the next, MAX_LISTED_TRADING_DAYS in all. */
  readonly tradingDays: readonly string[];
}
const lists = new WeakMap<CoreState, CalendarLists>();

function calendarLists(state: CoreState): CalendarLists {
  const key = `${state.tradingDay} ${state.holidays.version}`;
  const kept = lists.get(state);
  if (kept?.key === key) return kept;
  const tradingDays: string[] = [];
  for (let day = state.tradingDay; day !== '' && tradingDays.length < MAX_LISTED_TRADING_DAYS; day = nextTradingDay(day, state.holidays)) tradingDays.push(day);
  const holidays = state.holidays.list().map(({ date, name }) => ({ date, name, weekday: weekdayName(date) }));
  const made = { key, holidays, tradingDays };
  lists.set(state, made);
  return made;
}

/** The exchange's calendar as clients read it. */
export function calendarView(state: CoreState, config: ExchangeConfig, listedDays: number) {
  const { exchange } = config;
  const { holidays, tradingDays: coming } = calendarLists(state);
  const tradingDays = coming.slice(0, listedDays);
  return {
    timezone: exchange.timezone,
    session_mode: exchange.sessionMode,
    trading_hours: exchange.sessionMode === 'scheduled' ? tradingHoursText(exchange.tradingHours) : null,
    settlement_time: exchange.sessionMode === 'scheduled' ? exchange.settlementTime.text : null,
    trading_day: state.tradingDay,
    next_trading_day: tradingDays[1] ?? (state.tradingDay === '' ? '' : nextTradingDay(state.tradingDay, state.holidays)),
    market_open: state.marketClosed === '',
    market_closed_reason: state.marketClosed,
    holidays,
    trading_days: tradingDays,
  };
}

/** The weekdays from `from` through `to` (weekends are closed anyway). Expects real dates, from <= to. */
export function weekdaysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let n = dayNumber(from); n <= dayNumber(to); n++) if (!isWeekend(n)) out.push(dayString(n));
  return out;
}

/** Days from `from` through `to`, both counted. */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from) + 1;
}
