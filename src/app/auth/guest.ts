import { useSyncExternalStore } from 'react';
import type { GuestSessionData } from '#contract/tables';

/**
 * A guest at a table (auth/guest): the gateway keeps the guest's session in its HttpOnly cookie as for a
 * sign-in, and the app keeps what the answer says of it (first name, table, place, end) in the tab's
 * sessionStorage. That marks the app as a guest's: only the ordering pages, no member navigation. It
 * ends when the session does, when a member signs in, or when the tab closes.
 */
export type GuestSession = GuestSessionData['guest'];

const KEY = 'guest-session';
const listeners = new Set<() => void>();
let cached: { raw: string | null; value: GuestSession | null } = { raw: null, value: null };

function stored(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return cached.raw;
  }
}

function parse(raw: string | null): GuestSession | null {
  try {
    return raw ? (JSON.parse(raw) as GuestSession) : null;
  } catch {
    return null;
  }
}

function read(): GuestSession | null {
  const raw = stored();
  if (raw !== cached.raw) cached = { raw, value: parse(raw) };
  const v = cached.value;
  return v && typeof v.expires_at === 'string' && Date.parse(v.expires_at) > Date.now() ? v : null;
}

const notify = () => listeners.forEach((l) => l());

/** The guest session the app is in, or null (signed in, signed out, or the session ended). */
export const readGuest = read;

export function saveGuest(guest: GuestSession): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(guest));
  } catch {
    // storage refused (a private window): the session still works for this page's life
    cached = { raw: JSON.stringify(guest), value: guest };
  }
  notify();
}

/** A member signed in, or the guest left: the app is no longer a guest's. */
export function endGuest(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
  cached = { raw: null, value: null };
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The guest session, re-rendering when it starts or ends. */
export const useGuest = (): GuestSession | null => useSyncExternalStore(subscribe, read, () => null);
