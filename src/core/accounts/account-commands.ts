import { type ApplyResult, rejected, succeeded } from '../apply-result.ts';
import type { Deposit, EndSessions, OpenAccount, RegisterUser, SetAccountFrozen, SetPassword, Withdraw } from '../commands.ts';
import { type Cents, fromCents, toCents } from '../money.ts';
import { ResultCode } from '../result-codes.ts';
import { reservedNameProblem } from '../reserved-names.ts';
import { markAccount } from '../risk/risk-index.ts';
import type { CoreOptions, CoreState } from '../state.ts';
import { Account } from './account.ts';
import { withdrawable } from './clear-of-force-close.ts';
import { User, usernameKey } from './user.ts';

/** What a username may be (the configured admin's too). */
export const USERNAME = /^[A-Za-z0-9_.@-]{3,32}$/;
export const USERNAME_RULE = 'username must be 3 to 32 characters: letters, digits and _ . @ -';
/**
 * How long a password may be. The core only sees hashes: the edges check passwords before
 * hashing (registration, changes, the configured admin's); a login takes up to the most.
 */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
/** What an account id may be. */
export const ACCOUNT_ID = /^[A-Za-z0-9_.@-]{1,64}$/;
/** No single movement of money above a trillion. */
export const MAX_AMOUNT_CENTS = 100_000_000_000_000;
/**
 * The most a balance, or one day's deposits, may reach by deposits: ten trillion. Sums of
 * cents are exact below 2^53 (about 90 trillion), and a cap on each movement alone does
 * not bound them: repeated deposits would pass it, and the balance would stop changing
 * while the deposits were still recorded. Withdrawals need no cap of their own: they
 * never exceed what the account held.
 */
const MAX_TOTAL_CENTS = 1_000_000_000_000_000;

export function registerUser(state: CoreState, command: RegisterUser, ts: number): ApplyResult {
  if (!USERNAME.test(command.username)) {
    return rejected(ResultCode.ParameterError, USERNAME_RULE);
  }
  // A DIFF login shows the user's business under trade.<username>.
  const reserved = reservedNameProblem('username', command.username, true);
  if (reserved !== '') return rejected(ResultCode.ParameterError, reserved);
  if (state.usersByName.has(usernameKey(command.username))) {
    return rejected(ResultCode.AccountExists, `username ${command.username} is already taken`);
  }
  if (state.users.has(command.userId)) {
    return rejected(ResultCode.AccountExists, `user ${command.userId} already exists`);
  }
  const user = new User(command.userId, command.username, command.passwordHash, command.role, ts);
  state.users.set(user.userId, user);
  state.usersByName.set(usernameKey(user.username), user);
  return succeeded([{ type: 'user.registered', userId: user.userId, username: user.username, role: user.role }]);
}

export function setPassword(state: CoreState, command: SetPassword, ts: number): ApplyResult {
  const user = state.users.get(command.userId);
  if (user === undefined) return rejected(ResultCode.ResourceNotFound, `user not found: ${command.userId}`);
  if (command.ifVersion !== undefined && command.ifVersion !== user.passwordVersion) {
    return rejected(ResultCode.AuthenticationFailed, 'the password was changed while the current one was checked: try again with the password in force');
  }
  user.passwordHash = command.passwordHash;
  user.passwordVersion++;
  user.passwordChangedTs = ts;
  user.passwordChangedBy = command.byUserId;
  return succeeded([{ type: 'user.password-set', userId: user.userId, passwordVersion: user.passwordVersion, byUserId: command.byUserId }]);
}

export function endSessions(state: CoreState, command: EndSessions): ApplyResult {
  const user = state.users.get(command.userId);
  if (user === undefined) return rejected(ResultCode.ResourceNotFound, `user not found: ${command.userId}`);
  user.signOutVersion++;
  return succeeded([{ type: 'user.sessions-ended', userId: user.userId, signOutVersion: user.signOutVersion, byUserId: command.byUserId }]);
}

/**
 * Accounts one user may hold. Each is state the exchange keeps for good, and a user's
 * accounts are listed and shown together (the account list, the operators' user detail):
 * without a bound one user opened 20,000 in six seconds. Many traders are many users.
 */
export const MAX_ACCOUNTS_PER_USER = 100;

export function openAccount(state: CoreState, command: OpenAccount, ts: number): ApplyResult {
  const user = state.users.get(command.userId);
  if (user === undefined) return rejected(ResultCode.ResourceNotFound, `user not found: ${command.userId}`);
  if (!ACCOUNT_ID.test(command.accountId)) {
    return rejected(ResultCode.ParameterError, 'account_id must be 1 to 64 characters: letters, digits and _ . @ -');
  }
  // Clients keep accounts keyed by their ids, as DIFF keeps orders.
  const reserved = reservedNameProblem('account_id', command.accountId);
  if (reserved !== '') return rejected(ResultCode.ParameterError, reserved);
  if (state.accounts.has(command.accountId)) {
    return rejected(ResultCode.AccountExists, `account ${command.accountId} already exists`);
  }
  // Routes that take an account id or a user id (GET /api/account/{id}) look for an account
  // first: one named after a user would answer for that user's id.
  if (state.users.has(command.accountId)) {
    return rejected(ResultCode.ParameterError, `account_id ${command.accountId} is a user id; an account needs an id of its own`);
  }
  if (user.accountIds.length >= MAX_ACCOUNTS_PER_USER) {
    return rejected(ResultCode.ParameterError, `user ${user.username} already holds ${MAX_ACCOUNTS_PER_USER} accounts, the most one user may hold`);
  }
  const initial = amountCents(command.initialBalance, true);
  if (typeof initial === 'string') return rejected(ResultCode.ParameterError, `initial_balance ${initial}`);
  const account = new Account(command.accountId, user.userId, state.options.currency, ts);
  account.deposit = initial;
  state.accounts.set(account.accountId, account);
  user.accountIds.push(account.accountId);
  return succeeded([
    {
      type: 'account.opened',
      accountId: account.accountId,
      userId: user.userId,
      currency: account.currency,
      initialBalance: fromCents(initial),
    },
  ]);
}

