/**
 * The client messages that act: login, orders, subscriptions. Every failure becomes a
 * notify on the session (never a thrown error or a closed socket); a refused order also
 * appears FINISHED under trade.<key>.orders with its reason in last_msg.
 */
import { type AuthService, type Caller, sessionEnded, type TokenRefusal } from '../../app/auth/auth-service.ts';
import type { HistoryReadLimiter } from '../../app/auth/history-read-limiter.ts';
import type { OrderRateLimiter } from '../../app/auth/order-rate-limiter.ts';
import type { SessionStartLimiter } from '../../app/auth/session-start-limiter.ts';
import type { Exchange } from '../../app/exchange.ts';
import { tradingAccount } from '../../app/services/access.ts';
import { finishedOrderMessage } from '../../app/services/finished-orders.ts';
import { generatedOrderId, type OrderRequest, toPlaceOrder } from '../../app/services/order-requests.ts';
import { reservedNameProblem, ResultCode, usernameKey } from '../../core/index.ts';
import { ApiError, NS_PER_MS, splitInstrumentId } from '../../protocol/index.ts';
import type { JsonObject } from '../../protocol/merge-patch.ts';
import { type ChartRequest, instrumentsOf, isSupportedDuration } from './chart-view.ts';
import type { ClientMessage } from './client-messages.ts';
import { tradingDaysProblem } from './trading-day-chart.ts';
import type { DiffSession } from './diff-session.ts';

/** What the handlers need besides the session. */
export interface HandlerContext {
  readonly exchange: Exchange;
  readonly auth: AuthService;
  /** The client's address, for login rate limiting. */
  readonly address: string;
  /** Logins per user (see SessionStartLimiter). */
  readonly sessionStarts: SessionStartLimiter;
  /** Statements read per user (see HistoryReadLimiter). */
  readonly historyReads: HistoryReadLimiter;
  /** Orders and cancels per user, shared with the REST API (see OrderRateLimiter). */
  readonly orderEntries: OrderRateLimiter;
  /** Wall clock, epoch milliseconds. */
  readonly now: () => number;
  /** exchange.name, heading settlement statements. */
  readonly exchangeName: string;
  /**
   * A bug in a callback that runs outside the frame (an order's lost write, a cancel's
   * outcome): the connection is dropped for its client to start again (see
   * DiffServer.dropFaulty), instead of an unhandled rejection ending the process.
   */
  readonly fault: (error: unknown) => void;
}

/** Runs a callback that tells the client something later; a throw is a fault of the connection. */
function later(ctx: HandlerContext, tell: () => void): void {
  try {
    tell();
  } catch (error) {
    ctx.fault(error);
  }
}

export const TOKEN_REFUSALS: Record<Exclude<TokenRefusal, 'foreign'>, string> = {
  expired: 'has expired',
  revoked: 'was issued before the password changed',
  'signed-out': 'was issued before its user logged out everywhere',
  malformed: 'is not a valid token',
  forged: 'was not signed by this exchange (altered, or issued before its secret changed)',
};

/**
 * A token given with the connection (access_token or token in its query). DIFF clients
 * attach their vendor's own token to every connection: a JWT someone else signed is simply
 * not a login here, and req_login follows.
 */
export async function loginWithToken(ctx: HandlerContext, session: DiffSession, token: string): Promise<void> {
  const caller = ctx.auth.examine(token);
  if (caller === 'foreign') return;
  if (typeof caller !== 'object') {
    session.notifyLocal(caller === 'malformed' || caller === 'forged' ? 'ERROR' : 'WARNING', ResultCode.AuthenticationFailed, `the access token ${TOKEN_REFUSALS[caller]}: log in again`);
    return;
  }
  if (queryNamesAnother(session, caller, "the token's user")) return;
  await startSession(ctx, session, caller, session.queryUserId ?? caller.username, session.queryAccountId);
}

/** Whether the connection's user_id query names someone other than `user` (told to the client). */
function queryNamesAnother(session: DiffSession, user: { readonly userId: string; readonly username: string }, who: string): boolean {
  const query = session.queryUserId;
  if (query === undefined || query === user.userId || usernameKey(query) === usernameKey(user.username)) return false;
  session.notifyLocal('ERROR', ResultCode.PermissionDenied, `user_id ${query} of the connection is not ${who}`);
  return true;
}

