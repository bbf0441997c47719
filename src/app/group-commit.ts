import type { Command } from '../core/index.ts';
import type { Journal } from './journal-port.ts';
import type { Sequenced, Sequencer } from './sequencer.ts';

/** Raised for commands after a storage write failed: the exchange accepts nothing more. */
export class StorageUnavailableError extends Error {
  constructor(override readonly cause: unknown) {
    super(`storage write failed, no further commands are accepted: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'StorageUnavailableError';
  }
}

interface Waiter {
  /** The commands this caller waits for, in seq order. */
  readonly applied: readonly Sequenced[];
  /** Called with `applied` once it is durable. */
  resolve(): void;
  reject(error: Error): void;
}

/**
 * Group commit: commands are applied as they arrive, and all those of one event-loop turn
 * go to storage as one batch; each caller's promise resolves only when its batch is
 * durable, so no reply, patch or notification leaves before the journal has the command.
 * A failed write rejects the batch and every later command (1005): nothing that was not
 * stored is ever acknowledged.
 */
export class GroupCommitter {
  private waiting: Waiter[] = [];
  private scheduled = false;
  private failure: StorageUnavailableError | undefined;
  private readonly durableListeners: ((batch: readonly Sequenced[]) => void)[] = [];

  constructor(
    private readonly sequencer: Sequencer,
    private readonly journal: Journal,
    private readonly log: (line: string) => void,
  ) {}

  /** Publishers (WebSocket patches, notifications) hear of commands once they are durable. */
  onDurable(listener: (batch: readonly Sequenced[]) => void): void {
    this.durableListeners.push(listener);
  }

  get isFailed(): boolean {
    return this.failure !== undefined;
  }

  /** One command: applied now, acknowledged once durable (one promise, nothing else per command). */
  submit(command: Command): Promise<Sequenced> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    let sequenced: Sequenced;
    try {
      sequenced = this.sequencer.submit(command);
    } catch (error) {
      // The core halted: the caller hears why. What was journaled before is still committed.
      this.scheduleFlush();
      return Promise.reject(error);
    }
    return new Promise<Sequenced>((resolve, reject) => {
      this.waiting.push({ applied: [sequenced], resolve: () => resolve(sequenced), reject });
      this.scheduleFlush();
    });
  }

  /**
   * One command whose caller needs no acknowledgement, only word of a failure (a DIFF
   * insert: its outcome reaches the client in the patches of its published batch).
   * `durable` or `failed` is called once, without a promise per command (batched order
   * entry allocated three: the promise, its executor, a catch). Returns false when the
   * command was refused at once (storage failed before, the core halted), `failed`
   * having been called already, synchronously; true when it waits for its batch.
   */
  submitUnacknowledged(command: Command, durable: () => void, failed: (error: Error) => void): boolean {
    if (this.failure !== undefined) {
      failed(this.failure);
      return false;
    }
    let sequenced: Sequenced;
    try {
      sequenced = this.sequencer.submit(command);
    } catch (error) {
      this.scheduleFlush();
      failed(error instanceof Error ? error : new Error(String(error)));
      return false;
    }
    this.waiting.push({ applied: [sequenced], resolve: durable, reject: failed });
    this.scheduleFlush();
    return true;
  }

  /**
   * Several commands for one caller (a batch request): applied now, in order, and
   * acknowledged together once durable, with one promise instead of one each.
   */
  submitAll(commands: readonly Command[]): Promise<readonly Sequenced[]> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    // Nothing to make durable: no waiter (one for no commands would never be resolved).
    if (commands.length === 0) return Promise.resolve([]);
    const applied: Sequenced[] = [];
    let halted: unknown;
    try {
      for (const command of commands) applied.push(this.sequencer.submit(command));
    } catch (error) {
      halted = error;
    }
    const durable = new Promise<readonly Sequenced[]>((resolve, reject) => {
      // Commands applied before a halt are journaled: they are committed like any other.
      if (applied.length > 0) this.waiting.push({ applied, resolve: () => resolve(applied), reject });
      this.scheduleFlush();
    });
    if (halted === undefined) return durable;
    durable.catch(() => undefined);
    return Promise.reject(halted);
  }

  private scheduleFlush(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => void this.flush());
  }

  /** Commits what is pending now; resolves when it is durable. */
  async flush(): Promise<void> {
    this.scheduled = false;
    const batch = this.waiting;
    this.waiting = [];
    try {
      await this.journal.commit();
    } catch (error) {
      this.failure ??= new StorageUnavailableError(error);
      this.log(`storage: ${this.failure.message}`);
      for (const waiter of batch) this.settle(() => waiter.reject(this.failure!));
      return;
    }
    const applied = batch.length === 1 ? batch[0]!.applied : batch.flatMap((waiter) => waiter.applied);
    for (const listener of this.durableListeners) {
      // A publisher's bug must not keep the batch from being acknowledged (its commands
      // are durable), nor reach the event loop as an unhandled rejection, which ends the
      // process: it is logged, and the other publishers and the callers go on.
      try {
        listener(applied);
      } catch (error) {
        this.log(`publish: a listener failed on the batch ending at seq ${applied.at(-1)?.stamped.seq}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      }
    }
    for (const waiter of batch) this.settle(() => waiter.resolve());
  }

  /**
   * Tells one waiter. A promise's settle functions never throw, but a caller's own
   * callbacks (submitUnacknowledged) may: a throw there must not leave the batch's other
   * callers waiting, nor end the process as an unhandled rejection.
   */
  private settle(tell: () => void): void {
    try {
      tell();
    } catch (error) {
      this.log(`commit: a caller's callback failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
  }
}
