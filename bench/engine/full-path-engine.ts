/**
 * The exchange's full path, as the sequencer drives it: every command through `apply`,
 * with 1,000 funded accounts, so each order pays for pre-trade risk (funds frozen per
 * lot), matching, positions, margin and commission on each fill, risk re-indexing of the
 * accounts that traded, and the notifications the fills raise.
 */
import { apply, type Command, type CoreState, createCoreState, ResultCode, restingOrderCount, type StampedCommand } from '../../src/core/index.ts';
import type { EngineFactory, PreparedEngine } from './engine.ts';
import { BENCH_INSTRUMENT, INSTRUMENT_ID, toBasisCommand } from './basis-engine.ts';
import type { BenchOp } from './workload.ts';

const ACCOUNTS = 1000;
/** The bare engine's setup is 2 commands; a user and an account per trader come on top. */
const EXTRA_SETUP = 2 * ACCOUNTS;
const BASE_TS = Date.UTC(2026, 0, 5, 1, 0, 0);

export function setupCommands(): Command[] {
  const out: Command[] = [
    { type: 'instrument.add', spec: BENCH_INSTRUMENT },
    { type: 'trading-day.begin', tradingDay: '2026-01-05' },
  ];
  for (let n = 0; n < ACCOUNTS; n++) {
    out.push({ type: 'user.register', userId: `u${n}`, username: `trader${n}`, passwordHash: 'x', role: 'user' });
    out.push({ type: 'account.open', userId: `u${n}`, accountId: `a${n}`, initialBalance: 1_000_000_000 });
  }
  return out;
}

class FullPathEngine implements PreparedEngine<StampedCommand> {
  readonly name = 'full-path';
  refusals = 0;
  private readonly state: CoreState = createCoreState({ selfTradePrevention: true });
  private position = 0;

  constructor() {
    setupCommands().forEach((command, i) => {
      const result = apply(this.state, { seq: i + 1, ts: BASE_TS, command });
      if (result.code !== ResultCode.Success) throw new Error(`full-path setup: ${command.type} refused: ${result.message}`);
    });
  }

  step(input: StampedCommand): void {
    this.position++;
    if (apply(this.state, input).code !== ResultCode.Success) this.refusals++;
  }

  apply(op: BenchOp): void {
    this.step(toFullPathCommand(op, this.position));
  }

  restingCount(): number {
    return restingOrderCount(this.state, INSTRUMENT_ID);
  }
}

function toFullPathCommand(op: BenchOp, position: number): StampedCommand {
  const stamped = toBasisCommand(op, position);
  return { seq: stamped.seq + EXTRA_SETUP, ts: stamped.ts, command: stamped.command };
}

export const fullPathFactory: EngineFactory<StampedCommand> = {
  name: 'full-path',
  create: () => new FullPathEngine(),
  prepare: (ops, position) => ops.map((op, i) => toFullPathCommand(op, position + i)),
};