/** req_login: a user name and password. */
export async function login(ctx: HandlerContext, session: DiffSession, message: ClientMessage<'req_login'>): Promise<void> {
  try {
    const { token: _token, ...caller } = await ctx.auth.login(message.user_name, message.password, ctx.address);
    if (queryNamesAnother(session, caller, 'the user who logged in')) return;
    const accountId = message.account_id === undefined || message.account_id === '' ? session.queryAccountId : message.account_id;
    await startSession(ctx, session, caller, session.queryUserId ?? message.user_name, accountId);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    session.notifyLocal('ERROR', error.code, `login failed: ${error.message}`);
  }
}

/**
 * Logs the connection in as `caller`, shown under trade.<key>, unless the user has started
 * too many sessions lately: each sends the user's whole trading view. `accountId` (the
 * login's account_id, a documented extension) names which of the user's accounts the
 * connection shows and trades; without it, the user's first.
 */
export async function startSession(ctx: HandlerContext, session: DiffSession, caller: Caller, key: string, accountId?: string): Promise<void> {
  if (accountId !== undefined && !ctx.exchange.state.users.get(caller.userId)?.accountIds.includes(accountId)) {
    session.notifyLocal('ERROR', ResultCode.PermissionDenied, `login refused: account ${accountId.slice(0, 64)} is not one of ${caller.username}'s accounts`);
    return;
  }
  const wait = await ctx.sessionStarts.take(caller.userId);
  if (wait > 0) {
    session.notifyLocal('ERROR', ResultCode.AuthenticationFailed, `login refused: ${caller.username} logged in too often in a short time; try again in ${wait} s`);
    return;
  }
  // The password may have been changed (or the user logged out everywhere) while the
  // login waited: that ended every session before it, and this one would outlive it.
  const ended = sessionEnded(ctx.exchange.state.users.get(caller.userId), caller);
  if (ended !== undefined) {
    const what = ended === 'revoked' ? `${caller.username}'s password was changed` : `${caller.username} logged out everywhere`;
    session.notifyLocal('ERROR', ResultCode.AuthenticationFailed, `login refused: ${what} meanwhile; log in again`);
    return;
  }
  session.loggedIn(caller, key, accountId);
  session.notifyLocal('INFO', 0, `login succeeded: ${caller.username}`, 3);
}

/**
 * The short form's `subscribe`. Turning a part of trade.<key> on again sends it whole,
 * which costs what a login costs: that is counted as one (see SessionStartLimiter), or a
 * client toggling a channel on every peek would rebuild the whole view each time. A
 * `subscribe` that only turns parts off, as clients send after logging in, is free.
 * Returns false, or a promise of it: no command goes to the exchange.
 */
export function subscribeChannels(ctx: HandlerContext, session: DiffSession, message: ClientMessage<'subscribe'>): false | Promise<false> {
  const named = new Set(message.channels);
  const channels = { account: named.has('account'), position: named.has('position'), order: named.has('order'), trade: named.has('trade') };
  const caller = session.caller;
  if (caller === undefined) {
    // Kept for the login, so that a client may subscribe first; told, so that it does not
    // wait for data that only a login brings.
    session.subscribeChannels(channels);
    const list = [...named].join(', ');
    session.notifyLocal('INFO', 0, `subscribe: ${list === '' ? 'no channel' : list} from the login on (req_login): there is no trading data before it`, 3);
    return false;
  }
  if (!session.turnsOnChannel(channels)) {
    session.subscribeChannels(channels);
    return false;
  }
  return ctx.sessionStarts.take(caller.userId).then((wait) => {
    if (wait > 0) {
      session.notifyLocal('ERROR', ResultCode.ParameterError, `subscribe refused: turning channels on sends ${caller.username}'s whole trading view, as a login does, and that was asked too often; try again in ${wait} s`);
      // What it turns off still goes off: that costs nothing.
      const now = session.tradeChannels;
      session.subscribeChannels({ account: now.account && channels.account, position: now.position && channels.position, order: now.order && channels.order, trade: now.trade && channels.trade });
    } else {
      session.subscribeChannels(channels);
    }
    return false;
  });
}

/** The user_id DIFF clients send is their login name; the exchange's is a UUID: both mean the caller. */
function ownUserId(session: DiffSession, userId: string | undefined): string | undefined {
  const caller = session.caller;
  if (userId === undefined || caller === undefined) return undefined;
  if (userId === caller.userId || usernameKey(userId) === usernameKey(caller.username) || userId === session.tradeKey) return undefined;
  return userId;
}

