import type { InstrumentSpec } from './instrument-spec.ts';

/**
 * A contract's life: it trades from its list date through its expiry date (its last
 * trading day), and the settlement of that day delists it, closing every position at the
 * settlement price (cash settlement). Either date may be empty: no start, no end. Trading
 * days and dates are YYYY-MM-DD, compared as text.
 */

/** Why the contract does not trade on `tradingDay` yet, or ''. */
export function notListedYet(spec: InstrumentSpec, tradingDay: string): string {
  if (spec.listDate === '' || tradingDay === '' || tradingDay >= spec.listDate) return '';
  return `${spec.instrumentId} is not listed yet: it trades from ${spec.listDate} (the trading day is ${tradingDay})`;
}

/** Whether the settlement of `tradingDay` ends the contract. */
export function expiresWith(spec: InstrumentSpec, tradingDay: string): boolean {
  return spec.expireDate !== '' && tradingDay !== '' && spec.expireDate <= tradingDay;
}

/** Why a contract cannot be added on `tradingDay` (its last trading day has passed), or ''. */
export function expiredBefore(spec: InstrumentSpec, tradingDay: string): string {
  if (spec.expireDate === '' || tradingDay === '' || spec.expireDate >= tradingDay) return '';
  return `${spec.instrumentId} expired on ${spec.expireDate}, before the trading day ${tradingDay}: a contract is added before its last trading day`;
}
