import type { FastifyHelmetOptions } from '@fastify/helmet';

/**
 * Security headers of what a browser renders (the web front end and the API docs), set by
 * @fastify/helmet. Scripts, styles and connections come from the page's own origin only
 * (the DIFF WebSocket is reached through it), so an injected script has nowhere to load
 * from or send to; no other site may frame the page (clickjacking of a logged-in trader);
 * no referrer leaves it. Vue and Swagger UI set style attributes, hence inline styles.
 * HSTS is left to whatever terminates TLS: the exchange itself may serve plain HTTP on a
 * LAN. The JSON API gets only `nosniff` and `no-store` (server.ts): these headers on every
 * order would cost the hot path for nothing a browser uses.
 */
export const PAGE_HEADERS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  frameguard: { action: 'deny' },
  hsts: false,
  referrerPolicy: { policy: 'no-referrer' },
};
