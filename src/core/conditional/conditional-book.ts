import type { ConditionalStatus } from '../events.ts';
import type { ConditionalOrder } from './conditional-order.ts';

/**
 * Every conditional order of the exchange, with the pending ones indexed by instrument
 * (a price move looks only at its instrument's) and the earliest expiry kept so that the
 * per-command expiry check is one comparison until something is due.
 */
export class ConditionalBook {
  readonly all = new Map<string, ConditionalOrder>();
  private readonly pending = new Map<string, ConditionalOrder[]>();
  /** Earliest validUntil among pending orders; Infinity when none expires. */
  nextExpiry = Number.POSITIVE_INFINITY;
  /**
   * Ids of pending orders a trade reached while the market was closed (a forced
   * liquidation at settlement), in the order reached: placed at the open.
   */
  readonly reachedWhileClosed = new Set<string>();

  add(order: ConditionalOrder): void {
    this.all.set(order.id, order);
    const list = this.pending.get(order.request.instrumentId);
    if (list === undefined) this.pending.set(order.request.instrumentId, [order]);
    else list.push(order);
    if (order.request.validUntil > 0 && order.request.validUntil < this.nextExpiry) {
      this.nextExpiry = order.request.validUntil;
    }
  }

  get hasPending(): boolean {
    return this.pending.size > 0;
  }

  /** Pending orders of an instrument, in creation order. */
  pendingOf(instrumentId: string): readonly ConditionalOrder[] {
    return this.pending.get(instrumentId) ?? [];
  }

  /** Call after an order left Pending. */
  settle(order: ConditionalOrder): void {
    const list = this.pending.get(order.request.instrumentId);
    if (list === undefined) return;
    const index = list.indexOf(order);
    if (index >= 0) list.splice(index, 1);
    if (list.length === 0) this.pending.delete(order.request.instrumentId);
  }

  /** Pending orders whose validity ended before `ts`, in creation order. */
  dueForExpiry(ts: number): ConditionalOrder[] {
    if (ts <= this.nextExpiry) return [];
    const due: ConditionalOrder[] = [];
    let next = Number.POSITIVE_INFINITY;
    for (const order of this.all.values()) {
      if (order.status !== 'Pending' || order.request.validUntil === 0) continue;
      if (order.request.validUntil < ts) due.push(order);
      else if (order.request.validUntil < next) next = order.request.validUntil;
    }
    this.nextExpiry = next;
    return due;
  }

  countByStatus(): Record<ConditionalStatus, number> {
    const counts: Record<ConditionalStatus, number> = { Pending: 0, Triggered: 0, Cancelled: 0, Expired: 0, Failed: 0 };
    for (const order of this.all.values()) counts[order.status]++;
    return counts;
  }
}
