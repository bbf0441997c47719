import type { Order } from '../matching/order.ts';

/**
 * Live (resting) orders by account and user-chosen order id: how cancel and modify find
 * an order. Finished orders leave the index; their history belongs to the projections
 * built from events, so the core's state stays as small as the open interest.
 */
export class LiveOrderIndex {
  private readonly byAccount = new Map<string, Map<string, Order>>();
  private total = 0;

  get size(): number {
    return this.total;
  }

  get(accountId: string, orderId: string): Order | undefined {
    return this.byAccount.get(accountId)?.get(orderId);
  }

  has(accountId: string, orderId: string): boolean {
    return this.byAccount.get(accountId)?.has(orderId) === true;
  }

  add(order: Order): void {
    let orders = this.byAccount.get(order.accountId);
    if (orders === undefined) {
      orders = new Map();
      this.byAccount.set(order.accountId, orders);
    }
    orders.set(order.orderId, order);
    // Remembered on the order: removal needs no lookup of the account's map.
    order.liveIn = orders;
    this.total++;
  }

  remove(order: Order): void {
    const orders = order.liveIn;
    if (orders !== null && orders.delete(order.orderId)) this.total--;
    order.liveIn = null;
  }

  /** Live orders of one account, in the order they became live. */
  ofAccount(accountId: string): Iterable<Order> {
    return this.byAccount.get(accountId)?.values() ?? [];
  }
}
