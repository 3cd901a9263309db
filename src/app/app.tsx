import { lazy, Suspense, useEffect, useMemo, type ComponentType } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { LoadingScreen } from '../ui';
import { AuthProvider, useAuth } from './auth/auth-context';
import { bootFallback, readBootData } from './boot';
import { CheckoutProvider } from './checkout';
import { documentTitle, guardRedirect, matchRoute, paths, ROUTES, TITLES, type PathName } from '#contract/routes';
import { NotFoundPage, PAGES } from './routes';
import { LandingBackground, SiteSettingsProvider, useSite } from './settings';
import { createExpiringCache, swrOptions } from '../shared/swr';
import { installZoomReset } from './zoom';

// The toast container (most of react-toastify) loads just after the first paint, not before it; toasts
// asked for before it is there wait in react-toastify's queue. If it cannot load, the app goes on without.
const AppToastContainer = lazy(
  (): Promise<{ default: ComponentType }> =>
    import('../ui/toast/app-toast-container').then(
      (m) => ({ default: m.AppToastContainer }),
      () => ({ default: () => null }),
    ),
);

// The offline line and the update flow (connection.tsx) load just after the first paint too: /login's
// first load has no room for them, and neither is needed before the page is there.
const AppConnection = lazy(
  (): Promise<{ default: ComponentType }> =>
    import('./connection').then(
      (m) => ({ default: m.Connection }),
      () => ({ default: () => null }),
    ),
);

const isPhone = () => window.matchMedia('(max-width: 767px)').matches || window.matchMedia('(pointer: coarse)').matches;

/** The shell: guards, titles, zoom reset, and each route's page behind a loading screen. */
function Shell() {
  const location = useLocation();
  const { isAuth } = useAuth();
  const { settings } = useSite();
  const name = matchRoute(location.pathname);

  useEffect(() => installZoomReset(document, isPhone), []);
  useEffect(() => {
    document.title = documentTitle(settings.setting_company || undefined, name ? TITLES[name] : 'Page Not Found');
  }, [settings.setting_company, name]);

  const redirect = guardRedirect(location.pathname, location.search, isAuth);
  if (redirect) return <Navigate to={redirect} replace />;

  return (
    <Suspense fallback={<LoadingScreen />}>
      <Routes>
        {(Object.keys(PAGES) as PathName[]).map((key) => {
          const Page = PAGES[key];
          const page = ROUTES[key].guard === 'guest' ? (
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
          <CheckoutProvider>
            <BrowserRouter>
              <Suspense fallback={null}>
                <AppConnection />
              </Suspense>
              <Shell />
            </BrowserRouter>
          </CheckoutProvider>
        </AuthProvider>
      </SiteSettingsProvider>
      <Suspense fallback={null}>
        <AppToastContainer />
      </Suspense>
    </SWRConfig>
  );
}
