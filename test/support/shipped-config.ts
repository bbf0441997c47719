/**
 * A throw-away configuration folder: the given exchange.toml beside a copy of the shipped
 * instruments.toml, for tests that start the exchange with one setting changed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type TempConfig, writeTempConfig } from '../config/temp-config.ts';

const SHIPPED_INSTRUMENTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../config/instruments.toml');

export function configWithExchangeToml(exchangeToml: string): TempConfig {
  const config = writeTempConfig({ exchange: exchangeToml });
  writeFileSync(config.instrumentsPath, readFileSync(SHIPPED_INSTRUMENTS));
  return config;
}
