/**
 * What a modify sends: only what the user changed in the form. A volume the form showed
 * when it opened may be stale by the time the modify arrives (a fill in between), and
 * sending it back unchanged would resize the order; left out, the exchange keeps what is
 * still to fill.
 */
export interface ModifyForm {
  /** The order's price and volume left when the form opened. */
  readonly shownPrice: number;
  readonly shownVolume: number;
  /** What the form holds now (null: emptied). */
  price: number | null;
  volume: number | null;
}

export function modifyChanges(form: ModifyForm): { new_price?: number; new_volume?: number } | undefined {
  const changes: { new_price?: number; new_volume?: number } = {};
  if (form.price !== null && form.price !== form.shownPrice) changes.new_price = form.price;
  if (form.volume !== null && form.volume !== form.shownVolume) changes.new_volume = form.volume;
  return changes.new_price === undefined && changes.new_volume === undefined ? undefined : changes;
}
