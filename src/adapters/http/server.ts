import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import type { ServerResponse } from 'node:http';
import { ExchangeStoppingError } from '../../app/exchange.ts';
import { ResultCode } from '../../core/index.ts';
import { failure } from '../../protocol/index.ts';
import { HistoryReadLimiter } from '../../app/auth/history-read-limiter.ts';
import { installAccessHook } from './access-hook.ts';
import { asOpenApi30, OPTIONAL_BODY, operationIdOf } from './openapi-document.ts';
import { PAGE_HEADERS } from './page-headers.ts';
import { installErrorHandling } from './error-handling.ts';
import { installShutdownGate } from './shutdown-gate.ts';
import type { HttpContext } from './http-context.ts';
import { ROUTE_GROUPS } from './routes/index.ts';
import { installValidation } from './validation.ts';
import { installWebUi } from './web-ui.ts';

/** Longest path segment the router accepts; ids are at most 64 characters. */
const MAX_PATH_PARAMETER = 200;

function rawFailure(res: ServerResponse, status: number, code: number, message: string): void {
  res.statusCode = status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.end(JSON.stringify(failure(code, message)));
}

/** Log levels at which the per-request line (info) is written. */
const LEVELS_SHOWING_INFO = new Set(['trace', 'debug', 'info']);

/** Large enough for a batch of 100 orders with room to spare; anything bigger is a mistake. */
export const BODY_LIMIT_BYTES = 256 * 1024;
/**
 * A request must arrive whole within this time: without it a client could hold a socket
 * for ever by sending a body one byte at a time (or not at all), and enough of them
 * exhaust the process's file descriptors for everyone.
 */
export const REQUEST_TIMEOUT_MS = 30_000;
/**
 * Connections held at once; a new one past this is closed at once. Below common
 * descriptor limits, so that the storage engine and the DIFF server keep theirs.
 */
export const MAX_HTTP_CONNECTIONS = 4_096;

export interface HttpServerOptions {
  /** pino options, or false for no logging (tests). */
  readonly logger: FastifyServerOptions['logger'];
  /** Reverse proxies in front (server.trust_proxy): request.ip from X-Forwarded-For, counted from the right. */
  readonly trustProxy?: number;
  /** Reads of a user's history a second and a minute (default HistoryReadLimiter's; tests raise them). */
  readonly historyReads?: { readonly perSecond: number; readonly burst: number };
  /** The budget of history reads, when the DIFF server shares it (else one of `historyReads`). */
  readonly historyReadLimiter?: HistoryReadLimiter;
}

/**
 * The REST API: every route of the spec in the envelope, validated by JSON schemas that
 * also serialise the responses and generate the OpenAPI document at /openapi.json.
 */
