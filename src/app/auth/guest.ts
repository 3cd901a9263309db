import { useMemo, useSyncExternalStore } from 'react';
import { GUEST_KEY, parseGuest, storedGuest, type GuestSession } from './guest-mark';

/**
 * A guest at a table (auth/guest): the gateway keeps the guest's session in its HttpOnly cookie as for a
 * sign-in, and the app keeps what the answer says of it (first name, table, place, end) in the tab's
 * sessionStorage (guest-mark.ts). That marks the app as a guest's: only the ordering pages, no member
 * navigation. It ends when the session does, when a member signs in, or when the tab closes.
 */
export type { GuestSession };

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

export function saveGuest(guest: GuestSession): void {
  try {
    sessionStorage.setItem(GUEST_KEY, JSON.stringify(guest));
  } catch {
    // not kept (guest-mark.ts)
  }
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The guest session, re-rendering when it starts or ends. */
export function useGuest(): GuestSession | null {
  const raw = useSyncExternalStore(subscribe, storedGuest, () => null);
  return useMemo(() => parseGuest(raw), [raw]);
}
