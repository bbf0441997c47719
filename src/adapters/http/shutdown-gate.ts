import type { FastifyInstance } from 'fastify';

/** How often connections that became idle are closed during shutdown. */
const IDLE_SWEEP_MS = 50;
/**
 * How long idle keep-alive connections stay open once the shutdown began: a request a
 * client sends on one meanwhile is answered (1005), where a connection closed under it
 * leaves the client unable to tell "not placed" from "placed, answer lost".
 */
export const SHUTDOWN_GRACE_MS = 500;

/**
 * What the HTTP server does once its shutdown began (`close()`). Requests that still
 * arrive are refused by the caller's onRequest hook while `closing()` is true (1005 in
 * the envelope, with
 * `Connection: close`, so that keep-alive clients stop sending here). A keep-alive
 * connection busy when the shutdown began is closed as soon as its last answer is out,
 * and an idle one after SHUTDOWN_GRACE_MS: fastify's `forceCloseConnections: 'idle'`
 * closed the idle ones at once, under requests already on their way (a review's load
 * lost the answers of 7 orders so, none of them placed), and the close waited for the
 * busy ones' keep-alive timeout (72 s, past most supervisors' grace period).
 */
export function installShutdownGate(app: FastifyInstance): () => boolean {
  let closing = false;
  let idleSweep: NodeJS.Timeout | undefined;
  app.addHook('preClose', (done) => {
    closing = true;
    // The close itself comes after the grace: Node's server.close() closes idle
    // connections at once. Meanwhile every request is answered 1005 (new connections too).
    const grace = app.server.listening ? SHUTDOWN_GRACE_MS : 0;
    idleSweep = setTimeout(() => {
      idleSweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
      done();
    }, grace);
  });
  app.addHook('onClose', (_instance, done) => {
    // The grace's timeout or the sweep's interval: Node clears either with clearTimeout.
    clearTimeout(idleSweep);
    done();
  });
  return () => closing;
}
