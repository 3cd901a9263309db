import { readAuthUserData, readUsers, type AuthUserData } from './storage';

/**
 * After the customer changed their name in the profile: the stored state that holds it (SPEC section 3,
 * `users[0].username` and `authUserData.name`, written at sign-in by saveSignIn) says the new one. A module of
 * its own, beside storage.ts, so the sign-in page's first load does not carry it. Storage the browser
 * refuses (a private window) leaves it as it was: the profile's answer is what the app shows.
 */
export function saveStoredName(name: string, opts: { local?: Storage; session?: Storage } = {}): void {
  try {
    const local = opts.local ?? localStorage;
    const session = opts.session ?? sessionStorage;
    const users = readUsers(session);
    if (users[0]) users[0] = { ...users[0], username: name };
    session.setItem('users', JSON.stringify(users));
    const data = readAuthUserData(local);
    if (data) local.setItem('authUserData', JSON.stringify({ ...data, name } satisfies AuthUserData));
  } catch {
    // kept as it was
  }
}
