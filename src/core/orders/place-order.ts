import { type ApplyResult, rejected, succeeded } from '../apply-result.ts';
import type { PlaceOrder } from '../commands.ts';
import type { CoreEvent } from '../events.ts';
import type { Instrument } from '../instruments/instrument.ts';
import { execute } from '../matching/matcher.ts';
import type { Order } from '../matching/order.ts';
import { ResultCode } from '../result-codes.ts';
import type { CoreState } from '../state.ts';
import { ACCEPTABLE, checkAccount, checkMarketOpen, checkTerms, checkTradable, checkVolume, isTradingDay, limitPriceTicks, type Verdict } from './order-rules.ts';

/**
 * order.place: validate against the account, the instrument and the day, freeze what the
 * order needs, then match. A business rejection still produces an order record (REJECTED,
 * with the reason in last_msg), so every client sees what became of what it sent.
 */
export function placeOrder(state: CoreState, command: PlaceOrder, ts: number): ApplyResult {
  return place(state, command, ts, 'account');
}

/**
 * A forced-liquidation order: placed even on a frozen account (closes need no funds: see
 * Ledger.reserve). Its last_msg says so from the start (`origin`), so the user finds why
 * it is there on the order itself, also when the notification went by.
 */
export function placeForcedOrder(state: CoreState, command: PlaceOrder, ts: number, origin: string): ApplyResult {
  return place(state, command, ts, 'forced', origin);
}

/**
 * The matching engine alone: the same validation and matching with no account behind the
 * order (no funds frozen, no positions). For benchmarks and tests of the book itself.
 */
export function placeBareOrder(state: CoreState, command: PlaceOrder, ts: number): ApplyResult {
  return place(state, command, ts, 'bare');
}

type Placement = 'account' | 'forced' | 'bare';

/**
 * Orders one account may have working at once. Every view of the account shows all of
 * them (the snapshot over HTTP, trade.<key> over DIFF): 200,000 resting orders made each
 * of those a 113 MB reply built on the event loop for a second. Only orders that could
 * rest are refused for it; a forced liquidation never is.
 */
export const MAX_LIVE_ORDERS_PER_ACCOUNT = 5_000;

function place(state: CoreState, command: PlaceOrder, ts: number, placement: Placement, origin = ''): ApplyResult {
  if (state.liveOrders.has(command.accountId, command.orderId)) {
    // No order record: it would overwrite the live order of the same id in every view.
    return rejected(
      ResultCode.ParameterError,
      `order_id ${command.orderId} is already used by a live order of account ${command.accountId}`,
    );
  }
  const account = placement === 'bare' ? undefined : state.accounts.get(command.accountId);
  if (placement === 'account') {
    const usable = checkAccount(account, command.accountId);
    if (usable.code !== ResultCode.Success) return reject(state, command, ts, usable);
    // A forced liquidation (settlement runs after the close) is not refused.
    const open = checkMarketOpen(state.marketClosed);
    if (open.code !== ResultCode.Success) return reject(state, command, ts, open);
    // Only an order that could rest adds to them: an IOC or market order (a stop-loss
    // firing, a close) trades or ends at once, and is never refused for it.
    const couldRest = command.priceType === 'LIMIT' && command.timeCondition !== 'IOC';
    if (couldRest && account!.liveOrders.size >= MAX_LIVE_ORDERS_PER_ACCOUNT) {
      return reject(state, command, ts, fail(`account ${command.accountId} has ${MAX_LIVE_ORDERS_PER_ACCOUNT} live orders, the most an account may have; cancel some first`));
    }
  }
  const instrument = state.instruments.get(command.instrumentId);
  const verdict = checkOrder(state, instrument, command);
  if (typeof verdict !== 'number') return reject(state, command, ts, verdict);

  const order = newOrder(state, command, verdict, instrument!, ts, account?.accountId);
  order.lastMsg = origin;
  if (account !== undefined) {
    const funds = state.ledger.reserve(account, instrument!, order, state.options);
    if (funds.code !== ResultCode.Success) {
      state.orderPool.retire(order);
      return reject(state, command, ts, funds);
    }
  }
  order.exchangeOrderId = instrument!.nextSequence();
  order.status = 'ACCEPTED';
  const events: CoreEvent[] = [{ type: 'order.accepted', order: order.toRecord() }];
  execute(state, instrument!, order, events);
  return succeeded(events);
}

