/**
 * Serving the built front end: the page at / and at its own routes, hashed assets with a
 * long cache life, and the envelope's 404 for everything else (a missing asset, an
 * unknown path), as the rest of the API answers it. Without a build, / says how to make one.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { installErrorHandling } from '../../../src/adapters/http/error-handling.ts';
import { installWebUi, PAGE_ROUTES } from '../../../src/adapters/http/web-ui.ts';
import { PROJECT_ROOT } from '../../support/server-process.ts';

const PAGE = '<!doctype html><title>Basis</title>';

async function serverOver(root: string): Promise<FastifyInstance> {
  const app = Fastify();
  app.setNotFoundHandler((request, reply) => reply.status(404).send({ success: false, data: null, error: { code: 1004, message: `no route ${request.method} ${request.url}` } }));
  await installWebUi(app, root);
  await app.ready();
  return app;
}

describe('the web front end served by the HTTP server', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'basis-web-ui-'));
  let app: FastifyInstance;

  before(async () => {
    mkdirSync(path.join(root, 'assets'));
    writeFileSync(path.join(root, 'index.html'), PAGE);
    writeFileSync(path.join(root, 'assets', 'index-AbC123.js'), 'console.log(1)');
    app = await serverOver(root);
  });

  after(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('answers the page at / and at the page\'s own routes, never cached', async () => {
    for (const url of ['/', '/terminal', '/login?next=/funds', '/console/risk', '/orders']) {
      const reply = await app.inject({ method: 'GET', url });
      assert.equal(reply.statusCode, 200, url);
      assert.match(String(reply.headers['content-type']), /text\/html/, url);
      assert.equal(reply.body, PAGE, url);
      assert.equal(reply.headers['cache-control'], 'no-cache', url);
    }
  });

  it('sends the page with a content security policy, no framing by other sites and no referrer', async () => {
    for (const url of ['/', '/terminal', '/assets/index-AbC123.js']) {
      const reply = await app.inject({ method: 'GET', url });
      const csp = String(reply.headers['content-security-policy']);
      for (const directive of ["default-src 'self'", "script-src 'self'", "connect-src 'self'", "frame-ancestors 'none'", "object-src 'none'"]) {
        assert.ok(csp.includes(directive), `${url}: ${directive} in ${csp}`);
      }
      assert.ok(!/script-src[^;]*unsafe/.test(csp), `${url}: no unsafe scripts`);
      assert.equal(reply.headers['x-frame-options'], 'DENY', url);
      assert.equal(reply.headers['x-content-type-options'], 'nosniff', url);
      assert.equal(reply.headers['referrer-policy'], 'no-referrer', url);
    }
  });

  it('serves built assets with a long cache life', async () => {
    const reply = await app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    assert.equal(reply.statusCode, 200);
    assert.match(String(reply.headers['content-type']), /javascript/);
    assert.match(String(reply.headers['cache-control']), /immutable/);
  });

  it('answers the envelope\'s 404 for a missing asset and any other path', async () => {
    for (const url of ['/assets/gone-1.js', '/assets/..%2Findex.html', '/nope', '/zz/terminal', '/api/nope', '/index.html.bak', '/apix/a']) {
      const reply = await app.inject({ method: 'GET', url });
      assert.equal(reply.statusCode, 404, `${url}: ${reply.body}`);
      assert.equal(reply.json().error.code, 1004, url);
      assert.ok(!String(reply.headers['cache-control'] ?? '').includes('immutable'), `${url}: a 404 is not cached for a year`);
    }
  });

  it('says how to build the page when there is no build', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'basis-web-ui-empty-'));
    const bare = await serverOver(empty);
    try {
      const reply = await bare.inject({ method: 'GET', url: '/' });
      assert.equal(reply.statusCode, 200);
      assert.match(reply.body, /npm run build:web/);
      assert.equal((await bare.inject({ method: 'GET', url: '/terminal' })).statusCode, 404);
    } finally {
      await bare.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('the page routes the server knows', () => {
  it('are the top-level routes of the web router', () => {
    const router = readFileSync(path.join(PROJECT_ROOT, 'web/src/router.ts'), 'utf8');
    const roots = new Set([...router.matchAll(/path: '\/([a-z]+)/g)].map((m) => m[1]!));
    assert.deepEqual([...roots].sort(), [...PAGE_ROUTES].sort(), 'web/src/router.ts and PAGE_ROUTES in src/adapters/http/web-ui.ts must list the same page routes');
  });
});

describe("the web page's files keep HTTP's own statuses", () => {
  it('a range past the end of an asset answers 416, not the API table\'s 400', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'basis-web-ui-'));
    mkdirSync(path.join(root, 'assets'));
    writeFileSync(path.join(root, 'index.html'), PAGE);
    writeFileSync(path.join(root, 'assets', 'index-AbC123.js'), 'console.log(1)');
    const app = Fastify();
    installErrorHandling(app, 1024);
    await installWebUi(app, root);
    await app.ready();
    try {
      const reply = await app.inject({ method: 'GET', url: '/assets/index-AbC123.js', headers: { range: 'bytes=99999999-' } });
      assert.equal(reply.statusCode, 416);
      assert.equal(reply.json().success, false);
    } finally {
      await app.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
