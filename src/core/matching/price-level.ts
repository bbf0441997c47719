import type { Order } from './order.ts';

/**
 * All resting orders at one price on one side, in arrival order (a doubly linked FIFO
 * through the orders themselves). Totals are kept so depth queries never walk the queue.
 */
export class PriceLevel {
  head: Order | null = null;
  tail: Order | null = null;
  volume = 0;
  orderCount = 0;

  constructor(readonly priceTicks: number) {}

  get isEmpty(): boolean {
    return this.orderCount === 0;
  }

  append(order: Order): void {
    order.level = this;
    order.prev = this.tail;
    order.next = null;
    if (this.tail === null) this.head = order;
    else this.tail.next = order;
    this.tail = order;
    this.volume += order.volumeLeft;
    this.orderCount++;
  }

  /** Unlinks the order; its remaining volume leaves the level total. */
  remove(order: Order): void {
    const { prev, next } = order;
    if (prev === null) this.head = next;
    else prev.next = next;
    if (next === null) this.tail = prev;
    else next.prev = prev;
    order.prev = null;
    order.next = null;
    order.level = null;
    this.volume -= order.volumeLeft;
    this.orderCount--;
  }

  /** A resting order traded `volume`: keep the level total in step. */
  reduce(volume: number): void {
    this.volume -= volume;
  }
}
