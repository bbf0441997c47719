/** The DIFF address on the page's own origin (the HTTP server forwards it to the DIFF server). */
export function diffUrl(identity?: { userId: string; token: string }): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const query = identity === undefined ? '' : `?user_id=${encodeURIComponent(identity.userId)}&access_token=${encodeURIComponent(identity.token)}`;
  return `${scheme}://${location.host}/ws/diff${query}`;
}
