/**
 * Conversion between prices in currency units and integer ticks. Everything inside the
 * matching engine is in ticks; these functions are the only place floats meet the grid.
 * The tick is held as an integer number of 10^-decimals units, so that converting back
 * (ticks * units / scale) gives the double nearest the exact decimal price (0.6, not
 * 0.6000000000000001).
 */
export class PriceGrid {
  /** 10^decimals, where decimals is the tick's number of decimal places. */
  readonly scale: number;
  /** The tick in units of 1/scale: an integer. */
  readonly tickUnits: number;

  constructor(readonly tick: number) {
    let decimals = 0;
    while (decimals < 12 && Math.abs(Math.round(tick * 10 ** decimals) - tick * 10 ** decimals) > 1e-9) {
      decimals++;
    }
    this.scale = 10 ** decimals;
    this.tickUnits = Math.round(tick * this.scale);
  }

  /** Ticks for a price, or NaN when the price is not on the grid (within floating-point error). */
  toTicks(price: number): number {
    const units = price * this.scale;
    const ticks = Math.round(units / this.tickUnits);
    // Tolerance in units: absorbs binary representation error, not real off-grid prices.
    // A few ulps absorb binary representation error (4000.2 x 10 = 40002.00000000001);
    // anything more is a price off the grid.
    return Math.abs(ticks * this.tickUnits - units) <= 8 * Number.EPSILON * Math.max(1, Math.abs(units)) ? ticks : Number.NaN;
  }

  toPrice(ticks: number): number {
    return (ticks * this.tickUnits) / this.scale;
  }
}

/**
 * Why `price` (named `what`, in `ticks` on the instrument's grid) is no price of the
 * instrument: not positive, or not a multiple of its tick; '' when it is one.
 */
export function priceGridProblem(what: string, price: number, ticks: number, instrument: { readonly id: string; readonly spec: { readonly priceTick: number } }): string {
  if (!(price > 0) || !Number.isFinite(price)) return `${what} must be a positive price, got ${String(price)}`;
  if (Number.isNaN(ticks)) return `${what} ${price} is not a multiple of the price tick ${instrument.spec.priceTick} of ${instrument.id}`;
  return '';
}
