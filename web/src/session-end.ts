/**
 * A refusal of the session's token (expired, password changed: "...: log in again"),
 * over HTTP or DIFF. The session logs out and the login page says why; a toast of it
 * from each request in flight only repeated that, three times at once.
 */
export function endsTheSession(code: number, message: string): boolean {
  return code === 1002 && /log in again$/.test(message);
}
