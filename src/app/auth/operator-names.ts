/**
 * Names a trader may not register for itself: they read as the exchange's own staff. In
 * a class or a competition, a message from "admin" or "support" asking for a password is
 * believed. Operators may still give such names (the configured admin, an enrolment), and
 * names that merely contain them ("admin_fan") stay free. Compared ignoring case and the
 * separators a username may have, so "Ad.Min" and "ad_min" are "admin" too.
 */
const OPERATOR_NAMES: ReadonlySet<string> = new Set([
  'admin',
  'administrator',
  'root',
  'system',
  'sysadmin',
  'operator',
  'exchange',
  'basis',
  'support',
  'helpdesk',
  'official',
  'moderator',
  'staff',
  'riskcontrol',
  'settlement',
]);

/** '' when a trader may register `username`, else why not. */
export function operatorNameProblem(username: string): string {
  const bare = username.toLowerCase().replace(/[_.@-]/g, '');
  return OPERATOR_NAMES.has(bare) ? `username ${JSON.stringify(username)} reads as the exchange's own staff: choose another` : '';
}
