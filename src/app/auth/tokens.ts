import { createSigner, createVerifier } from 'fast-jwt';

/** Who a request acts for, as its token says. */
export interface TokenClaims {
  readonly userId: string;
  readonly username: string;
  readonly role: 'user' | 'admin';
}

/**
 * Login tokens: HS256 JWTs with sub = user_id, username, role, iat and exp (DECISIONS.md).
 * Verified tokens are cached by fast-jwt (keyed by the token, bounded by its expiry), so
 * the hot order path does not recompute the HMAC per request.
 */
export class TokenService {
  private readonly sign: (payload: Record<string, unknown>) => string;
  private readonly verify: (token: string) => Record<string, unknown>;

  constructor(
    secret: string,
    readonly ttlMs: number,
    /** When tokens are issued (iat); expiry is checked against the wall clock. */
    private readonly now: () => number = Date.now,
  ) {
    this.sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: ttlMs });
    // fast-jwt keys its cache by a SHA-256 of the token (about a microsecond); a custom key
    // makes it print a security warning at every start, which operators rightly distrust.
    this.verify = createVerifier({ key: secret, algorithms: ['HS256'], cache: 10_000 });
  }

  issue(claims: TokenClaims): string {
    return this.sign({ sub: claims.userId, username: claims.username, role: claims.role, iat: Math.floor(this.now() / 1000) });
  }

  /** The claims of a valid, unexpired token; undefined for anything else. */
  check(token: string): TokenClaims | undefined {
    const verdict = this.examine(token);
    return typeof verdict === 'object' ? verdict : undefined;
  }

  /**
   * Why a token is or is not usable: its claims; 'expired' (ours, out of date);
   * 'foreign' (a well-formed JWT someone else signed, such as a client vendor's own
   * token); 'malformed' (not a JWT at all).
   */
  examine(token: string): TokenClaims | 'expired' | 'foreign' | 'malformed' {
    let payload: Record<string, unknown>;
    try {
      payload = this.verify(token);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'FAST_JWT_EXPIRED') return 'expired';
      if (code === 'FAST_JWT_MALFORMED' || code === 'FAST_JWT_INVALID_TYPE' || code === 'FAST_JWT_INVALID_PAYLOAD') return 'malformed';
      return 'foreign';
    }
    const { sub, username, role } = payload;
    if (typeof sub !== 'string' || typeof username !== 'string' || (role !== 'user' && role !== 'admin')) return 'foreign';
    return { userId: sub, username, role };
  }
}
