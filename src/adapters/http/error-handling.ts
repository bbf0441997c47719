import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { ExchangeStoppingError } from '../../app/exchange.ts';
import { SequencerHaltedError } from '../../app/sequencer.ts';
import { StorageUnavailableError } from '../../app/group-commit.ts';
import { ACCOUNT_ID, ResultCode, USERNAME } from '../../core/index.ts';
import { ID_PATTERN } from './schemas/common.ts';
import { ApiError, failure, httpStatusOf } from '../../protocol/index.ts';

/**
 * Every failure leaves as the envelope: business rejections, validation failures,
 * malformed JSON, oversized bodies, unknown routes, and bugs (1005, logged with the
 * request id; the client gets no stack trace). The HTTP status follows the code, by
 * DECISIONS.md's table (1001 → 400, 1005 → 500, ...), whatever the cause.
 */
export function installErrorHandling(app: FastifyInstance, bodyLimit: number): void {
  app.setSchemaErrorFormatter(formatValidationErrors);
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    const { status, code, message } = classify(error, bodyLimit, request.url);
    // The exchange being unable to take commands (storage failed, core halted, stopping) was
    // logged once when it happened; each request refused for it is not news, and with a
    // stack each they buried that line (2,396 in four seconds under load).
    if (status >= 500 && !isExchangeUnavailable(error)) request.log.error({ err: error }, 'request failed');
    if (error instanceof ApiError && error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
    return send(reply, status, code, message);
  });
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) =>
    send(reply, 404, ResultCode.ResourceNotFound, `no route ${request.method} ${request.url.split('?')[0]}`),
  );
}

function send(reply: FastifyReply, status: number, code: number, message: string): FastifyReply {
  return reply.status(status).send(failure(code, message));
}

function classify(error: FastifyError | ApiError, bodyLimit: number, url: string): { status: number; code: number; message: string } {
  if (error instanceof ApiError) return { status: error.httpStatus, code: error.code, message: error.message };
  if (isExchangeUnavailable(error)) return byCode(ResultCode.InternalError, error.message);
  if (error.validation !== undefined) return byCode(ResultCode.ParameterError, error.message);
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return byCode(ResultCode.ParameterError, `request body larger than ${bodyLimit} bytes`);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return byCode(ResultCode.ParameterError, 'request body must be JSON (Content-Type: application/json)');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return byCode(ResultCode.ParameterError, `malformed JSON body: ${error.message}`);
    default:
      break;
  }
  if (error instanceof SyntaxError) return byCode(ResultCode.ParameterError, `malformed JSON body: ${error.message}`);
  const status = error.statusCode ?? 500;
  // The web page's files keep HTTP's own answers (416 for a bad range, 412, 403): the
  // table of codes is the API's.
  if (status >= 400 && status < 500 && !isApi(url)) return { status, code: ResultCode.ParameterError, message: error.message };
  if (status >= 400 && status < 500) return byCode(ResultCode.ParameterError, error.message);
  return byCode(ResultCode.InternalError, 'internal service error');
}

function isExchangeUnavailable(error: unknown): boolean {
  return error instanceof StorageUnavailableError || error instanceof SequencerHaltedError || error instanceof ExchangeStoppingError;
}

function isApi(url: string): boolean {
  return url.startsWith('/api/') || url === '/health' || url.startsWith('/health?');
}

function byCode(code: ResultCode, message: string): { status: number; code: number; message: string } {
  return { status: httpStatusOf(code), code, message };
}

/** `body.volume must be >= 1`, `querystring.depth must be integer`: the field, then the rule. */
function formatValidationErrors(errors: FastifySchemaValidationError[], dataVar: string): Error {
  const first = errors[0];
  if (first === undefined) return new Error(`${dataVar} is not valid`);
  const path = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const where = path === '' ? dataVar : `${dataVar}.${path}`;
  const params = first.params as Record<string, unknown>;
  let rule = first.message ?? 'is not valid';
  if (first.keyword === 'required') return new Error(`${where}.${String(params.missingProperty)} is required`);
  if (first.keyword === 'additionalProperties') {
    const takes = typeof params.takes === 'string' ? ` (${params.takes})` : '';
    return new Error(`${where}.${String(params.additionalProperty)} is not a known field${takes}`);
  }
  if (first.keyword === 'enum' || first.keyword === 'const') rule = `must be one of ${JSON.stringify(params.allowedValues ?? params.allowedValue)}`;
  if (first.keyword === 'pattern') rule = PATTERN_RULES.get(String(params.pattern)) ?? rule;
  if (first.keyword === 'maxLength') rule = `must be at most ${String(params.limit)} characters`;
  if (first.keyword === 'minLength') rule = `must be at least ${String(params.limit)} characters`;
  return new Error(`${where} ${rule}`);
}

/** The schemas' patterns said in words: a user reads "letters and digits", not a regular expression. */
const PATTERN_RULES = new Map<string, string>([
  [USERNAME.source, 'must be 3 to 32 characters: letters, digits and _ . @ -'],
  [ACCOUNT_ID.source, 'must be 1 to 64 characters: letters, digits and _ . @ -'],
  [ID_PATTERN, 'may hold only letters, digits and _ . : @ -'],
  ['^\\d{4}-\\d{2}-\\d{2}$', 'must be a date, YYYY-MM-DD'],
  ['^\\d{4}-?\\d{2}-?\\d{2}$', 'must be a date, YYYY-MM-DD or YYYYMMDD'],
]);
