/**
 * Who is logged in (token, user, role) and which trading account is selected; kept in
 * localStorage so a reload stays logged in. Logging in or out reconnects the DIFF
 * connection with the new identity.
 */
import { computed, reactive, ref, watch } from 'vue';
import type { AccountSummary } from './api/types';
import { ApiFailure, api, unwrap, useToken } from './api/client';
import { diff, PASSWORD_CHANGED_CLOSE_CODE, SIGNED_OUT_CLOSE_CODE } from './diff/connection';
import { diffUrl } from './diff/diff-url';

interface Stored {
  token: string;
  userId: string;
  username: string;
  role: string;
  accountId: string;
}

const STORAGE_KEY = 'basis.session';
const LAST_ACCOUNT_KEY = 'basis.account';
/** Why the last logout of this browser happened ('' when the trader asked for it). */
const LOGOUT_REASON_KEY = 'basis.logout-reason';

function restore(): Stored | undefined {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    return raw === null ? undefined : (JSON.parse(raw) as Stored);
  } catch {
    return undefined;
  }
}

export const session = reactive<{ current: Stored | undefined }>({ current: restore() });
export const loggedIn = computed(() => session.current !== undefined);
export const isAdmin = computed(() => session.current?.role === 'admin');

/** The logged-in user; pages behind the login guard may rely on it. */
export function me(): Stored {
  if (session.current === undefined) throw new Error('not logged in');
  return session.current;
}

export async function login(username: string, password: string): Promise<void> {
  const data = await unwrap(api.POST('/api/auth/login', { body: { username, password } }));
  // The watcher below hands the token over after this tick: the next call needs it now.
  useToken(data.token, checkStillLoggedIn);
  logoutReason.value = undefined;
  // The account first: the live data connects for the account selected, once.
  const user: Stored = { token: data.token, userId: data.user_id, username: data.username, role: data.role, accountId: '' };
  user.accountId = await preferredAccount(user);
  session.current = user;
}

/**
 * Changes the logged-in user's password. The server ends every earlier token, this one's
 * included, and answers a new one: it replaces the stored token (other tabs follow it
 * through storage, and the live data reconnects with it).
 */
export async function changePassword(current: string, next: string): Promise<void> {
  await replacingToken(unwrap(api.POST('/api/auth/password', { body: { password: current, new_password: next } })));
}

/**
 * Logs the user out of every other session (browsers, trading clients), asked with its
 * password. As with a change of password, the server ends every earlier token and answers
 * a new one for this page.
 */
export async function logOutEverywhere(password: string): Promise<void> {
  await replacingToken(unwrap(api.POST('/api/auth/logout-everywhere', { body: { password } })));
}

/** Stores the token `call` answers in place of the one it ends. */
async function replacingToken(call: Promise<{ token: string }>): Promise<void> {
  const user = session.current;
  if (user === undefined) throw new Error('not logged in');
  changing = call.catch(() => undefined);
  try {
    const data = await call;
    if (session.current !== user) return;
    useToken(data.token, checkStillLoggedIn);
    user.token = data.token;
  } finally {
    changing = undefined;
  }
}

/**
 * A change of password (or a log out everywhere) under way: the old token is refused from
 * the moment the change applies, before its answer brings the new one, so a 401 meanwhile
 * waits for it.
 */
let changing: Promise<unknown> | undefined;

/** The logged-in user's accounts (summaries), for choosing one. */
export const myAccounts = ref<AccountSummary[]>([]);

export async function loadMyAccounts(current = session.current): Promise<AccountSummary[]> {
  if (current === undefined) return [];
  const { accounts } = await unwrap(api.GET('/api/user/{user_id}/accounts', { params: { path: { user_id: current.userId } } }));
  // A login loads them before it is the session (the one before it ended: none).
  if (session.current === current || session.current === undefined) myAccounts.value = accounts;
  return accounts;
}

