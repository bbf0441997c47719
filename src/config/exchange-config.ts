/**
 * exchange.toml: its schema, its defaults, and the typed, camelCase settings the rest
 * of the service reads. Every key is optional; a missing key takes the template
 * default, and an unknown key is an error (a typo must not silently become a default).
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { InstrumentSpec } from '../core/instruments/instrument-spec.ts';
import type { LogLevel } from './env-overrides.ts';
import { CheckedFields } from './checked-fields.ts';
import { CLOCK_TIME_PATTERN, parseClockTime, parseTradingHours, TRADING_HOURS_PATTERN, type ClockTime, type TradingHours } from './clock-time.ts';
import { scheduleProblem, tradingHoursProblems } from './session-rules.ts';
import type { ConfigIssue } from './config-error.ts';
import { schemaIssues } from './schema-issues.ts';

/** `continuous`: orders accepted at any hour, settlement run by an admin. `scheduled`: trading_hours enforced, settlement at settlement_time. */
export type SessionMode = 'continuous' | 'scheduled';

export interface ExchangeSettings {
  readonly name: string;
  readonly tradingHours: TradingHours;
  readonly settlementTime: ClockTime;
  /** IANA zone used for market-data datetimes and the session clock. */
  readonly timezone: string;
  readonly sessionMode: SessionMode;
}

export interface RiskSettings {
  /** Default margin ratio for instruments registered without one. */
  readonly marginRatio: number;
  /** Risk ratio at or above which all positions are force-closed. */
  readonly forceCloseThreshold: number;
  /** Risk ratio at or above which the account is warned; default 0.8 × forceCloseThreshold. */
  readonly warningThreshold: number;
}

export interface ServerSettings {
  readonly httpHost: string;
  readonly httpPort: number;
  readonly wsHost: string;
  readonly wsPort: number;
  /**
   * How many reverse proxies stand in front (0: none). With n, a client's address is the
   * one the n-th proxy from us put into X-Forwarded-For: counted from the right, since a
   * client can write whatever it likes on the left (login limits count per address).
   */
  readonly trustProxy: number;
}

export interface WsSettings {
  /** A DIFF connection that sends nothing (not even a pong) for this long is dropped. */
  readonly heartbeatTimeoutSeconds: number;
  /** DIFF connections one client address may hold (see AddressQuota). */
  readonly maxConnectionsPerAddress: number;
}

export interface TradingSettings {
  /** An incoming order never trades against a resting order of the same account, or of another account of the same user. */
  readonly selfTradePrevention: boolean;
  /** Orders (and, apart, cancels) a user may send a second over REST and DIFF; 0: no limit (see OrderRateLimiter). */
  readonly ordersPerSecondPerUser: number;
  /** What a user may send at once before the per-second rate applies. */
  readonly orderBurstPerUser: number;
}

export interface CompetitionSettings {
  /**
   * Every logged-in user may read the standings (GET /api/competition/leaderboard): usernames
   * with their profit, or their return. Off by default: it shows users' results to one another.
   */
  readonly publicLeaderboard: boolean;
}

export interface StorageSettings {
  /** 'full' fsyncs every group-commit batch; 'relaxed' leaves syncing to the OS (benchmarks). */
  readonly durability: 'full' | 'relaxed';
  /** A snapshot after this many commands since the last one... */
  readonly snapshotEveryCommands: number;
  /** ...or after this many seconds, whichever comes first (and on clean shutdown). */
  readonly snapshotEverySeconds: number;
}

/** A simulated bank accounts can transfer from and to. */
export interface BankSettings {
  readonly id: string;
  readonly name: string;
}

export interface AuthSettings {
  /** Both set or both absent: an admin user ensured at start. Never log the password. */
  readonly adminUsername?: string;
  readonly adminPassword?: string;
  /** Lifetime of issued JWTs. */
  readonly tokenTtlHours: number;
  /** Password checks (logins, registrations, changes) one client address may have a second... */
  readonly passwordChecksPerSecond: number;
  /** ...and beyond them, a minute. */
  readonly passwordCheckBurst: number;
  /** HS256 secret from JWT_SECRET (env only); absent: the auth layer generates one into dataDir. */
  readonly jwtSecret?: string;
  /** ADMIN_PASSWORD_RESET (env only): the configured admin's password is set to the configured one at start. */
  readonly resetAdminPassword?: boolean;
}

