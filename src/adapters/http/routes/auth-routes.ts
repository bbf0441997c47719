import { type Static, Type } from '@sinclair/typebox';
import type { Caller, LoginResult } from '../../../app/auth/auth-service.ts';
import { ownUser } from '../../../app/services/access.ts';
import { USERNAME } from '../../../core/index.ts';
import { ok } from '../../../protocol/index.ts';
import type { Api, HttpContext } from '../http-context.ts';
import { GivenPassword, NewPassword, Paging, page, UserIdParam } from '../schemas/common.ts';
import { pagedReplies, replies } from '../schemas/envelope.ts';
import { UserSchema } from '../schemas/resources.ts';

const Credentials = Type.Object({
  username: Type.String({ pattern: USERNAME.source, description: '3 to 32 letters, digits or _ . @ -' }),
  password: NewPassword(),
});

/** What a login answers, and a change of password (whose earlier tokens no longer work). */
export const LoginReply = Type.Object({
  user_id: Type.String(),
  username: Type.String(),
  role: Type.String(),
  token: Type.String(),
  expires_in: Type.Integer({ description: 'seconds' }),
});

export function loginReply(ctx: HttpContext, login: LoginResult): Static<typeof LoginReply> {
  return { user_id: login.userId, username: login.username, role: login.role, token: login.token, expires_in: Math.round(ctx.auth.tokens.ttlMs / 1000) };
}

type User = NonNullable<ReturnType<HttpContext['exchange']['state']['users']['get']>>;

/**
 * A competition has thousands of users, more than a page: an operator finds one by a part
 * of its name, its id or one of its account ids.
 */
const UserQuery = Type.Composite([
  Paging,
  Type.Object({ search: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Users whose name or an account id contains this, or whose user id it is, ignoring case' })) }),
]);

/** Who set a password when the exchange did at its start: no username has parentheses. */
export const SET_AT_START = '(exchange start)';

/** Who an operator is, to a viewer who is not one: an operator's name is not the traders' to know (a name to guess passwords for). */
export const AN_OPERATOR = 'an operator';

/** A user's record as `viewer` sees it (the user itself, or an admin). */
export function userRecord(user: User, users: ReadonlyMap<string, User>, viewer: Caller) {
  return {
    user_id: user.userId,
    username: user.username,
    role: user.role,
    account_ids: [...user.accountIds],
    created_at: new Date(user.createdTs).toISOString(),
    // Not known of a change made before its time was kept (a development build's).
    password_changed_at: user.passwordChangedTs > 0 ? new Date(user.passwordChangedTs).toISOString() : null,
    password_changed_by: user.passwordChangedTs > 0 ? changedBy(user, users, viewer) : null,
  };
}

function changedBy(user: User, users: ReadonlyMap<string, User>, viewer: Caller): string {
  const by = user.passwordChangedBy;
  if (by === '') return SET_AT_START;
  if (by === user.userId) return user.username;
  return viewer.role === 'admin' ? (users.get(by)?.username ?? by) : AN_OPERATOR;
}

/** /api/auth: registration, login (JWT), and user records. */
export function authRoutes(app: Api, ctx: HttpContext): void {
  app.post(
    '/api/auth/register',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Register a user (no account is opened)',
        body: Credentials,
        response: replies(Type.Object({ user_id: Type.String(), username: Type.String(), created_at: Type.String() })),
      },
    },
    async (request) => {
      const user = await ctx.auth.register(request.body.username, request.body.password, 'user', request.ip);
      return ok({ user_id: user.userId, username: user.username, created_at: new Date(user.createdTs).toISOString() });
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Log in: returns a bearer token (JWT)',
        body: Type.Object({ username: Type.String({ minLength: 1, maxLength: 64 }), password: GivenPassword }),
        response: replies(LoginReply),
      },
    },
    async (request) => ok(loginReply(ctx, await ctx.auth.login(request.body.username, request.body.password, request.ip))),
  );

  app.get(
    '/api/auth/user/:user_id',
    { schema: { tags: ['auth'], summary: 'A user record (owner or admin)', params: UserIdParam, response: replies(UserSchema) } },
    async (request) => {
      const user = ownUser(ctx.exchange.state, request.caller, request.params.user_id);
      return ok(userRecord(user, ctx.exchange.state.users, request.caller));
    },
  );

  app.get(
    '/api/auth/users',
    {
      config: { access: 'admin' },
      schema: { tags: ['auth'], summary: 'All users, or those a search finds (admin)', querystring: UserQuery, response: pagedReplies(Type.Array(UserSchema)) },
    },
    async (request, reply) => {
      const search = request.query.search?.toLowerCase() ?? '';
      const users = [...ctx.exchange.state.users.values()];
      // A user id only whole: a few letters are in most UUIDs.
      const found =
        search === '' ? users : users.filter((user) => user.userId.toLowerCase() === search || [user.username, ...user.accountIds].some((text) => text.toLowerCase().includes(search)));
      return ok(page(reply, found, request.query).map((user) => userRecord(user, ctx.exchange.state.users, request.caller)));
    },
  );
}
