/**
 * A short human description of a loaded config, printed at start so an operator sees
 * which files, ports and instruments are in effect. Secrets are never included.
 */
import { tradingHoursText } from './clock-time.ts';
import { sessionsSummary } from './session-rules.ts';
import type { InstrumentSpec } from '../core/instruments/instrument-spec.ts';
import type { ExchangeConfig } from './exchange-config.ts';

export function formatConfigSummary(config: ExchangeConfig): string {
  const { exchange, server } = config;
  const lines = [
    `config:       ${config.configPath}`,
    `exchange:     ${exchange.name} (session mode ${exchange.sessionMode}, trading hours ${exchange.sessionMode === 'scheduled' ? sessionsSummary(exchange.tradingHours, exchange.settlementTime) : tradingHoursText(exchange.tradingHours)}, settlement ${exchange.settlementTime.text}, ${exchange.timezone})`,
    `http:         ${server.httpHost}:${server.httpPort}`,
    `websocket:    ${server.wsHost}:${server.wsPort}`,
    `data dir:     ${config.dataDir}`,
    `env applied:  ${config.envOverrides.length > 0 ? config.envOverrides.join(', ') : 'none'}`,
    `admin user:   ${adminLine(config)}`,
    ...instrumentLines(config),
  ];
  return lines.join('\n');
}

function adminLine(config: ExchangeConfig): string {
  const name = config.auth.adminUsername;
  if (name === undefined) return 'not configured (if the store has no admin yet, one named "admin" is created with a random password, printed once)';
  return `"${name}" (from ${config.envOverrides.includes('ADMIN_USERNAME') ? 'ADMIN_USERNAME' : 'exchange.toml'})`;
}

function instrumentLines(config: ExchangeConfig): string[] {
  if (!config.instrumentsFileFound) {
    return [`instruments:  none (${config.instrumentsPath} not found; register instruments through /api/admin)`];
  }
  const byExchange = new Map<string, InstrumentSpec[]>();
  for (const i of config.instruments) {
    const list = byExchange.get(i.exchangeId) ?? [];
    list.push(i);
    byExchange.set(i.exchangeId, list);
  }
  const head = `instruments:  ${config.instruments.length} from ${config.instrumentsPath}`;
  const rows = [...byExchange].map(
    ([exchangeId, list]) => `  ${exchangeId.padEnd(6)} ${String(list.length).padStart(2)}: ${list.map((i) => i.instrumentId).join(', ')}`,
  );
  return [head, ...rows];
}
