/**
 * A request to prefill the terminal's order entry (a "Close" click in the positions table):
 * the terminal selects the instrument, the order entry takes the fields; the trader checks
 * them and submits.
 */
import { ref } from 'vue';

export interface TicketRequest {
  instrument: string;
  direction: 'BUY' | 'SELL';
  offset: 'OPEN' | 'CLOSE' | 'CLOSETODAY' | 'CLOSEYESTERDAY';
  volume: number;
  price: number;
}

export const ticket = ref<TicketRequest>();

/** SHFE and INE close today's volume only with CLOSETODAY (docs/decisions.md, "Closing"). */
const TODAY_NEEDS_CLOSETODAY = new Set(['SHFE', 'INE']);

/** The order that closes one side of a position: yesterday's volume first where the exchange separates them. */
export function closingTicket(
  instrument: string,
  exchangeId: string,
  side: 'long' | 'short',
  volumes: { today: number; his: number },
  lastPrice: number,
): TicketRequest {
  const direction = side === 'long' ? 'SELL' : 'BUY';
  if (!TODAY_NEEDS_CLOSETODAY.has(exchangeId)) return { instrument, direction, offset: 'CLOSE', volume: volumes.today + volumes.his, price: lastPrice };
  return volumes.his > 0
    ? { instrument, direction, offset: 'CLOSEYESTERDAY', volume: volumes.his, price: lastPrice }
    : { instrument, direction, offset: 'CLOSETODAY', volume: volumes.today, price: lastPrice };
}
