/**
 * Bytes the server holds for DIFF clients that are behind on reading, all of them
 * together. Each connection is capped on its own (MAX_UNSENT_BYTES), but thousands of
 * connections each just under that cap would still be gigabytes: past the shared budget,
 * the clients with the most unread are closed, largest first, until the rest fit.
 *
 * Only connections past TRACKED_FROM_BYTES are counted: a client that keeps up has a few
 * kilobytes in flight at most, and costs one comparison per send. The running total is
 * what was counted at each connection's last send, and bytes drain without a send, so it
 * can only be too high: it is recounted from the sockets before anyone is closed.
 */
export interface BudgetedConnection {
  /** Unread bytes counted for this connection at its last send; 0 when not tracked. */
  countedUnread: number;
}

/** Unread bytes from which a connection is counted against the shared budget. */
export const TRACKED_FROM_BYTES = 1 << 20;

export class UnreadBudget<C extends BudgetedConnection> {
  private readonly tracked = new Set<C>();
  private total = 0;

  constructor(
    readonly limitBytes: number,
    /** What the connection's socket holds unsent now. */
    private readonly unreadOf: (connection: C) => number,
  ) {}

  /** Bytes counted now (for tests and monitoring): an upper bound until the next recount. */
  get countedBytes(): number {
    return this.total;
  }

  /**
   * Notes a connection's unread bytes after a send to it. Returns the connections to close
   * to bring the total back within the budget (largest first), already forgotten here.
   */
  note(connection: C, unread: number): C[] {
    if (unread < TRACKED_FROM_BYTES) {
      if (connection.countedUnread !== 0) this.forget(connection);
      return [];
    }
    this.total += unread - connection.countedUnread;
    connection.countedUnread = unread;
    this.tracked.add(connection);
    return this.total > this.limitBytes ? this.overBudget() : [];
  }

  /** A connection that closed no longer counts. */
  forget(connection: C): void {
    if (!this.tracked.delete(connection)) return;
    this.total -= connection.countedUnread;
    connection.countedUnread = 0;
  }

  private overBudget(): C[] {
    this.total = 0;
    for (const connection of this.tracked) {
      const unread = this.unreadOf(connection);
      if (unread < TRACKED_FROM_BYTES) {
        this.tracked.delete(connection);
        connection.countedUnread = 0;
      } else {
        connection.countedUnread = unread;
        this.total += unread;
      }
    }
    const closing: C[] = [];
    if (this.total <= this.limitBytes) return closing;
    const largestFirst = [...this.tracked].sort((a, b) => b.countedUnread - a.countedUnread);
    for (const connection of largestFirst) {
      if (this.total <= this.limitBytes) break;
      closing.push(connection);
      this.forget(connection);
    }
    return closing;
  }
}
