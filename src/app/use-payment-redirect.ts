import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * Leaving for the payment gateway's page (a top-up, an order paid online). From the answer until the
 * browser has left, `leaving` keeps the page busy, so a second tap starts nothing. Coming back with
 * the browser's back button restores the page as it was left (the back-forward cache): it is usable
 * again, or, when `leave` named a page to come back to (an order placed: its checkout is empty now),
 * that page replaces it.
 */
export function usePaymentRedirect(): { leaving: boolean; leave: (paymentUrl: string, backTo?: string) => void } {
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const backTo = useRef<string | undefined>(undefined);
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (!e.persisted) return;
      setLeaving(false);
      if (backTo.current) void navigate(backTo.current, { replace: true });
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [navigate]);
  const leave = useCallback((paymentUrl: string, then?: string) => {
    backTo.current = then;
    setLeaving(true);
    window.location.assign(paymentUrl);
  }, []);
  return { leaving, leave };
}

const PAGES_KEY = 'payment-pages';

/**
 * An order's payment page, kept in session storage when the order is placed, so an order still
 * waiting for its payment (the gateway's page left with its cancel link) opens the same payment again
 * rather than a second one. Only the latest few are kept.
 */
export function rememberPaymentPage(order: string, url: string): void {
  try {
    const pages = { ...(JSON.parse(sessionStorage.getItem(PAGES_KEY) ?? '{}') as Record<string, string>), [order]: url };
    sessionStorage.setItem(PAGES_KEY, JSON.stringify(Object.fromEntries(Object.entries(pages).slice(-3))));
  } catch {
    // storage refused: the result page offers no second try at the same payment
  }
}

export function paymentPageOf(order: string): string | null {
  try {
    return (JSON.parse(sessionStorage.getItem(PAGES_KEY) ?? '{}') as Record<string, string>)[order] ?? null;
  } catch {
    return null;
  }
}
