import { randomUUID } from 'node:crypto';
import { ResultCode, type User, usernameKey } from '../../core/index.ts';
import { ApiError, TOO_MANY_REQUESTS } from '../../protocol/index.ts';
import type { Exchange } from '../exchange.ts';
import type { LoginLimiter } from './login-limiter.ts';
import { operatorNameProblem } from './operator-names.ts';
import { PasswordWorkLimiter } from './password-work-limiter.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { TokenClaims, TokenService, TokenVersions } from './tokens.ts';

/**
 * The caller of a request, once its token checked out against a user that exists, with
 * the password and sign-out versions it logged in under (a session of earlier ones ends).
 */
export type Caller = TokenClaims;

/**
 * Why a token is not a caller: see TokenService.examine, and `sessionEnded` for
 * 'revoked' and 'signed-out'.
 */
export type TokenRefusal = 'expired' | 'revoked' | 'signed-out' | 'forged' | 'foreign' | 'malformed';

/**
 * Whether the sessions of tokens issued under `versions` have ended: 'revoked' when the
 * user's password was set since, 'signed-out' when the user logged out everywhere since
 * (an unknown user: 'revoked'); undefined while they last.
 */
export function sessionEnded(user: User | undefined, versions: TokenVersions): 'revoked' | 'signed-out' | undefined {
  if (user === undefined || user.passwordVersion !== versions.passwordVersion) return 'revoked';
  if (user.signOutVersion !== versions.signOutVersion) return 'signed-out';
  return undefined;
}

export interface RegisteredUser {
  readonly userId: string;
  readonly username: string;
  readonly createdTs: number;
}

export interface LoginResult extends Caller {
  readonly token: string;
}

/**
 * Registration, login and token checks, shared by the HTTP and WebSocket adapters.
 * Hashing happens here, outside the core; the core receives the finished hash in a
 * journaled `user.register` command.
 */
export class AuthService {
  constructor(
    private readonly exchange: Exchange,
    readonly tokens: TokenService,
    private readonly limiter: LoginLimiter,
    private readonly passwordWork = new PasswordWorkLimiter(),
    /** How a password is checked against its hash (tests step in between). */
    private readonly verify: (password: string, hash: string) => Promise<boolean> = verifyPassword,
  ) {}

  /**
   * `address`: the client's, when a client registers itself (the configured admin and
   * enrolled users are registered by the exchange and its operators, who may give names
   * a trader may not take: operatorNameProblem).
   */
  async register(username: string, password: string, role: 'user' | 'admin' = 'user', address?: string): Promise<RegisteredUser> {
    if (address !== undefined) {
      const problem = operatorNameProblem(username);
      if (problem !== '') throw new ApiError(ResultCode.ParameterError, problem);
      await this.allowPasswordWork(address, ResultCode.PermissionDenied);
    }
    const passwordHash = await hashPassword(password);
    const { result, stamped } = await this.exchange.submit({ type: 'user.register', userId: randomUUID(), username, passwordHash, role });
    if (result.code !== ResultCode.Success) throw new ApiError(result.code, result.message);
    const event = result.events.find((e) => e.type === 'user.registered');
    if (event?.type !== 'user.registered') throw new ApiError(ResultCode.InternalError, 'registration produced no user');
    return { userId: event.userId, username: event.username, createdTs: stamped.ts };
  }

