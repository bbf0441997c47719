import { isIP } from 'node:net';
/**
 * Loads exchange.toml and instruments.toml, applies environment overrides, and
 * returns one validated, frozen ExchangeConfig. All problems of all sources are
 * collected and thrown together as one ConfigError.
 *
 * Relative paths (EXCHANGE_CONFIG, DATA_DIR, storage.data_dir) resolve against `cwd`,
 * the folder the service is started from (the project root for `npm start`).
 */
import { dirname, join, resolve } from 'node:path';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME, USERNAME_RULE } from '../core/accounts/account-commands.ts';
import { reservedNameProblem } from '../core/reserved-names.ts';
import type { InstrumentSpec } from '../core/instruments/instrument-spec.ts';
import { ConfigError, type ConfigIssue } from './config-error.ts';
import { deepFreeze } from './deep-freeze.ts';
import { readEnvOverrides, type EnvOverrides, type EnvVars } from './env-overrides.ts';
import { validateExchangeFile, type ExchangeConfig, type ExchangeFileSettings } from './exchange-config.ts';
import { validateInstrumentsFile } from './instruments-config.ts';
import { readTomlFile } from './toml-file.ts';

/** Where exchange.toml is looked for when EXCHANGE_CONFIG is not set, relative to cwd. */
export const DEFAULT_CONFIG_PATH = 'config/exchange.toml';
/** Read from the folder of exchange.toml. */
export const INSTRUMENTS_FILE_NAME = 'instruments.toml';

export function loadConfig(env: EnvVars, cwd: string = process.cwd()): ExchangeConfig {
  const envResult = readEnvOverrides(env);
  const { overrides } = envResult;
  const configPath = resolve(cwd, overrides.exchangeConfig ?? DEFAULT_CONFIG_PATH);
  const instrumentsPath = join(dirname(configPath), INSTRUMENTS_FILE_NAME);

  const exchangeFile = readTomlFile(configPath);
  if (exchangeFile.status === 'missing') {
    // Exact wording is the spec's: the service must not start without exchange.toml.
    throw new ConfigError(`Config file not found: ${configPath}`, [{ source: configPath, where: 'file', problem: 'not found' }]);
  }

  const issues: ConfigIssue[] = [];
  let settings: ExchangeFileSettings | undefined;
  if (exchangeFile.status === 'failed') issues.push(exchangeFile.issue);
  else {
    const result = validateExchangeFile(exchangeFile.table, configPath);
    issues.push(...result.issues);
    settings = result.settings;
  }

  // A missing instruments.toml is allowed: instruments can be registered at run time.
  const instrumentsFile = readTomlFile(instrumentsPath);
  let instruments: readonly InstrumentSpec[] = [];
  if (instrumentsFile.status === 'failed') issues.push(instrumentsFile.issue);
  else if (instrumentsFile.status === 'parsed') {
    const result = validateInstrumentsFile(instrumentsFile.table, instrumentsPath);
    issues.push(...result.issues);
    instruments = result.instruments;
  }

  issues.push(...envResult.issues);
  if (settings) issues.push(...adminPairIssues(settings, overrides, configPath), ...portClash(settings, overrides, configPath));
  if (issues.length > 0 || settings === undefined) throw ConfigError.fromIssues(issues);

  const adminUsername = overrides.adminUsername ?? settings.auth.adminUsername;
  const adminPassword = overrides.adminPassword ?? settings.auth.adminPassword;
  const config: ExchangeConfig = {
    configPath,
    instrumentsPath,
    instrumentsFileFound: instrumentsFile.status === 'parsed',
    dataDir: resolve(cwd, overrides.dataDir ?? settings.dataDir),
    exchange: settings.exchange,
    risk: settings.risk,
    server: {
      ...settings.server,
      httpPort: overrides.httpPort ?? settings.server.httpPort,
      wsPort: overrides.wsPort ?? settings.server.wsPort,
    },
    trading: settings.trading,
    competition: settings.competition,
    storage: settings.storage,
    ws: settings.ws,
    banks: settings.banks,
    auth: {
      tokenTtlHours: settings.auth.tokenTtlHours,
      passwordChecksPerSecond: settings.auth.passwordChecksPerSecond,
      passwordCheckBurst: settings.auth.passwordCheckBurst,
      ...(adminUsername !== undefined && { adminUsername }),
      ...(adminPassword !== undefined && { adminPassword }),
      ...(overrides.jwtSecret !== undefined && { jwtSecret: overrides.jwtSecret }),
      ...(overrides.adminPasswordReset === true && { resetAdminPassword: true }),
    },
    instruments,
    logLevel: overrides.logLevel ?? 'info',
    envOverrides: envResult.applied,
  };
  return deepFreeze(config);
}

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '']);

