import {
  type AccountFields,
  accountView,
  type CoreState,
  liveOrderFrozen,
  positionViews,
  ResultCode,
  withdrawableOf,
} from '../../core/index.ts';
import { ApiError, orderView, type OrderView, tradeView, type TradeView } from '../../protocol/index.ts';
import type { HistoryProjection } from '../history/history-projection.ts';
import type { OrderHistory, TransferHistory } from '../history/history-records.ts';

/**
 * The resources clients read, assembled from the live state (accounts, positions, live
 * orders) and the history projection (every order and trade). Shared by the adapters.
 */
export interface AccountSummary {
  readonly account_id: string;
  readonly user_id: string;
  readonly currency: string;
  readonly balance: number;
  readonly available: number;
  readonly withdrawable: number;
  readonly margin: number;
  readonly frozen_margin: number;
  readonly frozen: number;
  readonly float_profit: number;
  readonly risk_ratio: number;
  readonly risk_level: 'normal' | 'warning' | 'force-close';
  readonly deficit: number;
  readonly is_frozen: boolean;
  readonly created_at: number;
}

export function accountFieldsOf(state: CoreState, accountId: string): AccountFields {
  const fields = accountView(state, accountId);
  if (fields === undefined) throw new ApiError(ResultCode.AccountNotFound, `account not found: ${accountId}`);
  return fields;
}

export function accountSummary(state: CoreState, accountId: string): AccountSummary {
  const f = accountFieldsOf(state, accountId);
  const account = state.accounts.get(accountId);
  return {
    account_id: f.account_id,
    user_id: f.user_id,
    currency: f.currency,
    balance: f.balance,
    available: f.available,
    withdrawable: withdrawableOf(state, accountId) ?? 0,
    margin: f.margin,
    frozen_margin: f.frozen_margin,
    // Cents difference, rounded back to the cent: balance and available are exact in cents.
    frozen: Math.round((f.balance - f.available) * 100) / 100,
    float_profit: f.float_profit,
    risk_ratio: f.risk_ratio,
    risk_level: account?.riskLevel ?? 'normal',
    // What a negative balance owes: losses beyond the money put in, which no margin shows.
    deficit: f.balance < 0 ? -f.balance : 0,
    is_frozen: f.is_frozen,
    created_at: account?.createdTs ?? 0,
  };
}

export function orderOf(state: CoreState, order: OrderHistory): OrderView {
  const userId = state.accounts.get(order.accountId)?.userId ?? '';
  return orderView(order, userId, liveOrderFrozen(state, order.accountId, order.orderId, order.exchangeOrderId));
}

/** The list routes' paging: `limit` records after the first `offset`, counted from the oldest or the newest. */
export interface PageQuery {
  readonly limit?: number | undefined;
  readonly offset?: number | undefined;
  /** 'newest' counts from the newest; anything else (the default, 'oldest') from the oldest. */
  readonly sort?: string | undefined;
}

/**
 * Reads one page of a list of `total` records kept oldest first, through `read(start,
 * count)`: as asked, or counted from the newest and given newest first.
 */
function pageOf<T>(total: number, query: PageQuery, read: (start: number, count: number) => T[]): T[] {
  const offset = query.offset ?? 0;
  const limit = query.limit ?? 100;
  if (query.sort !== 'newest') return read(offset, limit);
  const end = total - offset;
  if (end <= 0) return [];
  const start = Math.max(0, end - limit);
  return read(start, end - start).reverse();
}

/** A page of the accounts' orders, by entry time (see PageQuery): only the page's records are read. */
export function orderPageOf(state: CoreState, history: HistoryProjection, accountIds: readonly string[], query: PageQuery): OrderView[] {
  return pageOf(orderRecordsIn(history, accountIds), query, (start, count) => history.orderPage(accountIds, start, count)).map((order) => orderOf(state, order));
}

function sumOver(accountIds: readonly string[], count: (accountId: string) => number): number {
  let total = 0;
  for (const id of accountIds) total += count(id);
  return total;
}

/** How many order records the accounts have in all: what their order pages page through. */
export function orderRecordsIn(history: HistoryProjection, accountIds: readonly string[]): number {
  return sumOver(accountIds, (id) => history.orderRecordsOf(id));
}

/** How many trades the accounts have in all: what their trade pages page through. */
export function tradeRecordsIn(history: HistoryProjection, accountIds: readonly string[]): number {
  return sumOver(accountIds, (id) => history.tradeRecordsOf(id));
}

