/** What the queue needs of a notification: its priority and its de-duplication key. */
export interface Queued {
  /** 0 (never dropped) .. 3 (dropped first). */
  readonly priority: 0 | 1 | 2 | 3;
  /** Notifications with the same non-empty key supersede each other while undelivered. */
  readonly key: string;
}

/** Undelivered notifications a session holds before the client peeks again (spec: 500). */
export const NOTIFY_QUEUE_LIMIT = 500;

interface Pending<T> {
  readonly order: number;
  notification: T;
}

/**
 * A connection's undelivered notifications. A newer notification with the same non-empty
 * key replaces an undelivered older one (successive risk levels of one account). Beyond
 * the limit, the lowest priority goes first (P3, then P2, then P1, oldest first); P0
 * (risk and liquidation) is never dropped.
 */
export class NotifyQueue<T extends Queued> {
  private readonly byPriority: Pending<T>[][] = [[], [], [], []];
  private readonly byKey = new Map<string, Pending<T>>();
  private arrivals = 0;
  private count = 0;
  /** Notifications dropped under back-pressure since the connection opened. */
  dropped = 0;

  constructor(private readonly limit = NOTIFY_QUEUE_LIMIT) {}

  get size(): number {
    return this.count;
  }

  push(notification: T): void {
    if (notification.key !== '') {
      const pending = this.byKey.get(notification.key);
      if (pending !== undefined && pending.notification.priority === notification.priority) {
        pending.notification = notification;
        return;
      }
      if (pending !== undefined) this.remove(pending);
    }
    const entry: Pending<T> = { order: this.arrivals++, notification };
    this.byPriority[notification.priority]?.push(entry);
    if (notification.key !== '') this.byKey.set(notification.key, entry);
    this.count++;
    while (this.count > this.limit && this.dropLowest()) this.dropped++;
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
    if (entry.notification.key !== '' && this.byKey.get(entry.notification.key) === entry) this.byKey.delete(entry.notification.key);
    this.count--;
  }
}
