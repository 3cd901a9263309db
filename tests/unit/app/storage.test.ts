// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearOnExpiry,
  clearOnLogout,
  initStoredUsers,
  isSignedIn,
  readAuthUserData,
  readIsAuth,
  readUsers,
  saveSignIn,
  SESSION_IN_COOKIE,
} from '../../../src/app/auth/storage';
import { saveStoredName } from '../../../src/app/auth/stored-name';

const customer = { id: 42, name: 'Ana Santos', email: 'ana@example.com', wallet_balance: 50000 };

function clearCookies() {
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`;
  }
}

describe('stored auth state', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    clearCookies();
  });
  afterEach(() => vi.restoreAllMocks());

  it('a name changed in the profile is the stored one too, the rest kept', () => {
    saveSignIn(customer);
    const before = readUsers()[0]!;
    saveStoredName('Ana Reyes');
    expect(readUsers()).toEqual([{ ...before, username: 'Ana Reyes' }]);
    expect(readAuthUserData()).toEqual({ ID: 42, name: 'Ana Reyes' });
    expect(sessionStorage.getItem('user-id')).toBe('42');
    expect(isSignedIn()).toBe(true);
  });

  it('uses one empty user when users is missing', () => {
    const users = readUsers();
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ username: '', token: '' });
    expect(users[0]!.id).toBeTruthy();
  });

  it('uses one empty user and logs an error when users is unparsable', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    sessionStorage.setItem('users', '{not json');
    const users = readUsers();
    expect(users).toHaveLength(1);
    expect(users[0]!.username).toBe('');
    expect(error).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['unparsable', '{not json'],
    ['not a list', '{"id":"a","username":"","token":""}'],
    ['an empty list', '[]'],
    ['entries without id, username and token', '[{"name":"Ana"}]'],
    ['an id that is not a string', '[{"id":7,"username":"Ana","token":"t"}]'],
  ])('at start, users that are %s are reported once and replaced by one empty user in storage', (_what, garbage) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    sessionStorage.setItem('users', garbage);
    const users = initStoredUsers();
    expect(error).toHaveBeenCalledTimes(1);
    const stored = JSON.parse(sessionStorage.getItem('users')!) as unknown;
    expect(stored).toEqual([{ id: expect.any(String), username: '', token: '' }]);
    expect((stored as { id: string }[])[0]!.id).not.toBe('');
    expect(stored).toEqual(users);
    // what start stored is now valid: reading it again, or signing in, logs nothing more
    expect(readUsers()).toEqual(users);
    saveSignIn(customer);
    expect(error).toHaveBeenCalledTimes(1);
    expect(readUsers()).toEqual([{ id: users[0]!.id, username: 'Ana Santos', token: SESSION_IN_COOKIE }]);
  });

  it('at start, missing users become one empty user in storage, without an error', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const users = initStoredUsers();
    expect(error).not.toHaveBeenCalled();
    expect(JSON.parse(sessionStorage.getItem('users')!)).toEqual(users);
    expect(users).toEqual([{ id: expect.any(String), username: '', token: '' }]);
  });

  it('at start, a valid users list is kept exactly as stored', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const raw = JSON.stringify([
      { id: 'u-1', username: 'Ana Santos', token: SESSION_IN_COOKIE },
      { id: 'u-2', username: '', token: '' },
    ]);
    sessionStorage.setItem('users', raw);
    const users = initStoredUsers();
    expect(error).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('users')).toBe(raw);
    expect(users).toEqual(JSON.parse(raw));
  });

  it('gives each start-up empty user its own id', () => {
    const first = initStoredUsers()[0]!.id;
    sessionStorage.clear();
    expect(initStoredUsers()[0]!.id).not.toBe(first);
  });

  it('isAuth is false by default', () => {
    expect(readIsAuth()).toBe(false);
  });

  it('is signed in only when the users cookie and authUserData both exist', () => {
    expect(isSignedIn()).toBe(false);
    saveSignIn(customer);
    expect(isSignedIn()).toBe(true);
    localStorage.removeItem('authUserData');
    expect(isSignedIn()).toBe(false);
    saveSignIn(customer);
    clearCookies();
    expect(isSignedIn()).toBe(false);
  });

  it('stores no credential, only a marker that the session is in the HttpOnly cookie', () => {
    saveSignIn(customer);
    expect(JSON.parse(localStorage.getItem('authUserData')!)).toEqual({ ID: 42, name: 'Ana Santos' });
    expect(localStorage.getItem('authToken')).toBe(SESSION_IN_COOKIE);
    expect(readUsers()[0]).toMatchObject({ username: 'Ana Santos', token: SESSION_IN_COOKIE });
    expect(sessionStorage.getItem('user-id')).toBe('42');
    expect(sessionStorage.getItem('user-email')).toBe('ana@example.com');
    expect(sessionStorage.getItem('user-wallet')).toBe('50000');
    expect(localStorage.getItem('isAuth')).toBe('true');
  });

  it('logout clears all session storage and the named local keys, keeping others', () => {
    saveSignIn(customer);
    localStorage.setItem('siteLogo', '/logo.svg');
    sessionStorage.setItem('something-else', 'x');
    clearOnLogout();
    expect(sessionStorage.length).toBe(0);
    for (const k of ['token', 'role', 'isAuth', 'authToken', 'authUserData']) expect(localStorage.getItem(k)).toBeNull();
    expect(localStorage.getItem('siteLogo')).toBe('/logo.svg');
    expect(isSignedIn()).toBe(false);
  });

  it('expiry clears the session keys, authToken and authUserData', () => {
    saveSignIn(customer);
    sessionStorage.setItem('unrelated', 'kept');
    localStorage.setItem('role', 'customer');
    clearOnExpiry();
    for (const k of ['users', 'user-id', 'user-email', 'user-wallet', 'isMobile']) expect(sessionStorage.getItem(k)).toBeNull();
    expect(sessionStorage.getItem('unrelated')).toBe('kept');
    expect(localStorage.getItem('authToken')).toBeNull();
    expect(localStorage.getItem('authUserData')).toBeNull();
    expect(isSignedIn()).toBe(false);
  });
});
