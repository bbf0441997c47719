/**
 * `npm run build:server` (run by `npm start` and `npm test` first): bundles the server with
 * esbuild into dist/server, `start.js` (the entry: the Node.js version check) and
 * `main.js` (the exchange), each with a source map. Libraries stay in node_modules.
 *
 * Why a bundle rather than running the sources under tsx: tsx compiles every module with
 * esbuild's `keepNames`, which wraps each function made at run time in a call that names
 * it, a measurable share of the server's time under load (docs/decisions.md, "Running").
 * The bundle is the same esbuild compilation of the same sources, without it, and starts
 * without compiling anything. Tests and scripts still run the sources through tsx.
 */
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
await build({
  absWorkingDir: ROOT,
  entryPoints: { start: 'src/app/start.ts', main: 'src/app/main.ts' },
  // Build output, ignored by git (.gitignore's dist/).
  outdir: path.join(ROOT, 'dist', 'server'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
