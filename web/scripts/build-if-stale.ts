/**
 * Run by `npm start` before the server: builds the web front end when web/dist is missing
 * or older than its sources, so a fresh clone's `npm ci && npm start` serves the whole
 * product at / without a separate build step, and a restart without changes costs nothing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestChange } from '../../scripts/newest-change.ts';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUILT = path.join(WEB, 'dist', 'index.html');
const SOURCES = ['src', 'index.html', 'vite.config.ts', 'public'].map((name) => path.join(WEB, name));

if (!existsSync(BUILT) || statSync(BUILT).mtimeMs < Math.max(...SOURCES.map(newestChange))) {
  console.log('web:          building the front end (web/dist)');
  const vite = path.join(WEB, '..', 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--config', path.join(WEB, 'vite.config.ts'), '--logLevel', 'warn'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
