import { Type } from '@sinclair/typebox';
import { ResultCode } from '../../../core/index.ts';
import { ApiError, ok } from '../../../protocol/index.ts';
import type { Api, HttpContext } from '../http-context.ts';
import { GivenPassword, UserIdParam } from '../schemas/common.ts';
import { replies } from '../schemas/envelope.ts';
import { LoginReply, loginReply } from './auth-routes.ts';

/**
 * "Log out everywhere": users their own sessions, operators a trader's (a student whose
 * token was left on a shared computer). Login tokens are not kept one by one, so a client
 * logs out alone by forgetting its token; these end every token issued before, over REST
 * and DIFF (whose connections close with code 4002), while the password stays.
 */
export function logoutRoutes(app: Api, ctx: HttpContext): void {
  app.post(
    '/api/auth/logout-everywhere',
    {
      schema: {
        tags: ['auth'],
        summary: "End every session of the caller (asked with its password): every earlier token stops working; the answer carries a new one for this client",
        body: Type.Object({ password: { ...GivenPassword, description: 'the current password' } }),
        response: replies(LoginReply),
      },
    },
    async (request) => ok(loginReply(ctx, await ctx.auth.logOutEverywhere(request.caller.userId, request.body.password, request.ip))),
  );

  app.post(
    '/api/management/users/:user_id/logout-everywhere',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['management'],
        summary: "End every session of a trader (admin): the user's earlier tokens stop working, its password stays (admins end their own)",
        params: UserIdParam,
        response: replies(Type.Object({ user_id: Type.String(), username: Type.String() })),
      },
    },
    async (request) => {
      const target = ctx.exchange.state.users.get(request.params.user_id);
      if (target === undefined) throw new ApiError(ResultCode.ResourceNotFound, `user not found: ${request.params.user_id}`);
      // As with passwords: an admin token is not enough to act on the other admins.
      if (target.role === 'admin') {
        throw new ApiError(ResultCode.PermissionDenied, `${target.username} is an admin: admins end their own sessions (POST /api/auth/logout-everywhere)`);
      }
      const { user } = await ctx.auth.endSessions(target.userId, request.caller.userId);
      return ok({ user_id: user.userId, username: user.username });
    },
  );
}
