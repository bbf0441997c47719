import { isLiveStatus } from '../../core/index.ts';
import type { HistoryProjection } from '../history/history-projection.ts';

/**
 * What a cancel or modify refused as "order not found" (3001) says when the id is of an
 * order that finished: the core keeps live orders only, and the spec answers a finished
 * one as not found, but a caller should be able to tell it from an id never used.
 * Undefined when the id names no finished order of the account.
 */
export function finishedOrderMessage(history: HistoryProjection, accountId: string, orderId: string): string | undefined {
  const order = history.order(accountId, orderId);
  if (order === undefined || isLiveStatus(order.status)) return undefined;
  return `order not found: ${orderId} is already finished (${order.status}${order.lastMsg === '' ? '' : `: ${order.lastMsg}`})`;
}
