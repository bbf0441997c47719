import type { Exchange } from '../../app/exchange.ts';
import type { OrderHistory } from '../../app/history/history-records.ts';
import { orderOf, recentOrders, SNAPSHOT_HISTORY_LIMIT, transferView } from '../../app/services/views.ts';
import { accountView, positionViews } from '../../core/index.ts';
import { diff, getOwn, type Json, type JsonObject, setOwn } from '../../protocol/merge-patch.ts';
import { NS_PER_MS, tradeView } from '../../protocol/index.ts';

/** Which parts of trade.<key> a connection receives (the short form's `subscribe` channels). */
export interface TradeChannels {
  account: boolean;
  position: boolean;
  order: boolean;
  trade: boolean;
}

export const ALL_CHANNELS: TradeChannels = { account: true, position: true, order: true, trade: true };

/** What changed for one session's account since its last push. */
export class TradeDirt {
  account = false;
  positions = false;
  readonly orders = new Set<string>();
  trades = false;
  transfers = false;
  /** Everything (after login, or a change that touched every account). */
  all = false;

  get any(): boolean {
    return this.all || this.account || this.positions || this.trades || this.transfers || this.orders.size > 0;
  }

  clear(): void {
    this.account = this.positions = this.trades = this.transfers = this.all = false;
    this.orders.clear();
  }
}

/**
 * The `trade.<key>` part of one session's snapshot: account, positions, orders and trades
 * of the session's account (and its bank transfers, with the banks), as merge patches against what the client holds (`mirror`,
 * the server's copy of the client's trade.<key> but its trades, and `tradesHeld`).
 * Orders, trades and positions are never deleted: a position closed stays, flat, under
 * its instrument.
 *
 * The mirror may hold, instead of the whole view, a marker for a FINISHED order (which
 * never changes again): see compactMirror. Trades are not in the mirror at all: an
 * account's trades only ever append to its history and never change, so the client holds
 * exactly the first `tradesHeld` of them, and the patch carries the ones after (the
 * mirror's `trades` is only an empty object saying the client has the part).
 */
