/** Public surface of the configuration layer. */
export { loadConfig, DEFAULT_CONFIG_PATH, INSTRUMENTS_FILE_NAME } from './load-config.ts';
export { ConfigError, type ConfigIssue } from './config-error.ts';
export { formatConfigSummary } from './config-summary.ts';
export type { EnvVars } from './env-overrides.ts';
export type { ClockTime, SessionRange, TradingHours } from './clock-time.ts';
export { tradingHoursText } from './clock-time.ts';
export {
  EXCHANGE_DEFAULTS,
  type ExchangeConfig,
  type ExchangeSettings,
  type RiskSettings,
  type ServerSettings,
  type TradingSettings,
  type WsSettings,
  type AuthSettings,
  type BankSettings,
  type SessionMode,
} from './exchange-config.ts';
export { INSTRUMENT_DEFAULTS, isOnTickGrid, validateInstrumentsFile } from './instruments-config.ts';
