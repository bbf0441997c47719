/**
 * What the DIFF server allows its clients, and what an operator may change of it
 * (DiffLimits, from the configuration and tests): frame sizes, unread bytes, connections.
 */
export interface DiffLimits {
  /** Default MAX_UNSENT_BYTES. */
  readonly maxUnsentBytes?: number;
  /** Default MAX_TOTAL_UNSENT_BYTES. */
  readonly maxTotalUnsentBytes?: number;
  /** Default MAX_DIFF_ON_API_PORT. */
  readonly maxOnApiPort?: number;
  /** DIFF connections one client address may hold (see AddressQuota): ws.max_connections_per_address. */
  readonly maxPerAddress: number;
  /** Default FAN_OUT_TURN_MS. */
  readonly fanOutTurnMs?: number;
}

/** Largest client frame the server reads: a batch of a few thousand orders fits. */
export const MAX_FRAME_BYTES = 1 << 20;
/**
 * Largest frame the socket takes before closing the connection (code 1009). Between the
 * two, a frame is refused with a notify and the connection stays.
 */
export const MAX_FRAME_BYTES_BEFORE_CLOSE = 8 << 20;
/**
 * Bytes sent and not yet taken by the client, beyond the largest message it was sent,
 * after which the connection is closed: a client that does not read would otherwise make
 * the server hold whatever it is sent. The largest message is allowed for on top, so a
 * client slowly reading one very large rtn_data (many long tick charts) is not closed for
 * the pong that follows it.
 */
export const MAX_UNSENT_BYTES = 32 << 20;
/**
 * How far behind all slow clients may be together (unread bytes beyond each one's largest
 * message; see UnreadBudget), past which the furthest behind are closed: eight clients at
 * the cap above.
 */
export const MAX_TOTAL_UNSENT_BYTES = 256 << 20;
/**
 * The longest the thread spends telling connections of market changes before it reads
 * sockets and runs the exchange again (see FanOutQueue): about 150 socket writes here.
 */
export const FAN_OUT_TURN_MS = 5;
/** The close code of a connection whose user's password was changed (4000-4999: the application's own). */
export const PASSWORD_CHANGED_CLOSE_CODE = 4001;
/** The close code of a connection whose user logged out everywhere. */
export const SIGNED_OUT_CLOSE_CODE = 4002;
/** Connections held at once on the DIFF port (see MAX_HTTP_CONNECTIONS for why a limit). */
export const MAX_DIFF_CONNECTIONS = 8_192;
/**
 * DIFF connections taken through the API port (the web page's, on its own origin), at
 * most: half of that port's connections, so that they cannot shut the REST API out.
 */
export const MAX_DIFF_ON_API_PORT = 2_048;
/**
 * Bytes of received frames waiting to be handled beyond which the connection's socket is
 * no longer read until they are (TCP then slows the client down): frames queue behind a
 * login's password check, and a client could otherwise stream its frames into memory.
 */
export const MAX_QUEUED_FRAME_BYTES = 4 << 20;
