import { type ApplyResult, rejected, succeeded } from '../apply-result.ts';
import type { BeginTradingDay, CloseMarket } from '../commands.ts';
import type { CoreEvent } from '../events.ts';
import type { Order } from '../matching/order.ts';
import { ResultCode } from '../result-codes.ts';
import type { CoreState } from '../state.ts';
import { takeOutOfBook } from './cancel-order.ts';
import { isTradingDay } from './order-rules.ts';
import { nextTradingDay } from '../calendar/trading-days.ts';
import { fireReachedWhileClosed } from '../conditional/conditional-commands.ts';

export function beginTradingDay(state: CoreState, command: BeginTradingDay): ApplyResult {
  if (!isTradingDay(command.tradingDay)) {
    return rejected(ResultCode.ParameterError, `trading day must be YYYY-MM-DD, got ${String(command.tradingDay)}`);
  }
  if (state.tradingDay !== '' && command.tradingDay <= state.tradingDay) {
    return rejected(ResultCode.ParameterError, `trading day ${command.tradingDay} is not after ${state.tradingDay}`);
  }
  if (state.holidays.has(command.tradingDay)) {
    return rejected(ResultCode.ParameterError, `${command.tradingDay} is a holiday of the exchange`);
  }
  // The holidays up to the day that ended are past (those before the new one still lie ahead on the clock).
  if (state.tradingDay !== '') state.holidays.forgetThrough(state.tradingDay);
  state.tradingDay = command.tradingDay;
  return succeeded([{ type: 'trading-day.began', tradingDay: command.tradingDay }]);
}

/**
 * Day end: orders valid for the day (GFD), for the session (GFS: in continuous trading the
 * session is the day) and GTD orders whose last day this is are cancelled. GTC orders stay.
 * Orders are visited book by book, best level first, FIFO within a level: a deterministic
 * order that does not depend on how the state was built.
 */
export function endTradingDay(state: CoreState): ApplyResult {
  const events: CoreEvent[] = [];
  const expired = expireDayOrders(state, events);
  events.push({ type: 'trading-day.ended', tradingDay: state.tradingDay, expiredOrders: expired });
  return succeeded(events);
}

/** Cancels the orders whose validity ends with the trading day; returns how many. */
export function expireDayOrders(state: CoreState, events: CoreEvent[]): number {
  const next = state.tradingDay === '' ? '' : nextTradingDay(state.tradingDay, state.holidays);
  return expireOrders(state, events, (order) => expiresToday(order, state.tradingDay, next), `expired at the end of trading day ${state.tradingDay}`);
}

/**
 * Scheduled sessions: the market closes; orders are refused until it opens, and orders
 * good for the session (GFS) expire with it.
 */
export function closeMarket(state: CoreState, command: CloseMarket): ApplyResult {
  if (state.marketClosed !== '') return rejected(ResultCode.ParameterError, 'the market is already closed');
  const reason = typeof command.reason === 'string' && command.reason !== '' ? command.reason : 'closed';
  state.marketClosed = reason;
  const events: CoreEvent[] = [];
  const expired = expireOrders(state, events, (order) => order.timeCondition === 'GFS', 'expired at the end of the trading session');
  events.push({ type: 'market.status-changed', open: false, reason, expiredOrders: expired });
  return succeeded(events);
}

export function openMarket(state: CoreState, ts: number): ApplyResult {
  if (state.marketClosed === '') return rejected(ResultCode.ParameterError, 'the market is already open');
  state.marketClosed = '';
  const events: CoreEvent[] = [{ type: 'market.status-changed', open: true, reason: '', expiredOrders: 0 }];
  // Conditional orders did not trigger while closed: those a trade then reached are placed
  // now. Nothing else is judged: a reference or settlement price is not a trade.
  fireReachedWhileClosed(state, ts, events);
  return succeeded(events);
}

/**
 * Cancels the resting orders `due` picks, book by book, best level first, FIFO within a
 * level (an order independent of how the state was built); returns how many.
 */
function expireOrders(state: CoreState, events: CoreEvent[], due: (order: Order) => boolean, message: string): number {
  let expired = 0;
  for (const instrument of state.instruments.values()) {
    const picked = instrument.book.restingOrders().filter(due);
    for (const order of picked) takeOutOfBook(state, instrument, order, events, 'expired', message);
    expired += picked.length;
  }
  return expired;
}

/**
 * Whether an order's validity ends with `tradingDay`. A GTD order lasts through its date:
 * it ends with the last trading day on or before it (one dated on a Saturday or a holiday
 * ends with the trading day before, not the one after).
 */
function expiresToday(order: Order, tradingDay: string, nextDay: string): boolean {
  switch (order.timeCondition) {
    case 'GFD':
    case 'GFS':
      return true;
    case 'GTD':
      return tradingDay !== '' && order.validUntilDate < nextDay;
    case 'GTC':
    case 'IOC':
    case 'GFA':
      return false;
  }
}
