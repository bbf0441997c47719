import { Order } from './order.ts';

/**
 * Most orders the exchange sees rest in the book for a while. Allocated fresh, each of them
 * survives a young-generation collection and is copied twice (within the young generation,
 * then into the old one), and that copying is most of what a collection pause costs: at
 * 100,000 orders a second, pauses of one to three milliseconds every ten thousand orders.
 * Recycled objects already live in the old generation, so a new resting order costs the
 * collector nothing.
 *
 * Finished orders are retired during a command and become reusable only at the command
 * boundary (`recycle`, called by `apply` when the command is done): within a command, code
 * may still hold a finished order (a maker after its last fill, a cancelled order in a
 * list being walked). Retiring an order twice is harmless; a retired order must not be
 * used after the command that retired it, and nothing in the core keeps one: events carry
 * copies (`toRecord`, trade sides), and every index drops an order when it finishes.
 *
 * The pool is memory reuse only: no field of a recycled order survives `reset`, so state
 * and replay are exactly as with fresh objects.
 */
export class OrderPool {
  private readonly free: Order[] = [];
  private readonly retired: Order[] = [];

  /** Free orders kept beyond this are left to the collector (after a burst of cancels). */
  constructor(private readonly capacity = 65_536) {}

  get freeCount(): number {
    return this.free.length;
  }

  /** An order object to `reset` with a new order's terms: a recycled one when there is one. */
  take(): Order {
    return this.free.pop() ?? new Order();
  }

  /** The order has finished and left every index; it may be reused after this command. */
  retire(order: Order): void {
    if (order.pooled) return;
    order.pooled = true;
    this.retired.push(order);
  }

  /** The command boundary: retired orders become reusable. */
  recycle(): void {
    const retired = this.retired;
    if (retired.length === 0) return;
    const free = this.free;
    for (let i = 0; i < retired.length; i++) {
      const order = retired[i]!;
      if (free.length < this.capacity) {
        // Drop the links now, so a pooled order keeps no account or other order alive.
        order.account = null;
        order.level = order.prev = order.next = order.sameIdNext = null;
        free.push(order);
      }
    }
    retired.length = 0;
  }
}
