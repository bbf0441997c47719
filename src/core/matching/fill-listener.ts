import type { Instrument } from '../instruments/instrument.ts';
import type { Order } from './order.ts';

/**
 * What the matcher reports to the account side of the core as it happens, so that funds
 * and positions move in the same step as the book. Matching itself knows nothing of
 * accounts.
 */
export interface FillListener {
  /** `volume` lots traded at `priceTicks`; `commission` (cents) is charged to each side. */
  onTrade(instrument: Instrument, maker: Order, taker: Order, priceTicks: number, volume: number, commission: number): void;
  /** The order finished with volume still open (cancelled, expired, killed): release what it held. */
  onOrderClosed(instrument: Instrument, order: Order): void;
  /** The order rests in the book after matching: what it holds is priced at its own limit. */
  onRest(instrument: Instrument, order: Order): void;
}
