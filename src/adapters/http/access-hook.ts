import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ResultCode } from '../../core/index.ts';
import type { TokenRefusal } from '../../app/auth/auth-service.ts';
import type { HistoryReadLimiter } from '../../app/auth/history-read-limiter.ts';
import { ApiError, TOO_MANY_REQUESTS } from '../../protocol/index.ts';
import type { HttpContext } from './http-context.ts';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Authentication and role checks run first (onRequest), before the body is parsed or
 * validated: a caller without a valid token learns nothing about the route's rules.
 * Routes are private unless marked `access: 'public'`; owner checks happen in handlers,
 * where the resource is known. Reads of a user's history are then limited per user.
 */
/** Why a bearer token is refused, in words. */
export const TOKEN_REFUSED: Record<TokenRefusal, string> = {
  expired: 'the token has expired',
  revoked: 'the password was changed after this token was issued',
  'signed-out': 'the user logged out everywhere after this token was issued',
  forged: 'the token was not signed by this exchange (altered, or issued before its secret changed)',
  foreign: 'the token was not issued by this exchange',
  malformed: 'the token is not a valid token',
};

export function installAccessHook(app: FastifyInstance, ctx: HttpContext, historyReads: HistoryReadLimiter): void {
  app.decorateRequest('caller', null as unknown as FastifyRequest['caller']);
  app.addHook('onRequest', (request, _reply, done) => {
    const access = request.routeOptions.config.access ?? 'user';
    if (access === 'public' || request.routeOptions.url === undefined) {
      done();
      return;
    }
    const header = request.headers.authorization;
    const token = header === undefined ? undefined : BEARER.exec(header)?.[1];
    if (token === undefined) {
      done(new ApiError(ResultCode.AuthenticationFailed, 'missing bearer token: send "Authorization: Bearer <token>" from POST /api/auth/login'));
      return;
    }
    const caller = ctx.auth.examine(token);
    if (typeof caller !== 'object') {
      const why = TOKEN_REFUSED[caller];
      done(new ApiError(ResultCode.AuthenticationFailed, `${why}: log in again`));
      return;
    }
    if (access === 'admin' && caller.role !== 'admin') {
      done(new ApiError(ResultCode.PermissionDenied, 'this route needs the admin role'));
      return;
    }
    request.caller = caller;
    done();
  });
  // After validation: a malformed read is refused for what it is, and costs no point.
  app.addHook('preHandler', (request, _reply, done) => {
    const caller = request.caller;
    if (request.routeOptions.config.historyRead !== true || caller === null || caller.role === 'admin') {
      done();
      return;
    }
    historyReads.take(caller.userId).then(
      (wait) => done(wait > 0 ? new ApiError(ResultCode.ParameterError, `too many reads of your history; try again in ${wait} s`, TOO_MANY_REQUESTS, wait) : undefined),
      (error: unknown) => done(error as Error),
    );
  });
}