/** The whole loaded configuration; deeply frozen. */
export interface ExchangeConfig {
  /** Absolute path of the exchange.toml that was read. */
  readonly configPath: string;
  /** Absolute path of instruments.toml (beside exchange.toml). */
  readonly instrumentsPath: string;
  /** False when instruments.toml does not exist (instruments is then empty). */
  readonly instrumentsFileFound: boolean;
  /** Absolute storage folder. */
  readonly dataDir: string;
  readonly exchange: ExchangeSettings;
  readonly risk: RiskSettings;
  readonly server: ServerSettings;
  readonly trading: TradingSettings;
  readonly competition: CompetitionSettings;
  readonly auth: AuthSettings;
  readonly storage: StorageSettings;
  readonly ws: WsSettings;
  readonly banks: readonly BankSettings[];
  readonly instruments: readonly InstrumentSpec[];
  /** The request log's level (LOG_LEVEL; default info). */
  readonly logLevel: LogLevel;
  /** Names of the environment variables that overrode or added a setting. */
  readonly envOverrides: readonly string[];
}

/** What exchange.toml alone yields, before env overrides and path resolution. */
export interface ExchangeFileSettings {
  readonly exchange: ExchangeSettings;
  readonly risk: RiskSettings;
  readonly server: ServerSettings;
  readonly trading: TradingSettings;
  readonly competition: CompetitionSettings;
  readonly auth: Omit<AuthSettings, 'jwtSecret'>;
  readonly storage: StorageSettings;
  readonly ws: WsSettings;
  readonly banks: readonly BankSettings[];
  /** As written; the loader resolves it against cwd. */
  readonly dataDir: string;
}

export const PORT_EXPECTATION = 'an integer 1..65535';

const nonEmpty = (expect = 'a non-empty string') => Type.String({ minLength: 1, expect });
/**
 * A host to bind: a DNS name (letters, digits, hyphens, dots), an IPv4 address, or an
 * IPv6 address (hex digits and colons). Whether it resolves to this machine is known
 * only when the port is bound.
 */
const host = () =>
  Type.String({
    pattern: '^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*)$',
    expect: 'a host name or IP address (such as "127.0.0.1", "0.0.0.0", "::" or "localhost")',
  });
const port = () => Type.Integer({ minimum: 1, maximum: 65535, expect: PORT_EXPECTATION });
const positive = () => Type.Number({ exclusiveMinimum: 0, expect: 'a number > 0' });
/**
 * Seconds a timer waits: Node's timers take at most 2^31 - 1 ms (about 24.8 days) and
 * run a longer delay after 1 ms instead, over and over.
 */
const timerSeconds = () =>
  Type.Number({ exclusiveMinimum: 0, maximum: 2_000_000, expect: 'a number of seconds > 0, at most 2,000,000 (about 23 days)' });
const table = <T extends Record<string, TSchema>>(properties: T) =>
  Type.Object(properties, { additionalProperties: false, expect: 'a table' });
const opt = Type.Optional;

