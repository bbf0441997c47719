import { type ApplyResult, apply, type Command, type CoreState, type StampedCommand } from '../core/index.ts';
import type { Clock } from './clock.ts';
import type { Journal } from './journal-port.ts';

export interface Sequenced {
  readonly stamped: StampedCommand;
  readonly result: ApplyResult;
}

/** Raised for every command after the core threw: the state can no longer be trusted. */
export class SequencerHaltedError extends Error {
  constructor(override readonly cause: unknown) {
    super(`the exchange core stopped after an internal error: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'SequencerHaltedError';
  }
}

/**
 * The single writer. Each command gets the next seq and a timestamp (never earlier than
 * the previous one), is journaled, then applied. Journal first: a command the core has
 * seen is always one a replay will see again.
 */
export type AppliedListener = (applied: Sequenced) => void;

export class Sequencer {
  private halted: SequencerHaltedError | undefined;
  private readonly listeners: AppliedListener[] = [];

  constructor(
    readonly state: CoreState,
    private readonly journal: Journal,
    private readonly clock: Clock,
  ) {
    if (journal.lastSeq !== state.lastSeq) {
      throw new Error(`journal ends at seq ${journal.lastSeq} but the state is at seq ${state.lastSeq}: recover first`);
    }
  }

  /** Projections (history, market data) follow every applied command, in seq order. */
  onApplied(listener: AppliedListener): void {
    this.listeners.push(listener);
  }

  get isHalted(): boolean {
    return this.halted !== undefined;
  }

  submit(command: Command): Sequenced {
    if (this.halted !== undefined) throw this.halted;
    const stamped: StampedCommand = {
      seq: this.state.lastSeq + 1,
      ts: Math.max(this.clock.now(), this.state.lastTs),
      command,
    };
    this.journal.append(stamped);
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