export function tradePatch(
  exchange: Exchange,
  mirror: JsonObject,
  identity: { userId: string; accountId: string | undefined },
  dirt: TradeDirt,
  channels: TradeChannels,
  localOrders: ReadonlyMap<string, JsonObject>,
  tradesHeld: number,
  transfersHeld?: number,
): { patch: JsonObject | undefined; tradesHeld: number; transfersHeld: number | undefined } {
  const state = exchange.state;
  const patch: JsonObject = {};
  const put = (key: string, value: Json | undefined) => {
    if (value !== undefined) patch[key] = value;
  };
  if (dirt.all) {
    put('user_id', diff(mirror.user_id, identity.userId));
    put('session', diff(mirror.session, { user_id: identity.userId, trading_day: state.tradingDay }));
    put('trade_more_data', diff(mirror.trade_more_data, false));
  }
  const accountId = identity.accountId;
  const fields = accountId === undefined ? undefined : accountView(state, accountId);
  if (channels.account && (dirt.all || dirt.account)) {
    const accounts: JsonObject = fields === undefined ? {} : { [fields.currency]: fields as unknown as JsonObject };
    put('accounts', diff(mirror.accounts, accounts));
  }
  let transfersNow = transfersHeld;
  if (channels.account && (dirt.all || dirt.transfers) && accountId !== undefined) {
    // DIFF's bank transfers: the banks one may transfer with, and the attempts
    // (req_transfer's outcomes). Attempts only append and never change: like trades, the
    // client holds the first `transfersHeld` and is sent the ones after; a client shown
    // none yet (undefined), the newest TRANSFERS_SHOWN (refused attempts are recorded too, as fast
    // as password checks allow; every one is on GET /api/account/{id}/transfers).
    if (dirt.all) put('banks', diff(mirror.banks, bankViews(exchange.config.banks)));
    const all = exchange.history.transfersOf(accountId);
    const from = transfersNow ?? Math.max(0, all.length - TRANSFERS_SHOWN);
    const transfers: JsonObject = {};
    for (const t of all.slice(from)) setOwn(transfers, t.id, { ...transferView(t), datetime: t.datetime * NS_PER_MS });
    transfersNow = all.length;
    if (Object.keys(transfers).length > 0) patch.transfers = transfers;
    else if (dirt.all && getOwn(mirror, 'transfers') === undefined) patch.transfers = {};
  }
  if (channels.position && (dirt.all || dirt.positions)) {
    // Every instrument the account has traded stays, flat once closed: settlement drops flat
    // positions, and a client that keeps its mirror over a reconnect (tqsdk-js does) would
    // otherwise go on showing lots closed while it was away; no patch could remove them.
    const positions = accountId === undefined ? {} : positionViews(state, accountId, exchange.history.instrumentsTradedBy(accountId));
    put('positions', diff(mirror.positions, positions as unknown as JsonObject));
  }
  if (channels.order) {
    const held = (mirror.orders ?? {}) as JsonObject;
    const orders: JsonObject = {};
    // Everything the snapshot shows (the newest orders and every live one, as over HTTP):
    // the latest order under each id, read in one pass (archived orders are decoded once).
    const latest = dirt.all && accountId !== undefined ? recentOrders(state, exchange.history, accountId) : new Map<string, OrderHistory>();
    // With everything dirty, also what the batch named: an order outside the snapshot's
    // window that ended (a day's end expired it: every ending is an event naming it) must
    // still reach the client as ended.
    const ids = dirt.all ? new Set([...latest.keys(), ...localOrders.keys(), ...dirt.orders]) : dirt.orders;
    for (const id of ids) {
      // A refusal here is the newest thing under its id (a later order sent to the
      // exchange takes the id out of localOrders): it shows over any earlier order.
      const local = localOrders.get(id);
      // A finished order the client holds is final: unchanged unless its id now names another order.
      const heldOrder = getOwn(held, id);
      if (local === undefined && typeof heldOrder === 'number' && accountId !== undefined && heldOrder === exchange.history.orderIndex(accountId, id)) continue;
      const record = local !== undefined || accountId === undefined ? undefined : (latest.get(id) ?? exchange.history.order(accountId, id));
      const view = record !== undefined ? (orderOf(state, record) as unknown as JsonObject) : local;
      if (view === undefined) continue;
      const change = diff(heldOrder, view);
      if (change !== undefined) setOwn(orders, id, change);
    }
    if (Object.keys(orders).length > 0) patch.orders = orders;
    // The client is shown the part at once, empty or not (CLIENTS.md: after login).
    else if (dirt.all && getOwn(mirror, 'orders') === undefined) patch.orders = {};
  }
  let tradesNow = tradesHeld;
  if (channels.trade && (dirt.all || dirt.trades)) {
    const trades: JsonObject = {};
    // A client that holds none is sent the newest (the older ones are on the REST routes).
    if (dirt.all && tradesHeld === 0 && accountId !== undefined) tradesNow = Math.max(0, exchange.history.tradeRecordsOf(accountId) - SNAPSHOT_HISTORY_LIMIT);
    for (const trade of accountId === undefined ? [] : exchange.history.tradesFrom(accountId, tradesNow)) {
      const view = tradeView(trade, identity.userId);
      setOwn(trades, view.trade_id, view as unknown as JsonObject);
      tradesNow++;
    }
    if (Object.keys(trades).length > 0) patch.trades = trades;
    // Empty, once: the mirror keeps an empty `trades` as the sign that the client has the part.
    else if (dirt.all && tradesHeld === 0 && getOwn(mirror, 'trades') === undefined) patch.trades = {};
  }
  return { patch: Object.keys(patch).length > 0 ? patch : undefined, tradesHeld: tradesNow, transfersHeld: transfersNow };
}

/**
 * After `patch` went to the client: finished orders in the mirror are replaced by small
 * markers. They never change again, and a session otherwise keeps a copy of every order
 * its user ever made, which the garbage collector must copy and mark over and over. A
 * finished order's marker is its position in the account's order history (`orderIndex`),
 * which no other order shares: an id used again by a new order names another position,
 * so the new order is sent whole. Orders refused before reaching the exchange
 * (`localOrders`) keep their view: they have no position.
 */
export function compactMirror(
  mirror: JsonObject,
  patch: JsonObject,
  localOrders: ReadonlyMap<string, JsonObject>,
  orderIndex: (orderId: string) => number | undefined,
): void {
  const changedOrders = patch.orders as JsonObject | undefined;
  if (changedOrders === undefined) return;
  const orders = mirror.orders as JsonObject;
  for (const id in changedOrders) {
    const view = getOwn(orders, id) as JsonObject;
    if (view.status !== 'FINISHED' || localOrders.has(id)) continue;
    const index = orderIndex(id);
    if (index !== undefined) setOwn(orders, id, index);
  }
}

function bankViews(banks: readonly { readonly id: string; readonly name: string }[]): JsonObject {
  const views: JsonObject = {};
  for (const bank of banks) setOwn(views, bank.id, { id: bank.id, name: bank.name });
  return views;
}

/** Bank transfer attempts a client that holds none is sent (the newest). */
const TRANSFERS_SHOWN = 100;
