import { randomBytes } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import { execute } from '../../../app/services/execute.ts';
import { ApiError, ok } from '../../../protocol/index.ts';
import type { Api, HttpContext } from '../http-context.ts';
import { ItemError, replies } from '../schemas/envelope.ts';

/**
 * A batch is hashed one password after another (tens of milliseconds each, on the thread
 * pool the journal's writes use too): 200 take a few seconds and leave trading its share.
 */
export const MAX_ENROLLMENTS = 200;

const Enrollment = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 64, description: '3 to 32 letters, digits or _ . @ -' }),
  password: Type.Optional(Type.String({ minLength: 6, maxLength: 128, description: '6 to 128 characters; without it one is generated and returned' })),
  account_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'an account to open for the user (with initial_balance)' })),
  initial_balance: Type.Optional(Type.Number({ minimum: 0, description: 'opens an account with this balance (currency units); its id is account_id, else generated' })),
});

const NullableString = Type.Unsafe<string | null>(Type.String({ nullable: true }));

const Enrolled = Type.Object({
  username: Type.String(),
  user_id: NullableString,
  account_id: NullableString,
  password: Type.Unsafe<string | null>(Type.String({ nullable: true, description: 'the generated password, when none was given; null otherwise' })),
  error: ItemError,
});

/** A password for a user enrolled without one: 12 characters of 72 bits. */
function generatedPassword(): string {
  return randomBytes(9).toString('base64url');
}

/**
 * POST /api/management/users (admin): a class or a competition enrolled in one call, each
 * user with an account and its opening balance. Registration answers 3 hashes a second per
 * address (it is public); an operator enrolling 2,500 students waited minutes behind it.
 */
export function enrollmentRoutes(app: Api, ctx: HttpContext): void {
  app.post(
    '/api/management/users',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['management'],
        summary: `Enrol users (up to ${MAX_ENROLLMENTS} a call), each with an account if account_id or initial_balance is given; one result per user, in order`,
        body: Type.Object({ users: Type.Array(Enrollment, { minItems: 1, maxItems: MAX_ENROLLMENTS }) }),
        response: replies(Type.Object({ enrolled: Type.Integer({ description: 'users registered by this call' }), users: Type.Array(Enrolled) })),
      },
    },
    async (request) => {
      const results = [];
      for (const item of request.body.users) results.push(await enrol(ctx, item));
      return ok({ enrolled: results.filter((r) => r.user_id !== null).length, users: results });
    },
  );
}

async function enrol(ctx: HttpContext, item: { username: string; password?: string; account_id?: string; initial_balance?: number }) {
  const password = item.password ?? generatedPassword();
  const shown = item.password === undefined ? password : null;
  let userId: string;
  try {
    userId = (await ctx.auth.register(item.username, password, 'user')).userId;
  } catch (error) {
    return { username: item.username, user_id: null, account_id: null, password: null, error: itemError(error) };
  }
  const wantsAccount = item.account_id !== undefined || item.initial_balance !== undefined;
  if (!wantsAccount) return { username: item.username, user_id: userId, account_id: null, password: shown, error: null };
  const accountId = item.account_id ?? `A${randomBytes(6).toString('hex')}`;
  try {
    await execute(ctx.exchange, { type: 'account.open', userId, accountId, initialBalance: item.initial_balance ?? 0 });
    return { username: item.username, user_id: userId, account_id: accountId, password: shown, error: null };
  } catch (error) {
    const { code, message } = itemError(error);
    // The user stands (it can log in and open an account itself); only the account failed.
    return { username: item.username, user_id: userId, account_id: null, password: shown, error: { code, message: `registered, but the account was not opened: ${message}` } };
  }
}

function itemError(error: unknown): { code: number; message: string } {
  if (error instanceof ApiError) return { code: error.code, message: error.message };
  throw error;
}
