import { BurstLimiter } from './points.ts';

/**
 * Reads of a user's history (over HTTP the account snapshot, the order and trade lists
 * and the settlement statements; over DIFF the statements), per user, one budget for
 * both. One of them for a user with a few thousand orders is about a megabyte of JSON
 * and tens of milliseconds of the thread that also matches everyone's orders: 16
 * clients of one such user reading in a loop held /health's median at 290 ms. A client
 * polling its account once a second, or paging through its history, never meets this;
 * administrators are not counted (the management routes are theirs).
 *
 * HISTORY_READS_PER_SECOND a second, then a burst of HISTORY_READ_BURST a minute.
 */
export const HISTORY_READS_PER_SECOND = 5;
export const HISTORY_READ_BURST = 60;

export class HistoryReadLimiter extends BurstLimiter {
  constructor(perSecond = HISTORY_READS_PER_SECOND, burst = HISTORY_READ_BURST) {
    super(perSecond, burst);
  }
}
