import { RESULT_MESSAGES, ResultCode } from '../core/index.ts';

/**
 * The one table from the spec's error codes to HTTP statuses (DECISIONS.md). Tests assert
 * codes and statuses, never message texts.
 */
const HTTP_STATUS: Readonly<Record<ResultCode, number>> = {
  1000: 200,
  1001: 400,
  1002: 401,
  1003: 403,
  1004: 404,
  1005: 500,
  2001: 404,
  2002: 409,
  2003: 422,
  2004: 422,
  2005: 422,
  3001: 404,
  3002: 409,
  3003: 404,
  3004: 422,
  3005: 422,
  3006: 422,
  3007: 400,
  4001: 422,
  4002: 422,
  4003: 422,
};

/** Too many failed logins: the envelope carries 1002, the status says "slow down". */
export const TOO_MANY_REQUESTS = 429;

export function httpStatusOf(code: ResultCode): number {
  return HTTP_STATUS[code];
}

export function defaultMessageOf(code: ResultCode): string {
  return RESULT_MESSAGES[code];
}

export { ResultCode };
