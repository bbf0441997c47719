/**
 * The selected account's live trading data: the account with its positions (snapshot form),
 * its orders and its trades. The DIFF trade view follows only a user's first account, so
 * the terminal reads the selected account over REST and re-reads it whenever DIFF reports
 * a change: all of it after a change of orders, trades, the session or a notification; its
 * money and positions alone after a price move (a quote of an instrument the account holds,
 * or a DIFF patch that only re-marks the account and positions).
 */
import { computed, reactive, watch } from 'vue';
import { api, describeError, unwrap } from './api/client';
import type { AccountSnapshot, Order, Trade } from './api/types';
import { diff } from './diff/connection';
import { tradeChange } from './diff/trade-change';
import { quotesTouched } from './diff/views';
import { qualified } from './instruments';
import { session } from './session';

export const trading = reactive<{
  account: AccountSnapshot | undefined;
  orders: Order[];
  trades: Trade[];
  /** When the account was last settled (ms): trades after it are today's. */
  lastSettledAt: number;
  loading: boolean;
  error: string | undefined;
}>({ account: undefined, orders: [], trades: [], lastSettledAt: 0, loading: false, error: undefined });

export const todaysTrades = computed(() => trading.trades.filter((t) => t.trade_date_time / 1e6 > trading.lastSettledAt));

export const openOrders = computed(() => trading.orders.filter((o) => o.status === 'ALIVE'));
export const positions = computed(() =>
  Object.entries(trading.account?.positions ?? {})
    .map(([key, p]) => ({ key, ...p }))
    .filter((p) => p.volume_long > 0 || p.volume_short > 0 || p.volume_long_frozen > 0 || p.volume_short_frozen > 0),
);

let generation = 0;
/** Whether a read of everything is under way: a read of the money alone then waits for it. */
let readingAll = false;
/** A read of the money asked for while everything was being read, whose answer may predate it. */
let moneyAfterAll = false;
let timer: ReturnType<typeof setTimeout> | undefined;

/**
 * What a read brings: everything, or the money alone (the account and its positions, which
 * follow prices; its orders and trades are half a megabyte for an active account).
 */
export type RefreshScope = 'all' | 'money';

/** Reads the selected account again; a later read supersedes one under way. */
export async function refreshTrading(scope: RefreshScope = 'all'): Promise<void> {
  const current = session.current;
  if (current === undefined || current.accountId === '') {
    trading.account = undefined;
    trading.orders = [];
    trading.trades = [];
    return;
  }
  const held = trading.account;
  if (scope === 'money' && (held === undefined || held.account_cookie !== current.accountId)) scope = 'all';
  if (scope === 'money') return refreshMoney(current.accountId);
  const mine = ++generation;
  readingAll = true;
  trading.loading = true;
  const accountId = current.accountId;
  try {
    const [account, curve] = await Promise.all([
      // The snapshot carries the newest orders (and every live one) and the newest trades.
      unwrap(api.GET('/api/account/{account_id}', { params: { path: { account_id: accountId } } })),
      // Equity at each settlement, then now: the next-to-last point is the last settlement.
      unwrap(api.GET('/api/account/{user_id}/equity-curve', { params: { path: { user_id: accountId } } })),
    ]);
    if (mine !== generation) return;
    trading.account = account;
    trading.orders = Object.values(account.orders).sort((a, b) => b.insert_date_time - a.insert_date_time);
    trading.trades = Object.values(account.trades).sort((a, b) => b.trade_date_time - a.trade_date_time);
    trading.lastSettledAt = curve.equity_curve.at(-2)?.timestamp ?? 0;
    trading.error = undefined;
  } catch (error) {
    if (mine === generation) trading.error = describeError(error);
  } finally {
    if (mine === generation) {
      trading.loading = false;
      readingAll = false;
      if (moneyAfterAll) {
        moneyAfterAll = false;
        void refreshMoney(accountId);
      }
    }
  }
}

/** The account and its positions only, keeping the orders and trades already shown. */
async function refreshMoney(accountId: string): Promise<void> {
  if (readingAll) {
    moneyAfterAll = true;
    return;
  }
  const mine = ++generation;
  try {
    const account = await unwrap(api.GET('/api/account/{account_id}', { params: { path: { account_id: accountId }, query: { limit: 0 } } }));
    const held = trading.account;
    if (mine !== generation || held === undefined) return;
    trading.account = { ...account, orders: held.orders, trades: held.trades };
    trading.error = undefined;
  } catch (error) {
    if (mine === generation) trading.error = describeError(error);
  }
}

/**
 * Rows of a history table on one page: a thousand rows drawn at once froze the page for
 * most of a second at every refresh.
 */
export const HISTORY_PAGE = { pageSize: 50 } as const;

/**
 * The least time between two scheduled reads. The server answers a user's history reads
 * at 5 a second and a burst of 60 a minute (then 429): a page refreshing on every patch
 * of a busy account would spend them in seconds.
 */
const MIN_REFRESH_INTERVAL_MS = 1_000;
let lastScheduledRead = 0;
/** When the pending read runs (0: none pending). */
let dueAt = 0;
/** What the pending read brings: everything once any change asked for it. */
let dueScope: RefreshScope = 'money';

/**
 * Several patches in a burst cause one read, and reads come at most once a second. A read
 * already pending is moved earlier, never later: patches arriving faster than the delay
 * must not keep putting it off.
 */
export function scheduleRefresh(delayMs = 120, scope: RefreshScope = 'all'): void {
  if (scope === 'all') dueScope = 'all';
  const at = Math.max(Date.now() + delayMs, lastScheduledRead + MIN_REFRESH_INTERVAL_MS);
  if (dueAt !== 0 && dueAt <= at) return;
  clearTimeout(timer);
  dueAt = at;
  timer = setTimeout(() => {
    dueAt = 0;
    lastScheduledRead = Date.now();
    const reading = dueScope;
    dueScope = 'money';
    void refreshTrading(reading);
  }, at - Date.now());
}

// Another user or account: nothing of the previous one may stay on screen.
watch(
  () => `${session.current?.userId ?? ''}/${session.current?.accountId ?? ''}`,
  () => {
    generation++;
    readingAll = moneyAfterAll = false;
    Object.assign(trading, { account: undefined, orders: [], trades: [], lastSettledAt: 0, loading: false, error: undefined });
    if (session.current?.accountId) void refreshTrading();
  },
);

diff.onPatches((patches) => {
  const change = tradeChange(patches);
  if (change !== undefined) {
    scheduleRefresh(120, change);
    return;
  }
  const held = new Set(positions.value.map((p) => qualified(p.exchange_id, p.instrument_id)));
  for (const instrument of quotesTouched(patches)) {
    if (held.has(instrument)) {
      scheduleRefresh(400, 'money');
      return;
    }
  }
});
