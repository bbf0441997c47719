import { createServer } from 'node:net';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { buildHttpServer, type HttpServerOptions } from '../adapters/http/server.ts';
import type { DiffLimits } from '../adapters/ws/diff-limits.ts';
import { DiffServer } from '../adapters/ws/diff-server.ts';
import type { ExchangeConfig } from '../config/index.ts';
import { ensureAdmin } from './auth/admin-bootstrap.ts';
import { AuthService } from './auth/auth-service.ts';
import { HistoryReadLimiter } from './auth/history-read-limiter.ts';
import { loadOrCreateJwtSecret } from './auth/jwt-secret.ts';
import { LoginLimiter } from './auth/login-limiter.ts';
import { OrderRateLimiter } from './auth/order-rate-limiter.ts';
import { PasswordWorkLimiter } from './auth/password-work-limiter.ts';
import { TokenService } from './auth/tokens.ts';
import type { Clock } from './clock.ts';
import { Exchange } from './exchange.ts';
import { ProcessMonitor } from './process-figures.ts';

export interface ServiceOptions {
  /** pino options for the HTTP server, or false for none. */
  readonly httpLogger: FastifyServerOptions['logger'];
  /** Bind the HTTP port (false: build the server for in-process injection only). */
  readonly listen: boolean;
  /** Start the DIFF WebSocket server (on ws_port; 0 picks a free port). */
  readonly websocket: boolean;
  /** What DIFF clients may make the server hold: tests lower these (by default the server's own and the configured per-address cap). */
  readonly diffLimits?: Partial<DiffLimits>;
  /** Reads of a user's history over HTTP and DIFF (HistoryReadLimiter's defaults; the fuzz test raises them). */
  readonly historyReads?: HttpServerOptions['historyReads'];
}

/** How long requests in flight may take to finish once a shutdown begins. */
const HTTP_GRACE_MS = 5_000;

/**
 * The whole product wired together: the exchange on its storage, authentication with an
 * ensured admin, and the HTTP API. `stop` is the graceful shutdown: stop accepting
 * requests, let in-flight ones finish, then snapshot and close storage.
 */
export class Service {
  private constructor(
    readonly exchange: Exchange,
    readonly auth: AuthService,
    readonly http: FastifyInstance,
    readonly diff: DiffServer | undefined,
    private readonly monitor: ProcessMonitor,
  ) {}

  static async start(config: ExchangeConfig, clock: Clock, log: (line: string) => void, options: ServiceOptions): Promise<Service> {
    await portsAreFree(config, options);
    const exchange = await Exchange.start(config, clock, log);
    // What is started before a failure is stopped again: an embedding process lives on.
    let http: FastifyInstance | undefined;
    let diff: DiffServer | undefined;
    let monitor: ProcessMonitor | undefined;
    try {
      const secret = loadOrCreateJwtSecret(config.auth.jwtSecret, config.dataDir);
      const tokens = new TokenService(secret, config.auth.tokenTtlHours * 3_600_000, () => clock.now());
      const passwordWork = new PasswordWorkLimiter(config.auth.passwordChecksPerSecond, config.auth.passwordCheckBurst);
      const auth = new AuthService(exchange, tokens, new LoginLimiter(), passwordWork);
      const adminConfig = { username: config.auth.adminUsername, password: config.auth.adminPassword, reset: config.auth.resetAdminPassword === true };
      // A configured admin is ensured before the ports open, so that no one can register
      // its name first. A random one is created once the ports are bound: its password is
      // printed once, and a start that failed after printing it would leave an admin no
      // one can log in as (a port in use is the usual first-start failure).
      const configuredAdmin = adminConfig.username !== undefined && adminConfig.password !== undefined;
      if (configuredAdmin) await ensureAdmin(auth, exchange.state, adminConfig, log);
      monitor = new ProcessMonitor();
      const figures = monitor;
      // One budget of history reads per user, over REST and DIFF alike.
      const historyReads = new HistoryReadLimiter(options.historyReads?.perSecond, options.historyReads?.burst);
      // And one budget of orders, and one of cancels.
      const orderEntries = new OrderRateLimiter(config.trading.ordersPerSecondPerUser, config.trading.orderBurstPerUser);
      http = await buildHttpServer(
        { exchange, auth, banks: config.banks, figures, now: () => clock.now(), orderEntries },
        { logger: options.httpLogger, trustProxy: config.server.trustProxy, historyReadLimiter: historyReads },
      );
      if (options.websocket) {
        diff = await bound('DIFF', 'server.ws_host', 'server.ws_port or WS_PORT', config.server.wsHost, config.server.wsPort, DiffServer.start(exchange, auth, {
          host: config.server.wsHost,
          port: config.server.wsPort,
          heartbeatTimeoutMs: config.ws.heartbeatTimeoutSeconds * 1000,
          timeZone: config.exchange.timezone,
          exchangeName: config.exchange.name,
          historyReads,
          orderEntries,
          now: () => clock.now(),
          log,
          trustProxy: config.server.trustProxy,
          limits: { maxPerAddress: config.ws.maxConnectionsPerAddress, ...options.diffLimits },
        }));
        const server = diff;
        figures.countConnectionsWith(() => server.connectionCount);
        // The web front end is served by the HTTP server: its WebSocket goes to the same origin.
        http.server.on('upgrade', (request, socket, head) => server.handleUpgrade(request, socket, head));
        log(`websocket:    DIFF on ws://${config.server.wsHost}:${diff.port}/ws/diff`);
      }
      if (options.listen) {
        const { httpHost, httpPort } = config.server;
        await bound('HTTP', 'server.http_host', 'server.http_port or HTTP_PORT', httpHost, httpPort, http.listen({ host: httpHost, port: httpPort }));
        log(`http:         listening on http://${config.server.httpHost}:${config.server.httpPort} (API docs at /docs)`);
      } else {
        await http.ready();
      }
      if (!configuredAdmin) await ensureAdmin(auth, exchange.state, adminConfig, log);
      return new Service(exchange, auth, http, diff, monitor);
    } catch (error) {
      await Promise.all([diff?.close(), http?.close()]).catch(() => undefined);
      monitor?.stop();
      await exchange.stop();
      throw error;
    }
  }

