/** The exchange's own counters (GET /api/monitoring/system), read between load runs. */
import type { FetchClient } from '../../test/support/fetch-client.ts';

export interface ExchangeFigures {
  readonly orders: number;
  readonly trades: number;
  readonly liveOrders: number;
  readonly seq: number;
  readonly memoryMb: number;
}

export async function exchangeFigures(api: FetchClient, adminToken: string): Promise<ExchangeFigures> {
  const data = await api.ok('GET', '/api/monitoring/system', { token: adminToken });
  return { orders: data.orders_count, trades: data.trades_count, liveOrders: data.live_orders, seq: data.seq, memoryMb: data.memory_usage_mb };
}

/** Lets the server finish what the last run left in flight (autocannon drops, the server still answers). */
export async function settle(api: FetchClient, ms = 500): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
  await api.ok('GET', '/health');
}