/**
 * The account an order message names (none: the one shown), which must be the one the
 * connection shows under trade.<key> (DIFF shows one account per login: the one it named,
 * else the user's first). An order on another of the user's accounts would be placed and
 * never shown; it is refused instead.
 */
function shownAccount(ctx: HandlerContext, session: DiffSession, message: { user_id?: string | undefined; account_id?: string | undefined }): ReturnType<typeof tradingAccount> {
  const named = message.account_id === undefined || message.account_id === '' ? session.accountId : message.account_id;
  const account = tradingAccount(ctx.exchange.state, session.caller!, { user_id: ownUserId(session, message.user_id), account_id: named });
  const shown = session.accountId;
  if (account.accountId !== shown) {
    throw new ApiError(
      ResultCode.ParameterError,
      `account ${account.accountId} is not the account this connection shows (${shown ?? 'none'}): over DIFF a login trades one account, the one its account_id names or else the user's first; log in with account_id ${account.accountId} on another connection, or use the REST API`,
    );
  }
  return account;
}

/** Places an order; true when it went to the exchange (false: refused here, shown at once). */
export function insertOrder(ctx: HandlerContext, session: DiffSession, message: ClientMessage<'insert_order'>): boolean {
  const orderId = message.order_id === undefined || message.order_id === '' ? generatedOrderId() : message.order_id;
  const refuse = (code: number, reason: string) => showRefusal(ctx, session, orderId, code, reason, () => refusedOrder(ctx, session, message, orderId, reason));
  if (session.caller === undefined) {
    // Only the notify: before a login there is no trade.<key> to show the order in, and
    // a record kept for it would be memory any anonymous connection could fill.
    session.notifyLocal('WARNING', ResultCode.AuthenticationFailed, `order ${orderId} refused: log in first (req_login)`);
    return false;
  }
  let command;
  try {
    const account = shownAccount(ctx, session, message);
    command = toPlaceOrder(ctx.exchange.state, account.accountId, message as OrderRequest, { orderId, price: message.limit_price });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    refuse(error.code, error.message);
    return false;
  }
  const waitMs = ctx.orderEntries.take(session.caller, 'orders');
  if (waitMs > 0) {
    refuse(ResultCode.ParameterError, ctx.orderEntries.refusal('orders', waitMs));
    return false;
  }
  session.localOrders.delete(orderId);
  const sender = session.caller.userId;
  // The outcome (accepted, filled, refused with a record) reaches the client as patches
  // once the batch is durable; a storage failure is told here.
  // A failure told at once (storage already failed, shutting down) is not a submission:
  // false, so that the end of the frame flushes the notify to a waiting peek.
  const submitted = ctx.exchange.submitUnacknowledged(
    command,
    (error) =>
      later(ctx, () => {
        if (!session.isLoggedInAs(sender)) return;
        session.ordersInFlight.delete(orderId);
        session.notifyLocal('ERROR', ResultCode.InternalError, `order ${orderId} not accepted: ${error.message}`, 0);
        session.flush();
      }),
    // Refused with nothing recorded (the id is a live order's, perhaps one sent in the
    // same frame): the notify is all there is to show, and the live order stays as it is.
    (result) =>
      later(ctx, () => {
        if (!session.isLoggedInAs(sender)) return;
        session.ordersInFlight.delete(orderId);
        session.notifyLocal('WARNING', result.code, `order ${orderId} refused: ${result.message}`);
        session.flush();
      }),
  );
  if (submitted) session.ordersInFlight.add(orderId);
  return submitted;
}

/** Refused orders a connection shows as FINISHED records (see showRefusal). */
export const LOCAL_REFUSALS_KEPT = 1_000;

/**
 * Shows a refusal made here: a FINISHED order under the client's id with the reason, and
 * a WARNING notify. When the id is a live order's of the shown account, or one this
 * session sent that has not come back yet, only the notify: the refusal must not hide
 * the order (the exchange refuses the id too, if it is live).
 */
