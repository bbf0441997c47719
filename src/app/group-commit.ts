import type { Command, StampedCommand } from '../core/index.ts';
import { errorDetail } from './error-detail.ts';
import type { Journal } from './journal-port.ts';
import { type Sequenced, type Sequencer, SequencerHaltedError } from './sequencer.ts';

/** Raised for commands after a storage write failed: the exchange accepts nothing more. */
export class StorageUnavailableError extends Error {
  constructor(override readonly cause: unknown) {
    super(`storage write failed, no further commands are accepted: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'StorageUnavailableError';
  }
}

interface Waiter {
  /** The commands this caller waits for, sequenced, in seq order. */
  readonly commands: readonly StampedCommand[];
  /** What the core made of them, filled in once they are durable and applied. */
  readonly applied: Sequenced[];
  /** Acknowledged only once the commands are published too (see publishCoalesced). */
  readonly afterPublication: boolean;
  resolve(): void;
  reject(error: Error): void;
}

/** The waiters of one flush, and the last seq its journal commit covers. */
interface Flight {
  readonly through: number;
  readonly waiters: readonly Waiter[];
}

/**
 * Group commit, journal first: commands are sequenced (journaled) as they arrive, all
 * those of one event-loop turn go to storage as one batch, and once a batch is durable
 * its commands are applied, published and acknowledged, in seq order. The core's state
 * therefore holds nothing a crash could take back: no reply, patch, notification or
 * query result shows a command before the journal has it.
 * A failed write rejects its batch and every later command (1005): nothing that was not
 * stored is ever applied or acknowledged.
 */
export class GroupCommitter {
  private waiting: Waiter[] = [];
  /** Flushes whose commit has not yet been applied, oldest first. */
  private readonly flights: Flight[] = [];
  /** Applied commands whose publication waits for the next flight's, and the callers waiting for it (publishCoalesced). */
  private held: { readonly applied: Sequenced[]; readonly waiters: readonly Waiter[] } | undefined;
  private scheduled = false;
  private failure: StorageUnavailableError | undefined;
  private readonly durableListeners: ((batch: readonly Sequenced[]) => void)[] = [];

  constructor(
    private readonly sequencer: Sequencer,
    private readonly journal: Journal,
    private readonly log: (line: string) => void,
  ) {}

  /**
   * Publishers (WebSocket patches, notifications) hear of commands once they are durable
   * and applied; a flight may be held to be published with the next (publishCoalesced).
   */
  onDurable(listener: (batch: readonly Sequenced[]) => void): void {
    this.durableListeners.push(listener);
  }

  get isFailed(): boolean {
    return this.failure !== undefined;
  }

  /**
   * The store failed outside a commit (a compaction's write): the commands in flight settle
   * on their own commits, which the store refuses too; no later one is taken.
   */
  storageFailed(error: unknown): void {
    this.failure ??= new StorageUnavailableError(error);
    this.log(`storage: ${this.failure.message}`);
  }

  /**
   * One command: journaled now; applied and acknowledged once durable (one promise,
   * nothing else per command). `afterPublication`: acknowledged once it is published as
   * well, for callers that tell a DIFF client about it.
   */
  submit(command: Command, { afterPublication = false }: { readonly afterPublication?: boolean } = {}): Promise<Sequenced> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    let stamped: StampedCommand;
    try {
      stamped = this.sequencer.sequence(command);
    } catch (error) {
      // The core halted: the caller hears why.
      return Promise.reject(error);
    }
    return new Promise<Sequenced>((resolve, reject) => {
      const applied: Sequenced[] = [];
      this.wait({ commands: [stamped], applied, afterPublication, resolve: () => resolve(applied[0]!), reject });
    });
  }

  /**
   * One command whose caller needs no acknowledgement, only word of a failure (a DIFF
   * insert: its outcome reaches the client in the patches of its published batch).
   * `durable` (with what the core made of it) or `failed` is called once, without a
   * promise per command (batched order
   * entry allocated three: the promise, its executor, a catch). Returns false when the
   * command was refused at once (storage failed before, the core halted), `failed`
   * having been called already, synchronously; true when it waits for its batch.
   */
  submitUnacknowledged(command: Command, durable: (applied: Sequenced) => void, failed: (error: Error) => void): boolean {
    if (this.failure !== undefined) {
      failed(this.failure);
      return false;
    }
    let stamped: StampedCommand;
    try {
      stamped = this.sequencer.sequence(command);
    } catch (error) {
      failed(asError(error));
      return false;
    }
    const applied: Sequenced[] = [];
    this.wait({ commands: [stamped], applied, afterPublication: false, resolve: () => durable(applied[0]!), reject: failed });
    return true;
  }

  /**
   * Several commands for one caller (a batch request): sequenced now, in order, applied
   * and acknowledged together once durable, with one promise instead of one each.
   */
  submitAll(commands: readonly Command[]): Promise<readonly Sequenced[]> {
    if (this.failure !== undefined) return Promise.reject(this.failure);
    // Nothing to make durable: no waiter (one for no commands would never be resolved).
    if (commands.length === 0) return Promise.resolve([]);
    const sequenced: StampedCommand[] = [];
    let refused: unknown;
    try {
      for (const command of commands) sequenced.push(this.sequencer.sequence(command));
    } catch (error) {
      refused = error;
    }
    const applied: Sequenced[] = [];
    const durable = new Promise<readonly Sequenced[]>((resolve, reject) => {
      // Commands journaled before a refusal are committed and applied like any other.
      if (sequenced.length > 0) this.wait({ commands: sequenced, applied, afterPublication: false, resolve: () => resolve(applied), reject });
    });
    if (refused === undefined) return durable;
    durable.catch(() => undefined);
    return Promise.reject(refused);
  }

  private wait(waiter: Waiter): void {
    this.waiting.push(waiter);
    this.scheduleFlush();
  }

  private scheduleFlush(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => void this.flush());
  }

  /** Flushes until nothing is left to write: what was sequenced, applied, and the history of it. */
  async drain(): Promise<void> {
    do await this.flush();
    while (this.scheduled);
  }

  /** Commits what is sequenced now; resolves when it is durable, applied and acknowledged. */
  async flush(): Promise<void> {
    this.scheduled = false;
    const flight: Flight = { through: this.sequencer.lastSequenced, waiters: this.waiting };
    this.waiting = [];
    this.flights.push(flight);
    try {
      await this.journal.commit();
    } catch (error) {
      this.failure ??= new StorageUnavailableError(error);
      this.log(`storage: ${this.failure.message}`);
      // Earlier flights settle on their own commits; later ones fail with theirs (the
      // journal fails every commit after a failed write).
      const index = this.flights.indexOf(flight);
      if (index >= 0) this.flights.splice(index, 1);
      // What was held for this flight is published first: it is durable.
      this.publishWithHeld([], []);
      for (const waiter of flight.waiters) this.settle(() => waiter.reject(this.failure!));
      return;
    }
    this.applyThrough(flight.through);
  }

  /**
   * Applies, publishes and acknowledges every flight the journal has made durable. A
   * commit resolves only once every earlier write is durable too, so all flights up to
   * `through` are, whichever commit's continuation happens to run first.
   */
  private applyThrough(through: number): void {
    const applied: Sequenced[] = [];
    const done: Waiter[] = [];
    const refused: Waiter[] = [];
    let halted: Error | undefined;
    while (this.flights.length > 0 && this.flights[0]!.through <= through) {
      for (const waiter of this.flights.shift()!.waiters) {
        if (halted === undefined) {
          try {
            for (const stamped of waiter.commands) {
              const sequenced = this.sequencer.apply(stamped);
              waiter.applied.push(sequenced);
              applied.push(sequenced);
            }
            done.push(waiter);
            continue;
          } catch (error) {
            // The core halted: no later command can be applied, and their callers hear why,
            // and that their commands are in the journal all the same.
            halted = new SequencerHaltedError(error instanceof SequencerHaltedError ? error.cause : error, true);
          }
        }
        refused.push(waiter);
      }
    }
    this.publishCoalesced(applied, done, halted === undefined);
    // Refusals after the publication of what was applied before them.
    for (const waiter of refused) this.settle(() => waiter.reject(halted!));
    // The history of what was just applied goes with the next write: when no command
    // brings one, a write of its own, so an idle exchange does not hold it unwritten.
    if (applied.length > 0) this.scheduleFlush();
  }

  /**
   * Publishes a flight's commands and acknowledges their callers; or, when commands
   * sequenced after them are already on their way to storage, acknowledges the callers
   * but holds the publication for the next flight's: one publication for both. Each
   * publication is a fan-out to every DIFF connection; a trade whose resting order and
   * crossing order landed in consecutive flights cost two of them, the second queued
   * behind the first (a fifth of the trades in bench:ws, and its patch p99). Callers that
   * tell a DIFF client about their command (`afterPublication`) are acknowledged only
   * after it is published, so the client never hears of a command its data does not show
   * yet. A flight is held at most once, for about one write, and never after a failed
   * write or a halt.
   */
  private publishCoalesced(applied: Sequenced[], done: readonly Waiter[], mayHold: boolean): void {
    if (
      mayHold &&
      this.held === undefined &&
      this.failure === undefined &&
      applied.length > 0 &&
      this.sequencer.lastSequenced > this.sequencer.state.lastSeq
    ) {
      const waitForPublication: Waiter[] = [];
      for (const waiter of done) {
        if (waiter.afterPublication) waitForPublication.push(waiter);
        else this.settle(() => waiter.resolve());
      }
      this.held = { applied, waiters: waitForPublication };
      return;
    }
    this.publishWithHeld(applied, done);
  }

  /** Publishes what was held, then `applied`, in one publication; then acknowledges their callers. */
  private publishWithHeld(applied: readonly Sequenced[], done: readonly Waiter[]): void {
    const held = this.held;
    this.held = undefined;
    const batch = held === undefined ? applied : held.applied.concat(applied);
    if (batch.length > 0) this.publish(batch);
    if (held !== undefined) for (const waiter of held.waiters) this.settle(() => waiter.resolve());
    for (const waiter of done) this.settle(() => waiter.resolve());
  }

  private publish(applied: readonly Sequenced[]): void {
    for (const listener of this.durableListeners) {
      // A publisher's bug must not keep the batch from being acknowledged (its commands
      // are durable), nor reach the event loop as an unhandled rejection, which ends the
      // process: it is logged, and the other publishers and the callers go on.
      try {
        listener(applied);
      } catch (error) {
        this.log(`publish: a listener failed on the batch ending at seq ${applied.at(-1)?.stamped.seq}: ${errorDetail(error)}`);
      }
    }
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
      this.log(`commit: a caller's callback failed: ${errorDetail(error)}`);
    }
  }
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
