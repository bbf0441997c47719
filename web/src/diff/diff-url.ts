/**
 * The DIFF address on the page's own origin (the HTTP server forwards it to the DIFF
 * server), logged in by the token and showing the selected account (a new selection is a
 * new connection: DIFF shows one account per login).
 */
export function diffUrl(identity?: { userId: string; token: string; accountId: string }): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  let query = '';
  if (identity !== undefined) {
    query = `?user_id=${encodeURIComponent(identity.userId)}&access_token=${encodeURIComponent(identity.token)}`;
    if (identity.accountId !== '') query += `&account_id=${encodeURIComponent(identity.accountId)}`;
  }
  return `${scheme}://${location.host}/ws/diff${query}`;
}
