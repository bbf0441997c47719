import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PAGE_HEADERS } from './page-headers.ts';

/** Where `npm run build:web` writes the browser front end. */
export const WEB_DIST = path.join(projectRoot(path.dirname(fileURLToPath(import.meta.url))), 'web', 'dist');

/**
 * The nearest folder at or above `dir` that holds package.json: this file runs from
 * src/adapters/http under tsx and from dist/server in the built server.
 */
function projectRoot(dir: string): string {
  for (let at = dir; ; at = path.dirname(at)) {
    if (existsSync(path.join(at, 'package.json'))) return at;
    if (path.dirname(at) === at) return dir;
  }
}

/**
 * The page's own routes (web/src/router.ts): a reload or a shared link of one of these
 * gets the application. Any other unknown path stays the API's envelope 404.
 */
export const PAGE_ROUTES: ReadonlySet<string> = new Set(['login', 'accounts', 'terminal', 'orders', 'funds', 'standings', 'console']);
/** Built assets: Vite names them by content hash, so they never change under one name. */
const ASSET = /^\/assets\/[\w-]+(\.[\w-]+)+$/;

/**
 * Serves the built web front end at `/`: its assets as they are, and `index.html` for the
 * page's own routes (/terminal, /console/risk, ...), so a reload or a shared link lands on
 * the right page. Every other path still reaches the envelope's 404. The routes are public
 * (the page itself holds no data) and hidden from the OpenAPI document, which describes the
 * API only. Without a build (a checkout before `npm run build:web`) `/` says how to make one.
 */
export async function installWebUi(app: FastifyInstance, root: string = WEB_DIST): Promise<void> {
  await app.register(async (ui) => {
    await ui.register(helmet, PAGE_HEADERS);
    ui.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'public' };
      route.schema = { ...route.schema, hide: true };
    });
    if (!existsSync(path.join(root, 'index.html'))) {
      ui.get('/', async (_request, reply) =>
        reply.type('text/plain; charset=utf-8').send('The web front end is not built: run `npm run build:web` (npm start does it for you).\n'),
      );
      return;
    }
    // Files are looked up when asked for (not listed at start), so a rebuild needs no restart.
    // cacheControl off: the routes below choose the cache policy (assets forever, the page never).
    await ui.register(fastifyStatic, { root, serve: false, cacheControl: false });
    const page = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile('index.html');
    ui.get('/', async (_request, reply) => page(reply));
    ui.get('/*', async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (ASSET.test(pathname)) {
        // A missing asset (asked for by a page of an older build) must not be cached as missing.
        if (!existsSync(path.join(root, pathname))) return reply.callNotFound();
        reply.header('cache-control', 'public, max-age=31536000, immutable');
        return reply.sendFile(pathname.slice(1));
      }
      if (PAGE_ROUTES.has(pathname.split('/')[1] ?? '')) return page(reply);
      return reply.callNotFound();
    });
  });
}
