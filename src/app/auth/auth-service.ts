import { randomUUID } from 'node:crypto';
import { ResultCode, usernameKey } from '../../core/index.ts';
import { ApiError, TOO_MANY_REQUESTS } from '../../protocol/index.ts';
import type { Exchange } from '../exchange.ts';
import type { LoginLimiter } from './login-limiter.ts';
import { PasswordWorkLimiter } from './password-work-limiter.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { TokenClaims, TokenService } from './tokens.ts';

/** The caller of a request, once its token checked out against a user that exists. */
export type Caller = TokenClaims;

export interface RegisteredUser {
  readonly userId: string;
  readonly username: string;
  readonly createdTs: number;
}

export interface LoginResult {
  readonly userId: string;
  readonly username: string;
  readonly role: 'user' | 'admin';
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
  ) {}

  /** `address`: the client's, when a client asks (the configured admin is registered by the exchange itself). */
  async register(username: string, password: string, role: 'user' | 'admin' = 'user', address?: string): Promise<RegisteredUser> {
    if (address !== undefined) await this.allowPasswordWork(address, ResultCode.PermissionDenied);
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
    const { ok, retryAfter } = await this.limiter.attempt(username, address, async () => {
      const valid = await verifyPassword(password, user?.passwordHash ?? (await unknownUserHash()));
      return user !== undefined && valid;
    });
    if (retryAfter > 0) {
      throw new ApiError(ResultCode.AuthenticationFailed, `too many failed logins; try again in ${retryAfter} s`, TOO_MANY_REQUESTS, retryAfter);
    }
    if (!ok || user === undefined) throw new ApiError(ResultCode.AuthenticationFailed, 'wrong username or password');
    const claims: TokenClaims = { userId: user.userId, username: user.username, role: user.role };
    return { ...claims, token: this.tokens.issue(claims) };
  }

  /** The caller behind a bearer token, or undefined when the token or its user is not valid. */
  authenticate(token: string): Caller | undefined {
    const verdict = this.examine(token);
    return typeof verdict === 'object' ? verdict : undefined;
  }

  /** As `authenticate`, saying why a token is refused (see TokenService.examine). */
  examine(token: string): Caller | 'expired' | 'foreign' | 'malformed' {
    const claims = this.tokens.examine(token);
    if (typeof claims !== 'object') return claims;
    const user = this.exchange.state.users.get(claims.userId);
    if (user === undefined) return 'foreign';
    // The role is read from the state, so a demotion takes effect before the token expires.
    return { userId: user.userId, username: user.username, role: user.role };
  }

  /**
   * A check of a user's login password outside login (bank transfers ask for it), limited
   * like logins: `retryAfter` > 0 means it was not checked.
   */
  async checkPassword(userId: string, password: string, address: string): Promise<{ readonly ok: boolean; readonly retryAfter: number }> {
    const user = this.exchange.state.users.get(userId);
    if (user === undefined) return { ok: false, retryAfter: 0 };
    const wait = await this.passwordWork.take(address);
    if (wait > 0) return { ok: false, retryAfter: wait };
    return this.limiter.attempt(user.username, address, () => verifyPassword(password, user.passwordHash));
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
