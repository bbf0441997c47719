import { RateLimiterRes } from 'rate-limiter-flexible';

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