/** A page of the accounts' trades, by trade time (see PageQuery). */
export function tradePageOf(state: CoreState, history: HistoryProjection, accountIds: readonly string[], query: PageQuery): TradeView[] {
  return pageOf(tradeRecordsIn(history, accountIds), query, (start, count) => history.tradePage(accountIds, start, count)).map((trade) =>
    tradeView(trade, state.accounts.get(trade.accountId)?.userId ?? ''),
  );
}

/**
 * Orders and trades an account snapshot shows at most: the newest ones (and every live
 * order). A whole history in one reply grew to tens of megabytes, built on the event loop
 * while every other request waited; older records are read through the paged list routes.
 */
export const SNAPSHOT_HISTORY_LIMIT = 1_000;

/** How much of an account's history a snapshot shows. */
export interface SnapshotWindow {
  /** The newest order records, and the newest trades. */
  readonly records: number;
  /** Every live order as well, however old. */
  readonly everyLiveOrder: boolean;
}

/** What a client is shown of its account: the newest records and every live order. */
export const FULL_WINDOW: SnapshotWindow = { records: SNAPSHOT_HISTORY_LIMIT, everyLiveOrder: true };

/**
 * What an operator's view of all a user's accounts shows of each (its orders and trades
 * are a paged list away): a hundred accounts of full windows would be 700,000 records.
 */
export const OVERVIEW_WINDOW: SnapshotWindow = { records: 100, everyLiveOrder: false };

/**
 * The orders a snapshot of the account shows (HTTP and DIFF): the latest record under
 * each id among the newest SNAPSHOT_HISTORY_LIMIT records, and every live order.
 */
export function recentOrders(state: CoreState, history: HistoryProjection, accountId: string, window: SnapshotWindow = FULL_WINDOW): Map<string, OrderHistory> {
  const shown = new Map<string, OrderHistory>();
  // The newest records are a suffix of the list: an id's latest record is in it whenever
  // any record of that id is, so a later record always overrides an earlier one here.
  for (const order of history.ordersFrom(accountId, history.orderRecordsOf(accountId) - window.records)) shown.set(order.orderId, order);
  if (!window.everyLiveOrder) return shown;
  for (const live of state.accounts.get(accountId)?.liveOrders ?? []) {
    if (shown.has(live.orderId)) continue;
    const order = history.order(accountId, live.orderId);
    if (order !== undefined) shown.set(order.orderId, order);
  }
  return shown;
}

/**
 * The spec's account snapshot form, with the summary fields of DECISIONS.md at the top:
 * the newest SNAPSHOT_HISTORY_LIMIT order records and every live order, the newest
 * SNAPSHOT_HISTORY_LIMIT trades, and how many of each the account has in all.
 */
export function accountSnapshot(state: CoreState, history: HistoryProjection, accountId: string, window: SnapshotWindow = FULL_WINDOW) {
  const summary = accountSummary(state, accountId);
  const orderTotal = history.orderRecordsOf(accountId);
  // Keyed by ids clients chose: without a prototype, "__proto__" is a key like any other.
  const orders: Record<string, OrderView> = Object.create(null);
  const views = [...recentOrders(state, history, accountId, window).values()].map((order) => orderOf(state, order));
  for (const view of views.sort((a, b) => a.insert_date_time - b.insert_date_time)) orders[view.order_id] = view;
  const tradeTotal = history.tradeRecordsOf(accountId);
  const userId = state.accounts.get(accountId)?.userId ?? '';
  const trades: Record<string, TradeView> = Object.create(null);
  for (const trade of history.tradesFrom(accountId, tradeTotal - window.records)) {
    const view = tradeView(trade, userId);
    trades[view.trade_id] = view;
  }
  return {
    ...summary,
    account_cookie: accountId,
    accounts: accountFieldsOf(state, accountId),
    positions: positionViews(state, accountId),
    orders,
    trades,
    orders_total: orderTotal,
    trades_total: tradeTotal,
  };
}

/** A bank transfer attempt as users see it (`datetime` in ms; DIFF shows it in ns). */
export function transferView(t: TransferHistory) {
  return {
    id: t.id,
    transfer_id: t.id,
    account_id: t.accountId,
    datetime: t.datetime,
    currency: t.currency,
    amount: t.amount,
    error_id: t.errorId,
    error_msg: t.errorMsg,
    bank_id: t.bankId,
    bank_name: t.bankName,
  };
}
