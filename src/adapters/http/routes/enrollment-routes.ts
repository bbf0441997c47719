import { randomBytes } from 'node:crypto';
import { type Static, Type } from '@sinclair/typebox';
import { generatedPassword } from '../../../app/auth/generated-password.ts';
import { execute } from '../../../app/services/execute.ts';
import { ACCOUNT_ID, amountCents, MAX_AMOUNT_CENTS, PASSWORD_MAX, PASSWORD_MIN, ResultCode, USERNAME, usernameKey } from '../../../core/index.ts';
import { ApiError, ok } from '../../../protocol/index.ts';
import type { Api, HttpContext } from '../http-context.ts';
import { NewPassword } from '../schemas/common.ts';
import { ItemError, replies } from '../schemas/envelope.ts';

/**
 * A batch is hashed one password after another (about 45 ms each here, on the thread pool
 * the journal's writes use too), and one batch at a time: 200 take about 9 s and leave
 * trading its share.
 */
export const MAX_ENROLLMENTS = 200;

const Enrollment = Type.Object({
  username: Type.String({ pattern: USERNAME.source, description: '3 to 32 letters, digits or _ . @ -' }),
  password: Type.Optional(NewPassword(`${PASSWORD_MIN} to ${PASSWORD_MAX} characters; without it one is generated and returned`)),
  account_id: Type.Optional(Type.String({ pattern: ACCOUNT_ID.source, description: 'an account to open for the user (with initial_balance, else 0)' })),
  initial_balance: Type.Optional(
    Type.Number({ minimum: 0, maximum: MAX_AMOUNT_CENTS / 100, description: 'opens an account with this balance (currency units); its id is account_id, else generated' }),
  ),
});
type Item = Static<typeof Enrollment>;

const NullableString = Type.Unsafe<string | null>(Type.String({ nullable: true }));

const Enrolled = Type.Object({
  username: Type.String(),
  user_id: Type.Unsafe<string | null>(Type.String({ nullable: true, description: 'null when the user was not registered' })),
  account_id: NullableString,
  password: Type.Unsafe<string | null>(Type.String({ nullable: true, description: 'the generated password, when none was given; null otherwise' })),
  error: ItemError,
});
type Result = Static<typeof Enrolled>;

/**
 * POST /api/management/users (admin): a class or a competition enrolled in one call, each
 * user with an account and its opening balance. Registration answers 3 hashes a second per
 * address (it is public); an operator enrolling 2,500 students waited minutes behind it.
 */
export function enrollmentRoutes(app: Api, ctx: HttpContext): void {
  /** Batches run one after another, whoever sends them: each hashes one password at a time. */
  let previous: Promise<unknown> = Promise.resolve();
  // A shutdown gives requests in flight a few seconds: a batch answers what it has done
  // rather than outlive them, and the replies of users registered are never cut off.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
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
      const items = request.body.users;
      refuseRepeats(items);
      const turn = previous.then(() => enrolAll(ctx, items, () => closing));
      previous = turn.catch(() => undefined);
      const results = await turn;
      return ok({ enrolled: results.filter((r) => r.user_id !== null).length, users: results });
    },
  );
}

/** A name or an account id twice in one list is a mistake in the list: nothing is enrolled. */
function refuseRepeats(items: readonly Item[]): void {
  const names = new Map<string, number>();
  const accounts = new Map<string, number>();
  items.forEach((item, i) => {
    const name = usernameKey(item.username);
    const first = names.get(name) ?? (names.set(name, i), i);
    if (first !== i) throw new ApiError(ResultCode.ParameterError, `body.users[${i}].username repeats body.users[${first}].username (${item.username})`);
    if (item.account_id === undefined) return;
    const firstAccount = accounts.get(item.account_id) ?? (accounts.set(item.account_id, i), i);
    if (firstAccount !== i) throw new ApiError(ResultCode.ParameterError, `body.users[${i}].account_id repeats body.users[${firstAccount}].account_id (${item.account_id})`);
  });
}

