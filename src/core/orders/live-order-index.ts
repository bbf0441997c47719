import type { Order } from '../matching/order.ts';

/**
 * Live (resting) orders, found by the user-chosen order id: how cancel and modify find an
 * order. One hash lookup per operation: the map is keyed by order id alone, and the rare
 * orders of different accounts that share an id are chained through `sameIdNext`. Orders
 * backed by an account are also linked into that account's own list (`Account.liveOrders`),
 * so "every live order of an account" never scans the book.
 *
 * Finished orders leave the index; their history belongs to the projections built from
 * events, so the core's state stays as small as the open interest.
 */
export class LiveOrderIndex {
  private readonly byId = new Map<string, Order>();
  private total = 0;

  get size(): number {
    return this.total;
  }

  get(accountId: string, orderId: string): Order | undefined {
    let order = this.byId.get(orderId);
    while (order !== undefined && order.accountId !== accountId) order = order.sameIdNext ?? undefined;
    return order;
  }

  has(accountId: string, orderId: string): boolean {
    return this.get(accountId, orderId) !== undefined;
  }

  /** The caller guarantees the account has no live order with this id (see `has`). */
  add(order: Order): void {
    const head = this.byId.get(order.orderId);
    order.sameIdNext = head ?? null;
    this.byId.set(order.orderId, order);
    order.account?.liveOrders.add(order);
    this.total++;
  }

  remove(order: Order): void {
    const head = this.byId.get(order.orderId);
    if (head === undefined) return;
    if (head === order) {
      if (order.sameIdNext === null) this.byId.delete(order.orderId);
      else this.byId.set(order.orderId, order.sameIdNext);
    } else {
      let previous = head;
      while (previous.sameIdNext !== null && previous.sameIdNext !== order) previous = previous.sameIdNext;
      if (previous.sameIdNext !== order) return;
      previous.sameIdNext = order.sameIdNext;
    }
    order.sameIdNext = null;
    order.account?.liveOrders.delete(order);
    this.total--;
  }
}
