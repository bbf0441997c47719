import type { Cents } from '../money.ts';
import { riskLevelOf } from '../risk/risk-level.ts';
import type { CoreOptions } from '../state.ts';
import type { Account } from './account.ts';

/**
 * Whether an account, holding `available` and with an opening order whose lots may need
 * `margin` and `commission`, would reach forced liquidation once that order and every
 * other live order of the account filled at their worst: an order the exchange takes
 * must not liquidate its own account the moment it fills. With every live order filled,
 * margin is the account's margin + the frozen margin of its open orders (m0) + `margin`,
 * and balance is balance - every frozen commission - `commission`; since available =
 * balance - margin - frozen margin, that balance is available + m0 - commission. (A live
 * closing order counts as filled for its commission but not for the margin it would
 * release: the figure is then cautious by up to that commission.)
 */
export function forceClosesOnFill(account: Account, available: Cents, margin: Cents, commission: Cents, options: CoreOptions): boolean {
  const m0 = account.margin + account.frozenMargin - account.frozenCommission;
  // No margin in use: the ratio is 0 (Account.riskRatio).
  if (m0 + margin === 0) return false;
  const balance = available + m0 - commission;
  return balance <= 0 || riskLevelOf((m0 + margin) / balance, options) === 'force-close';
}

/**
 * The least available with which forceClosesOnFill is false: the ratio
 * (m0 + margin) / (a + m0 - commission) stays below threshold t for
 * a > (m0 + margin) / t - m0 + commission; at t = 1, one cent more than the order's
 * cost. Counted from that bound, then moved a few cents to agree with the ratio the risk
 * check computes (binary fractions of t). Past 2^53 cents, where a cent no longer
 * changes a double, the bound itself is named (the deposit cap is far below).
 */
export function leastAvailableClearOfForceClose(account: Account, margin: Cents, commission: Cents, options: CoreOptions): Cents {
  const m0 = account.margin + account.frozenMargin - account.frozenCommission;
  if (m0 + margin === 0) return 0;
  const bound = Math.floor((m0 + margin) / options.forceCloseThreshold - m0 + commission) + 1;
  if (!(bound <= Number.MAX_SAFE_INTEGER)) return Number.MAX_SAFE_INTEGER;
  let available = Math.max(0, bound);
  for (let step = 0; step < 8 && forceClosesOnFill(account, available, margin, commission, options); step++) available += 1;
  for (let step = 0; step < 8 && available > 0 && !forceClosesOnFill(account, available - 1, margin, commission, options); step++) available -= 1;
  return available;
}

/**
 * The most an account can withdraw: all of available, less what must stay so that its
 * live orders, filled at their worst, leave it clear of forced liquidation. Withdrawing
 * all of available from an account with margin in use left it at the force-close ratio,
 * liquidated at once, until core version 15. Nothing from a frozen account.
 */
export function withdrawable(account: Account, options: CoreOptions): Cents {
  // A frozen account withdraws nothing (2005).
  if (account.frozen) return 0;
  const available = account.available;
  if (!forceClosesOnFill(account, 0, 0, 0, options)) return Math.max(0, available);
  return Math.max(0, available - leastAvailableClearOfForceClose(account, 0, 0, options));
}
