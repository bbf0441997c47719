import { type ApplyResult, rejected, succeeded } from '../apply-result.ts';
import type { CancelOrder } from '../commands.ts';
import type { CancelReason, CoreEvent } from '../events.ts';
import type { Instrument } from '../instruments/instrument.ts';
import { levelChanged } from '../matching/matcher.ts';
import type { Order } from '../matching/order.ts';
import { ResultCode } from '../result-codes.ts';
import type { CoreState } from '../state.ts';

/** order.cancel: only live orders can be cancelled; anything else is `order not found`. */
export function cancelOrder(state: CoreState, command: CancelOrder): ApplyResult {
  const order = state.liveOrders.get(command.accountId, command.orderId);
  if (order === undefined) return rejected(ResultCode.OrderNotFound, 'order not found');
  const events: CoreEvent[] = [];
  takeOutOfBook(state, state.instruments.get(order.instrumentId)!, order, events, 'user', 'cancelled by the user');
  return succeeded(events);
}

/**
 * Removes a resting order from its book and the live index and reports it cancelled
 * together with the new total of the level it left.
 */
export function takeOutOfBook(
  state: CoreState,
  instrument: Instrument,
  order: Order,
  events: CoreEvent[],
  reason: CancelReason,
  message: string,
): void {
  const level = instrument.book.remove(order);
  state.liveOrders.remove(order);
  order.status = 'CANCELLED';
  order.lastMsg = message;
  state.fills.onOrderClosed(instrument, order);
  events.push({
    type: 'order.cancelled',
    accountId: order.accountId,
    orderId: order.orderId,
    instrumentId: order.instrumentId,
    exchangeOrderId: order.exchangeOrderId,
    volumeLeft: order.volumeLeft,
    reason,
    message,
  });
  events.push(levelChanged(instrument, order.isBuy, level));
  state.orderPool.retire(order);
}
