import { createDecoder, createSigner, createVerifier } from 'fast-jwt';

/** Who a request acts for, as its token says. */
export interface TokenSubject {
  readonly userId: string;
  readonly username: string;
  readonly role: 'user' | 'admin';
}

/** What a user did to its tokens when one was issued: a token of earlier versions is refused. */
export interface TokenVersions {
  /** The user's password version (claim pwv; 0 when absent). */
  readonly passwordVersion: number;
  /** How many times the user had logged out everywhere (claim sov; 0 when absent). */
  readonly signOutVersion: number;
}

export interface TokenClaims extends TokenSubject, TokenVersions {}

const FIRST_VERSIONS: TokenVersions = { passwordVersion: 0, signOutVersion: 0 };

/** Verified tokens remembered at most; the oldest is forgotten first. */
const VERIFIED_CACHE_SIZE = 10_000;

/**
 * Login tokens: HS256 JWTs with sub = user_id, username, role, iat and exp (DECISIONS.md),
 * pwv, the user's password version, and sov, its sign-out version (a token of an earlier
 * version of either is refused).
 * Verified tokens are remembered by their full text until they expire, so the hot order
 * path neither recomputes the HMAC nor hashes the token per request. (fast-jwt's own
 * cache keys by a SHA-256 of the token, which cost 3-4 µs per request, a twentieth of a
 * durable submit; keying it by the token itself makes it print a warning at every start.
 * A map keyed by the whole token has no collisions to warn about.)
 */
export class TokenService {
  private readonly sign: (payload: Record<string, unknown>) => string;
  private readonly verify: (token: string) => Record<string, unknown>;
  /** Valid tokens and when they expire (ms of the wall clock, as fast-jwt checks it). */
  private readonly verified = new Map<string, { readonly claims: TokenClaims; readonly expiresMs: number }>();

  constructor(
    secret: string,
    readonly ttlMs: number,
    /** When tokens are issued (iat); expiry is checked against the wall clock. */
    private readonly now: () => number = Date.now,
  ) {
    this.sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: ttlMs });
    this.verify = createVerifier({ key: secret, algorithms: ['HS256'] });
  }

  issue(subject: TokenSubject, versions: TokenVersions = FIRST_VERSIONS): string {
    return this.sign({
      sub: subject.userId,
      username: subject.username,
      role: subject.role,
      pwv: versions.passwordVersion,
      sov: versions.signOutVersion,
      iat: Math.floor(this.now() / 1000),
    });
  }

  /**
   * Why a token is or is not usable: its claims; 'expired' (ours, out of date);
   * 'forged' (claims shaped as this exchange's, under a signature that does not verify:
   * altered, or signed with another secret, e.g. before a data folder was restored
   * elsewhere); 'foreign' (a well-formed JWT someone else signed, such as a client
   * vendor's own token); 'malformed' (not a JWT at all).
   */
  examine(token: string): TokenClaims | 'expired' | 'forged' | 'foreign' | 'malformed' {
    const known = this.verified.get(token);
    if (known !== undefined) {
      if (Date.now() < known.expiresMs) return known.claims;
      this.verified.delete(token);
    }
    let payload: Record<string, unknown>;
    try {
      payload = this.verify(token);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'FAST_JWT_EXPIRED') return 'expired';
      if (code === 'FAST_JWT_MALFORMED' || code === 'FAST_JWT_INVALID_TYPE' || code === 'FAST_JWT_INVALID_PAYLOAD') return 'malformed';
      return looksIssuedHere(decodeUnverified(token)) ? 'forged' : 'foreign';
    }
    const claims = claimsIn(payload);
    if (claims === undefined) return 'foreign';
    this.remember(token, claims, payload.exp);
    return claims;
  }

  private remember(token: string, claims: TokenClaims, exp: unknown): void {
    // Tokens without an expiry are not remembered: each use is verified again.
    if (typeof exp !== 'number') return;
    if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value!);
    this.verified.set(token, { claims, expiresMs: exp * 1000 });
  }
}

const decoder = createDecoder();

/** A JWT's payload read without checking its signature (only to tell what kind of token failed). */
function decodeUnverified(token: string): unknown {
  try {
    return decoder(token);
  } catch {
    return undefined;
  }
}

/**
 * Whether a payload has every claim this exchange writes, the password version included
 * (a vendor's token that happens to carry sub, username and role has none).
 */
function looksIssuedHere(payload: unknown): boolean {
  return claimsIn(payload) !== undefined && Object.hasOwn(payload as object, 'pwv');
}

/** The claims this exchange issues, if the payload has them. */
function claimsIn(payload: unknown): TokenClaims | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const { sub, username, role, pwv = 0, sov = 0 } = payload as Record<string, unknown>;
  if (typeof sub !== 'string' || typeof username !== 'string' || (role !== 'user' && role !== 'admin')) return undefined;
  // Tokens issued before versions existed have none: version 0, the password of
  // registration, and no sign-out.
  if (!isVersion(pwv) || !isVersion(sov)) return undefined;
  return { userId: sub, username, role, passwordVersion: pwv, signOutVersion: sov };
}

function isVersion(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0;
}