/** The account this user traded with last time in this browser, else the first one, else none. */
async function preferredAccount(user: Stored): Promise<string> {
  const accounts = await loadMyAccounts(user);
  const remembered = localStorage.getItem(`${LAST_ACCOUNT_KEY}.${user.userId}`);
  return accounts.find((a) => a.account_id === remembered)?.account_id ?? accounts[0]?.account_id ?? '';
}

export async function register(username: string, password: string): Promise<void> {
  await unwrap(api.POST('/api/auth/register', { body: { username, password } }));
  await login(username, password);
}

/** Why the last logout happened, when the trader did not ask for it (shown on the login page). */
export const logoutReason = ref<string | undefined>();

export function logout(reason?: string): void {
  logoutReason.value = reason;
  // Other tabs of the browser follow this logout (see the storage listener): they say why.
  localStorage.setItem(LOGOUT_REASON_KEY, reason ?? '');
  session.current = undefined;
  myAccounts.value = [];
}

let checking = false;

/** How long a page whose password was changed waits for another tab's new token before logging out. */
const ANOTHER_TAB_WAIT_MS = 3_000;

/** Resolves at the next change of the stored session (another tab's), or after `ms`. */
function storageChange(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('storage', listener);
      resolve();
    };
    const listener = (event: StorageEvent) => {
      if (event.key === STORAGE_KEY) done();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener('storage', listener);
  });
}

/**
 * A 401 means the token is gone (expired, secret changed) or a password in the request was
 * wrong (a bank transfer's login password): ask the server which before logging out.
 */
async function checkStillLoggedIn(): Promise<void> {
  const current = session.current;
  if (checking || current === undefined) return;
  const token = current.token;
  checking = true;
  try {
    await unwrap(api.GET('/api/auth/user/{user_id}', { params: { path: { user_id: current.userId } } }));
  } catch (error) {
    if (!(error instanceof ApiFailure && error.status === 401)) return;
    // A change of password replaces the token: this page's own (its answer may come after
    // the live data's close and this 401), or another tab's (its token comes through
    // storage, maybe after this 401). Only a token nobody replaced means logged out.
    await changing;
    const changed = /password was changed/.test(error.message);
    const signedOut = /logged out everywhere/.test(error.message);
    if ((changed || signedOut) && session.current === current) await storageChange(ANOTHER_TAB_WAIT_MS);
    // The storage listener below takes another tab's new token as the session.
    if (session.current !== current || current.token !== token) return;
    if (changed) logout('Your password was changed: log in with the new one.');
    else if (signedOut) logout('You were logged out of every session: log in again.');
    else logout('Your session has expired: log in again.');
  } finally {
    checking = false;
  }
}

// The server ends the live data of a password that was changed, or of a user who logged
// out everywhere: if that happened elsewhere, this token is refused too, and the trader is
// told why.
diff.onServerClose((code) => {
  if (code === PASSWORD_CHANGED_CLOSE_CODE || code === SIGNED_OUT_CLOSE_CODE) void checkStillLoggedIn();
});

// Another tab logged out, or in as someone else: this one follows, rather than trading on
// as a user the browser no longer holds.
window.addEventListener('storage', (event) => {
  if (event.key !== STORAGE_KEY) return;
  const stored = restore();
  if (stored?.token === session.current?.token) return;
  // A session the server ended ends in every tab at once: the first to learn it says why.
  if (stored === undefined) logout(localStorage.getItem(LOGOUT_REASON_KEY) || 'Logged out in another tab of this browser.');
  else if (session.current !== undefined && stored.userId !== session.current.userId) {
    // Another user now: every page, guard and table starts again as theirs.
    window.location.assign('/');
  } else session.current = stored;
});

export function selectAccount(accountId: string): void {
  if (session.current === undefined) return;
  session.current.accountId = accountId;
  localStorage.setItem(`${LAST_ACCOUNT_KEY}.${session.current.userId}`, accountId);
}

watch(
  () => session.current,
  (current) => {
    if (current === undefined) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, JSON.stringify(current));
    useToken(current?.token, checkStillLoggedIn);
    diff.open(diffUrl(current === undefined ? undefined : { userId: current.userId, token: current.token, accountId: current.accountId }));
  },
  { deep: true, immediate: true },
);
