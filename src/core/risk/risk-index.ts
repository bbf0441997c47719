import type { Account } from '../accounts/account.ts';
import type { Position } from '../accounts/position.ts';
import type { Instrument } from '../instruments/instrument.ts';
import type { CoreOptions } from '../state.ts';

/**
 * Which accounts a price move must look at, without re-marking every holder.
 *
 * An account with an open position in a single instrument and a normal risk level is
 * "lazy": its risk ratio is a function of that instrument's price alone, linear in both
 * margin and balance, so the price at which it would reach the warning threshold is
 * computed once (`trigger`) and kept in the instrument's rising or falling heap. A price
 * move pops only the accounts whose trigger it reached; the others are provably still
 * normal and are re-marked only when someone reads them (`markAccount`).
 *
 * Every other holder (positions in several instruments, or already at warning or
 * above) is "eager": re-marked and checked at every price move of its instruments.
 */

/**
 * How far the true margin may be from the linear formula: each side's margin is rounded
 * to the cent (half a cent each). The trigger is moved towards the current price by the
 * ticks this can shift the crossing (1 cent / |a|, a in cents per tick), plus one for
 * floating point; the exact check after popping does the rest. Where |a| is tiny (a
 * margin ratio close to the threshold, or nearly locked positions) the slack is large
 * and the account is simply checked at more moves.
 */
const MARGIN_ROUNDING_CENTS = 1;

/** Re-marks the positions of an account whose instrument's last price has moved since. */
export function markAccount(account: Account): void {
  for (const position of account.positions.values()) {
    const ticks = position.instrument.lastPriceTicks;
    if (position.markTicks !== ticks) position.remark(ticks);
  }
}

/** Re-indexes an account after its risk was checked (it must be freshly marked). */
export function indexAccount(account: Account, options: CoreOptions): void {
  account.riskVersion++;
  const previous = account.riskIndexedIn;
  if (previous !== null) {
    previous.lazyRiskEntries--;
    account.riskIndexedIn = null;
  }
  let open: Position | undefined;
  let openCount = 0;
  for (const position of account.positions.values()) {
    if (position.isFlat) continue;
    open = position;
    openCount++;
  }
  const lazy = openCount === 1 && account.riskLevel === 'normal' && pushTrigger(account, open!, options);
  for (const position of account.positions.values()) {
    const eagerHolders = position.instrument.eagerHolders;
    if (!lazy && !position.isFlat) eagerHolders.add(position);
    else eagerHolders.delete(position);
  }
}

/**
 * margin(p) = M' + r v (L+S) p and balance(p) = B0 + v (L-S) (p - p0), so
 * ratio(p) >= w  <=>  a p >= c  with  a = v (r (L+S) - w (L-S)),  c = w (B0 - v (L-S) p0) - M'.
 * Returns false when the account cannot be lazy (no positive balance, or at risk at any price).
 */
function pushTrigger(account: Account, position: Position, options: CoreOptions): boolean {
  const balance = account.balance;
  if (balance <= 0) return false;
  const instrument = position.instrument;
  const v = instrument.tickValueCents;
  const net = position.long.volume - position.short.volume;
  const gross = position.long.volume + position.short.volume;
  const w = options.warningThreshold;
  const a = v * (instrument.marginRatio * gross - w * net);
  const c = w * (balance - v * net * position.markTicks) - (account.margin - position.margin);
  // The ratio does not depend on the price: lazy while rounding cannot reach the threshold.
  if (a === 0) return c > MARGIN_ROUNDING_CENTS;
  const trigger = c / a;
  const slack = Math.ceil(MARGIN_ROUNDING_CENTS / Math.abs(a)) + 1;
  if (a > 0) instrument.risingRiskTriggers.push(Math.floor(trigger) - slack, account, account.riskVersion);
  else instrument.fallingRiskTriggers.push(Math.ceil(trigger) + slack, account, account.riskVersion);
  account.riskIndexedIn = instrument;
  instrument.lazyRiskEntries++;
  // Every re-index leaves the account's previous entry behind, stale. Compacting only on
  // price moves let the heaps grow with every fill while the price stood still.
  compactIfMostlyStale(instrument);
  return true;
}

/** The lazy accounts a move of `instrument` to `ticks` may have put at risk. */
export function reachedTriggers(instrument: Instrument, ticks: number, out: Set<Account>): void {
  instrument.risingRiskTriggers.popReached(ticks, out);
  instrument.fallingRiskTriggers.popReached(ticks, out);
  compactIfMostlyStale(instrument);
}

/** Drops stale entries once they outnumber live ones three to one (amortised O(1) per push). */
function compactIfMostlyStale(instrument: Instrument): void {
  const entries = instrument.risingRiskTriggers.size + instrument.fallingRiskTriggers.size;
  if (entries > 64 && entries > 4 * instrument.lazyRiskEntries) {
    instrument.risingRiskTriggers.compact();
    instrument.fallingRiskTriggers.compact();
  }
}
