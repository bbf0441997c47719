/** What the queue needs of a notification: its priority and its de-duplication key. */
export interface Queued {
  /** 0 (never dropped) .. 3 (dropped first). */
  readonly priority: 0 | 1 | 2 | 3;
  /** Notifications with the same non-empty key supersede each other while undelivered (not a more urgent one). */
  readonly key: string;
}

/** Undelivered notifications a session holds before the client peeks again (spec: 500). */
export const NOTIFY_QUEUE_LIMIT = 500;

interface Pending<T> {
  readonly order: number;
  notification: T;
}

/**
 * A connection's undelivered notifications. A newer notification with a non-empty key
 * replaces the undelivered ones with that key that are not more urgent (successive risk
 * levels of one account); one more urgent stays ahead of it. Beyond
 * the limit, the lowest priority goes first (P3, then P2, then P1, oldest first); P0
 * (risk and liquidation) is never dropped.
 */
export class NotifyQueue<T extends Queued> {
  private readonly byPriority: Pending<T>[][] = [[], [], [], []];
  /** Undelivered notices by key: at most one per priority, the more urgent first. */
  private readonly byKey = new Map<string, Pending<T>[]>();
  private arrivals = 0;
  private count = 0;
  /** Notifications dropped under back-pressure since the connection opened. */
  dropped = 0;

  constructor(private readonly limit = NOTIFY_QUEUE_LIMIT) {}

  get size(): number {
    return this.count;
  }

  push(notification: T): void {
    const key = notification.key;
    const entry: Pending<T> = { order: this.arrivals++, notification };
    if (key !== '') {
      // What the key's older notices said is out of date, unless one was more urgent: a
      // force-close (P0), never dropped, stays ahead of the "back to normal" (P2) after it.
      const older = [...(this.byKey.get(key) ?? [])];
      const kept = older.filter((p) => p.notification.priority < notification.priority);
      for (const p of older) if (!kept.includes(p)) this.remove(p);
      kept.push(entry);
      this.byKey.set(key, kept);
    }
    this.byPriority[notification.priority]?.push(entry);
    this.count++;
    while (this.count > this.limit && this.dropLowest()) this.dropped++;
  }

  /** Forgets everything pending (the connection logged in as another user). */
  clear(): void {
    for (const list of this.byPriority) list.length = 0;
    this.byKey.clear();
    this.count = 0;
  }

  /** Everything pending, in arrival order; the queue is empty afterwards. */
  drain(): T[] {
    const all = this.byPriority.flat().sort((a, b) => a.order - b.order);
    for (const list of this.byPriority) list.length = 0;
    this.byKey.clear();
    this.count = 0;
    return all.map((p) => p.notification);
  }

  private dropLowest(): boolean {
    for (let priority = 3; priority >= 1; priority--) {
      const oldest = this.byPriority[priority]?.[0];
      if (oldest !== undefined) {
        this.remove(oldest);
        return true;
      }
    }
    return false;
  }

  private remove(entry: Pending<T>): void {
    const list = this.byPriority[entry.notification.priority];
    const index = list?.indexOf(entry) ?? -1;
    if (list !== undefined && index >= 0) list.splice(index, 1);
    const key = entry.notification.key;
    const sameKey = key === '' ? undefined : this.byKey.get(key);
    if (sameKey !== undefined) {
      const at = sameKey.indexOf(entry);
      if (at >= 0) sameKey.splice(at, 1);
      if (sameKey.length === 0) this.byKey.delete(key);
    }
    this.count--;
  }
}
