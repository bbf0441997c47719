import { randomBytes } from 'node:crypto';
import type { AuthService } from './auth-service.ts';
import type { CoreState } from '../../core/index.ts';

/**
 * Makes sure an administrator exists (DECISIONS.md): the configured ADMIN_USERNAME /
 * ADMIN_PASSWORD, or, when none is configured and no admin exists yet, `admin` with a
 * random password printed once. An existing user of that name is left as it is.
 */
export async function ensureAdmin(
  auth: AuthService,
  state: CoreState,
  configured: { readonly username?: string; readonly password?: string },
  log: (line: string) => void,
): Promise<void> {
  if (configured.username !== undefined && configured.password !== undefined) {
    const existing = state.usersByName.get(configured.username.toLowerCase());
    if (existing === undefined) {
      await auth.register(configured.username, configured.password, 'admin');
      log(`auth: created the configured admin user "${configured.username}"`);
    } else if (existing.role !== 'admin') {
      log(`auth: user "${configured.username}" exists without the admin role; it is left unchanged`);
    }
    return;
  }
  for (const user of state.users.values()) if (user.role === 'admin') return;
  // A user may already have taken the name "admin"; the administrator then gets a suffix.
  const username = state.usersByName.has('admin') ? `admin-${randomBytes(3).toString('hex')}` : 'admin';
  const password = randomBytes(12).toString('base64url');
  await auth.register(username, password, 'admin');
  log(`auth: created user "${username}" with password ${password} (shown once; set ADMIN_USERNAME / ADMIN_PASSWORD to choose)`);
}
