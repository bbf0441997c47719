import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * Repeated wrong passwords are slowed down (DECISIONS.md: HTTP 429), for logins and for
 * every other check of a login password (bank transfers). Attempts are counted per
 * username and client address, so others cannot lock a user out from elsewhere (behind a
 * proxy, set server.trust_proxy so the address is the client's).
 *
 * An attempt takes its point before the password is checked: checks run on the thread
 * pool for tens of milliseconds, and a burst sent together would otherwise all pass a
 * count that no failure had raised yet. A right password gives its point back and clears
 * the count. While a key is blocked every attempt is refused, right or wrong: answering
 * a right one would keep answering guesses.
 */
export class LoginLimiter {
  private readonly attempts: RateLimiterMemory;

  constructor(readonly maxFailures = 5, readonly windowSeconds = 60) {
    this.attempts = new RateLimiterMemory({ points: maxFailures, duration: windowSeconds, blockDuration: windowSeconds });
  }

  /** Takes an attempt: 0 when it may go on, else the seconds until the key may try again. */
  async take(username: string, address: string): Promise<number> {
    try {
      await this.attempts.consume(key(username, address));
      return 0;
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      return Math.max(1, Math.ceil(error.msBeforeNext / 1000));
    }
  }

  /** The attempt was right: the count starts again. */
  async succeeded(username: string, address: string): Promise<void> {
    await this.attempts.delete(key(username, address));
  }
}

function key(username: string, address: string): string {
  return `${username.toLowerCase()}|${address}`;
}
