/** Writes throw-away config folders for the config tests. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TempConfig {
  readonly dir: string;
  readonly exchangePath: string;
  readonly instrumentsPath: string;
  /** env that points the loader at this folder. */
  readonly env: Record<string, string>;
}

/** `instruments: null` leaves instruments.toml out; `exchange: null` leaves exchange.toml out. */
export function writeTempConfig(files: { exchange?: string | null; instruments?: string | null }): TempConfig {
  const dir = mkdtempSync(join(tmpdir(), 'basis-config-'));
  const exchangePath = join(dir, 'exchange.toml');
  const instrumentsPath = join(dir, 'instruments.toml');
  if (files.exchange !== null) writeFileSync(exchangePath, files.exchange ?? '');
  if (files.instruments !== null && files.instruments !== undefined) writeFileSync(instrumentsPath, files.instruments);
  return { dir, exchangePath, instrumentsPath, env: { EXCHANGE_CONFIG: exchangePath } };
}

/** One valid `[[instruments]]` entry; `extra` lines are appended (TOML keeps the last table open). */
export function instrumentEntry(fields: Partial<Record<string, string>> = {}, extra = ''): string {
  const base: Record<string, string> = {
    instrument_id: '"SHFE.cu2601"',
    exchange_id: '"SHFE"',
    product_id: '"cu"',
    price_tick: '10',
    volume_multiple: '5',
    margin_ratio: '0.09',
    commission: '0.00005',
    pre_settlement: '86500',
  };
  const lines = Object.entries({ ...base, ...fields })
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([k, v]) => `${k} = ${v}`);
  return ['[[instruments]]', ...lines, extra, ''].join('\n');
}