/**
 * HTTP and DIFF listen separately: one port for both would fail at listen with an
 * "address in use" that names neither setting. (Port 0 picks a free port for each.)
 */
function portClash(settings: ExchangeFileSettings, overrides: EnvOverrides, configPath: string): ConfigIssue[] {
  const httpPort = overrides.httpPort ?? settings.server.httpPort;
  const wsPort = overrides.wsPort ?? settings.server.wsPort;
  const { httpHost, wsHost } = settings.server;
  if (httpPort === 0 || httpPort !== wsPort) return [];
  // Two different IP addresses may share a port; a name ("localhost") may be either of them.
  const distinct = httpHost !== wsHost && isIP(httpHost) !== 0 && isIP(wsHost) !== 0 && !WILDCARD_HOSTS.has(httpHost) && !WILDCARD_HOSTS.has(wsHost);
  if (distinct) return [];
  const [source, where] = overrides.wsPort !== undefined ? ['environment', 'WS_PORT'] : [configPath, 'server.ws_port'];
  const other = overrides.httpPort !== undefined ? 'HTTP_PORT' : 'server.http_port';
  return [{ source, where, problem: `is ${wsPort}, the same as ${other}: the DIFF server needs a port of its own (the HTTP port takes DIFF upgrades too, for the web front end)` }];
}

/**
 * An admin user needs both a name and a password. Each may come from the env or the
 * file (env wins), so the pair is checked after merging; the lone half is named.
 */
function adminPairIssues(settings: ExchangeFileSettings, overrides: EnvOverrides, configPath: string): ConfigIssue[] {
  const fromEnv = (v: string | undefined) => v !== undefined;
  const username = overrides.adminUsername ?? settings.auth.adminUsername;
  const password = overrides.adminPassword ?? settings.auth.adminPassword;
  if (username !== undefined && password !== undefined) return adminCredentialIssues(username, password, overrides, configPath);
  if (overrides.adminPasswordReset === true && username === undefined && password === undefined) {
    return [{ source: 'environment', where: 'ADMIN_PASSWORD_RESET', problem: 'needs ADMIN_USERNAME and ADMIN_PASSWORD (or auth.admin_username and auth.admin_password): the admin and the password to set' }];
  }
  if ((username === undefined) === (password === undefined)) return [];
  const [envName, fileKey, otherEnv, otherKey, envSet] =
    username !== undefined
      ? (['ADMIN_USERNAME', 'auth.admin_username', 'ADMIN_PASSWORD', 'auth.admin_password', fromEnv(overrides.adminUsername)] as const)
      : (['ADMIN_PASSWORD', 'auth.admin_password', 'ADMIN_USERNAME', 'auth.admin_username', fromEnv(overrides.adminPassword)] as const);
  return [
    {
      source: envSet ? 'environment' : configPath,
      where: envSet ? envName : fileKey,
      problem: `is set without its pair: set ${otherEnv} or ${otherKey} too`,
    },
  ];
}

/** The configured admin must be able to log in: a name registration takes, a password login takes. */
function adminCredentialIssues(username: string, password: string, overrides: EnvOverrides, configPath: string): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const where = (env: string | undefined, envName: string, fileKey: string) =>
    env !== undefined ? { source: 'environment', where: envName } : { source: configPath, where: fileKey };
  if (!USERNAME.test(username)) {
    issues.push({ ...where(overrides.adminUsername, 'ADMIN_USERNAME', 'auth.admin_username'), problem: `${USERNAME_RULE}, got ${JSON.stringify(username)}` });
  } else {
    const reserved = reservedNameProblem('username', username, true);
    if (reserved !== '') issues.push({ ...where(overrides.adminUsername, 'ADMIN_USERNAME', 'auth.admin_username'), problem: reserved });
  }
  // Longer than a login takes; the registration minimum (6) is checked when the admin is
  // created, so an admin made before that rule keeps starting.
  if (password.length > PASSWORD_MAX) {
    issues.push({ ...where(overrides.adminPassword, 'ADMIN_PASSWORD', 'auth.admin_password'), problem: `must be at most ${PASSWORD_MAX} characters (what a login takes), got ${password.length}` });
  }
  // The password a reset sets must be one a change could set.
  if (overrides.adminPasswordReset === true && password.length < PASSWORD_MIN) {
    issues.push({ ...where(overrides.adminPassword, 'ADMIN_PASSWORD', 'auth.admin_password'), problem: `must be at least ${PASSWORD_MIN} characters to be set with ADMIN_PASSWORD_RESET, got ${password.length}` });
  }
  return issues;
}
