/**
 * Connections waiting to be sent a market change, delivered in turns of at most
 * `budgetMs` of the thread.
 *
 * A quote change watched by thousands of connections is thousands of socket writes (a
 * system call each, most of the fan-out's cost), and done in one turn they would hold up
 * every order and request behind them: 4,000 watchers of one instrument held the thread
 * for about 200 ms per trade. Between turns the event loop reads sockets and runs the
 * exchange. A connection whose turn comes later sends the state of that moment, so a
 * fan-out that cannot keep up coalesces changes instead of queueing them: one message
 * per connection per round, however many trades the round spans.
 *
 * Below the budget (every fan-out of a few hundred connections) everything is delivered
 * at once, in the turn that published the change, as without the queue.
 */
export class FanOutQueue<T> {
  /** In arrival order; one that is already waiting keeps its place. */
  private readonly waiting = new Set<T>();
  private resumeScheduled = false;

  constructor(
    private readonly budgetMs: number,
    private readonly deliver: (item: T) => void,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get size(): number {
    return this.waiting.size;
  }

  add(item: T): void {
    this.waiting.add(item);
  }

  forget(item: T): void {
    this.waiting.delete(item);
  }

  /** Delivers until the budget is spent, and leaves the rest for a later turn of the event loop. */
  drain(): void {
    const start = this.now();
    for (const item of this.waiting) {
      this.waiting.delete(item);
      this.deliver(item);
      if (this.now() - start >= this.budgetMs) break;
    }
    if (this.waiting.size > 0) this.drainSoon();
  }

  /**
   * Drains once the I/O callbacks of this turn of the event loop have run (setImmediate):
   * orders and peeks that arrived meanwhile are read before the next part of the fan-out.
   */
  drainSoon(): void {
    if (this.resumeScheduled) return;
    this.resumeScheduled = true;
    setImmediate(() => {
      this.resumeScheduled = false;
      this.drain();
    });
  }
}
