import { type ApplyResult, rejected, succeeded } from '../apply-result.ts';
import type { CancelConditionalOrder, CreateConditionalOrder } from '../commands.ts';
import type { CoreEvent } from '../events.ts';
import { checkAccount, checkTradable, checkVolume, limitPriceTicks } from '../orders/order-rules.ts';
import { lotValueProblem } from '../money.ts';
import { priceGridProblem } from '../instruments/price-grid.ts';
import { placeOrder } from '../orders/place-order.ts';
import { ResultCode } from '../result-codes.ts';
import type { CoreState } from '../state.ts';
import { MAX_PENDING_CONDITIONALS_PER_ACCOUNT } from './conditional-book.ts';
import { ConditionalOrder } from './conditional-order.ts';

/** 9999-12-31T23:59:59.999Z: later "timestamps" are typing errors, not expiries. */
const LAST_VALID_UNTIL = 253_402_300_799_999;

const CONDITION_TYPES = new Set(['StopLoss', 'TakeProfit', 'PriceTouch']);
const TRIGGER_CONDITIONS = new Set(['GreaterOrEqual', 'LessOrEqual']);

export function createConditional(state: CoreState, command: CreateConditionalOrder, ts: number): ApplyResult {
  const account = state.accounts.get(command.accountId);
  const usable = checkAccount(account, command.accountId);
  if (usable.code !== ResultCode.Success) return rejected(usable.code, usable.message);
  // Ids are the exchange's own (random), so only a pending one is checked: finished
  // orders have left the core for the history.
  if (state.conditionals.pending.has(command.conditionalId)) {
    return rejected(ResultCode.ParameterError, `conditional order ${command.conditionalId} already exists`);
  }
  if (state.conditionals.pendingCountOf(command.accountId) >= MAX_PENDING_CONDITIONALS_PER_ACCOUNT) {
    return rejected(
      ResultCode.ParameterError,
      `account ${command.accountId} has ${MAX_PENDING_CONDITIONALS_PER_ACCOUNT} pending conditional orders, the most an account may have; cancel some first`,
    );
  }
  const instrument = state.instruments.get(command.instrumentId);
  const tradable = checkTradable(instrument, command.instrumentId, state.tradingDay);
  if (tradable.code !== ResultCode.Success) return rejected(tradable.code, tradable.message);
  const volume = checkVolume(command.volume);
  if (volume.code !== ResultCode.Success) return rejected(volume.code, volume.message);
  if (!CONDITION_TYPES.has(command.conditionType)) {
    return rejected(ResultCode.ParameterError, 'condition_type must be StopLoss, TakeProfit or PriceTouch');
  }
  if (!TRIGGER_CONDITIONS.has(command.triggerCondition)) {
    return rejected(ResultCode.ParameterError, 'trigger_condition must be GreaterOrEqual or LessOrEqual');
  }
  if (!(Number.isInteger(command.validUntil) && command.validUntil >= 0 && command.validUntil <= LAST_VALID_UNTIL)) {
    return rejected(ResultCode.ParameterError, 'valid_until must be a millisecond timestamp no later than 9999-12-31');
  }
  if (command.validUntil !== 0 && command.validUntil < ts) {
    return rejected(ResultCode.ParameterError, 'valid_until is already in the past');
  }
  const trigger = instrument!.grid.toTicks(command.triggerPrice);
  const offGrid = priceGridProblem('trigger_price', command.triggerPrice, trigger, instrument!);
  if (offGrid !== '') return rejected(ResultCode.ParameterError, offGrid);
  const tooHigh = lotValueProblem('trigger_price', command.triggerPrice, trigger, instrument!.tickValueCents);
  if (tooHigh !== '') return rejected(ResultCode.ParameterError, tooHigh);
  if (command.orderType === 'LIMIT') {
    const limit = limitPriceTicks(instrument!, command.limitPrice);
    if (typeof limit !== 'number') return rejected(limit.code, `limit_price: ${limit.message}`);
  } else if (command.orderType !== 'MARKET') {
    return rejected(ResultCode.ParameterError, 'order_type must be LIMIT or MARKET');
  }
  const order = new ConditionalOrder(command, account!.userId, trigger, ts);
  state.conditionals.add(order);
  return succeeded([{ type: 'conditional.changed', conditional: order.toRecord() }]);
}

