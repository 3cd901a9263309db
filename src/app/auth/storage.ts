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

/** `users` from session storage; missing or unparsable → one empty user (unparsable also logs an error). */
export function readUsers(storage: Storage = sessionStorage): StoredUser[] {
  const raw = storage.getItem('users');
  if (raw === null) return [emptyUser()];
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (!Array.isArray(parsed) || parsed.length === 0) throw new Error('users is not a non-empty list');
    return parsed.map((u) => ({ id: String(u?.id ?? newId()), username: String(u?.username ?? ''), token: String(u?.token ?? '') }));
  } catch (err) {
    console.error('Stored users could not be read; using one empty user.', err);
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
