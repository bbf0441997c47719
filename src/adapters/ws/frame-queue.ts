/**
 * A connection's frames, handled one after another in the order they arrived.
 *
 * A frame with nothing ahead of it is handled at once, without a promise. Nearly every
 * frame (a peek, an order, a subscription) is handled synchronously, and a promise chain
 * per frame (three promises and their turns of the microtask queue) was a measurable
 * share of what a peek costs the fan-out to a thousand connections. Only work that waits
 * (a login checking a password) makes the frames after it wait their turn.
 */
export class FrameQueue {
  /** Frames handed to the chain and not finished. */
  private pending = 0;
  /** The last of them; it never rejects (failures go to `fail`). */
  private tail: Promise<void> = Promise.resolve();

  /** `fail` is told of a frame whose handling threw, with what it was doing; it must not throw. */
  constructor(private readonly fail: (error: unknown, during: string) => void) {}

  /**
   * Handles a frame in its turn: at once when nothing is ahead of it, else after the
   * frames that are. Returns false when it is done already; true when it waits or is
   * still at work, and then `settled` is called once it is done.
   */
  run(work: () => void | Promise<void>, during: string, settled?: () => void): boolean {
    if (this.pending === 0) {
      let outcome: void | Promise<void>;
      try {
        outcome = work();
      } catch (error) {
        this.fail(error, during);
        return false;
      }
      if (outcome === undefined) return false;
      this.follow(outcome, during, settled);
      return true;
    }
    this.follow(this.tail.then(work), during, settled);
    return true;
  }

  private follow(work: Promise<void>, during: string, settled: (() => void) | undefined): void {
    this.pending++;
    this.tail = work
      .catch((error: unknown) => this.fail(error, during))
      .finally(() => {
        this.pending--;
        settled?.();
      });
  }
}