  /**
   * Wrong username and wrong password answer alike (1002), after the same password check,
   * so names cannot be told apart by the answer or its time.
   */
  async login(username: string, password: string, address: string): Promise<LoginResult> {
    await this.allowPasswordWork(address, ResultCode.AuthenticationFailed);
    const user = this.exchange.state.usersByName.get(usernameKey(username));
    let version = 0;
    let signOutVersion = 0;
    const { ok, retryAfter } = await this.limiter.attempt(username, address, async () => {
      if (user === undefined) {
        await this.verify(password, await unknownUserHash());
        return false;
      }
      version = user.passwordVersion;
      signOutVersion = user.signOutVersion;
      return this.verify(password, user.passwordHash);
    });
    if (retryAfter > 0) {
      throw new ApiError(ResultCode.AuthenticationFailed, `too many failed logins; try again in ${retryAfter} s`, TOO_MANY_REQUESTS, retryAfter);
    }
    if (!ok || user === undefined) throw new ApiError(ResultCode.AuthenticationFailed, 'wrong username or password');
    // The password checked was replaced while it was checked: it no longer logs in.
    if (user.passwordVersion !== version) throw new ApiError(ResultCode.AuthenticationFailed, 'the password was changed while it was checked: log in with the new one');
    // So did a log out everywhere: it ends the sessions begun before it, this one too.
    if (user.signOutVersion !== signOutVersion) throw new ApiError(ResultCode.AuthenticationFailed, 'every session of this user was ended while the login was checked: log in again');
    return this.loggedIn(user, version, signOutVersion);
  }

  /**
   * A user's own change of password: the current one is checked as a login's is (and
   * limited alike), and must still be in force when the change applies. Every token
   * issued before is refused from then on, the caller's own included: the answer carries
   * a new one.
   */
  async changePassword(userId: string, current: string, next: string, address: string): Promise<LoginResult> {
    if (next === current) throw new ApiError(ResultCode.ParameterError, 'new_password is the current password: choose another');
    const check = await this.checkPassword(userId, current, address);
    if (check.retryAfter > 0) {
      throw new ApiError(ResultCode.AuthenticationFailed, `too many password checks; try again in ${check.retryAfter} s`, TOO_MANY_REQUESTS, check.retryAfter);
    }
    if (!check.ok) throw new ApiError(ResultCode.AuthenticationFailed, 'password is not the current password');
    // Hashing the new one costs what a check does: it is charged alike.
    await this.allowPasswordWork(address, ResultCode.AuthenticationFailed);
    // The new token is of the sign-out version the change was asked under: a log out
    // everywhere that comes before the answer ends it too.
    const signOutVersion = this.exchange.state.users.get(userId)?.signOutVersion ?? 0;
    const { user, passwordVersion } = await this.setPassword(userId, next, userId, check.version);
    return this.loggedIn(user, passwordVersion, signOutVersion);
  }

  /**
   * A user's own "log out everywhere", asked with its password (checked as a login's is,
   * and limited alike): every token issued before is refused from then on, the caller's
   * own included, and its DIFF sessions are closed. The answer carries a new token, so
   * the client that asked stays logged in; it drops the token to leave too.
   */
  async logOutEverywhere(userId: string, password: string, address: string): Promise<LoginResult> {
    const check = await this.checkPassword(userId, password, address);
    if (check.retryAfter > 0) {
      throw new ApiError(ResultCode.AuthenticationFailed, `too many password checks; try again in ${check.retryAfter} s`, TOO_MANY_REQUESTS, check.retryAfter);
    }
    if (!check.ok) throw new ApiError(ResultCode.AuthenticationFailed, 'password is not the current password');
    const { user, signOutVersion } = await this.endSessions(userId, userId);
    // The sessions ended all the same; a new token is for the password that was checked.
    if (user.passwordVersion !== check.version) throw new ApiError(ResultCode.AuthenticationFailed, 'the password was changed while it was checked: log in with the new one');
    return this.loggedIn(user, check.version, signOutVersion);
  }

  /**
   * Ends every session of a user (`byUserId` is the user itself or an operator): every
   * token issued to it before is refused from then on, and its DIFF sessions are closed,
   * while its password stays. Answered once they are closed, with the sign-out version
   * this gave the user (a token of it must not be one of a later log out).
   */
  async endSessions(userId: string, byUserId: string): Promise<{ readonly user: User; readonly signOutVersion: number }> {
    const { result } = await this.exchange.submit({ type: 'user.end-sessions', userId, byUserId }, { afterPublication: true });
    if (result.code !== ResultCode.Success) throw new ApiError(result.code, result.message);
    const event = result.events.find((e) => e.type === 'user.sessions-ended');
    const user = this.exchange.state.users.get(userId);
    if (event?.type !== 'user.sessions-ended' || user === undefined) throw new ApiError(ResultCode.InternalError, 'ending the sessions produced no new version');
    return { user, signOutVersion: event.signOutVersion };
  }

