import { useCallback, useEffect, useState } from 'react';

/**
 * Leaving for the payment gateway's page (a top-up, an order paid online). From the answer until the
 * browser has left, `leaving` keeps the page busy, so a second tap starts nothing. Coming back with
 * the browser's back button restores the page as it was left (the back-forward cache): it is usable again.
 */
export function usePaymentRedirect(): { leaving: boolean; leave: (paymentUrl: string) => void } {
  const [leaving, setLeaving] = useState(false);
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);
  const leave = useCallback((paymentUrl: string) => {
    setLeaving(true);
    window.location.assign(paymentUrl);
  }, []);
  return { leaving, leave };
}
