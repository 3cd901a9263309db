import { useMemo, useSyncExternalStore } from 'react';
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

// storage refused (a private window): no guest session is kept, and the choice is offered again
function stored(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

function parse(raw: string | null): GuestSession | null {
  try {
    const v = raw ? (JSON.parse(raw) as GuestSession) : null;
    return v && Date.parse(v.expires_at) > Date.now() ? v : null;
  } catch {
    return null;
  }
}

function keep(raw: string | null): void {
  try {
    if (raw === null) sessionStorage.removeItem(KEY);
    else sessionStorage.setItem(KEY, raw);
  } catch {
    // not kept (see stored)
  }
  listeners.forEach((l) => l());
}

export const saveGuest = (guest: GuestSession) => keep(JSON.stringify(guest));
/** A member signed in, or the guest left: the app is no longer a guest's. */
export const endGuest = () => keep(null);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The guest session, re-rendering when it starts or ends. */
export function useGuest(): GuestSession | null {
  const raw = useSyncExternalStore(subscribe, stored, () => null);
  return useMemo(() => parse(raw), [raw]);
}