const ExchangeFileSchema = table({
  exchange: opt(
    table({
      name: opt(nonEmpty()),
      trading_hours: opt(
        Type.String({
          pattern: TRADING_HOURS_PATTERN,
          expect: 'a time range "HH:MM-HH:MM" (24-hour clock), or several separated by commas',
        }),
      ),
      settlement_time: opt(Type.String({ pattern: `^${CLOCK_TIME_PATTERN}$`, expect: 'a time "HH:MM" (24-hour clock)' })),
      timezone: opt(nonEmpty('an IANA time zone name such as "Asia/Shanghai"')),
      session_mode: opt(
        Type.Union([Type.Literal('continuous'), Type.Literal('scheduled')], { expect: '"continuous" or "scheduled"' }),
      ),
    }),
  ),
  risk: opt(
    table({
      margin_ratio: opt(Type.Number({ exclusiveMinimum: 0, maximum: 1, expect: 'a number in (0, 1]' })),
      force_close_threshold: opt(positive()),
      warning_threshold: opt(positive()),
    }),
  ),
  server: opt(
    table({
      http_host: opt(host()),
      http_port: opt(port()),
      ws_host: opt(host()),
      ws_port: opt(port()),
      trust_proxy: opt(Type.Integer({ minimum: 0, maximum: 10, expect: 'the number of reverse proxies in front, 0 to 10' })),
    }),
  ),
  trading: opt(
    table({
      self_trade_prevention: opt(Type.Boolean({ expect: 'true or false' })),
      orders_per_second_per_user: opt(Type.Integer({ minimum: 0, maximum: 1_000_000, expect: 'a whole number from 0 (no limit) to 1,000,000' })),
      // At least a batch: a batch of 100 orders is taken whole.
      order_burst_per_user: opt(Type.Integer({ minimum: 100, maximum: 1_000_000, expect: 'a whole number from 100 to 1,000,000' })),
    }),
  ),
  competition: opt(table({ public_leaderboard: opt(Type.Boolean({ expect: 'true or false' })) })),
  auth: opt(
    table({
      admin_username: opt(nonEmpty()),
      admin_password: opt(nonEmpty()),
      // A JWT's expiry must stay a whole NumericDate: ten years is longer than any session.
      token_ttl_hours: opt(Type.Number({ exclusiveMinimum: 0, maximum: 87_600, expect: 'a number of hours > 0, at most 87,600 (ten years)' })),
      password_checks_per_second: opt(Type.Integer({ minimum: 1, maximum: 1_000, expect: 'a whole number from 1 to 1,000' })),
      password_check_burst: opt(Type.Integer({ minimum: 0, maximum: 100_000, expect: 'a whole number from 0 to 100,000' })),
    }),
  ),
  storage: opt(
    table({
      data_dir: opt(nonEmpty('a folder path')),
      durability: opt(Type.Union([Type.Literal('full'), Type.Literal('relaxed')], { expect: '"full" or "relaxed"' })),
      snapshot_every_commands: opt(Type.Integer({ minimum: 1, expect: 'a whole number >= 1' })),
      snapshot_every_seconds: opt(timerSeconds()),
    }),
  ),
  ws: opt(
    table({
      heartbeat_timeout: opt(timerSeconds()),
      max_connections_per_address: opt(Type.Integer({ minimum: 1, maximum: 8192, expect: 'a whole number of connections, 1 to 8192' })),
    }),
  ),
  banks: opt(
    Type.Array(
      table({
        id: Type.String({ minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$', expect: 'letters, digits, _ or -' }),
        name: nonEmpty(),
      }),
      { minItems: 1, expect: 'one or more tables [[banks]], each with id and name' },
    ),
  ),
});

type ExchangeFile = Static<typeof ExchangeFileSchema>;

/** Template defaults (spec "Configuration files", DECISIONS "Running it"). */
export const EXCHANGE_DEFAULTS = {
  name: 'Basis',
  tradingHours: '09:00-15:00',
  settlementTime: '15:30',
  timezone: 'Asia/Shanghai',
  sessionMode: 'continuous',
  marginRatio: 0.1,
  forceCloseThreshold: 1.0,
  /** Fraction of force_close_threshold used when warning_threshold is absent (0.8 with the template's 1.0). */
  warningFraction: 0.8,
  httpHost: '127.0.0.1',
  httpPort: 8000,
  wsHost: '127.0.0.1',
  wsPort: 8001,
  trustProxy: 0,
  selfTradePrevention: true,
  ordersPerSecondPerUser: 1_000,
  orderBurstPerUser: 5_000,
  publicLeaderboard: false,
  durability: 'full' as const,
  snapshotEveryCommands: 500_000,
  snapshotEverySeconds: 300,
  tokenTtlHours: 24,
  /** src/app/auth/password-work-limiter.ts says why. */
  passwordChecksPerSecond: 3,
  passwordCheckBurst: 120,
  heartbeatTimeoutSeconds: 10,
  /**
   * DIFF connections one client address may hold: a class of a hundred behind one address,
   * each with a client and a web page, is well within it. Behind reverse proxies
   * server.trust_proxy must be set, or every client has the proxy's address.
   */
  maxConnectionsPerAddress: 512,
  dataDir: './data',
  banks: [
    { id: 'ICBC', name: 'Industrial and Commercial Bank of China' },
    { id: 'CCB', name: 'China Construction Bank' },
    { id: 'BOC', name: 'Bank of China' },
    { id: 'ABC', name: 'Agricultural Bank of China' },
    { id: 'BOCOM', name: 'Bank of Communications' },
  ],
} as const;

export interface ExchangeFileResult {
  /** Present only when there are no issues. */
  readonly settings?: ExchangeFileSettings;
  readonly issues: readonly ConfigIssue[];
}

/** Validates a parsed exchange.toml; `source` is its path, used in issues. */
export function validateExchangeFile(raw: Record<string, unknown>, source: string): ExchangeFileResult {
  const issues = schemaIssues(ExchangeFileSchema, raw, source);
  issues.push(...crossFieldIssues(raw, source, issues));
  if (issues.length > 0 || !Value.Check(ExchangeFileSchema, raw)) return { issues };
  return { settings: toSettings(raw), issues };
}

function crossFieldIssues(raw: Record<string, unknown>, source: string, found: readonly ConfigIssue[]): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const exchange = new CheckedFields(subTable(raw, 'exchange'), 'exchange', found);
  const timezone = exchange.string('timezone');
  if (timezone !== undefined && !isTimeZone(timezone)) {
    issues.push({ source, where: exchange.path('timezone'), problem: `unknown time zone ${JSON.stringify(timezone)} (use an IANA name such as "Asia/Shanghai")` });
  }
  const hours = exchange.string('trading_hours');
  const hourProblems = hours === undefined ? [] : tradingHoursProblems(parseTradingHours(hours));
  for (const problem of hourProblems) issues.push({ source, where: exchange.path('trading_hours'), problem });
  if (exchange.string('session_mode') === 'scheduled' && hourProblems.length === 0) {
    const settlement = exchange.string('settlement_time') ?? EXCHANGE_DEFAULTS.settlementTime;
    const found = scheduleProblem(parseTradingHours(hours ?? EXCHANGE_DEFAULTS.tradingHours), parseClockTime(settlement));
    if (found !== undefined) issues.push({ source, where: exchange.path(found.field), problem: found.problem });
  }
  const risk = new CheckedFields(subTable(raw, 'risk'), 'risk', found);
  const warning = risk.number('warning_threshold');
  const forceClose = risk.number('force_close_threshold') ?? EXCHANGE_DEFAULTS.forceCloseThreshold;
  if (warning !== undefined && warning > forceClose) {
    issues.push({ source, where: risk.path('warning_threshold'), problem: `must not exceed force_close_threshold (${forceClose}), got ${warning}` });
  }
  const banks = raw.banks;
  if (Array.isArray(banks)) {
    const seen = new Set<string>();
    banks.forEach((bank: unknown, index) => {
      const id = (bank as { id?: unknown }).id;
      if (typeof id !== 'string') return;
      if (seen.has(id)) issues.push({ source, where: `banks[${index}].id`, problem: `duplicate bank id ${JSON.stringify(id)}` });
      seen.add(id);
    });
  }
  return issues;
}

function toSettings(file: ExchangeFile): ExchangeFileSettings {
  const d = EXCHANGE_DEFAULTS;
  const { exchange = {}, risk = {}, server = {}, trading = {}, competition = {}, auth = {}, storage = {}, ws = {}, banks = d.banks } = file;
  return {
    exchange: {
      name: exchange.name ?? d.name,
      tradingHours: parseTradingHours(exchange.trading_hours ?? d.tradingHours),
      settlementTime: parseClockTime(exchange.settlement_time ?? d.settlementTime),
      timezone: exchange.timezone ?? d.timezone,
      sessionMode: exchange.session_mode ?? d.sessionMode,
    },
    risk: riskSettings(risk.margin_ratio, risk.force_close_threshold, risk.warning_threshold),
    server: {
      httpHost: server.http_host ?? d.httpHost,
      httpPort: server.http_port ?? d.httpPort,
      wsHost: server.ws_host ?? d.wsHost,
      wsPort: server.ws_port ?? d.wsPort,
      trustProxy: server.trust_proxy ?? d.trustProxy,
    },
    trading: {
      selfTradePrevention: trading.self_trade_prevention ?? d.selfTradePrevention,
      ordersPerSecondPerUser: trading.orders_per_second_per_user ?? d.ordersPerSecondPerUser,
      orderBurstPerUser: trading.order_burst_per_user ?? d.orderBurstPerUser,
    },
    competition: { publicLeaderboard: competition.public_leaderboard ?? d.publicLeaderboard },
    auth: {
      ...(auth.admin_username !== undefined && { adminUsername: auth.admin_username }),
      ...(auth.admin_password !== undefined && { adminPassword: auth.admin_password }),
      tokenTtlHours: auth.token_ttl_hours ?? d.tokenTtlHours,
      passwordChecksPerSecond: auth.password_checks_per_second ?? d.passwordChecksPerSecond,
      passwordCheckBurst: auth.password_check_burst ?? d.passwordCheckBurst,
    },
    storage: {
      durability: storage.durability ?? d.durability,
      snapshotEveryCommands: storage.snapshot_every_commands ?? d.snapshotEveryCommands,
      snapshotEverySeconds: storage.snapshot_every_seconds ?? d.snapshotEverySeconds,
    },
    ws: {
      heartbeatTimeoutSeconds: ws.heartbeat_timeout ?? d.heartbeatTimeoutSeconds,
      maxConnectionsPerAddress: ws.max_connections_per_address ?? d.maxConnectionsPerAddress,
    },
    banks: banks.map((bank) => ({ id: bank.id, name: bank.name })),
    dataDir: storage.data_dir ?? d.dataDir,
  };
}

/** The warning default follows force_close_threshold so that lowering the latter alone stays consistent. */
function riskSettings(marginRatio?: number, forceCloseThreshold?: number, warningThreshold?: number): RiskSettings {
  const forceClose = forceCloseThreshold ?? EXCHANGE_DEFAULTS.forceCloseThreshold;
  return {
    marginRatio: marginRatio ?? EXCHANGE_DEFAULTS.marginRatio,
    forceCloseThreshold: forceClose,
    warningThreshold: warningThreshold ?? forceClose * EXCHANGE_DEFAULTS.warningFraction,
  };
}

function subTable(raw: Record<string, unknown>, key: string): Record<string, unknown> {
  const v = raw[key];
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
