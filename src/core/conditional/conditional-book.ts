import type { ConditionalOrder } from './conditional-order.ts';
import { TriggerLadder } from './trigger-ladder.ts';

/**
 * Conditional orders one account may have pending at once. Each is looked at by every
 * trade of its instrument that could reach it, and one trade may fire them all: a review
 * created 150,000 that never fire (every trade of the instrument then took 25-32 ms) and
 * 60,000 that one trade fired (3.2 s in one command).
 */
export const MAX_PENDING_CONDITIONALS_PER_ACCOUNT = 1_000;

/**
 * The pending conditional orders of the exchange: by id, counted by account, and on a
 * trigger ladder per instrument, so a trade finds the orders it reaches without looking
 * at those it does not. An order that finishes (triggered, cancelled, expired, failed)
 * leaves the core, as a finished order does: its record lives on in the history, which
 * the lists read (the `conditional.changed` event carries it there). The earliest expiry
 * is kept so that the per-command expiry check is one comparison until something is due.
 */
export class ConditionalBook {
  /** Pending orders by id, in creation order (also after a restore, which adds in that order). */
  readonly pending = new Map<string, ConditionalOrder>();
  private readonly pendingByAccount = new Map<string, number>();
  private readonly ladders = new Map<string, TriggerLadder>();
  private created = 0;
  /** Earliest validUntil among pending orders; Infinity when none expires. */
  nextExpiry = Number.POSITIVE_INFINITY;
  /**
   * Ids of pending orders a trade reached while the market was closed (a forced
   * liquidation at settlement), in the order reached: placed at the open.
   */
  readonly reachedWhileClosed = new Set<string>();

  /** Adds a pending order: it waits on its instrument's ladder. */
  add(order: ConditionalOrder): void {
    order.serial = this.created++;
    this.pending.set(order.id, order);
    const accountId = order.request.accountId;
    this.pendingByAccount.set(accountId, this.pendingCountOf(accountId) + 1);
    let ladder = this.ladders.get(order.request.instrumentId);
    if (ladder === undefined) this.ladders.set(order.request.instrumentId, (ladder = new TriggerLadder()));
    ladder.add(order);
    if (order.request.validUntil > 0 && order.request.validUntil < this.nextExpiry) {
      this.nextExpiry = order.request.validUntil;
    }
  }

  get hasPending(): boolean {
    return this.pending.size > 0;
  }

  pendingCountOf(accountId: string): number {
    return this.pendingByAccount.get(accountId) ?? 0;
  }

  /** Pending orders of an account, in creation order. */
  pendingOfAccount(accountId: string): ConditionalOrder[] {
    if (this.pendingCountOf(accountId) === 0) return [];
    return [...this.pending.values()].filter((order) => order.request.accountId === accountId);
  }

  /** Pending orders of an instrument, in creation order. */
  pendingOf(instrumentId: string): ConditionalOrder[] {
    return this.ladders.get(instrumentId)?.pending() ?? [];
  }

  /** Pending orders of an instrument that a trade at `tradeTicks` reaches, in creation order. */
  reachedBy(instrumentId: string, tradeTicks: number): ConditionalOrder[] {
    return this.ladders.get(instrumentId)?.reachedBy(tradeTicks) ?? [];
  }

  /** Call once an order left Pending: it leaves the book (again is harmless). */
  settle(order: ConditionalOrder): void {
    if (this.pending.get(order.id) !== order) return;
    this.pending.delete(order.id);
    const ladder = this.ladders.get(order.request.instrumentId)!;
    ladder.remove(order);
    if (ladder.size === 0) this.ladders.delete(order.request.instrumentId);
    const accountId = order.request.accountId;
    const left = this.pendingCountOf(accountId) - 1;
    if (left > 0) this.pendingByAccount.set(accountId, left);
    else this.pendingByAccount.delete(accountId);
  }

  /**
   * The earliest validUntil among pending orders, computed afresh (nextExpiry may still
   * name an order cancelled or triggered since); Infinity when none expires.
   */
  earliestExpiry(): number {
    let earliest = Number.POSITIVE_INFINITY;
    for (const order of this.pending.values()) {
      const until = order.request.validUntil;
      if (until > 0 && until < earliest) earliest = until;
    }
    return earliest;
  }

  /** Pending orders whose validity ended before `ts`, in creation order. */
  dueForExpiry(ts: number): ConditionalOrder[] {
    if (ts <= this.nextExpiry) return [];
    const due: ConditionalOrder[] = [];
    let next = Number.POSITIVE_INFINITY;
    for (const order of this.pending.values()) {
      if (order.request.validUntil === 0) continue;
      if (order.request.validUntil < ts) due.push(order);
      else if (order.request.validUntil < next) next = order.request.validUntil;
    }
    this.nextExpiry = next;
    return due;
  }
}