export function cancelConditional(state: CoreState, command: CancelConditionalOrder, ts: number): ApplyResult {
  // Only pending orders are in the core: the route tells a finished one (3002) from the history.
  const order = state.conditionals.pending.get(command.conditionalId);
  if (order === undefined || order.request.accountId !== command.accountId) {
    return rejected(ResultCode.OrderNotFound, `no pending conditional order ${command.conditionalId}`);
  }
  order.finish('Cancelled', ts, 'cancelled by the user');
  state.conditionals.settle(order);
  return succeeded([{ type: 'conditional.changed', conditional: order.toRecord() }]);
}

/**
 * Places the orders of conditional orders whose trigger the last trade of a traded
 * instrument reached (its price in this command, not the last price a settlement may
 * have marked since). Instruments are visited in id order and orders in creation order.
 * The placed order goes through the same checks as any order; if it is refused, the
 * conditional order is Failed with the reason.
 */
export function triggerConditionals(state: CoreState, ts: number, events: CoreEvent[]): void {
  const book = state.conditionals;
  if (!book.hasPending) {
    state.ledger.moved.clear();
    return;
  }
  const moved = [...state.ledger.moved].sort(([a], [b]) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  state.ledger.moved.clear();
  for (const [instrument, tradeTicks] of moved) {
    for (const conditional of book.reachedBy(instrument.id, tradeTicks)) {
      if (conditional.status !== 'Pending') continue;
      // A closed market takes no orders: the orders a trade then reached (a liquidation
      // after the close) are placed at the open, rather than fail (fireReachedWhileClosed).
      if (state.marketClosed !== '') book.reachedWhileClosed.add(conditional.id);
      else fire(state, conditional, ts, events);
    }
  }
}

/**
 * At the open: the conditional orders a trade reached while the market was closed, in the
 * order they were reached, if still pending. Only those: an order created after that
 * trade, or one no trade reached, waits for a trade (a reference or settlement price is
 * none).
 */
export function fireReachedWhileClosed(state: CoreState, ts: number, events: CoreEvent[]): void {
  const book = state.conditionals;
  const reached = [...book.reachedWhileClosed];
  book.reachedWhileClosed.clear();
  for (const id of reached) {
    const conditional = book.pending.get(id);
    if (conditional !== undefined) fire(state, conditional, ts, events);
  }
}

/** Places a triggered conditional order's order; the conditional order is Triggered, or Failed with the reason. */
function fire(state: CoreState, conditional: ConditionalOrder, ts: number, events: CoreEvent[]): void {
  const request = conditional.request;
  state.conditionals.settle(conditional);
  const placed = placeOrder(
    state,
    {
      type: 'order.place',
      accountId: request.accountId,
      orderId: request.conditionalId,
      instrumentId: request.instrumentId,
      direction: request.direction,
      offset: request.offset,
      priceType: request.orderType,
      price: request.orderType === 'LIMIT' ? request.limitPrice : 0,
      volume: request.volume,
      timeCondition: request.orderType === 'LIMIT' ? 'GFD' : 'IOC',
      volumeCondition: 'ANY',
    },
    ts,
  );
  // The order it placed, accepted or refused; none when the refusal made no record (its
  // id is a live order's, whose id the conditional order must not point at).
  if (placed.events.some((e) => (e.type === 'order.accepted' || e.type === 'order.rejected') && e.order.orderId === request.conditionalId)) {
    conditional.orderId = request.conditionalId;
  }
  if (placed.code === ResultCode.Success) conditional.finish('Triggered', ts, '');
  else conditional.finish('Failed', ts, placed.message);
  events.push({ type: 'conditional.changed', conditional: conditional.toRecord() });
  for (const event of placed.events) events.push(event);
}

/** Pending conditional orders whose valid_until has passed become Expired. */
export function expireConditionals(state: CoreState, ts: number, events: CoreEvent[]): void {
  for (const conditional of state.conditionals.dueForExpiry(ts)) {
    conditional.finish('Expired', ts, 'valid_until passed before the trigger price was reached');
    state.conditionals.settle(conditional);
    events.push({ type: 'conditional.changed', conditional: conditional.toRecord() });
  }
}
