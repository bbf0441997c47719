/** The deterministic core: its public surface. Nothing here does I/O or reads the clock. */
export { apply } from './apply.ts';
export type { ApplyResult } from './apply-result.ts';
export type * from './commands.ts';
export type * from './events.ts';
export type { ExchangeId, InstrumentSpec } from './instruments/instrument-spec.ts';
export { EXCHANGE_IDS } from './instruments/instrument-spec.ts';
export { MAX_ORDER_VOLUME } from './orders/order-rules.ts';
export { isCalendarDay, weekdayName } from './calendar/dates.ts';
export { type Holiday, HOLIDAY_NAME_MAX, MAX_HOLIDAYS } from './calendar/holidays.ts';
export { isTradingDate, nextTradingDay, tradingDayFrom } from './calendar/trading-days.ts';
export { reservedNameProblem } from './reserved-names.ts';
export { isLiveStatus } from './orders/order-status.ts';
export {
  accountView,
  bookDepth,
  instrumentState,
  liveOrder,
  liveOrderFrozen,
  openInterest,
  positionViews,
  restingOrderCount,
  restingOrders,
  withdrawableOf,
} from './queries.ts';
export type { AccountFields, PositionFields } from './accounts/account-view.ts';
export type { BookDepth, DepthLevel, InstrumentState } from './queries.ts';
export { RISK_RATIO_UNBOUNDED } from './accounts/account.ts';
export { ACCOUNT_ID, amountCents, MAX_ACCOUNTS_PER_USER, MAX_AMOUNT_CENTS, PASSWORD_MAX, PASSWORD_MIN, USERNAME, USERNAME_RULE } from './accounts/account-commands.ts';
export { type User, usernameKey } from './accounts/user.ts';
export { RESULT_MESSAGES, ResultCode } from './result-codes.ts';
export { renderNotification } from './notifications/notifications.ts';
export { type CoreOptions, CoreState, createCoreState, DEFAULT_CORE_OPTIONS } from './state.ts';
export { finishedConditionalsIn, restoreState, type SerializedState, serializeState, STATE_FORMAT } from './state-codec.ts';
export { CORE_VERSION, type CoreVersionSpan, versionsApplying } from './version.ts';

/**
 * The matching engine alone, without accounts: the same validation, matching, cancel and
 * modify as `apply`, with no funds frozen and no positions kept. For benchmarks and tests
 * of the book; the exchange itself always goes through `apply`.
 */
export { MAX_LIVE_ORDERS_PER_ACCOUNT, placeBareOrder } from './orders/place-order.ts';
export { cancelOrder } from './orders/cancel-order.ts';
export { modifyOrder } from './orders/modify-order.ts';
