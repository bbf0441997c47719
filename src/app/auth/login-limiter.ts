import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * Repeated failed logins are slowed down (DECISIONS.md: HTTP 429). Failures are counted
 * per username and client address; a success clears the count. Successful logins are
 * never limited, so a user who types the password right is not locked out by others.
 */
export class LoginLimiter {
  private readonly failures: RateLimiterMemory;

  constructor(readonly maxFailures = 5, readonly windowSeconds = 60) {
    this.failures = new RateLimiterMemory({ points: maxFailures, duration: windowSeconds, blockDuration: windowSeconds });
  }

  /** Seconds until another attempt is allowed; 0 when the key may try now. */
  async retryAfter(username: string, address: string): Promise<number> {
    const state = await this.failures.get(key(username, address));
    if (state === null || state.remainingPoints > 0) return 0;
    return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
  }

  async recordFailure(username: string, address: string): Promise<void> {
    try {
      await this.failures.consume(key(username, address));
    } catch (error) {
      // Rejection means the key is already blocked: that is the state we want.
      if (!(error instanceof RateLimiterRes)) throw error;
    }
  }

  async recordSuccess(username: string, address: string): Promise<void> {
    await this.failures.delete(key(username, address));
  }
}

function key(username: string, address: string): string {
  return `${username.toLowerCase()}|${address}`;
}
