import { ResultCode } from '../../core/index.ts';
import { ApiError, TOO_MANY_REQUESTS } from '../../protocol/index.ts';
import type { Caller } from './auth-service.ts';

/** Order entries (new orders, modifies, conditional orders) or cancels: each has its own budget. */
export type OrderTraffic = 'orders' | 'cancels';

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * Orders per user over REST and DIFF alike, a token bucket per user: `burst` at once,
 * refilled at `perSecond`. Every order goes through the one thread that matches
 * everyone's: a review's bot sent 271,000 IOC orders in 9 s from one login, and the rest
 * of a class made 78 trades instead of 3,837 meanwhile. Cancels have a budget of their
 * own, so a user who used up its orders can still take them back. Administrators are not
 * counted. Synchronous, unlike the login limiters: a DIFF frame's orders are taken in
 * order within one turn of the event loop, and this is on every order's path.
 * `perSecond` 0 turns the limit off (benchmarks measure the exchange's own capacity).
 * Configured in exchange.toml, `[trading]` (default 1,000 a second after 5,000 at once).
 */
export class OrderRateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    readonly perSecond: number,
    readonly burst: number,
    private readonly nowMs: () => number = () => performance.now(),
  ) {}

  get enabled(): boolean {
    return this.perSecond > 0;
  }

  /** Takes `count` for the caller: 0 when they may go, else the milliseconds until they may. */
  take(caller: Caller, traffic: OrderTraffic, count = 1): number {
    if (!this.enabled || caller.role === 'admin') return 0;
    const key = traffic === 'orders' ? caller.userId : `${caller.userId}\u0000cancels`;
    const now = this.nowMs();
    let bucket = this.buckets.get(key);
    if (bucket === undefined) this.buckets.set(key, (bucket = { tokens: this.burst, at: now }));
    else bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) * this.perSecond) / 1000);
    bucket.at = now;
    if (bucket.tokens >= count) {
      bucket.tokens -= count;
      return 0;
    }
    return Math.max(1, Math.ceil(((count - bucket.tokens) * 1000) / this.perSecond));
  }

  /** Why `take` said no. */
  refusal(traffic: OrderTraffic, waitMs: number): string {
    return `too many ${traffic}: a user may send ${this.burst} at once, then ${this.perSecond} a second; try again in ${waitMs} ms`;
  }

  /** As take, for HTTP: refuses with 1001 and 429 (Retry-After in whole seconds). */
  admit(caller: Caller, traffic: OrderTraffic, count = 1): void {
    const waitMs = this.take(caller, traffic, count);
    if (waitMs > 0) throw new ApiError(ResultCode.ParameterError, this.refusal(traffic, waitMs), TOO_MANY_REQUESTS, Math.ceil(waitMs / 1000));
  }
}
