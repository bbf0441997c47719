/**
 * `npm run build:server`: bundles the server with esbuild into dist/server, `start.js`
 * (the entry: the Node.js version check) and `main.js` (the exchange), each with a source
 * map. Libraries stay in node_modules. `--if-stale` (how `npm start` runs it) builds only
 * when the bundle is missing or older than what it is built from, so a restart without
 * changes builds nothing and a prebuilt server starts from a read-only folder.
 *
 * Why a bundle rather than running the sources under tsx: tsx compiles every module with
 * esbuild's `keepNames`, which wraps each function made at run time in a call that names
 * it, a measurable share of the server's time under load (docs/decisions.md, "Running").
 * The bundle is the same esbuild compilation of the same sources, without it, and starts
 * without compiling anything. Tests and scripts still run the sources through tsx.
 */
import { build } from 'esbuild';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestChange } from './newest-change.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Build output, ignored by git (.gitignore's dist/). */
const OUT = path.join(ROOT, 'dist', 'server');
/**
 * What the bundle is made from: the sources, the compiler settings, this script, and the
 * package files (they name the esbuild that builds it). Compared by modification time: a
 * source restored with an older time (`cp -p`, `tar x`) needs `npm run build:server`.
 */
const INPUTS = ['src', 'tsconfig.json', 'package.json', 'package-lock.json'].map((name) => path.join(ROOT, name)).concat(fileURLToPath(import.meta.url));
const OUTPUTS = ['start.js', 'main.js', 'start.js.map', 'main.js.map'].map((name) => path.join(OUT, name));

/** Whether a file of dist/server is missing or older than something it is built from. */
export function serverBuildIsStale(): boolean {
  if (!OUTPUTS.every((file) => existsSync(file))) return true;
  return Math.min(...OUTPUTS.map((file) => statSync(file).mtimeMs)) < Math.max(...INPUTS.map(newestChange));
}

export async function buildServer(): Promise<void> {
  await build({
    absWorkingDir: ROOT,
    entryPoints: { start: 'src/app/start.ts', main: 'src/app/main.ts' },
    outdir: OUT,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (!process.argv.includes('--if-stale') || serverBuildIsStale()) await buildServer();
}
