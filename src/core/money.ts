/**
 * All money inside the core is an integer number of cents (0.01 of the account currency),
 * held in a plain number (exact up to 2^53 cents, about 90 trillion). Every amount that can
 * be fractional (commission, margin) is rounded here and nowhere else, so the spec's
 * identities hold exactly: sums and differences of integers never drift.
 *
 * Notional values are exact: an instrument is accepted only if its tick value
 * (price_tick x volume_multiple) is a whole number of cents, so price x volume x multiple
 * = ticks x tick value x volume is an integer number of cents.
 */
export type Cents = number;

const CENTS_PER_UNIT = 100;

/** Cents for an amount in currency units, or NaN when it has more than two decimals. */
export function toCents(amount: number): Cents {
  const cents = Math.round(amount * CENTS_PER_UNIT);
  // A non-zero amount below half a cent is a fraction of a cent, not zero.
  if (cents === 0 && amount !== 0) return Number.NaN;
  return Math.abs(cents - amount * CENTS_PER_UNIT) <= 1e-6 * Math.max(1, Math.abs(cents)) ? cents : Number.NaN;
}

/** Currency units for cents: the double nearest the exact decimal amount. */
export function fromCents(cents: Cents): number {
  return cents / CENTS_PER_UNIT;
}

/** Below this many cents, a product is first taken to a millionth of a cent exactly (see roundCents). */
const NOISE_FREE_BELOW: Cents = Number.MAX_SAFE_INTEGER / 1e6;

/**
 * Rounds half away from zero: the one rounding rule of money in the core. A product of
 * cents and a decimal rate carries binary noise (6,750,000 × 0.00013 is 877.4999999999999,
 * not 877.5), which decided exact half cents downwards: the product is first taken to a
 * millionth of a cent, as ceilCents does. (Past about 90 million currency units the
 * noise is below that and the value is rounded as it is.)
 */
export function roundCents(value: number): Cents {
  const size = Math.abs(value);
  const clean = size < NOISE_FREE_BELOW ? Math.round(size * 1e6) / 1e6 : size;
  return value < 0 ? -Math.round(clean) : Math.round(clean);
}

/**
 * Up to the next cent, for what is frozen per lot: rounded to the nearest cent, a lot
 * worth a few cents froze nothing, and a million of them passed any funds check. The
 * product is first taken to a millionth of a cent, so that binary noise (38,925.000000004)
 * does not add a cent.
 */
export function ceilCents(value: number): Cents {
  return Math.ceil(Math.round(value * 1e6) / 1e6);
}

/**
 * Most one lot may be worth at any price the exchange takes (an order's limit, a
 * settlement or reference price, a trigger): 10 million currency units. An order of the
 * largest volume (1,000,000 lots) is then worth under 2^50 cents, so sums of many stay
 * exact, and a book side never has to hold a price of billions of ticks.
 */
export const MAX_LOT_VALUE_CENTS: Cents = 1_000_000_000;

/** '' when `ticks` of `tickValue` cents each are at most MAX_LOT_VALUE_CENTS; else why not. */
export function lotValueProblem(what: string, price: number, ticks: number, tickValue: Cents): string {
  if (ticks * tickValue <= MAX_LOT_VALUE_CENTS) return '';
  return `${what} ${price} is too high: one lot would be worth more than ${fromCents(MAX_LOT_VALUE_CENTS)}, the most the exchange takes`;
}

/** The value of one tick on one lot, in cents; NaN when it is not a whole number of cents. */
export function tickValueCents(priceTick: number, volumeMultiple: number): Cents {
  return toCents(priceTick * volumeMultiple);
}

/** A share of `amount` for `part` of `whole` lots; the last share takes the remainder exactly. */
export function proportionalShare(amount: Cents, part: number, whole: number): Cents {
  return part === whole ? amount : roundCents((amount * part) / whole);
}