export function deposit(state: CoreState, command: Deposit): ApplyResult {
  const account = state.accounts.get(command.accountId);
  if (account === undefined) return rejected(ResultCode.AccountNotFound, `account not found: ${command.accountId}`);
  const amount = amountCents(command.amount, false);
  if (typeof amount === 'string') return rejected(ResultCode.ParameterError, `amount ${amount}`);
  return moveFunds(state, account, 'deposit', amount);
}

export function withdraw(state: CoreState, command: Withdraw): ApplyResult {
  const account = state.accounts.get(command.accountId);
  if (account === undefined) return rejected(ResultCode.AccountNotFound, `account not found: ${command.accountId}`);
  if (account.frozen) return rejected(ResultCode.AccountFrozen, `account ${account.accountId} is frozen`);
  const amount = amountCents(command.amount, false);
  if (typeof amount === 'string') return rejected(ResultCode.ParameterError, `amount ${amount}`);
  markAccount(account);
  const refusal = withdrawalRefusal(account, amount, 'withdrawing', state.options);
  if (refusal !== undefined) return rejected(refusal.code, refusal.message);
  return moveFunds(state, account, 'withdraw', amount);
}

/**
 * Why `amount` cannot leave the account (a withdrawal or a transfer out), or undefined:
 * beyond available (2003), or far enough into it to leave the account at the force-close
 * ratio (the spec's 4001).
 */
export function withdrawalRefusal(account: Account, amount: Cents, doing: string, options: CoreOptions): { code: ResultCode; message: string } | undefined {
  const available = account.available;
  if (amount > available) return { code: ResultCode.InsufficientBalance, message: `Insufficient funds: ${doing} ${fromCents(amount)} but available is ${fromCents(available)}` };
  const most = withdrawable(account, options);
  if (amount <= most) return undefined;
  return {
    code: ResultCode.RiskRatioExceeded,
    message:
      `Risk ratio limit exceeded: ${doing} ${fromCents(amount)} would leave the account's risk ratio at or above the force-close threshold ` +
      `${options.forceCloseThreshold} once its positions and orders are counted; at most ${fromCents(most)} of available ${fromCents(available)} can go`,
  };
}

/** Books a checked deposit or withdrawal; the account's risk is looked at again (re-indexed). */
function moveFunds(state: CoreState, account: Account, kind: 'deposit' | 'withdraw', amount: Cents): ApplyResult {
  // Marked at the current prices first: accounts are marked lazily, and the balance this
  // reports must not depend on whether anything (a snapshot, say) marked it before.
  markAccount(account);
  const tooMuch = kind === 'deposit' ? depositProblem(account, amount) : '';
  if (tooMuch !== '') return rejected(ResultCode.ParameterError, `amount ${fromCents(amount)}: ${tooMuch}`);
  account[kind] += amount;
  state.ledger.touched.add(account);
  return succeeded([
    { type: 'account.funds-moved', accountId: account.accountId, userId: account.userId, kind, amount: fromCents(amount), balance: fromCents(account.balance) },
  ]);
}

export function setAccountFrozen(state: CoreState, command: SetAccountFrozen): ApplyResult {
  const account = state.accounts.get(command.accountId);
  if (account === undefined) return rejected(ResultCode.AccountNotFound, `account not found: ${command.accountId}`);
  account.frozen = command.frozen;
  return succeeded([{ type: 'account.frozen-changed', accountId: account.accountId, frozen: account.frozen }]);
}

/** Why depositing `cents` into a (marked) account would break MAX_TOTAL_CENTS, or ''. */
export function depositProblem(account: Account, cents: Cents): string {
  const limit = fromCents(MAX_TOTAL_CENTS);
  if (account.deposit + cents > MAX_TOTAL_CENTS) return `the day's deposits would exceed ${limit}`;
  if (account.balance + cents > MAX_TOTAL_CENTS) return `the balance would exceed ${limit}`;
  return '';
}

/** Cents of a money amount, or the sentence saying what is wrong with it. */
export function amountCents(amount: number, zeroAllowed: boolean): Cents | string {
  if (typeof amount !== 'number' || !Number.isFinite(amount)) return `must be a number, got ${String(amount)}`;
  if (zeroAllowed ? amount < 0 : amount <= 0) return `must be ${zeroAllowed ? 'zero or more' : 'positive'}, got ${amount}`;
  // The cap first: cents of 1e308 are no number, and "at most two decimals" would be the wrong reason.
  if (amount * 100 > MAX_AMOUNT_CENTS) return `must not exceed ${fromCents(MAX_AMOUNT_CENTS)}, got ${amount}`;
  const cents = toCents(amount);
  if (Number.isNaN(cents)) return `must have at most two decimals, got ${amount}`;
  return cents;
}
