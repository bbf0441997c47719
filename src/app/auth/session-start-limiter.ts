import { BurstLimiter } from './points.ts';

/**
 * DIFF logins per user. A login sends the user's whole trading view (every live order,
 * the newest order and trade records, positions, the account): tens of milliseconds of
 * the one thread that also matches everyone's orders, for a user with a few thousand
 * orders. A token login costs no password check, so without this a client reconnecting
 * in a loop with `?access_token=` made the exchange build that view back to back (16 such
 * loops raised /health's p99 to 185 ms). Per user, not per address: the cost is the
 * user's, and a class behind one address is many users.
 *
 * SESSION_STARTS_PER_SECOND a second, then a burst of SESSION_START_BURST a minute: a
 * client's reconnects with back-off and a few windows opened together never meet it.
 */
export const SESSION_STARTS_PER_SECOND = 2;
export const SESSION_START_BURST = 30;

export class SessionStartLimiter extends BurstLimiter {
  constructor(perSecond = SESSION_STARTS_PER_SECOND, burst = SESSION_START_BURST) {
    super(perSecond, burst);
  }
}
