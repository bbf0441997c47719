import { type Command, type CoreState, ResultCode } from '../core/index.ts';
import type { Clock } from './clock.ts';

/** The longest a timer waits before looking again: Node's timers hold at most about 24.8 days, and clocks drift. */
const MAX_WAIT_MS = 60 * 60 * 1000;
/** After a refused or failed command, the first retry (the order still shows Pending); each further one waits twice as long. */
const FIRST_RETRY_MS = 5_000;

/**
 * Conditional orders expire at the first command after their valid_until: the core has
 * no clock. On a quiet exchange that command may not come for hours, and a stop order
 * would show Pending past its deadline, its owner told nothing. This timer sends the
 * journaled `conditional.expire-due` once the earliest deadline has passed (so a replay
 * expires the order at the same point), unless another command has done it first.
 */
export class ConditionalExpiry {
  private timer: NodeJS.Timeout | undefined;
  /** The core's earliest deadline when last looked at: watching costs one comparison until it changes. */
  private seen = Number.NaN;
  private running: Promise<void> = Promise.resolve();
  private stopped = false;
  /** A halted core or failed storage refuses every command: retries slow down rather than fill the log. */
  private retryMs = FIRST_RETRY_MS;

  constructor(
    private readonly state: () => CoreState,
    private readonly submit: (command: Command) => Promise<{ result: { code: number; message: string } }>,
    private readonly clock: Clock,
    private readonly log: (line: string) => void,
  ) {}

  /** Call after commands were applied: a new conditional order may have the earliest deadline. */
  watch(): void {
    const next = this.state().conditionals.nextExpiry;
    if (next === this.seen || this.stopped) return;
    this.seen = next;
    this.wakeAt(next);
  }

  /** Expires what is due now (the timer does this at each deadline). */
  expireDue(): Promise<void> {
    this.running = this.running.then(() => this.run());
    return this.running;
  }

  stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== undefined) clearTimeout(this.timer);
    return this.running;
  }

  private wakeAt(deadline: number): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.stopped || !Number.isFinite(deadline)) return;
    // valid_until is the last millisecond the order is valid: it expires after it.
    const wait = Math.min(MAX_WAIT_MS, Math.max(0, deadline + 1 - this.clock.now()));
    this.timer = setTimeout(() => void this.expireDue(), wait);
    this.timer.unref();
  }

  /** Never rejects: a failure is logged and tried again. */
  private async run(): Promise<void> {
    if (this.stopped) return;
    // nextExpiry may still name an order cancelled or triggered since: look afresh.
    const earliest = this.state().conditionals.earliestExpiry();
    if (!(earliest < this.clock.now())) {
      this.wakeAt(earliest);
      return;
    }
    try {
      const { result } = await this.submit({ type: 'conditional.expire-due' });
      if (result.code === ResultCode.Success) {
        this.retryMs = FIRST_RETRY_MS;
        return void this.watch();
      }
      this.log(`conditional orders: expiry refused (${result.code} ${result.message})`);
    } catch (error) {
      if (this.stopped) return;
      this.log(`conditional orders: expiry failed: ${(error as Error).message}`);
    }
    this.wakeAt(this.clock.now() + this.retryMs);
    this.retryMs = Math.min(MAX_WAIT_MS, this.retryMs * 2);
  }
}
