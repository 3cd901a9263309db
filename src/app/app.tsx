import { lazy, Suspense, useEffect, useMemo, useState, type ComponentType } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { LoadingScreen } from '../ui';
import { AuthProvider, useAuth } from './auth/auth-context';
import { bootFallback, readBootData } from './boot';
import { usePendingGift } from './pending-gift';
import { hasPendingClaim } from './pending-claim';
import { isTableGuest } from './auth/guest-mark';
import { documentTitle, guardRedirect, matchRoute, paths, ROUTES, shortcutRedirect, TITLES, type PathName } from '#contract/routes';
import { NotFoundPage, PAGES } from './routes';
import { LandingBackground, SiteSettingsProvider, useSite } from './settings';
import { createExpiringCache, swrOptions } from '../shared/swr';
import { installZoomReset } from './zoom';
import { useLanguage } from '../i18n/language';
import { SOURCE_LANGUAGE } from '#contract/languages';
import { isOffline, REACHABLE_EVENT, UNREACHABLE_EVENT } from '../api/client';
import { onFirstToast, toastAsked } from '../ui/toast/toast';

// The toast container (most of react-toastify) loads on the first toast (ToastHost), so no page loads it
// before it has something to say; the toast waits in react-toastify's queue meanwhile. If it cannot load,
// the app goes on without.
const AppToastContainer = lazy((): Promise<{ default: ComponentType }> =>
  import('../ui/toast/app-toast-container').then(
    (m) => ({ default: m.AppToastContainer }),
    () => ({ default: () => null }),
  ),
);

/** Claims a guest's order kept before signing in: loaded only when there is one. */
const PendingClaim = lazy(() => import('./claim-now'));

/**
 * The offline line and the update flow (connection.tsx), loaded once they have something to do: when a
 * service worker controls the page (its copies make the app usable offline, and a new version of it is
 * what the update flow installs; on a first visit, once the worker has installed and taken the page,
 * its chunk then comes from the worker's copies), or when the connection or the server is lost. A
 * first visit with neither downloads none of it. A load that fails (offline before any worker) is tried
 * again on the next of these events.
 */
function ConnectionHost() {
  const [Connection, setConnection] = useState<ComponentType | null>(null);
  useEffect(() => {
    let done = false;
    const sw = 'serviceWorker' in navigator ? navigator.serviceWorker : undefined;
    const events = ['online', 'offline', REACHABLE_EVENT, UNREACHABLE_EVENT];
    const stop = () => {
      done = true;
      for (const e of events) removeEventListener(e, load);
      sw?.removeEventListener('controllerchange', load);
    };
    function load() {
      import('./connection').then(
        (m) => {
          if (done) return;
          stop();
          setConnection(() => m.Connection);
        },
        () => {},
      );
    }
    for (const e of events) addEventListener(e, load);
    sw?.addEventListener('controllerchange', load);
    if (sw?.controller || isOffline()) load();
    return stop;
  }, []);
  return Connection ? <Connection /> : null;
}

const isPhone = () => window.matchMedia('(max-width: 767px)').matches || window.matchMedia('(pointer: coarse)').matches;

/** The toast container, mounted from the first toast on. */
function ToastHost() {
  const [wanted, setWanted] = useState(toastAsked);
  useEffect(() => onFirstToast(() => setWanted(true)), []);
  return wanted ? (
    <Suspense fallback={null}>
      <AppToastContainer />
    </Suspense>
  ) : null;
}

/** The shell: guards, titles, zoom reset, and each route's page behind a loading screen. */
function Shell() {
  const location = useLocation();
  const { isAuth } = useAuth();
  const { settings } = useSite();
  const name = matchRoute(location.pathname);

  useEffect(() => installZoomReset(document, isPhone), []);
  // the title in English at once; in another language, once its words (a module of their own) have loaded
  const language = useLanguage();
  useEffect(() => {
    const company = settings.setting_company || undefined;
    const english = name ? TITLES[name] : 'Page Not Found'; // route-titles.ts NOT_FOUND_TITLE
    document.title = documentTitle(company, english);
    if (language === SOURCE_LANGUAGE) return;
    let current = true;
    void import('./route-titles').then(
      ({ translatedTitle }) => {
        if (current) document.title = documentTitle(company, translatedTitle(english));
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [settings.setting_company, name, language]);

  // a gift card's link opened signed out opens again once signed in
  usePendingGift(isAuth, name, location.pathname);
  // read as the shell renders: starting a guest session moves on to the menu, a sign-in changes isAuth
  const tableGuest = isTableGuest();

  // a short address (/rewards) goes on to its page first; the guard then decides as for that page
  const shortcut = shortcutRedirect(location.pathname);
  if (shortcut) return <Navigate to={`${shortcut}${location.search}${location.hash}`} replace />;
  const redirect = guardRedirect(location.pathname, location.search, isAuth, tableGuest);
  if (redirect) return <Navigate to={redirect} replace />;

  return (
    <Suspense fallback={<LoadingScreen />}>
      {/* a guest's order claimed once the guest signed in (pending-claim.ts); it takes the claim as it starts */}
      {isAuth && hasPendingClaim() && (
        <Suspense fallback={null}>
          <PendingClaim />
        </Suspense>
      )}
      <Routes>
        {(Object.keys(PAGES) as PathName[]).map((key) => {
          const Page = PAGES[key];
          const page =
            ROUTES[key].guard === 'guest' ? (
              <LandingBackground>
                <Page />
              </LandingBackground>
            ) : (
              <Page />
            );
          // case-sensitive, as matchRoute and the gateway are: /HOME is not /home
          return <Route key={key} path={paths[key]} element={page} caseSensitive />;
        })}
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}

export function App() {
  const cache = useMemo(() => createExpiringCache(), []);
  const swr = useMemo(() => swrOptions(cache, bootFallback(readBootData())), [cache]);
  useEffect(() => {
    const t = setInterval(() => cache.sweep(), 60_000);
    return () => clearInterval(t);
  }, [cache]);
  return (
    <SWRConfig value={swr}>
      <SiteSettingsProvider>
        <AuthProvider>
          <BrowserRouter>
            <ConnectionHost />
            <Shell />
          </BrowserRouter>
        </AuthProvider>
      </SiteSettingsProvider>
      <ToastHost />
    </SWRConfig>
  );
}
