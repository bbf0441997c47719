import type { FastifyInstance } from 'fastify';

/** How often connections that became idle are closed during shutdown. */
const IDLE_SWEEP_MS = 50;

/**
 * What the HTTP server does once its shutdown began (`close()`), besides refusing new
 * connections. Requests that still arrive on open connections are refused by the
 * caller's onRequest hook while `closing()` is true (1005 in the envelope, with
 * `Connection: close`, so that keep-alive clients stop sending here). A keep-alive
 * connection busy when the shutdown began is closed as soon as its last answer is out:
 * `forceCloseConnections: 'idle'` closes only those idle at that moment, and the close
 * waited for the others' keep-alive timeout (72 s, past most supervisors' grace period).
 */
export function installShutdownGate(app: FastifyInstance): () => boolean {
  let closing = false;
  let idleSweep: NodeJS.Timeout | undefined;
  app.addHook('preClose', (done) => {
    closing = true;
    idleSweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
    done();
  });
  app.addHook('onClose', (_instance, done) => {
    clearInterval(idleSweep);
    done();
  });
  return () => closing;
}
