import { Type } from '@sinclair/typebox';
import { generatedPassword } from '../../../app/auth/generated-password.ts';
import { PASSWORD_MAX, PASSWORD_MIN, ResultCode } from '../../../core/index.ts';
import { ApiError, ok } from '../../../protocol/index.ts';
import type { Api, HttpContext } from '../http-context.ts';
import { NewPassword, UserIdParam } from '../schemas/common.ts';
import { replies } from '../schemas/envelope.ts';
import { LoginReply, loginReply } from './auth-routes.ts';

/**
 * Changing a password: users their own, operators any trader's (a student who lost a
 * generated password). Either way the user's earlier login tokens stop working,
 * and its WebSocket sessions are closed: a password is changed because it may be known.
 */
export function passwordRoutes(app: Api, ctx: HttpContext): void {
  app.post(
    '/api/auth/password',
    {
      schema: {
        tags: ['auth'],
        summary: "Change the caller's password; every earlier token stops working, and the answer carries a new one",
        body: Type.Object({
          password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX, description: 'the current password' }),
          new_password: NewPassword(),
        }),
        response: replies(LoginReply),
      },
    },
    async (request) => {
      const login = await ctx.auth.changePassword(request.caller.userId, request.body.password, request.body.new_password, request.ip);
      return ok(loginReply(ctx, login));
    },
  );

  app.post(
    '/api/management/users/:user_id/password',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['management'],
        summary: "Set a trader's password (admin), or have one generated: the user's earlier tokens stop working (admins change their own)",
        params: UserIdParam,
        body: Type.Object({ password: Type.Optional(NewPassword(`${PASSWORD_MIN} to ${PASSWORD_MAX} characters; without it one is generated and returned`)) }),
        response: replies(
          Type.Object({
            user_id: Type.String(),
            username: Type.String(),
            password: Type.Unsafe<string | null>(Type.String({ nullable: true, description: 'the generated password, when none was given (shown once); null otherwise' })),
          }),
        ),
      },
    },
    async (request) => {
      const { user_id: userId } = request.params;
      // Looked up before the password is hashed: an unknown user costs nothing.
      const target = ctx.exchange.state.users.get(userId);
      if (target === undefined) throw new ApiError(ResultCode.ResourceNotFound, `user not found: ${userId}`);
      // An admin token is not enough to take over the other admins (nor to end one's own
      // token mid-way): an admin's password is changed by that admin, with the current
      // one, or at start by whoever runs the exchange (ADMIN_PASSWORD_RESET).
      if (target.role === 'admin') {
        throw new ApiError(
          ResultCode.PermissionDenied,
          `${target.username} is an admin: admins change their own password (POST /api/auth/password), or the exchange sets the configured admin's at start (ADMIN_PASSWORD with ADMIN_PASSWORD_RESET=1)`,
        );
      }
      const password = request.body.password ?? generatedPassword();
      const { user } = await ctx.auth.setPassword(userId, password, request.caller.userId);
      return ok({ user_id: user.userId, username: user.username, password: request.body.password === undefined ? password : null });
    },
  );
}
