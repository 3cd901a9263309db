import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useOffline } from '../api/reachable';
import { OfflineBanner, type ConnectionState } from '../ui/offline-banner/offline-banner';

/** How long "You're back online." stays. */
const BACK_ONLINE_MS = 4000;

/**
 * Routes where the page is never loaded again to take a new version: the checkout and the payment and
 * top-up results (a cart, a chosen slot, a payment's return must not blink away).
 */
export const NO_RELOAD_PATHS = /^\/(delivery|set-location|add-new-address|order-confirmation|payment-(success|fail)|top-up-(success|fail))(\/|$)/;

/** Offline (api/reachable.ts); back online for a moment once both the browser and the calls are well again. */
function useConnection(): ConnectionState {
  const offline = useOffline();
  const [state, setState] = useState<ConnectionState>(offline ? 'offline' : 'online');
  useEffect(() => {
    if (offline) return setState('offline');
    setState((was) => (was === 'offline' ? 'back-online' : was));
    const timer = setTimeout(() => setState('online'), BACK_ONLINE_MS);
    return () => clearTimeout(timer);
  }, [offline]);
  return state;
}

/**
 * The update flow: a new service worker waits (src/sw.ts never skips waiting by itself). On the next
 * navigation inside the app that does not land in the checkout, while online, the page asks it to take
 * over and, once it has, loads the page it just went to again: the new version's code and its kept
 * files arrive together, at a moment the customer changed page anyway. The page's own first load is
 * not such a navigation. Another tab of the app, whose worker changed under it, loads again the same way.
 */
function useUpdateOnNavigation(reload: () => void): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  const asked = useRef(false);
  // another tab had the new version take over: this page runs the old code, and loads again on its next
  // navigation outside the checkout
  const outdated = useRef(false);
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    const sw = navigator.serviceWorker;
    let controlled = sw.controller !== null;
    // a change of worker this page asked for reloads it; one another tab asked for marks it outdated;
    // the first worker taking control of the page changes nothing
    const changed = () => {
      if (asked.current) reload();
      else if (controlled) outdated.current = true;
      controlled = true;
    };
    sw.addEventListener('controllerchange', changed);
    return () => sw.removeEventListener('controllerchange', changed);
  }, [reload]);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!('serviceWorker' in navigator) || !navigator.serviceWorker.controller || navigator.onLine === false || NO_RELOAD_PATHS.test(pathname)) return;
    if (outdated.current) return reload();
    void navigator.serviceWorker.getRegistration().then((registration) => {
      if (!registration?.waiting || NO_RELOAD_PATHS.test(location.pathname)) return;
      asked.current = true;
      registration.waiting.postMessage({ type: 'SKIP_WAITING' });
    });
  }, [pathname, reload]);
}

const reloadPage = () => location.reload();

/**
 * Loaded just after the first paint (src/app/app.tsx): the offline line and the update flow. `reload`:
 * how the page loads again (a test's stand-in; jsdom cannot).
 */
export function Connection({ reload = reloadPage }: { reload?: () => void }) {
  useUpdateOnNavigation(reload);
  return <OfflineBanner state={useConnection()} />;
}
