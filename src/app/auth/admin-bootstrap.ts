import { randomBytes } from 'node:crypto';
import type { AuthService } from './auth-service.ts';
import { verifyPassword } from './passwords.ts';
import { type CoreState, PASSWORD_MIN, ResultCode, usernameKey } from '../../core/index.ts';
import { ApiError } from '../../protocol/index.ts';

/**
 * Makes sure an administrator exists (DECISIONS.md): the configured ADMIN_USERNAME /
 * ADMIN_PASSWORD, or, when none is configured and no admin exists yet, `admin` with a
 * random password printed once. An existing admin of the configured name keeps its
 * password (a warning says when the configured one differs) unless `reset` asks for the
 * configured one (ADMIN_PASSWORD_RESET); a non-admin of that name stops the start.
 */
export async function ensureAdmin(
  auth: AuthService,
  state: CoreState,
  configured: { readonly username?: string; readonly password?: string; readonly reset?: boolean },
  log: (line: string) => void,
): Promise<void> {
  if (configured.username !== undefined && configured.password !== undefined) {
    const existing = state.usersByName.get(usernameKey(configured.username));
    if (existing === undefined) {
      if (configured.password.length < PASSWORD_MIN) throw new Error(`ADMIN_PASSWORD must be at least ${PASSWORD_MIN} characters to create the admin (as for any registration)`);
      await auth.register(configured.username, configured.password, 'admin');
      log(`auth: created the configured admin user "${configured.username}"`);
    } else if (existing.role !== 'admin') {
      // Anyone may have registered the name first: starting would leave no admin one can log in as.
      throw new Error(`ADMIN_USERNAME "${configured.username}" is a user without the admin role (registered before it was configured); choose another name`);
    } else if (!(await verifyPassword(configured.password, existing.passwordHash))) {
      if (configured.reset === true) {
        // The configuration refuses it first; a caller that skipped it still cannot set one.
        if (configured.password.length < PASSWORD_MIN) throw new Error(`ADMIN_PASSWORD must be at least ${PASSWORD_MIN} characters to be set with ADMIN_PASSWORD_RESET`);
        await auth.setPassword(existing.userId, configured.password, '');
        log(`auth: the password of the admin "${configured.username}" was set to ADMIN_PASSWORD (ADMIN_PASSWORD_RESET); its earlier sessions are ended. Unset ADMIN_PASSWORD_RESET now, or every start will undo the admin's own changes`);
      } else {
        log(`auth: WARNING: ADMIN_PASSWORD is not the password of the admin "${configured.username}"; the stored password stays in force (start once with ADMIN_PASSWORD_RESET=1 to set it)`);
      }
    }
    return;
  }
  for (const user of state.users.values()) if (user.role === 'admin') return;
  // A user may already have taken the name "admin", even while this runs (the ports are
  // open by now): the administrator then gets a suffix.
  const suffixed = () => `admin-${randomBytes(3).toString('hex')}`;
  let username = state.usersByName.has('admin') ? suffixed() : 'admin';
  const password = randomBytes(12).toString('base64url');
  for (let attempt = 1; ; attempt++) {
    try {
      await auth.register(username, password, 'admin');
      break;
    } catch (error) {
      if (!(error instanceof ApiError && error.code === ResultCode.AccountExists) || attempt === 5) throw error;
      username = suffixed();
    }
  }
  log(`auth: created user "${username}" with password ${password} (shown once; set ADMIN_USERNAME / ADMIN_PASSWORD to choose)`);
}
