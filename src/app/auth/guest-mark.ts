import type { GuestSessionData } from '#contract/tables';

/**
 * The mark of a guest at a table in the tab's sessionStorage (guest.ts keeps it): only what the app's
 * entry needs, the guard's "is this a guest's app" and its end at a member's sign-in, with no store.
 */
export type GuestSession = GuestSessionData['guest'];

export const GUEST_KEY = 'guest-session';

/** What the tab keeps under `key` (storage refused, a private window: nothing; a guest is offered the choice again). */
export function kept(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export const storedGuest = () => kept(GUEST_KEY);

/** The guest session kept, while it lasts (4 hours); else null. */
export function parseGuest(raw: string | null): GuestSession | null {
  try {
    const v = raw ? (JSON.parse(raw) as GuestSession) : null;
    return v && Date.parse(v.expires_at) > Date.now() ? v : null;
  } catch {
    return null;
  }
}

export const isTableGuest = () => parseGuest(storedGuest()) !== null;

/** A member signed in: the app is no longer a guest's (pages read the mark again as they render). */
export function clearGuestMark(): void {
  try {
    sessionStorage.removeItem(GUEST_KEY);
  } catch {
    // nothing kept
  }
}
