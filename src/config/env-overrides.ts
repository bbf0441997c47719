/**
 * Environment variables that override or add to the config files. Read from an env
 * object passed in (never process.env directly), so tests control it fully.
 * An empty value counts as unset, which is how shells and compose files "unset" a variable.
 */
import type { ConfigIssue } from './config-error.ts';
import { PORT_EXPECTATION } from './exchange-config.ts';

export type EnvVars = Readonly<Record<string, string | undefined>>;

export interface EnvOverrides {
  /** EXCHANGE_CONFIG: path of exchange.toml; instruments.toml is read beside it. */
  readonly exchangeConfig?: string;
  /** DATA_DIR: storage folder. */
  readonly dataDir?: string;
  /** HTTP_PORT, WS_PORT (spec). */
  readonly httpPort?: number;
  readonly wsPort?: number;
  /** ADMIN_USERNAME, ADMIN_PASSWORD: take precedence over [auth] in exchange.toml. */
  readonly adminUsername?: string;
  readonly adminPassword?: string;
  /**
   * ADMIN_PASSWORD_RESET=1: the configured admin's stored password is set to
   * ADMIN_PASSWORD at start (a sole admin who lost it gets back in). Env only: a switch
   * left in a file would undo the admin's own changes at every start.
   */
  readonly adminPasswordReset?: boolean;
  /** JWT_SECRET: env only, so the secret never sits in a committed file. */
  readonly jwtSecret?: string;
  /** LOG_LEVEL: the request log's level (pino's names). */
  readonly logLevel?: LogLevel;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface EnvOverridesResult {
  readonly overrides: EnvOverrides;
  /** Names of the variables that were set, in a stable order. */
  readonly applied: readonly string[];
  readonly issues: readonly ConfigIssue[];
}

/** RFC 7518 §3.2: an HS256 key must be at least as long as the hash output (256 bits). */
const MIN_JWT_SECRET_BYTES = 32;

export function readEnvOverrides(env: EnvVars): EnvOverridesResult {
  const issues: ConfigIssue[] = [];
  const applied: string[] = [];
  const get = (name: string): string | undefined => {
    const value = env[name];
    if (value === undefined || value === '') return undefined;
    applied.push(name);
    return value;
  };
  const port = (name: string): number | undefined => {
    const text = get(name);
    if (text === undefined) return undefined;
    const n = /^[0-9]+$/.test(text) ? Number(text) : NaN;
    if (Number.isInteger(n) && n >= 1 && n <= 65535) return n;
    issues.push({ source: 'environment', where: name, problem: `must be ${PORT_EXPECTATION}, got ${JSON.stringify(text)}` });
    return undefined;
  };

  const overrides: EnvOverrides = {
    exchangeConfig: get('EXCHANGE_CONFIG'),
    dataDir: get('DATA_DIR'),
    httpPort: port('HTTP_PORT'),
    wsPort: port('WS_PORT'),
    adminUsername: get('ADMIN_USERNAME'),
    adminPassword: get('ADMIN_PASSWORD'),
    adminPasswordReset: flag('ADMIN_PASSWORD_RESET', get('ADMIN_PASSWORD_RESET'), issues),
    jwtSecret: get('JWT_SECRET'),
    logLevel: logLevel(get('LOG_LEVEL'), issues),
  };
  if (overrides.jwtSecret !== undefined && Buffer.byteLength(overrides.jwtSecret, 'utf8') < MIN_JWT_SECRET_BYTES) {
    // The value itself is never echoed: it is a secret.
    issues.push({ source: 'environment', where: 'JWT_SECRET', problem: `must be at least ${MIN_JWT_SECRET_BYTES} bytes long` });
  }
  return { overrides, applied, issues };
}

function flag(name: string, text: string | undefined, issues: ConfigIssue[]): boolean | undefined {
  if (text === undefined) return undefined;
  if (text === '1' || text === 'true') return true;
  if (text === '0' || text === 'false') return false;
  issues.push({ source: 'environment', where: name, problem: `must be 1 or 0 (true or false), got ${JSON.stringify(text)}` });
  return undefined;
}

function logLevel(text: string | undefined, issues: ConfigIssue[]): LogLevel | undefined {
  if (text === undefined) return undefined;
  if ((LOG_LEVELS as readonly string[]).includes(text)) return text as LogLevel;
  issues.push({ source: 'environment', where: 'LOG_LEVEL', problem: `must be one of ${LOG_LEVELS.join(', ')}, got ${JSON.stringify(text)}` });
  return undefined;
}