export async function buildHttpServer(ctx: HttpContext, options: HttpServerOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger,
    // Trust the socket's peer and the n - 1 addresses proxies appended before it, counted
    // from the right: request.ip is never an address the client wrote.
    trustProxy: (_address: string, hop: number) => hop < (options.trustProxy ?? 0),
    bodyLimit: BODY_LIMIT_BYTES,
    requestTimeout: REQUEST_TIMEOUT_MS,
    // One log line per request (onResponse below) instead of fastify's two.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'request_id' }),
    requestIdHeader: 'x-request-id',
    // The shutdown gate closes keep-alive connections, after a grace (shutdown-gate.ts).
    forceCloseConnections: false,
    // fastify's own 503 while closing is not in the envelope: the onRequest hook answers instead.
    return503OnClosing: false,
    routerOptions: {
      ignoreTrailingSlash: true,
      ignoreDuplicateSlashes: true,
      maxParamLength: MAX_PATH_PARAMETER,
      // The router answers these before any hook runs: raw responses, in the envelope all the same.
      onMaxParamLength: (_path, _req, res) => {
        rawFailure(res, 400, ResultCode.ParameterError, `a path segment is longer than ${MAX_PATH_PARAMETER} characters`);
      },
    },
    frameworkErrors: (error, _request, reply) => {
      const malformed = error.code === 'FST_ERR_BAD_URL';
      rawFailure(reply.raw, 400, ResultCode.ParameterError, malformed ? 'the URL is not valid (bad percent-encoding)' : error.message);
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.server.maxConnections = MAX_HTTP_CONNECTIONS;
  installValidation(app);
  installErrorHandling(app, BODY_LIMIT_BYTES);
  acceptEmptyJsonBodies(app);
  const closing = installShutdownGate(app);
  // Hooks take a callback rather than returning a promise: they run on every request,
  // and fastify's promise path costs a few microseconds each.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    // Answers are the caller's own and of the moment: never stored, never sniffed as HTML.
    reply.header('cache-control', 'no-store');
    reply.header('x-content-type-options', 'nosniff');
    if (closing()) {
      reply.header('connection', 'close');
      done(new ExchangeStoppingError('the exchange is shutting down and takes no new requests'));
      return;
    }
    done();
  });
  installAccessHook(app, ctx, options.historyReadLimiter ?? new HistoryReadLimiter(options.historyReads?.perSecond, options.historyReads?.burst));
  app.addHook('onResponse', (request, reply, done) => {
    if (LEVELS_SHOWING_INFO.has(request.log.level)) {
      request.log.info(
        { method: request.method, url: request.url.split('?')[0], status: reply.statusCode, ms: Math.round(reply.elapsedTime * 100) / 100 },
        'request',
      );
    }
    done();
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Basis futures exchange API', version: '1.0.0', description: 'REST API of the Basis simulated futures exchange. Every response uses the envelope {success, data, error}.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: ({ schema, url, route }) => {
      const access = route.config?.access ?? 'user';
      const transformed = { ...(schema as Record<string, unknown>) };
      const method = Array.isArray(route.method) ? route.method[0]! : route.method;
      transformed.operationId ??= operationIdOf(method, url);
      if (route.config?.optionalBody === true) transformed[OPTIONAL_BODY] = true;
      if (access !== 'public' && url !== undefined) transformed.security = [{ bearer: [] }];
      // The role is part of the contract: a trader's token gets 1003 / 403 here.
      if (access === 'admin') {
        const summary = typeof transformed.summary === 'string' ? transformed.summary : '';
        transformed.summary = summary.endsWith('(admin)') ? summary : `${summary} (admin)`.trim();
        transformed['x-required-role'] = 'admin';
      }
      return { schema: transformed as typeof schema, url };
    },
    transformObject: (document) => ('openapiObject' in document ? asOpenApi30(document.openapiObject) : document.swaggerObject),
  });
  // The documentation pages are public: mark every route the UI plugin adds.
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, access: 'public' };
    });
    await docs.register(helmet, PAGE_HEADERS);
    await docs.register(swaggerUi, { routePrefix: '/docs', uiConfig: { docExpansion: 'list' } });
  });
  app.get('/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());

  for (const group of ROUTE_GROUPS) await app.register(async (scope) => group(scope, ctx));
  await installWebUi(app);
  return app;
}

/**
 * Routes without a body (settlement execute, suspend, ...) are often called with
 * `Content-Type: application/json` and nothing after it: that is "no body", not malformed JSON.
 */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  // Fastify's own parser (with its prototype-poisoning protection) for everything else.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  // Bodies are JSON only: fastify's text/plain parser would hand a JSON text sent as
  // text/plain to validation as a string ("body must be object"), where the client
  // needs to hear that the content type is wrong. An empty text/plain body (fetch's
  // default for a PUT with body '') is no body, as for JSON.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    if ((typeof body === 'string' ? body : body.toString('utf8')).trim() === '') done(null, undefined);
    else done(Object.assign(new Error('request body must be JSON (Content-Type: application/json)'), { code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', statusCode: 415 }), undefined);
  });
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if ((typeof body === 'string' ? body : body.toString('utf8')).trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, body as string, (error, parsed) => {
      if (error !== null && isValidJson(body as string)) {
        // Valid JSON refused for its keys: fastify says "not valid JSON", which is untrue.
        done(Object.assign(new Error('a key named __proto__, or constructor holding prototype, is not accepted in a body'), { statusCode: 400 }), undefined);
      } else done(error, parsed);
    });
  });
}

function isValidJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
