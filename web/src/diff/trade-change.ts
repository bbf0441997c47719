import type { JsonObject } from './merge-patch.ts';

/** The parts of trade.<key> that prices alone move (a price move re-marks them). */
const MONEY_PARTS = new Set(['accounts', 'positions']);

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What these patches change of the logged-in user's trade data: `all` when orders, trades,
 * the session or a notification changed; `money` when only the account and positions did;
 * undefined when neither. A page that re-reads the account over REST reads half a megabyte
 * for `all` (an active account's orders and trades), a few hundred bytes for `money`.
 */
export function tradeChange(patches: readonly JsonObject[]): 'all' | 'money' | undefined {
  let change: 'money' | undefined;
  for (const patch of patches) {
    if (patch.notify !== undefined) return 'all';
    const trade = patch.trade;
    if (trade === undefined) continue;
    // A user's view deleted or replaced whole (another login): everything changed.
    if (!isObject(trade)) return 'all';
    for (const view of Object.values(trade)) {
      if (!isObject(view) || Object.keys(view).some((part) => !MONEY_PARTS.has(part))) return 'all';
      change = 'money';
    }
  }
  return change;
}
