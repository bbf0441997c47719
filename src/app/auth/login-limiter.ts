import { RateLimiterMemory } from 'rate-limiter-flexible';
import { usernameKey } from '../../core/index.ts';
import { takePoint } from './points.ts';

/**
 * Repeated wrong passwords are slowed down (DECISIONS.md: HTTP 429), for logins and for
 * every other check of a login password (bank transfers). Attempts are counted per
 * username and client address, so others cannot lock a user out from elsewhere (behind a
 * proxy, set server.trust_proxy to the number of proxies, so the address is the client's).
 *
 * An attempt takes its point before the password is checked: checks run on the thread
 * pool for tens of milliseconds, and a burst sent together would otherwise all pass a
 * count that no failure had raised yet. A right password clears the count. While a key
 * is blocked by failures every attempt is refused, right or wrong: answering a right one
 * would keep answering guesses.
 */
export class LoginLimiter {
  private readonly attempts: RateLimiterMemory;
  /** Checks under way per key: an attempt refused while they run waits for their outcome. */
  private readonly inFlight = new Map<string, Set<Promise<boolean>>>();

  constructor(readonly maxFailures = 5, readonly windowSeconds = 60) {
    this.attempts = new RateLimiterMemory({ points: maxFailures, duration: windowSeconds, blockDuration: windowSeconds });
  }

  /**
   * Checks a password under the limit: `retryAfter` > 0 when it was not checked. An attempt
   * refused while checks of the same key are under way waits for them and tries again:
   * right passwords clear the count, so several right logins at once all pass, and only
   * failures block.
   */
  async attempt(username: string, address: string, check: () => Promise<boolean>): Promise<{ readonly ok: boolean; readonly retryAfter: number }> {
    const k = key(username, address);
    let retryAfter = await this.take(k);
    // Refused while checks run: their outcome decides (right ones clear the count). Ends,
    // since a refused attempt starts no check: once the running ones are done, it stays.
    for (let running = this.inFlight.get(k); retryAfter > 0 && running !== undefined; running = this.inFlight.get(k)) {
      await Promise.allSettled([...running]);
      retryAfter = await this.take(k);
    }
    if (retryAfter > 0) return { ok: false, retryAfter };
    const checking = check();
    let set = this.inFlight.get(k);
    if (set === undefined) this.inFlight.set(k, (set = new Set()));
    set.add(checking);
    try {
      const ok = await checking;
      if (ok) await this.attempts.delete(k);
      return { ok, retryAfter: 0 };
    } finally {
      set.delete(checking);
      if (set.size === 0 && this.inFlight.get(k) === set) this.inFlight.delete(k);
    }
  }

  /** Takes an attempt's point: 0 when it may go on, else the seconds until the key may try again. */
  private take(k: string): Promise<number> {
    return takePoint(this.attempts, k);
  }
}

function key(username: string, address: string): string {
  return `${usernameKey(username)}|${address}`;
}