/**
 * Enrols the items in order. Should the exchange stop or begin to shut down (or storage
 * fail), the results so far are answered, with their generated passwords, and the rest
 * say they were not tried: a failed reply would lose the passwords of users registered.
 */
async function enrolAll(ctx: HttpContext, items: readonly Item[], closing: () => boolean): Promise<Result[]> {
  const results: Result[] = [];
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (closing()) {
      for (const rest of items.slice(i)) results.push(notTried(rest, 'not tried: the exchange is shutting down'));
      break;
    }
    try {
      results.push(await enrol(ctx, item));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      results.push(error instanceof StoppedAfterRegistering ? error.result : notTried(item, `not enrolled: ${reason}; look the user up before enrolling it again`));
      for (const rest of items.slice(i + 1)) results.push(notTried(rest, `not tried: the exchange stopped taking requests (${reason})`));
      break;
    }
  }
  return results;
}

/** The exchange stopped after the user was registered: its result (password included) stands, and the batch ends. */
class StoppedAfterRegistering extends Error {
  constructor(
    readonly result: Result,
    reason: string,
  ) {
    super(reason);
  }
}

function notTried(item: Item, message: string): Result {
  return { username: item.username, user_id: null, account_id: null, password: null, error: { code: ResultCode.InternalError, message } };
}

/** One user: refusals of the exchange (a taken name or account id) are its result; anything else stops the batch. */
async function enrol(ctx: HttpContext, item: Item): Promise<Result> {
  const refused = (code: ResultCode, message: string): Result => ({ username: item.username, user_id: null, account_id: null, password: null, error: { code, message } });
  const state = ctx.exchange.state;
  // Checked before the password is hashed: a taken name or account id costs nothing.
  if (state.usersByName.has(usernameKey(item.username))) return refused(ResultCode.AccountExists, `username ${item.username} is already taken`);
  if (item.account_id !== undefined && state.accounts.has(item.account_id)) return refused(ResultCode.AccountExists, `account ${item.account_id} already exists`);
  if (item.account_id !== undefined && state.users.has(item.account_id)) {
    return refused(ResultCode.ParameterError, `account_id ${item.account_id} is a user id; an account needs an id of its own`);
  }
  // The account's own checks, before the user is registered: a user left without the
  // account it was enrolled for could not be enrolled again (its name is taken).
  const balance = item.initial_balance === undefined ? 0 : amountCents(item.initial_balance, true);
  if (typeof balance === 'string') return refused(ResultCode.ParameterError, `initial_balance ${balance}`);
  const password = item.password ?? generatedPassword();
  const shown = item.password === undefined ? password : null;
  let userId: string;
  try {
    userId = (await ctx.auth.register(item.username, password, 'user')).userId;
  } catch (error) {
    if (error instanceof ApiError) return refused(error.code, error.message);
    throw error;
  }
  if (item.account_id === undefined && item.initial_balance === undefined) return { username: item.username, user_id: userId, account_id: null, password: shown, error: null };
  const accountId = item.account_id ?? `A${randomBytes(6).toString('hex')}`;
  try {
    await execute(ctx.exchange, { type: 'account.open', userId, accountId, initialBalance: item.initial_balance ?? 0 });
    return { username: item.username, user_id: userId, account_id: accountId, password: shown, error: null };
  } catch (error) {
    // The user stands (it can log in and open an account itself); only the account failed.
    const reason = error instanceof Error ? error.message : String(error);
    const code = error instanceof ApiError ? error.code : ResultCode.InternalError;
    const result = { username: item.username, user_id: userId, account_id: null, password: shown, error: { code, message: `registered, but the account was not opened: ${reason}` } };
    if (error instanceof ApiError) return result;
    throw new StoppedAfterRegistering(result, reason);
  }
}
