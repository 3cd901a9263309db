/**
 * The stored client state SPEC.md names, kept exactly (key names, defaults, what clears what).
 * None of it is a secret: the session itself is the gateway's HttpOnly cookie. `token` fields and
 * `authToken` hold only the marker SESSION_IN_COOKIE, never a credential.
 */

export interface StoredUser {
  id: string;
  username: string;
  token: string;
}

export interface AuthUserData {
  ID: number;
  name?: string;
}

export const SESSION_IN_COOKIE = 'httponly-cookie';
export const USERS_COOKIE = 'users';
const LOCAL_KEYS_CLEARED_ON_LOGOUT = ['token', 'role', 'isAuth', 'authToken', 'authUserData'] as const;
/** What the token-expiry path clears: the session keys, authToken and authUserData. */
const SESSION_KEYS = ['users', 'user-id', 'user-email', 'user-wallet', 'isMobile'] as const;

function newId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : String(Date.now());
}

export const emptyUser = (): StoredUser => ({ id: newId(), username: '', token: '' });

function isStoredUser(u: unknown): u is StoredUser {
  if (typeof u !== 'object' || u === null) return false;
  const { id, username, token } = u as Record<string, unknown>;
  return typeof id === 'string' && id !== '' && typeof username === 'string' && typeof token === 'string';
}

type UsersRead = { state: 'ok'; users: StoredUser[] } | { state: 'missing' } | { state: 'invalid'; reason: unknown };

function parseUsers(raw: string | null): UsersRead {
  if (raw === null) return { state: 'missing' };
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (!Array.isArray(parsed) || parsed.length === 0) return { state: 'invalid', reason: 'users is not a non-empty list' };
    if (!parsed.every(isStoredUser)) return { state: 'invalid', reason: 'users holds an entry without a string id, username and token' };
    return { state: 'ok', users: parsed.map(({ id, username, token }) => ({ id, username, token })) };
  } catch (err) {
    return { state: 'invalid', reason: err };
  }
}

function usersOr(read: UsersRead): StoredUser[] {
  if (read.state === 'ok') return read.users;
  if (read.state === 'invalid') console.error('Stored users could not be read; using one empty user.', read.reason);
  return [emptyUser()];
}

/**
 * `users` from session storage (SPEC section 3): a list of {id, username, token}. Missing, unparsable or
 * not such a list → one empty user (all but missing also log an error).
 */
export function readUsers(storage: Storage = sessionStorage): StoredUser[] {
  return usersOr(parseUsers(storage.getItem('users')));
}

/**
 * At app start: read `users` and, when it was missing or garbage, store the one empty user in its place,
 * so garbage is reported once, now, and not at the next sign-in. A valid list is left untouched.
 * Storage the browser refuses (privacy modes) must not stop the app from starting.
 */
export function initStoredUsers(storage?: Storage): StoredUser[] {
  try {
    const store = storage ?? sessionStorage;
    const read = parseUsers(store.getItem('users'));
    const users = usersOr(read);
    if (read.state !== 'ok') store.setItem('users', JSON.stringify(users));
    return users;
  } catch {
    return [emptyUser()];
  }
}

export function readIsAuth(storage: Storage = localStorage): boolean {
  return storage.getItem('isAuth') === 'true';
}

export function readAuthUserData(storage: Storage = localStorage): AuthUserData | null {
  const raw = storage.getItem('authUserData');
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as AuthUserData;
    return typeof v?.ID === 'number' ? v : null;
  } catch {
    return null;
  }
}

export function hasUsersCookie(doc: Document = document): boolean {
  return doc.cookie.split(';').some((c) => c.trim().startsWith(`${USERS_COOKIE}=`));
}

/** Signed in when the `users` cookie and `authUserData` both exist (SPEC section 4). */
export function isSignedIn(doc: Document = document, local: Storage = localStorage): boolean {
  return hasUsersCookie(doc) && readAuthUserData(local) !== null;
}

export interface SignedInCustomer {
  id: number;
  name: string;
  email: string | null;
  wallet_balance: number;
}

/** After a sign-in: the stored state the guards and the token check read. */
export function saveSignIn(c: SignedInCustomer, opts: { doc?: Document; local?: Storage; session?: Storage; isMobile?: boolean; secure?: boolean } = {}): void {
  const doc = opts.doc ?? document;
  const local = opts.local ?? localStorage;
  const session = opts.session ?? sessionStorage;
  const users = readUsers(session);
  users[0] = { id: users[0]?.id ?? newId(), username: c.name, token: SESSION_IN_COOKIE };
  session.setItem('users', JSON.stringify(users));
  session.setItem('user-id', String(c.id));
  session.setItem('user-email', c.email ?? '');
  session.setItem('user-wallet', String(c.wallet_balance));
  session.setItem('isMobile', String(opts.isMobile ?? false));
  local.setItem('isAuth', 'true');
  local.setItem('token', SESSION_IN_COOKIE);
  local.setItem('authToken', SESSION_IN_COOKIE);
  local.setItem('role', 'customer');
  local.setItem('authUserData', JSON.stringify({ ID: c.id, name: c.name } satisfies AuthUserData));
  // The `users` cookie only says "someone signed in here"; the credential is the gateway's HttpOnly cookie.
  doc.cookie = `${USERS_COOKIE}=${c.id}; Path=/; Max-Age=${30 * 86400}; SameSite=Lax${opts.secure ? '; Secure' : ''}`;
}

function dropUsersCookie(doc: Document): void {
  doc.cookie = `${USERS_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
}

/** Logout: clear all session storage and the named local keys (SPEC section 4). */
export function clearOnLogout(opts: { doc?: Document; local?: Storage; session?: Storage } = {}): void {
  const local = opts.local ?? localStorage;
  (opts.session ?? sessionStorage).clear();
  for (const k of LOCAL_KEYS_CLEARED_ON_LOGOUT) local.removeItem(k);
  dropUsersCookie(opts.doc ?? document);
}

/** Token expiry: clear the session keys, authToken and authUserData (SPEC section 4). */
export function clearOnExpiry(opts: { doc?: Document; local?: Storage; session?: Storage } = {}): void {
  const local = opts.local ?? localStorage;
  const session = opts.session ?? sessionStorage;
  for (const k of SESSION_KEYS) session.removeItem(k);
  local.removeItem('authToken');
  local.removeItem('authUserData');
  local.setItem('isAuth', 'false');
  dropUsersCookie(opts.doc ?? document);
}