  /**
   * Sets a user's password (an operator's reset: `byUserId` is the operator's; '' for the
   * exchange itself), if its password version is still
   * `ifVersion` when given: every token issued to the user before is refused from then
   * on. The user, and the version this change gave it (another may follow before the
   * answer: a token of this change must not be one of the next).
   */
  async setPassword(userId: string, password: string, byUserId: string, ifVersion?: number): Promise<{ readonly user: User; readonly passwordVersion: number }> {
    const passwordHash = await hashPassword(password);
    // Answered once the DIFF sessions of the old password are closed (they close when
    // the change is published), not merely once it is durable.
    const command = { type: 'user.set-password', userId, passwordHash, byUserId, ...(ifVersion !== undefined && { ifVersion }) } as const;
    const { result } = await this.exchange.submit(command, { afterPublication: true });
    if (result.code !== ResultCode.Success) throw new ApiError(result.code, result.message);
    const event = result.events.find((e) => e.type === 'user.password-set');
    const user = this.exchange.state.users.get(userId);
    if (event?.type !== 'user.password-set' || user === undefined) throw new ApiError(ResultCode.InternalError, 'the change of password produced no new version');
    return { user, passwordVersion: event.passwordVersion };
  }

  private loggedIn(user: User, passwordVersion: number, signOutVersion: number): LoginResult {
    const caller: Caller = { userId: user.userId, username: user.username, role: user.role, passwordVersion, signOutVersion };
    return { ...caller, token: this.tokens.issue(caller, caller) };
  }

  /**
   * The caller behind a bearer token, or why the token or its user is not valid (see
   * TokenService.examine): 'revoked' when the user's password was set after the token
   * was issued, 'signed-out' when the user logged out everywhere since.
   */
  examine(token: string): Caller | TokenRefusal {
    const claims = this.tokens.examine(token);
    if (typeof claims !== 'object') return claims;
    const user = this.exchange.state.users.get(claims.userId);
    if (user === undefined) return 'foreign';
    const ended = sessionEnded(user, claims);
    if (ended !== undefined) return ended;
    // The role is read from the state, so a demotion takes effect before the token expires.
    return { userId: user.userId, username: user.username, role: user.role, passwordVersion: user.passwordVersion, signOutVersion: user.signOutVersion };
  }

  /**
   * A check of a user's login password outside login (bank transfers ask for it), limited
   * like logins: `retryAfter` > 0 means it was not checked. `version`: the password
   * version the check was made against.
   */
  async checkPassword(userId: string, password: string, address: string): Promise<{ readonly ok: boolean; readonly retryAfter: number; readonly version: number }> {
    const user = this.exchange.state.users.get(userId);
    if (user === undefined) return { ok: false, retryAfter: 0, version: 0 };
    const wait = await this.passwordWork.take(address);
    if (wait > 0) return { ok: false, retryAfter: wait, version: user.passwordVersion };
    let version = user.passwordVersion;
    const verdict = await this.limiter.attempt(user.username, address, () => {
      version = user.passwordVersion;
      return this.verify(password, user.passwordHash);
    });
    return { ...verdict, version };
  }

  /** Refuses (HTTP 429) when `address` has had its share of password hashing (see PasswordWorkLimiter). */
  private async allowPasswordWork(address: string, code: ResultCode): Promise<void> {
    const wait = await this.passwordWork.take(address);
    if (wait > 0) throw new ApiError(code, `too many password checks from this address; try again in ${wait} s`, TOO_MANY_REQUESTS, wait);
  }
}

/** A hash no password matches, checked for unknown names so they cost what known ones do. */
let unknownUser: Promise<string> | undefined;
function unknownUserHash(): Promise<string> {
  return (unknownUser ??= hashPassword(randomUUID()));
}
