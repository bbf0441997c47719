import { BurstyRateLimiter, RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/** What the limiters of this folder consume from (rate-limiter-flexible's limiters). */
interface PointSource {
  consume(key: string): Promise<unknown>;
}

/** Takes one point for `key`: 0 when it may go on, else the whole seconds until it may try again. */
export async function takePoint(limiter: PointSource, key: string): Promise<number> {
  try {
    await limiter.consume(key);
    return 0;
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    return Math.max(1, Math.ceil(error.msBeforeNext / 1000));
  }
}

/** Per key: `perSecond` points a second and, beyond them, a burst of `burstPerMinute` a minute. */
export class BurstLimiter {
  private readonly points: BurstyRateLimiter;

  constructor(perSecond: number, burstPerMinute: number) {
    this.points = new BurstyRateLimiter(
      new RateLimiterMemory({ points: perSecond, duration: 1 }),
      new RateLimiterMemory({ points: burstPerMinute, duration: 60 }),
    );
  }

  /** 0 when `key` may go on now; else the whole seconds to wait. */
  take(key: string): Promise<number> {
    return takePoint(this.points, key);
  }
}
