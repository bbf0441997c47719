import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { instrumentEntry, writeTempConfig } from './temp-config.ts';
import { serverArgs } from '../support/server-process.ts';

const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Runs the built server as `npm start` does, from the project root, with extra env. */
function runMain(env: Record<string, string>) {
  const cleanEnv = { ...process.env };
  for (const name of ['HTTP_PORT', 'WS_PORT', 'DATA_DIR', 'EXCHANGE_CONFIG', 'ADMIN_USERNAME', 'ADMIN_PASSWORD', 'JWT_SECRET']) {
    delete cleanEnv[name];
  }
  // A start check: storage in a temporary folder, and stop right after starting.
  const startCheck = { DATA_DIR: mkdtempSync(join(tmpdir(), 'basis-main-')), BASIS_EXIT_AFTER_START: '1' };
  return spawnSync(process.execPath, serverArgs(), {
    cwd: projectRoot,
    env: { ...cleanEnv, ...startCheck, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('npm start (the built server: src/app/start.ts, main.ts)', () => {
  it('exits non-zero with "Config file not found" when exchange.toml is missing', () => {
    const missing = join(writeTempConfig({ exchange: null }).dir, 'exchange.toml');
    const result = runMain({ EXCHANGE_CONFIG: missing });
    assert.notEqual(result.status, 0);
    assert.ok(result.stderr.includes(`Config file not found: ${missing}`), result.stderr);
  });

  it('exits non-zero and lists the problems of an invalid config', () => {
    const cfg = writeTempConfig({ instruments: instrumentEntry({ price_tick: '"10"' }) });
    const result = runMain({ ...cfg.env, HTTP_PORT: 'abc' });
    assert.equal(result.status, 1);
    assert.match(result.stderr, /instruments\[0\]\.price_tick: must be a number > 0, got string "10"/);
    assert.match(result.stderr, /HTTP_PORT: must be an integer 1\.\.65535, got "abc"/);
  });

  it('prints a summary of the shipped config', () => {
    const result = runMain({ HTTP_PORT: '8094' });
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /config: +.*config\/exchange\.toml/);
    assert.match(result.stdout, /http: +127\.0\.0\.1:8094/);
    assert.match(result.stdout, /env applied: +DATA_DIR, HTTP_PORT/);
    assert.match(result.stdout, /admin user: +not configured \(if the store has no admin yet/);
    assert.match(result.stdout, /SHFE +\d+: SHFE\.cu2701/);
  });

  it('says so when instruments.toml is missing', () => {
    const cfg = writeTempConfig({ instruments: null });
    const result = runMain(cfg.env);
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /instruments: +none \(.*instruments\.toml not found/);
  });
});