  /**
   * Both servers stop taking connections at once; requests in flight get HTTP_GRACE_MS to
   * finish, then whatever is still open is closed (a connection that never finished its
   * request would hold the close for ever). Then the exchange finishes and snapshots;
   * false when storage had failed and no snapshot could be written.
   */
  async stop(): Promise<boolean> {
    const cutOff = setTimeout(() => this.http.server.closeAllConnections(), HTTP_GRACE_MS);
    await Promise.all([this.diff?.close(), this.http.close()]);
    clearTimeout(cutOff);
    this.monitor.stop();
    return this.exchange.stop();
  }
}

/**
 * Binds each port the service will listen on and frees it again, before the exchange
 * recovers: a port in use (the usual failure of a restart, with the old process still
 * running) is then told at once, not after a replay of the journal that can take
 * minutes. The ports are bound for good only after recovery; another process that takes
 * one meanwhile is still caught there.
 */
async function portsAreFree(config: ExchangeConfig, options: ServiceOptions): Promise<void> {
  const { httpHost, httpPort, wsHost, wsPort } = config.server;
  if (options.listen) await bound('HTTP', 'server.http_host', 'server.http_port or HTTP_PORT', httpHost, httpPort, probePort(httpHost, httpPort));
  if (options.websocket) await bound('DIFF', 'server.ws_host', 'server.ws_port or WS_PORT', wsHost, wsPort, probePort(wsHost, wsPort));
}

function probePort(host: string, port: number): Promise<void> {
  // Port 0 is any free port: nothing to check.
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** Why a port could not be bound, in words an operator acts on. */
const LISTEN_REASONS: Record<string, string> = {
  EADDRINUSE: 'the port is in use (another process, or another Basis)',
  EADDRNOTAVAIL: 'the address is not one of this machine\'s',
  ENOTFOUND: 'the host name does not resolve',
  EAI_AGAIN: 'the host name could not be resolved now',
  EACCES: 'binding this port needs privileges (ports below 1024)',
};

/**
 * Waits for a server to bind, and names the settings behind a failure: the system's own
 * message ("getaddrinfo ENOTFOUND x") says neither which server nor which setting.
 */
async function bound<T>(server: string, hostKey: string, portKey: string, host: string, port: number, binding: Promise<T>): Promise<T> {
  try {
    return await binding;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    const reason = LISTEN_REASONS[code] ?? (error as Error).message;
    throw new Error(`the ${server} server cannot listen on ${host}:${port}: ${reason} (check ${hostKey} and ${portKey})`, { cause: error });
  }
}
