import { accountSummary, transferView } from '../../../app/services/views.ts';
import type { HttpContext } from '../http-context.ts';

/** Equity of the accounts at each settlement (summed per settlement), then their equity now. */
export function equityCurve(ctx: HttpContext, accountIds: readonly string[]): { timestamp: number; equity: number }[] {
  const byTs = new Map<number, number>();
  for (const id of accountIds) {
    for (const point of ctx.exchange.history.equityCurve(id)) byTs.set(point.timestamp, (byTs.get(point.timestamp) ?? 0) + point.equity);
  }
  const curve = [...byTs].sort((a, b) => a[0] - b[0]).map(([timestamp, equity]) => ({ timestamp, equity: cents(equity) }));
  if (accountIds.length > 0) {
    const now = accountIds.reduce((sum, id) => sum + accountSummary(ctx.exchange.state, id).balance, 0);
    curve.push({ timestamp: Math.max(ctx.now(), curve[curve.length - 1]?.timestamp ?? 0), equity: cents(now) });
  }
  return curve;
}

export function transferRecords(ctx: HttpContext, accountId: string) {
  return ctx.exchange.history.transfersOf(accountId).map(transferView);
}

function cents(value: number): number {
  return Math.round(value * 100) / 100;
}
