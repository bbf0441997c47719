/**
 * The DIFF heartbeat's rule for one connection (spec: a connection silent for
 * ws.heartbeat_timeout is dropped). Checked often enough that a silent connection goes
 * within a tenth of the timeout after it (at most a second): checked every half timeout,
 * as before, a 10 s timeout dropped connections after 10 to 15 s. A connection is pinged
 * once it has been silent half the timeout, and once per silence: a client that answers
 * is heard again, and one that talks anyway needs no ping.
 */
export type HeartbeatAction = 'drop' | 'ping' | 'none';

/** How often the heartbeat looks at every connection. */
export function heartbeatCheckEveryMs(timeoutMs: number): number {
  return Math.min(1000, Math.max(100, timeoutMs / 10));
}

/** What the heartbeat does now to a connection last heard at `lastHeard` and last pinged at `pingedAt`. */
export function heartbeatAction(now: number, lastHeard: number, pingedAt: number, timeoutMs: number): HeartbeatAction {
  const silent = now - lastHeard;
  if (silent > timeoutMs) return 'drop';
  if (silent >= timeoutMs / 2 && pingedAt <= lastHeard) return 'ping';
  return 'none';
}
