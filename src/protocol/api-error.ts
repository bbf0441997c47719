import type { ResultCode } from '../core/index.ts';
import { httpStatusOf } from './error-catalogue.ts';

/**
 * A failure an adapter reports to its client: the spec's code, a message that names the
 * field or rule, and the HTTP status (from the catalogue unless a route needs another,
 * e.g. 429 for rate limiting).
 */
export class ApiError extends Error {
  readonly httpStatus: number;

  constructor(
    readonly code: ResultCode,
    message: string,
    httpStatus?: number,
    /** Seconds until a refused client may try again (sent as Retry-After with a 429). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
    this.httpStatus = httpStatus ?? httpStatusOf(code);
  }
}
