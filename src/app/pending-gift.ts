import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import type { PathName } from '#contract/routes';

/**
 * A gift card's link (issue 49), or a table's QR code (issue 54), opened before signing in: the guard sends a guest to sign in or sign up,
 * and once signed in the app opens the card again, so a new customer's first page is their gift. Kept in
 * the tab's sessionStorage: the link's number only, gone once used or when the tab closes.
 */
const KEY = 'pending-gift';

export function usePendingGift(isAuth: boolean, name: PathName | null, pathname: string): void {
  const navigate = useNavigate();
  useEffect(() => {
    try {
      if (!isAuth) {
        if (name === 'giftCard' || name === 'table') sessionStorage.setItem(KEY, pathname);
        return;
      }
      const pending = sessionStorage.getItem(KEY);
      if (!pending) return;
      sessionStorage.removeItem(KEY);
      if (pending !== pathname) void navigate(pending, { replace: true });
    } catch {
      // storage refused (a private window): the link works once signed in, opened again
    }
  }, [isAuth, name, pathname, navigate]);
}

/** A table's code opened signed out, then ordered at as a guest: nothing to open again after a later sign-in. */
export function forgetPendingGift(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
