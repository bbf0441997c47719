import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer } from 'ws';
import { type AuthService, sessionEnded } from '../../app/auth/auth-service.ts';
import { SessionStartLimiter } from '../../app/auth/session-start-limiter.ts';
import type { OrderRateLimiter } from '../../app/auth/order-rate-limiter.ts';
import { HistoryReadLimiter } from '../../app/auth/history-read-limiter.ts';
import { errorDetail } from '../../app/error-detail.ts';
import type { Exchange } from '../../app/exchange.ts';
import { ResultCode } from '../../core/index.ts';
import { AddressQuota } from './address-quota.ts';
import { ChangeSet } from './change-set.ts';
import { checkMessage } from './client-messages.ts';
import {
  type DiffLimits,
  FAN_OUT_TURN_MS,
  MAX_DIFF_CONNECTIONS,
  MAX_DIFF_ON_API_PORT,
  MAX_FRAME_BYTES,
  MAX_FRAME_BYTES_BEFORE_CLOSE,
  MAX_QUEUED_FRAME_BYTES,
  MAX_TOTAL_UNSENT_BYTES,
  MAX_UNSENT_BYTES,
  PASSWORD_CHANGED_CLOSE_CODE,
  SIGNED_OUT_CLOSE_CODE,
} from './diff-limits.ts';
import { DiffSession } from './diff-session.ts';
import { FanOutQueue } from './fan-out-queue.ts';
import { FrameQueue } from './frame-queue.ts';
import { heartbeatAction, heartbeatCheckEveryMs } from './heartbeat.ts';
import { cancelOrder, type HandlerContext, insertOrder, login, loginWithToken, refuseMalformedOrder, setChart, subscribeChannels, subscribeQuote } from './message-handlers.ts';
import { confirmSettlement, querySettlement } from './settlement-handlers.ts';
import { requestTransfer } from './transfer-handler.ts';
import { QuoteFeed } from './quote-feed.ts';
import { type BudgetedConnection, UnreadBudget } from './unread-budget.ts';

export interface DiffServerOptions {
  readonly host: string;
  readonly port: number;
  /** A connection silent this long (no message, no pong) is dropped. */
  readonly heartbeatTimeoutMs: number;
  readonly timeZone: string;
  /** exchange.name, heading settlement statements. */
  readonly exchangeName?: string;
  /** The per-user budget of history reads, shared with the REST API (else one of its own). */
  readonly historyReads?: HistoryReadLimiter;
  /** Orders and cancels per user, shared with the REST API (see OrderRateLimiter). */
  readonly orderEntries: OrderRateLimiter;
  readonly now: () => number;
  readonly log: (line: string) => void;
  /** Reverse proxies in front (server.trust_proxy): see clientAddress. */
  readonly trustProxy?: number;
  /** What clients may make the server hold. */
  readonly limits: DiffLimits;
}

/** Routes of the DIFF server; any query string is accepted. */
const PATHS = new Set(['/ws/diff', '/ws']);

/**
 * The request's target as a URL, or undefined when it is not one: the request line is
 * the client's text ("GET http://[/ws/diff" reaches us as is), and a throw here would be
 * outside any handler.
 */
function requestUrl(request: IncomingMessage): URL | undefined {
  return URL.canParse(request.url ?? '/', 'http://x') ? new URL(request.url ?? '/', 'http://x') : undefined;
}

/**
 * Where a connection comes from, as fastify's request.ip with the same hop count: the
 * socket's peer, then X-Forwarded-For from the right, one entry per trusted proxy. The
 * left of the header is whatever the client wrote, so it never counts.
 */
export function clientAddress(request: IncomingMessage, proxies: number): string {
  const peer = request.socket.remoteAddress ?? '';
  if (proxies <= 0) return peer;
  const header = request.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((a) => a.trim()).filter((a) => a !== '');
  const chain = [peer, ...forwarded.reverse()];
  return chain[Math.min(proxies, chain.length - 1)]!;
}

/** What a connection's query says: who it is for (user_id, account_id) and its login token. Empty values are none. */
function connectionQuery(request: IncomingMessage): { userId?: string; accountId?: string; token?: string } {
  const query = requestUrl(request)?.searchParams ?? new URLSearchParams();
  const value = (...names: string[]) => names.map((name) => query.get(name)).find((v) => v !== null && v !== '') ?? undefined;
  return { userId: value('user_id'), accountId: value('account_id'), token: value('access_token', 'token') };
}

