import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where `npm run build:web` writes the browser front end. */
export const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/** Paths that belong to the API and its documentation: never answered with the web page. */
const SERVER_PATHS = /^\/(api|docs|openapi\.json|health|ws)(\/|$|\?)/;

/**
 * Serves the built web front end at `/`: its files as they are, and `index.html` for any
 * other GET outside the API (the page's own routes such as /terminal or /console/risk), so a
 * reload or a shared link lands on the right page. Unknown API paths still reach the
 * envelope's 404. The routes are public (the page itself holds no data) and hidden from
 * the OpenAPI document, which describes the API only.
 * Without a build (unit tests, a checkout before `npm run build:web`) `/` says how to make one.
 */
export async function installWebUi(app: FastifyInstance, root: string = WEB_DIST): Promise<void> {
  await app.register(async (ui) => {
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
    await ui.register(fastifyStatic, { root, serve: false });
    const page = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile('index.html');
    ui.get('/', async (_request, reply) => page(reply));
    ui.get('/*', async (request, reply) => {
      if (SERVER_PATHS.test(request.url)) return reply.callNotFound();
      const pathname = request.url.split('?')[0] ?? '/';
      // A file (it has an extension): serve it or answer 404; a page route: the application.
      if (path.extname(pathname) === '') return page(reply);
      // Vite names built assets by their content hash: they never change under one name.
      if (pathname.startsWith('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
      return reply.sendFile(decodeURIComponent(pathname.slice(1)));
    });
  });
}