/** The order's limit in ticks, or why it is refused. */
function checkOrder(state: CoreState, instrument: Instrument | undefined, command: PlaceOrder): number | Verdict {
  const terms = checkTerms(command);
  if (terms.code !== ResultCode.Success) return terms;
  const tradable = checkTradable(instrument, command.instrumentId, state.tradingDay);
  if (tradable.code !== ResultCode.Success) return tradable;
  const volume = checkVolume(command.volume);
  if (volume.code !== ResultCode.Success) return volume;
  const conditions = checkConditions(state, command);
  if (conditions.code !== ResultCode.Success) return conditions;
  if (command.priceType === 'LIMIT') return limitPriceTicks(instrument!, command.price);
  if (!instrument!.hasLimits) {
    return fail(`market orders on ${command.instrumentId} need price limits, and it has no reference price yet`);
  }
  return marketBound(instrument!, command.direction === 'BUY');
}

/**
 * A market order may trade anywhere inside the band: its bound is limit-up for a buy and
 * limit-down for a sell (without limits, anywhere at all).
 */
function marketBound(instrument: Instrument, isBuy: boolean): number {
  return isBuy ? instrument.upperLimitTicks : instrument.lowerLimitTicks;
}

function checkConditions(state: CoreState, command: PlaceOrder): Verdict {
  if (command.timeCondition === 'GFA') {
    return fail('time_condition GFA is valid only during a call auction, and no auction is in session');
  }
  if (command.timeCondition === 'GTD') {
    if (!isTradingDay(command.validUntilDate)) {
      return fail('time_condition GTD needs valid_until_date as YYYY-MM-DD');
    }
    if (state.tradingDay !== '' && command.validUntilDate < state.tradingDay) {
      return fail(`valid_until_date ${command.validUntilDate} is before the trading day ${state.tradingDay}`);
    }
  }
  if (command.volumeCondition === 'MIN') {
    const min = command.minVolume;
    if (min === undefined || !Number.isInteger(min) || min < 1 || min > command.volume) {
      return fail(`volume_condition MIN needs min_volume, a whole number from 1 to the order volume ${command.volume}`);
    }
  }
  return ACCEPTABLE;
}

function fail(message: string): Verdict {
  return { code: ResultCode.ParameterError, message };
}

/**
 * The order's ids are the account's and the instrument's own strings where there are
 * some (equal to the command's): a resting order, and the history entry made from it,
 * then keep no copy of the request's text alive.
 */
function newOrder(state: CoreState, command: PlaceOrder, priceTicks: number, instrument: Instrument | undefined, ts: number, accountId = command.accountId): Order {
  const isLimit = command.priceType === 'LIMIT';
  return state.orderPool.take().reset(
    accountId,
    command.orderId,
    instrument?.id ?? command.instrumentId,
    command.direction,
    command.offset,
    command.priceType,
    priceTicks,
    isLimit && instrument !== undefined ? instrument.grid.toPrice(priceTicks) : isLimit ? command.price : 0,
    command.volume,
    // Market orders never rest: whatever the request said, they are immediate-or-cancel.
    isLimit ? command.timeCondition : 'IOC',
    command.volumeCondition,
    command.volumeCondition === 'MIN' ? (command.minVolume ?? 0) : 0,
    command.timeCondition === 'GTD' ? (command.validUntilDate ?? '') : '',
    ts,
  );
}

function reject(state: CoreState, command: PlaceOrder, ts: number, verdict: Verdict): ApplyResult {
  const order = newOrder(state, command, 0, undefined, ts);
  order.status = 'REJECTED';
  order.lastMsg = verdict.message;
  const record = order.toRecord();
  state.orderPool.retire(order);
  return rejected(verdict.code, verdict.message, [{ type: 'order.rejected', code: verdict.code, order: record }]);
}
