import { Suspense, useEffect, useMemo } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { AppToastContainer, LoadingScreen } from '../ui';
import { AuthProvider, useAuth } from './auth/auth-context';
import { bootFallback, readBootData } from './boot';
import { CheckoutProvider } from './checkout';
import { guardRedirect, routeNameOf } from './guards';
import { documentTitle, paths, SIGNED_OUT_ONLY, TITLES, type PathName } from './paths';
import { NotFoundPage, PAGES } from './routes';
import { LandingBackground, SiteSettingsProvider, useSite } from './settings';
import { createExpiringCache, swrOptions } from './swr';
import { installZoomReset } from './zoom';

const isPhone = () => window.matchMedia('(max-width: 767px)').matches || window.matchMedia('(pointer: coarse)').matches;

/** The shell: guards, titles, zoom reset, and each route's page behind a loading screen. */
function Shell() {
  const location = useLocation();
  const { isAuth } = useAuth();
  const { settings } = useSite();
  const name = routeNameOf(location.pathname);

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
          const page = SIGNED_OUT_ONLY.includes(paths[key]) ? (
            <LandingBackground>
              <Page />
            </LandingBackground>
          ) : (
            <Page />
          );
          return <Route key={key} path={paths[key]} element={page} />;
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
              <Shell />
            </BrowserRouter>
          </CheckoutProvider>
        </AuthProvider>
      </SiteSettingsProvider>
      <AppToastContainer />
    </SWRConfig>
  );
}
