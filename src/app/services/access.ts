import type { CoreState } from '../../core/index.ts';
import { ResultCode } from '../../core/index.ts';
import { ApiError } from '../../protocol/index.ts';
import type { Caller } from '../auth/auth-service.ts';

/**
 * Who may see and act on what (DECISIONS.md): a user only on its own user id and
 * accounts, an administrator on everything. Shared by the HTTP and DIFF adapters.
 */
type AccountOf = NonNullable<ReturnType<CoreState['accounts']['get']>>;
type UserOf = NonNullable<ReturnType<CoreState['users']['get']>>;

/** The user a caller names, if the caller may act for it. */
export function ownUser(state: CoreState, caller: Caller, userId: string): UserOf {
  if (caller.role !== 'admin' && userId !== caller.userId) {
    throw new ApiError(ResultCode.PermissionDenied, `user ${userId} is not the logged-in user`);
  }
  const user = state.users.get(userId);
  if (user === undefined) throw new ApiError(ResultCode.ResourceNotFound, `user not found: ${userId}`);
  return user;
}

/** The account a caller names, if it exists and the caller may act on it. */
export function ownAccount(state: CoreState, caller: Caller, accountId: string): AccountOf {
  const account = state.accounts.get(accountId);
  if (account === undefined) throw new ApiError(ResultCode.AccountNotFound, `account not found: ${accountId}`);
  if (caller.role !== 'admin' && account.userId !== caller.userId) {
    throw new ApiError(ResultCode.PermissionDenied, `account ${accountId} belongs to another user`);
  }
  return account;
}

/**
 * The account an order or command acts on: `account_id` when given (checked against
 * `user_id` when both are), else the first account of `user_id` (or of the caller).
 */
export function tradingAccount(
  state: CoreState,
  caller: Caller,
  request: { readonly user_id?: string | undefined; readonly account_id?: string | undefined },
): AccountOf {
  if (request.user_id !== undefined && caller.role !== 'admin' && request.user_id !== caller.userId) {
    throw new ApiError(ResultCode.PermissionDenied, `user_id ${request.user_id} is not the logged-in user`);
  }
  if (request.account_id !== undefined && request.account_id !== '') {
    const account = ownAccount(state, caller, request.account_id);
    if (request.user_id !== undefined && request.user_id !== '' && account.userId !== request.user_id) {
      // Only an administrator gets here (a user can name only itself and its own accounts):
      // a request that contradicts itself, not a lack of permission.
      throw new ApiError(ResultCode.ParameterError, `account ${account.accountId} does not belong to user ${request.user_id}`);
    }
    return account;
  }
  const user = ownUser(state, caller, request.user_id ?? caller.userId);
  const first = user.accountIds[0];
  const account = first === undefined ? undefined : state.accounts.get(first);
  if (account === undefined) {
    throw new ApiError(ResultCode.AccountNotFound, `user ${user.username} has no trading account: open one with POST /api/account/open`);
  }
  return account;
}

/** The accounts whose data a caller may list: its own, or everyone's for an administrator. */
export function visibleAccountIds(state: CoreState, caller: Caller): ReadonlySet<string> | undefined {
  if (caller.role === 'admin') return undefined;
  return new Set(state.users.get(caller.userId)?.accountIds ?? []);
}

/**
 * The accounts a read names: `accountId` when given (the caller's own, or any for an
 * administrator), else every account the caller may list.
 */
export function queriedAccountIds(state: CoreState, caller: Caller, accountId: string | undefined): string[] {
  if (accountId !== undefined) return [ownAccount(state, caller, accountId).accountId];
  return [...(visibleAccountIds(state, caller) ?? state.accounts.keys())];
}