function isDiffRoute(request: IncomingMessage): boolean {
  const url = requestUrl(request);
  return url !== undefined && PATHS.has(url.pathname);
}
interface Connection extends BudgetedConnection {
  readonly socket: WebSocket;
  readonly session: DiffSession;
  readonly ctx: HandlerContext;
  lastHeard: number;
  /** When the heartbeat last pinged it (0: never). */
  pingedAt: number;
  /** Frames are handled one after another: a login must finish before the order sent after it. */
  readonly frames: FrameQueue;
  /** An application-level ping was read in the frame being handled: one pong answers the frame. */
  pongDue: boolean;
  /** Length of the longest message sent (see MAX_UNSENT_BYTES). */
  largestSent: number;
  /** Bytes of frames received and not yet handled (see MAX_QUEUED_FRAME_BYTES). */
  queuedBytes: number;
}

/**
 * The DIFF WebSocket server (spec, "Events"): one DiffSession per connection, fed by
 * the exchange's durable batches. Every batch is turned into one ChangeSet, the shared
 * quotes are rebuilt once, then each session notes what concerns it and answers its
 * held peek_message if it has one: at once when the batch holds the user's own business,
 * in the fan-out's turns when it holds only the market's (FanOutQueue). Nothing reaches a
 * client before it is durable.
 */
export class DiffServer {
  private readonly connections = new Set<Connection>();
  /** Batches became durable while nobody was connected: the shared quotes lag behind. */
  private feedStale = false;
  private readonly feed: QuoteFeed;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly unreadBudget: UnreadBudget<Connection>;
  private readonly sessionStarts = new SessionStartLimiter();
  /** Statements read per user (qry_settlement_info): see DiffServerOptions.historyReads. */
  private readonly historyReads: HistoryReadLimiter;
  private readonly fanOut: FanOutQueue<Connection>;

  private constructor(
    private readonly wss: WebSocketServer,
    private readonly server: Server,
    private readonly exchange: Exchange,
    private readonly auth: AuthService,
    private readonly options: DiffServerOptions,
    private readonly perAddress: AddressQuota,
  ) {
    this.feed = new QuoteFeed(exchange, options.timeZone);
    this.historyReads = options.historyReads ?? new HistoryReadLimiter();
    this.fanOut = new FanOutQueue(options.limits.fanOutTurnMs ?? FAN_OUT_TURN_MS, (connection) => this.deliverFanOut(connection));
    this.unreadBudget = new UnreadBudget(options.limits.maxTotalUnsentBytes ?? MAX_TOTAL_UNSENT_BYTES, (c) => c.socket.bufferedAmount - c.largestSent);
    exchange.committer.onDurable((batch) => {
      // With nobody connected there is no one to build patches for: the shared quotes are
      // brought up to date when the next connection arrives instead.
      if (this.connections.size === 0) this.feedStale = true;
      else this.publishGuarded(batch);
    });
    wss.on('connection', (socket, request) => this.accept(socket, request));
    // Protocol-level pings to connections silent half the timeout (heartbeat.ts): ws clients
    // and browsers answer them without the application's help, so a live client never needs
    // to send anything.
    this.heartbeat = setInterval(() => this.checkHeartbeats(), heartbeatCheckEveryMs(options.heartbeatTimeoutMs));
  }

  static async start(exchange: Exchange, auth: AuthService, options: DiffServerOptions): Promise<DiffServer> {
    // Our own HTTP server under ws, so that a shutdown can close every connection on the
    // port, including ones that never finished a request (ws's own would wait for them).
    const server = createServer((_request, response) => {
      response.writeHead(426, { 'content-type': 'text/plain', connection: 'close' });
      response.end('a WebSocket upgrade to /ws/diff or /ws is expected here');
    });
    server.maxConnections = MAX_DIFF_CONNECTIONS;
    const perAddress = new AddressQuota(options.limits.maxPerAddress, (address) =>
      options.log(`diff: ${address} holds the most connections one address may; more are refused (behind reverse proxies, set server.trust_proxy)`),
    );
    const proxies = options.trustProxy ?? 0;
    const wss = new WebSocketServer({
      server,
      maxPayload: MAX_FRAME_BYTES_BEFORE_CLOSE,
      perMessageDeflate: false,
      // Refused before the upgrade, with an HTTP answer: a socket upgraded only to be closed
      // would wait for the client's close frame (30 s with ws), holding a connection.
      verifyClient: (info: { req: IncomingMessage }, answer: (ok: boolean, status?: number, message?: string) => void) => {
        if (!isDiffRoute(info.req)) answer(false);
        else if (perAddress.isFull(clientAddress(info.req, proxies))) answer(false, 429, `at most ${perAddress.limit} connections from one address`);
        else answer(true);
      },
    });
    // ws passes the server's errors on to wss: listening there, a port in use refuses the start.
    await new Promise<void>((resolve, reject) => {
      wss.once('error', reject);
      server.listen(options.port, options.host, () => {
        wss.off('error', reject);
        resolve();
      });
    });
    wss.on('error', (error) => options.log(`websocket: server error: ${error.message}`));
    return new DiffServer(wss, server, exchange, auth, options, perAddress);
  }

