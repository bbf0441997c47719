import type { ExchangeStatus } from '../events.ts';

const LIVE: ReadonlySet<string> = new Set<ExchangeStatus>(['PENDING', 'ACCEPTED', 'PARTIAL_FILLED']);

/** Whether an order in this status may still trade or change; every other status is final. */
export function isLiveStatus(status: string): boolean {
  return LIVE.has(status);
}