function showRefusal(ctx: HandlerContext, session: DiffSession, orderId: string, code: number, reason: string, record: () => JsonObject): void {
  const accountId = session.accountId;
  const live = session.ordersInFlight.has(orderId) || (accountId !== undefined && ctx.exchange.state.liveOrders.has(accountId, orderId));
  // Every record kept is memory the client's messages alone make the server hold: past
  // the limit, a refusal is told by its notify only (as before a login).
  const room = session.localOrders.has(orderId) || session.localOrders.size < LOCAL_REFUSALS_KEPT;
  // An id such as "__proto__" is refused for what a client would do with it as a key.
  if (!live && room && reservedNameProblem('order_id', orderId) === '') {
    session.localOrders.set(orderId, record());
    session.markLocalOrder(orderId);
  }
  session.notifyLocal('WARNING', code, `order ${orderId} refused: ${reason}`);
}

/** The most of a malformed order's text field its refusal shows (fields are at most 64 characters). */
const MAX_SHOWN_FIELD = 64;

/**
 * An insert_order whose fields are not even of the right kinds (a volume in quotes):
 * refused like any other, as a FINISHED order under its id when it has one, showing what
 * could be read of it. False when the message was not an order to show (the caller then
 * sends the plain notify).
 */
export function refuseMalformedOrder(ctx: HandlerContext, session: DiffSession, raw: unknown, problem: string): boolean {
  if (session.caller === undefined || raw === null || typeof raw !== 'object') return false;
  const m = raw as Record<string, unknown>;
  if (m.aid !== 'insert_order' || typeof m.order_id !== 'string' || m.order_id === '' || m.order_id.length > 128) return false;
  // What was sent, cut to the longest any field may be: the record is kept and sent back,
  // and a megabyte of instrument_id, refused as too long, must not be (1,000 of them a
  // connection).
  const text = (value: unknown) => (typeof value !== 'string' ? undefined : value.length <= MAX_SHOWN_FIELD ? value : `${value.slice(0, MAX_SHOWN_FIELD)}…`);
  const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
  const readable = {
    aid: 'insert_order',
    order_id: m.order_id,
    instrument_id: text(m.instrument_id) ?? '',
    exchange_id: text(m.exchange_id),
    account_id: text(m.account_id),
    direction: text(m.direction),
    offset: text(m.offset),
    volume: number(m.volume),
    price_type: text(m.price_type),
    limit_price: number(m.limit_price),
    time_condition: text(m.time_condition),
    volume_condition: text(m.volume_condition),
    min_volume: number(m.min_volume),
    valid_until_date: text(m.valid_until_date),
  } as unknown as ClientMessage<'insert_order'>;
  const orderId = m.order_id;
  showRefusal(ctx, session, orderId, ResultCode.ParameterError, problem, () => refusedOrder(ctx, session, readable, orderId, problem));
  return true;
}

export function cancelOrder(ctx: HandlerContext, session: DiffSession, message: ClientMessage<'cancel_order'>): boolean {
  if (session.caller === undefined) {
    session.notifyLocal('WARNING', ResultCode.AuthenticationFailed, 'log in first (req_login)');
    return false;
  }
  let accountId: string;
  try {
    accountId = shownAccount(ctx, session, message).accountId;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    session.notifyLocal('WARNING', error.code, `cancel of ${message.order_id} refused: ${error.message}`);
    return false;
  }
  const waitMs = ctx.orderEntries.take(session.caller, 'cancels');
  if (waitMs > 0) {
    session.notifyLocal('WARNING', ResultCode.ParameterError, `cancel of ${message.order_id} refused: ${ctx.orderEntries.refusal('cancels', waitMs)}`);
    return false;
  }
  const sender = session.caller.userId;
  // Told after the publication: a refusal must not reach the client before the order it
  // names; and only to the user who sent it (the connection may have logged in as another).
  ctx.exchange.submit({ type: 'order.cancel', accountId, orderId: message.order_id }, { afterPublication: true }).then(
    ({ result }) =>
      later(ctx, () => {
        if (result.code === ResultCode.Success || !session.isLoggedInAs(sender)) return;
        const finished = result.code === ResultCode.OrderNotFound ? finishedOrderMessage(ctx.exchange.history, accountId, message.order_id) : undefined;
        session.notifyLocal('WARNING', result.code, `cancel of ${message.order_id} refused: ${finished ?? result.message}`);
        session.flush();
      }),
    (error: unknown) =>
      later(ctx, () => {
        if (!session.isLoggedInAs(sender)) return;
        session.notifyLocal('ERROR', ResultCode.InternalError, `cancel not accepted: ${(error as Error).message}`, 0);
        session.flush();
      }),
  );
  return true;
}