  /**
   * Takes a WebSocket upgrade that arrived on another HTTP server (the API's port), so a
   * browser page served from the API's origin reaches the DIFF protocol at the same host:
   * one origin, one port to open, no cross-origin rules. Same paths and sessions as the
   * DIFF port.
   */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    if (!isDiffRoute(request)) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    // Upgraded sockets still count against the API port's connection limit: past this
    // share of it, DIFF clients are sent to the DIFF port, so the REST API stays reachable.
    if (this.upgradedOnApiPort >= (this.options.limits.maxOnApiPort ?? MAX_DIFF_ON_API_PORT)) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    if (this.perAddress.isFull(this.addressOf(request))) {
      socket.end('HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    this.upgradedOnApiPort++;
    socket.once('close', () => this.upgradedOnApiPort--);
    this.wss.handleUpgrade(request, socket, head, (ws) => this.wss.emit('connection', ws, request));
  }

  get port(): number {
    const address = this.wss.address();
    return typeof address === 'object' && address !== null ? address.port : this.options.port;
  }

  get connectionCount(): number {
    return this.connections.size;
  }

  /** How far behind slow clients are together, as last counted (see UnreadBudget). */
  get backlogBytes(): number {
    return this.unreadBudget.countedBytes;
  }

  /** Connections whose socket is not read until their queued frames are handled. */
  get pausedCount(): number {
    let paused = 0;
    for (const connection of this.connections) if (connection.socket.isPaused) paused++;
    return paused;
  }

  /** The open sessions (tests compare a client's mirror with its session's expected view). */
  sessions(): DiffSession[] {
    return [...this.connections].map((c) => c.session);
  }

  /**
   * Stops taking connections and closes the open ones (1001), on this port and those that
   * came through the API's. Whatever has not closed within `graceMs` is cut off: a client
   * that does not answer the close (ws would wait 30 s for it), and connections that never
   * finished their request. Supervisors wait less than that before they kill the process,
   * and with it the shutdown snapshot.
   */
  async close(graceMs = 1000): Promise<void> {
    clearInterval(this.heartbeat);
    const portClosed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const connection of this.connections) connection.socket.close(1001, 'server shutting down');
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise<void>((resolve) => {
        this.whenEmpty = resolve;
        if (this.connections.size === 0) resolve();
      }),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs))),
    ]);
    clearTimeout(timer);
    // Every client ws still holds, also those already dropped (a close that was not answered).
    for (const connection of this.connections) connection.socket.terminate();
    for (const client of this.wss.clients) client.terminate();
    this.server.closeAllConnections();
    await portClosed;
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  /** The client's address, through the configured proxies (see clientAddress). */
  private addressOf(request: IncomingMessage): string {
    return clientAddress(request, this.options.trustProxy ?? 0);
  }

  /** Sockets upgraded through the API port and still open (see MAX_DIFF_ON_API_PORT). */
  private upgradedOnApiPort = 0;

  /** Called once no connection is left (the shutdown waits for it). */
  private whenEmpty: (() => void) | undefined;

  private accept(socket: WebSocket, request: IncomingMessage): void {
    const address = this.addressOf(request);
    // Checked before the upgrade too; upgrades in flight together may still pass it.
    if (!this.perAddress.take(address)) {
      socket.terminate();
      return;
    }
    socket.once('close', () => this.perAddress.release(address));
    if (this.feedStale) {
      this.feedStale = false;
      this.feed.refresh(this.exchange.state.instruments.keys());
    }
    const query = connectionQuery(request);
    const session = new DiffSession(this.exchange, this.feed, { send: (text) => this.send(connection, text) }, query.userId, query.accountId);
    const ctx: HandlerContext = {
      exchange: this.exchange,
      auth: this.auth,
      address,
      sessionStarts: this.sessionStarts,
      historyReads: this.historyReads,
      orderEntries: this.options.orderEntries,
      now: this.options.now,
      exchangeName: this.options.exchangeName ?? 'Basis',
      fault: (error) => this.dropFaulty(connection, error, 'telling the client of a command'),
    };
    const frames = new FrameQueue((error, during) => this.dropFaulty(connection, error, during));
    const connection: Connection = { socket, session, ctx, lastHeard: Date.now(), pingedAt: 0, frames, pongDue: false, largestSent: 0, queuedBytes: 0, countedBacklog: 0 };
    this.connections.add(connection);
    const token = query.token;
    // The connection's frames wait for the token's login, as they would for req_login's.
    if (token !== undefined) frames.run(() => loginWithToken(ctx, session, token), 'logging in with a token');
    socket.on('message', (data, isBinary) => {
      connection.lastHeard = Date.now();
      const size = (data as Buffer).length;
      // Refused frames take their turn too: their notify must not overtake a login queued before them.
      const refusal = isBinary ? 'messages must be JSON text frames' : size > MAX_FRAME_BYTES ? `a frame of ${size} bytes is over the ${MAX_FRAME_BYTES} the server reads; send smaller batches` : undefined;
      if (refusal !== undefined) {
        frames.run(() => {
          session.notifyLocal('WARNING', ResultCode.ParameterError, refusal);
          session.flush();
        }, 'refusing a frame');
        return;
      }
      const text = data.toString();
      const waits = frames.run(() => this.receive(connection, text), 'handling a message', () => {
        connection.queuedBytes -= size;
        if (socket.isPaused && connection.queuedBytes <= MAX_QUEUED_FRAME_BYTES / 2) {
          // Handled frames are life: the heartbeat did not hear the paused socket.
          connection.lastHeard = Date.now();
          socket.resume();
        }
      });
      if (!waits) return;
      connection.queuedBytes += size;
      if (connection.queuedBytes > MAX_QUEUED_FRAME_BYTES && !socket.isPaused) socket.pause();
    });
    socket.on('pong', () => {
      connection.lastHeard = Date.now();
    });
    socket.on('close', () => {
      this.connections.delete(connection);
      this.unreadBudget.forget(connection);
      this.fanOut.forget(connection);
      if (this.connections.size === 0) this.whenEmpty?.();
    });
    socket.on('error', () => socket.terminate());
    session.greet();
  }

  /**
   * Sends to a client that keeps up. One that has left too much unread is closed: past
   * MAX_UNSENT_BYTES of its own, or with the most unread when all slow clients together
   * are past MAX_TOTAL_UNSENT_BYTES.
   */
  private send(connection: Connection, text: string): void {
    const { socket } = connection;
    if (socket.readyState !== WebSocket.OPEN) return;
    const unread = socket.bufferedAmount;
    if (unread > (this.options.limits.maxUnsentBytes ?? MAX_UNSENT_BYTES) + connection.largestSent) {
      this.closeUnread(connection, `a client left ${unread} bytes unread`);
      return;
    }
    // The text's length in UTF-16 units: bytes for the ASCII of nearly every message,
    // without counting them (a count would flatten each message a second time).
    if (text.length > connection.largestSent) connection.largestSent = text.length;
    socket.send(text);
    for (const laggard of this.unreadBudget.note(connection, unread + text.length - connection.largestSent)) {
      this.closeUnread(laggard, `slow clients are more than ${this.unreadBudget.limitBytes} bytes behind together, and this one furthest (${laggard.socket.bufferedAmount} bytes unread)`);
    }
  }

  private closeUnread(connection: Connection, why: string): void {
    // Its close event tells a waiting shutdown.
    if (this.connections.delete(connection)) this.options.log(`diff: ${why}; its connection is closed`);
    this.unreadBudget.forget(connection);
    connection.socket.terminate();
  }

  /**
   * A connection whose handling threw: a bug, not a refusal (refusals are notifies). Its
   * mirror may no longer be what the client holds (a patch built and not sent, a batch
   * half absorbed), and patches against a wrong mirror would corrupt the client's data
   * without a word. So it is logged and the connection closed (1011): the client
   * reconnects and gets its whole state again from an empty mirror. Nothing here may
   * throw: the connection's frame queue must end settled, and one client's bug must not
   * become an unhandled rejection that ends the process.
   */
  private dropFaulty(connection: Connection, error: unknown, during: string): void {
    const detail = errorDetail(error);
    this.options.log(`diff: internal error ${during}; the connection is closed for its client to start again: ${detail}`);
    this.connections.delete(connection);
    try {
      connection.socket.close(1011, 'internal error; reconnect');
    } catch {
      connection.socket.terminate();
    }
  }

  /**
   * Publishes a durable batch. A session that fails is dropped alone; if what every
   * session shares (the quote feed) fails, every connection is dropped, since none of
   * them can be told the batch correctly.
   */
  private publishGuarded(batch: Parameters<typeof ChangeSet.of>[0]): void {
    let changes: ChangeSet;
    try {
      changes = ChangeSet.of(batch);
      this.publishShared(changes);
    } catch (error) {
      for (const connection of [...this.connections]) this.dropFaulty(connection, error, 'publishing a batch to every connection');
      this.feedStale = true;
      return;
    }
    if (changes.sessionsEnded.size > 0) this.closeEndedSessions(changes.sessionsEnded);
    for (const connection of [...this.connections]) {
      try {
        connection.session.absorb(changes);
        if (connection.session.hasOwnNews) connection.session.flush();
        else this.fanOut.add(connection);
      } catch (error) {
        this.dropFaulty(connection, error, 'publishing a batch to one connection');
      }
    }
    this.fanOut.drain();
  }

  /**
   * Closes the connections of `users` logged in under a password since replaced (close
   * code 4001), or before their user logged out everywhere (4002), with the reason:
   * whoever did it may have done so because someone else knew the password or held a
   * token. Their clients log in again.
   */
  private closeEndedSessions(users: ReadonlySet<string>): void {
    for (const connection of [...this.connections]) {
      const caller = connection.session.caller;
      if (caller === undefined || !users.has(caller.userId)) continue;
      const ended = this.sessionEnded(caller);
      if (ended !== undefined) this.closeEnded(connection, ended);
    }
  }

  /** Whether the session `caller` logged in to has ended since, and why. */
  private sessionEnded(caller: NonNullable<DiffSession['caller']>): 'revoked' | 'signed-out' | undefined {
    return sessionEnded(this.exchange.state.users.get(caller.userId), caller);
  }

  private closeEnded(connection: Connection, why: 'revoked' | 'signed-out'): void {
    // Nothing more is sent to it; its close event tells a waiting shutdown.
    this.connections.delete(connection);
    if (why === 'revoked') connection.socket.close(PASSWORD_CHANGED_CLOSE_CODE, 'the password was changed: log in again');
    else connection.socket.close(SIGNED_OUT_CLOSE_CODE, 'the user logged out everywhere: log in again');
  }

  /** A connection's turn in the fan-out: it sends what it holds by now, if it has a peek waiting. */
  private deliverFanOut(connection: Connection): void {
    if (!this.connections.has(connection)) return;
    try {
      connection.session.flush();
    } catch (error) {
      this.dropFaulty(connection, error, 'publishing a batch to one connection');
    }
  }

  /**
   * One frame: a message, or (extension) a JSON array of messages handled in order. Done
   * when it returns, unless a message waits (a login): then the rest of the frame follows
   * in the promise it returns.
   */
  private receive(connection: Connection, text: string): void | Promise<void> {
    // Frames still queued when a faulty connection was dropped go nowhere.
    if (!this.connections.has(connection)) return;
    const { session } = connection;
    let decoded: unknown;
    try {
      decoded = JSON.parse(text);
    } catch {
      session.notifyLocal('WARNING', ResultCode.ParameterError, 'a message is not valid JSON');
      session.flush();
      return;
    }
    const messages: unknown[] = Array.isArray(decoded) ? decoded : [decoded];
    let submitted = false;
    for (let i = 0; i < messages.length; i++) {
      // Only a login waits (for the password check); every other message is handled at
      // once, without a promise and a turn of the microtask queue per message.
      const outcome = this.handle(connection, messages[i]);
      if (outcome !== true && outcome !== false) return this.receiveAfterWait(connection, messages, i, outcome, submitted);
      submitted = outcome || submitted;
    }
    this.endFrame(connection, submitted);
  }

  /** The rest of a frame whose message at `waitingAt` waits. */
  private async receiveAfterWait(connection: Connection, messages: unknown[], waitingAt: number, waiting: Promise<boolean>, submittedBefore: boolean): Promise<void> {
    let submitted = (await waiting) || submittedBefore;
    for (let i = waitingAt + 1; i < messages.length; i++) {
      // The connection may have closed, or been dropped, while a message waited.
      if (!this.connections.has(connection)) return;
      const outcome = this.handle(connection, messages[i]);
      submitted = (outcome === true || outcome === false ? outcome : await outcome) || submitted;
    }
    if (this.connections.has(connection)) this.endFrame(connection, submitted);
  }

  /** After a frame's messages: the pong it owes, and its answer or its place in the fan-out. */
  private endFrame(connection: Connection, submitted: boolean): void {
    const { session } = connection;
    if (connection.pongDue) {
      connection.pongDue = false;
      this.send(connection, '{"aid":"pong"}');
    }
    // A frame that sent commands to the exchange is answered when they are durable (the
    // publish of their batch flushes), so its effects reach the client in one rtn_data.
    if (submitted) return;
    // A peek for the market's changes takes its turn in the fan-out, with every other
    // connection's: answered here, thousands of peeks would each send at once, and the
    // fan-out's budget would hold back nothing.
    if (session.hasOwnNews) session.flush();
    else {
      this.fanOut.add(connection);
      this.fanOut.drainSoon();
    }
  }

  /** Handles one message; true when it submitted a command to the exchange (a promise of false for a login). */
  private handle(connection: Connection, raw: unknown): boolean | Promise<boolean> {
    const { session, ctx } = connection;
    // A change of password (or a log out everywhere) is applied before its publication
    // closes the old sessions: in between, they act no more.
    const ended = session.caller === undefined ? undefined : this.sessionEnded(session.caller);
    if (ended !== undefined) {
      if (this.connections.has(connection)) this.closeEnded(connection, ended);
      return false;
    }
    const parsed = checkMessage(raw);
    if ('problem' in parsed) {
      if (!refuseMalformedOrder(ctx, session, raw, parsed.problem)) session.notifyLocal('WARNING', ResultCode.ParameterError, parsed.problem);
      return false;
    }
    const m = parsed.message as never;
    switch (parsed.aid) {
      case 'peek_message':
        session.peek();
        return false;
      case 'ping':
        // Answered once the frame is handled: a frame of a thousand pings is one pong.
        connection.pongDue = true;
        return false;
      case 'req_login':
        return login(ctx, session, m).then(() => false);
      case 'subscribe_quote':
        subscribeQuote(ctx, session, m);
        return false;
      case 'subscribe':
        return subscribeChannels(ctx, session, m);
      case 'set_chart':
        setChart(ctx, session, m);
        return false;
      case 'insert_order':
        return insertOrder(ctx, session, m);
      case 'cancel_order':
        return cancelOrder(ctx, session, m);
      case 'qry_settlement_info':
        return querySettlement(ctx, session, m).then(() => false);
      case 'req_transfer':
        return requestTransfer(ctx, session, m).then(() => false);
      case 'confirm_settlement':
        confirmSettlement(session);
        return false;
      case 'qry_account_info':
      case 'qry_account_register':
        session.rereadTrade();
        return false;
    }
  }

  /** What every session of a batch shares: the quote feed. */
  private publishShared(changes: ChangeSet): void {
    this.feed.refresh(changes.everything ? this.exchange.state.instruments.keys() : changes.instruments);
  }

  private checkHeartbeats(): void {
    const now = Date.now();
    for (const connection of this.connections) {
      const action = heartbeatAction(now, connection.lastHeard, connection.pingedAt, this.options.heartbeatTimeoutMs);
      // A socket paused while its frames are handled is busy, not silent.
      if (action === 'drop' && !connection.socket.isPaused) {
        connection.socket.terminate();
        this.connections.delete(connection);
      } else if (action === 'ping' && connection.socket.readyState === WebSocket.OPEN) {
        connection.pingedAt = now;
        connection.socket.ping();
      }
    }
  }
}
