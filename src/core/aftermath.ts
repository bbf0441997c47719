import { triggerConditionals } from './conditional/conditional-commands.ts';
import type { CoreEvent } from './events.ts';
import { sweepRisk } from './risk/risk-sweep.ts';
import type { CoreState } from './state.ts';

/** Rounds of trigger and risk processing one command may cause before it counts as a bug. */
const MAX_ROUNDS = 100_000;

/**
 * What a command sets off after its own effect: conditional orders whose trigger the new
 * last prices reached, risk checks of the accounts whose margin or profit moved (with
 * forced liquidation), and again for whatever those orders traded, until nothing moves.
 * All within the same command, so a replay reproduces it exactly. (Conditional orders
 * whose validity ended expire before the command: see apply.)
 */
export function afterCommand(state: CoreState, ts: number, events: CoreEvent[]): void {
  const ledger = state.ledger;
  if (ledger.touched.size > 0 || ledger.moved.size > 0) {
    for (let round = 0; ledger.touched.size > 0 || ledger.moved.size > 0; round++) {
      if (round === MAX_ROUNDS) throw new Error('trigger and risk processing did not come to rest');
      if (ledger.moved.size > 0) triggerConditionals(state, ts, events);
      if (ledger.touched.size > 0) sweepRisk(state, ts, events);
    }
  }
  ledger.liquidated.clear();
}
