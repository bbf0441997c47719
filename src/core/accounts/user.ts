export type Role = 'user' | 'admin';

/**
 * How a username is looked up: ignoring the case of ASCII letters, the only letters a
 * username may have. String.toLowerCase would also fold other characters into them (the
 * Kelvin sign U+212A into "k"), so a name registration refuses could log in as another.
 */
export function usernameKey(username: string): string {
  return username.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/**
 * A registered user. The password arrives already hashed (slow, salted hashing is random
 * and belongs outside the core); the core only keeps the hash for login checks.
 */
export class User {
  readonly accountIds: string[] = [];
  /**
   * How many times the password was set since registration. Login tokens carry the
   * version they were issued under: a token of an earlier one is refused.
   */
  passwordVersion = 0;
  /** When the password was last set after registration (epoch ms; 0: never), and by whom ('' for the exchange itself). */
  passwordChangedTs = 0;
  passwordChangedBy = '';
  /**
   * How many times the user logged out everywhere (or an operator ended its sessions).
   * Login tokens carry it as they carry the password version: a token of an earlier one
   * is refused.
   */
  signOutVersion = 0;

  constructor(
    readonly userId: string,
    readonly username: string,
    public passwordHash: string,
    public role: Role,
    /** Epoch ms of registration. */
    readonly createdTs: number,
  ) {}
}
