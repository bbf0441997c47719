import type { HolidayLookup } from '../calendar/holidays.ts';
import { nextTradingDay } from '../calendar/trading-days.ts';
import type { InstrumentSpec } from './instrument-spec.ts';

/**
 * A contract's life: it trades from its list date through its last trading day, its
 * expiry date or, when that is no trading day (a Saturday, a holiday), the last trading day before
 * it; the settlement of that day delists it, closing every position at the settlement
 * price (cash settlement). Either date may be empty: no start, no end. Trading days and
 * dates are YYYY-MM-DD, compared as text.
 */

/** Why the contract does not trade on `tradingDay` yet, or ''. */
export function notListedYet(spec: InstrumentSpec, tradingDay: string): string {
  if (spec.listDate === '' || tradingDay === '' || tradingDay >= spec.listDate) return '';
  return `${spec.instrumentId} is not listed yet: it trades from ${spec.listDate} (the trading day is ${tradingDay})`;
}

/**
 * Whether the settlement of `tradingDay` ends the contract: its expiry date comes before
 * the next trading day. Until core version 22 it had to be on or before `tradingDay`
 * itself, so a contract expiring on a Saturday traded on through the Monday after.
 */
export function expiresWith(spec: InstrumentSpec, tradingDay: string, holidays: HolidayLookup): boolean {
  return spec.expireDate !== '' && tradingDay !== '' && spec.expireDate < nextTradingDay(tradingDay, holidays);
}

/** Why a contract cannot be added on `tradingDay` (its last trading day has passed), or ''. */
export function expiredBefore(spec: InstrumentSpec, tradingDay: string): string {
  if (spec.expireDate === '' || tradingDay === '' || spec.expireDate >= tradingDay) return '';
  return `${spec.instrumentId} expired on ${spec.expireDate}, before the trading day ${tradingDay}: a contract is added before its last trading day`;
}
