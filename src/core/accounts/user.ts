export type Role = 'user' | 'admin';

/**
 * A registered user. The password arrives already hashed (slow, salted hashing is random
 * and belongs outside the core); the core only keeps the hash for login checks.
 */
export class User {
  readonly accountIds: string[] = [];

  constructor(
    readonly userId: string,
    readonly username: string,
    public passwordHash: string,
    public role: Role,
    /** Epoch ms of registration. */
    readonly createdTs: number,
  ) {}
}
