import { type ApplyResult, apply, type Command, type CoreState, type StampedCommand } from '../core/index.ts';
import type { Clock } from './clock.ts';
import type { Journal } from './journal-port.ts';

export interface Sequenced {
  readonly stamped: StampedCommand;
  readonly result: ApplyResult;
}

/**
 * Raised for every command after the core threw: the state can no longer be trusted.
 * `journaled`: the command was journaled before the halt was known (sequenced, waiting
 * for its write); it was not applied, but the next start replays it like any other.
 */
export class SequencerHaltedError extends Error {
  constructor(
    override readonly cause: unknown,
    readonly journaled = false,
  ) {
    super(
      `the exchange core stopped after an internal error: ${cause instanceof Error ? cause.message : String(cause)}` +
        (journaled ? '; this command was journaled before it stopped and was not applied: the next start replays it' : ''),
    );
    this.name = 'SequencerHaltedError';
  }
}

export type AppliedListener = (applied: Sequenced) => void;

/**
 * The single writer, in two steps, as LMAX orders them:
 * - `sequence` gives a command the next seq and a timestamp (never earlier than the
 *   previous one) and appends it to the journal;
 * - `apply` runs it through the core once its journal write is durable (the group
 *   committer calls it, in seq order).
 * The state therefore only ever holds durable commands: whatever a reader sees (an HTTP
 * reply, a DIFF patch, a query) survives a crash, and a command the core has seen is
 * always one a replay will see again.
 */
export class Sequencer {
  private halted: SequencerHaltedError | undefined;
  private readonly listeners: AppliedListener[] = [];
  /** Timestamp of the last command sequenced (the state's lags until it is applied). */
  private lastTs: number;

  constructor(
    readonly state: CoreState,
    private readonly journal: Journal,
    private readonly clock: Clock,
  ) {
    if (journal.lastSeq !== state.lastSeq) {
      throw new Error(`journal ends at seq ${journal.lastSeq} but the state is at seq ${state.lastSeq}: recover first`);
    }
    this.lastTs = state.lastTs;
  }

  /** Projections (history, market data) follow every applied command, in seq order. */
  onApplied(listener: AppliedListener): void {
    this.listeners.push(listener);
  }

  get isHalted(): boolean {
    return this.halted !== undefined;
  }

  /** seq of the last command sequenced (journaled, applied or not). */
  get lastSequenced(): number {
    return this.journal.lastSeq;
  }

  /** Stamps a command and appends it to the journal; `apply` it once the journal says it is durable. */
  sequence(command: Command): StampedCommand {
    if (this.halted !== undefined) throw this.halted;
    this.lastTs = Math.max(this.clock.now(), this.lastTs);
    const stamped: StampedCommand = { seq: this.journal.lastSeq + 1, ts: this.lastTs, command };
    this.journal.append(stamped);
    return stamped;
  }

  /** Applies the next sequenced command, whose journal write is durable. */
  apply(stamped: StampedCommand): Sequenced {
    if (this.halted !== undefined) throw this.halted;
    let applied: Sequenced;
    try {
      applied = { stamped, result: apply(this.state, stamped) };
      // A projection that throws is a bug like one in `apply`: the history or market data
      // no longer match the state, so nothing more is accepted.
      for (const listener of this.listeners) listener(applied);
    } catch (error) {
      this.halted = new SequencerHaltedError(error);
      throw this.halted;
    }
    return applied;
  }
}
