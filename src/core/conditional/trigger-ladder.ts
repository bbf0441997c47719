import type { ConditionalOrder } from './conditional-order.ts';

/**
 * The pending conditional orders of one instrument, ordered by how far a trade must go to
 * reach them: orders that fire at or above their trigger price rising, those that fire at
 * or below falling. A trade reaches a prefix of each, so it looks at the orders it fires
 * and at no other. An order that leaves (fired, cancelled, expired) is only marked off;
 * the arrays are rebuilt once more than half of them is such, so a mass trigger costs
 * time in proportion to the orders fired, not their square.
 */
export class TriggerLadder {
  /** GreaterOrEqual orders, lowest trigger first; equal triggers in creation order. */
  private rising: ConditionalOrder[] = [];
  /** LessOrEqual orders, highest trigger first; equal triggers in creation order. */
  private falling: ConditionalOrder[] = [];
  private live = 0;
  private left = 0;

  /** Pending orders on the ladder. */
  get size(): number {
    return this.live;
  }

  add(order: ConditionalOrder): void {
    const rises = order.triggerCondition === 'GreaterOrEqual';
    const side = rises ? this.rising : this.falling;
    // After every order of the same trigger: a later order fires after an earlier one.
    let low = 0;
    let high = side.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const ticks = side[middle]!.triggerTicks;
      if (rises ? ticks <= order.triggerTicks : ticks >= order.triggerTicks) low = middle + 1;
      else high = middle;
    }
    side.splice(low, 0, order);
    order.onLadder = true;
    this.live++;
  }

  /** Takes a pending order off; false when it was not on the ladder. */
  remove(order: ConditionalOrder): boolean {
    if (!order.onLadder) return false;
    order.onLadder = false;
    this.live--;
    this.left++;
    if (this.left > 32 && this.left > this.live) {
      this.rising = this.rising.filter(onLadder);
      this.falling = this.falling.filter(onLadder);
      this.left = 0;
    }
    return true;
  }

  /** The pending orders a trade at `tradeTicks` reaches, in creation order (they stay on until removed). */
  reachedBy(tradeTicks: number): ConditionalOrder[] {
    const reached: ConditionalOrder[] = [];
    for (const order of this.rising) {
      if (order.triggerTicks > tradeTicks) break;
      if (order.onLadder) reached.push(order);
    }
    for (const order of this.falling) {
      if (order.triggerTicks < tradeTicks) break;
      if (order.onLadder) reached.push(order);
    }
    return reached.length > 1 ? reached.sort(byCreation) : reached;
  }

  /** Every pending order, in creation order. */
  pending(): ConditionalOrder[] {
    return [...this.rising, ...this.falling].filter(onLadder).sort(byCreation);
  }
}

const onLadder = (order: ConditionalOrder): boolean => order.onLadder;
const byCreation = (a: ConditionalOrder, b: ConditionalOrder): number => a.serial - b.serial;