/** subscribe_quote: the new list replaces the old; instruments the exchange does not list are named in a notify. */
export function subscribeQuote(ctx: HandlerContext, session: DiffSession, message: ClientMessage<'subscribe_quote'>): void {
  session.subscribeQuotes(message.ins_list);
  warnOfUnknown(ctx, session, 'subscribe_quote', message.ins_list);
}

function warnOfUnknown(ctx: HandlerContext, session: DiffSession, aid: string, insList: string): void {
  const instruments = ctx.exchange.state.instruments;
  const unknown = instrumentsOf(insList).filter((id) => !instruments.has(id));
  if (unknown.length === 0) return;
  const shown = unknown.slice(0, 5).join(', ') + (unknown.length > 5 ? ` and ${unknown.length - 5} more` : '');
  session.notifyLocal('WARNING', ResultCode.InstrumentNotFound, `${aid}: instrument not found: ${shown} (ids are EXCHANGE.code, e.g. SHFE.cu2701)`);
}

export function setChart(ctx: HandlerContext, session: DiffSession, message: ClientMessage<'set_chart'>): void {
  // An empty ins_list removes a chart, and so does view_width 0 (as tqsdk-js takes it).
  if (message.ins_list === '' || message.view_width === 0) {
    session.setChart({ chart_id: message.chart_id, ins_list: '', duration: message.duration });
    return;
  }
  if (!isSupportedDuration(message.duration)) {
    session.notifyLocal('WARNING', ResultCode.ParameterError, `set_chart: duration ${message.duration} ns is not one of 0, 60e9, 300e9, 900e9, 1800e9, 3600e9, 86400e9`);
    return;
  }
  const problem = reservedNameProblem('chart_id', message.chart_id) || tradingDaysProblem(message);
  if (problem !== '') {
    session.notifyLocal('WARNING', ResultCode.ParameterError, `set_chart: ${problem}`);
    return;
  }
  const request: ChartRequest = {
    chart_id: message.chart_id,
    ins_list: message.ins_list,
    duration: message.duration,
    ...(message.view_width !== undefined && { view_width: message.view_width }),
    ...(message.left_kline_id !== undefined && { left_kline_id: message.left_kline_id }),
    ...(message.focus_datetime !== undefined && { focus_datetime: message.focus_datetime }),
    ...(message.focus_position !== undefined && { focus_position: message.focus_position }),
    ...(message.trading_day_start !== undefined && { trading_day_start: message.trading_day_start }),
    ...(message.trading_day_count !== undefined && { trading_day_count: message.trading_day_count }),
  };
  warnOfUnknown(ctx, session, 'set_chart', message.ins_list);
  const refusal = session.setChart(request);
  if (refusal !== undefined) session.notifyLocal('WARNING', ResultCode.ParameterError, `set_chart: ${refusal}`);
}

/** A refused order as DIFF shows it: FINISHED, nothing traded, the reason in last_msg. */
function refusedOrder(ctx: HandlerContext, session: DiffSession, m: ClientMessage<'insert_order'>, orderId: string, reason: string): JsonObject {
  const ids = m.exchange_id !== undefined && !m.instrument_id.includes('.') ? { exchange_id: m.exchange_id, instrument_id: m.instrument_id } : splitInstrumentId(m.instrument_id);
  const volume = typeof m.volume === 'number' && Number.isFinite(m.volume) ? m.volume : 0;
  const ns = ctx.now() * NS_PER_MS;
  return {
    user_id: session.caller?.userId ?? '',
    account_id: m.account_id ?? session.accountId ?? '',
    order_id: orderId,
    exchange_id: ids.exchange_id,
    instrument_id: ids.instrument_id,
    direction: m.direction ?? '',
    offset: m.offset ?? '',
    volume_orign: volume,
    volume_left: volume,
    price_type: m.price_type ?? 'LIMIT',
    limit_price: m.limit_price ?? 0,
    time_condition: m.time_condition ?? 'GFD',
    volume_condition: m.volume_condition ?? 'ANY',
    // Every field of an order the exchange records, as the exchange's own refusals show it.
    min_volume: typeof m.min_volume === 'number' && Number.isFinite(m.min_volume) ? m.min_volume : 0,
    valid_until_date: m.valid_until_date ?? '',
    insert_date_time: ns,
    exchange_order_id: '0',
    status: 'FINISHED',
    last_msg: reason,
    exchange_status: 'REJECTED',
    filled_volume: 0,
    frozen_margin: 0,
    trades: [],
    update_date_time: ns,
  };
}
