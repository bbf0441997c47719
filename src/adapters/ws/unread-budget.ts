/**
 * Bytes the server holds for DIFF clients that are behind on reading, all of them
 * together. Each connection is capped on its own (MAX_UNSENT_BYTES), but thousands of
 * connections each just under that cap would still be gigabytes: past the shared budget,
 * the clients furthest behind are closed, furthest first, until the rest fit.
 *
 * What counts is a connection's backlog: its unread bytes beyond the largest message it
 * was ever sent, as for the cap of one connection. A client that keeps up has at most
 * the message being sent in flight, a backlog of zero, and costs a comparison per send;
 * a login view or a chart part on its way to a client that reads it is not a backlog,
 * however large, so a crowd logging in at once is never taken for slow clients. Every
 * backlog counts, however small: thousands of clients each a little behind add up.
 *
 * The running total is what was counted at each connection's last send, and bytes drain
 * without a send, so it can only be too high: it is recounted from the sockets before
 * anyone is closed.
 */
export interface BudgetedConnection {
  /** Backlog counted for this connection at its last send; 0 when it had none. */
  countedBacklog: number;
}

export class UnreadBudget<C extends BudgetedConnection> {
  /** Connections with a backlog counted. */
  private readonly behind = new Set<C>();
  private total = 0;

  constructor(
    readonly limitBytes: number,
    /** The connection's backlog now: unread bytes beyond the largest message it was sent. */
    private readonly backlogOf: (connection: C) => number,
  ) {}

  /** Bytes counted now (for tests): an upper bound until the next recount. */
  get countedBytes(): number {
    return this.total;
  }

  /**
   * Notes a connection's backlog after a send to it. Returns the connections to close to
   * bring the total back within the budget (furthest behind first), already forgotten here.
   */
  note(connection: C, backlog: number): C[] {
    if (backlog <= 0) {
      if (connection.countedBacklog !== 0) this.forget(connection);
      return [];
    }
    this.total += backlog - connection.countedBacklog;
    connection.countedBacklog = backlog;
    this.behind.add(connection);
    return this.total > this.limitBytes ? this.overBudget() : [];
  }

  /** A connection that closed no longer counts. */
  forget(connection: C): void {
    if (!this.behind.delete(connection)) return;
    this.total -= connection.countedBacklog;
    connection.countedBacklog = 0;
  }

  private overBudget(): C[] {
    this.total = 0;
    for (const connection of this.behind) {
      const backlog = this.backlogOf(connection);
      if (backlog <= 0) {
        this.behind.delete(connection);
        connection.countedBacklog = 0;
      } else {
        connection.countedBacklog = backlog;
        this.total += backlog;
      }
    }
    const closing: C[] = [];
    if (this.total <= this.limitBytes) return closing;
    const furthestFirst = [...this.behind].sort((a, b) => b.countedBacklog - a.countedBacklog);
    for (const connection of furthestFirst) {
      if (this.total <= this.limitBytes) break;
      closing.push(connection);
      this.forget(connection);
    }
    return closing;
  }
}
