/**
 * The merchant console: its own entry (src/console/index.html, built by vite.console.config.ts into
 * dist/merchant/, served by the gateway under /merchant), its own neutral theme, the same primitives,
 * API client and SWR habits as the customer app. Who may open which page is the provider's decision
 * (every call checks the role); the console only hides what the role cannot use.
 */
import { Suspense, useEffect, useLayoutEffect, useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { SiteSettings } from '#contract';
import { CONSOLE_BASE, CONSOLE_PAGES, consoleHref, menuPageOf, type ConsolePageName } from '#contract/console-routes';
import { useChannels } from '../api/channels';
import { useStaffLogout, useStaffLogoutAll, useStaffSession } from '../api/staff';
import { useSettings } from '../api/settings';
import { useAction } from '../shared/action';
import { createExpiringCache, swrOptions } from '../shared/swr';
import { applyTheme, CONSOLE_THEME, EmptyState, ErrorState, LoadingScreen } from '../ui';
import { ConsoleLayout, testModeOf } from '../screens/console/layout/console-layout';
import { pageTitle } from '../screens/console/shared/page-titles';
import { LoyaltyNav, loyaltyPageOf } from '../screens/console/loyalty/loyalty-nav';
import { consoleLink } from './link';
import { CONSOLE_PAGE_VIEWS } from './pages';

const SIGN_IN = CONSOLE_PAGES.signIn.path;

function useTitle(title: string) {
  const { t } = useLingui();
  const page = t`${title} · Merchant console`;
  useEffect(() => {
    document.title = page;
  }, [page]);
}

/**
 * A page for signed-in staff, in the console's frame: signed out → the sign-in page; an owner's page
 * for staff → said so. Who is signed in is asked with a call that answers 200 whoever asks, so a
 * signed-out visitor's browser shows no failed call.
 */
function Signed({ name }: { name: ConsolePageName }) {
  const { t } = useLingui();
  const { role, wide } = CONSOLE_PAGES[name];
  const title = pageTitle(name);
  const Page = CONSOLE_PAGE_VIEWS[name];
  const me = useStaffSession();
  const settings = useSettings();
  const channels = useChannels(me.data?.staff?.role === 'owner');
  const logout = useStaffLogout();
  const logoutAll = useStaffLogoutAll();
  const location = useLocation();
  const navigate = useNavigate();
  const signOut = useAction(async (all: boolean) => {
    try {
      await (all ? logoutAll : logout)();
    } finally {
      navigate(SIGN_IN, { replace: true });
    }
  });
  useTitle(title);
  if (me.isLoading && !me.data) return <LoadingScreen />;
  if (!me.data)
    return <ErrorState title={t`We could not reach the console`} message={t`Check your connection and try again.`} onRetry={() => void me.mutate()} />;
  const staff = me.data.staff;
  if (!staff) return <Navigate to={SIGN_IN} replace state={{ from: location.pathname }} />;
  // the Loyalty area's pages (earning rules, tiers, referrals) share one menu entry and link to each other
  const loyalty = loyaltyPageOf(name);
  return (
    <ConsoleLayout
      shop={(settings.data as SiteSettings | undefined)?.setting_company ?? ''}
      staff={staff}
      current={menuPageOf(name) ?? 'home'}
      title={title}
      onSignOut={() => void signOut.run(false)}
      onSignOutEverywhere={() => void signOut.run(true)}
      signingOut={signOut.pending}
      renderLink={consoleLink}
      wide={wide}
      testMode={staff.role === 'owner' ? testModeOf(channels.data) : null}
    >
      {loyalty && <LoyaltyNav current={loyalty} renderLink={consoleLink} />}
      {role === 'owner' && staff.role !== 'owner' ? (
        <EmptyState title={t`This page is for the shop's owner`} description={t`Ask the owner if you need something changed here.`} />
      ) : (
        <Page page={name} />
      )}
    </ConsoleLayout>
  );
}

/** A page of the table: a guest page as it is, a signed-in page inside the console's frame. */
function ConsolePageView({ name }: { name: ConsolePageName }) {
  const Page = CONSOLE_PAGE_VIEWS[name];
  return CONSOLE_PAGES[name].role === 'guest' ? <Page page={name} /> : <Signed name={name} />;
}

function NotFound() {
  const { t } = useLingui();
  useTitle(t`Page not found`);
  return (
    <EmptyState
      title={t`Page not found`}
      description={t`This page is not part of the merchant console.`}
      action={consoleLink({ href: consoleHref('home'), className: 'font-medium text-brand-ink underline', children: t`Go to the overview` })}
    />
  );
}

export function ConsoleApp() {
  const cache = useMemo(() => createExpiringCache(), []);
  const swr = useMemo(() => swrOptions(cache, {}), [cache]);
  useLayoutEffect(() => applyTheme(CONSOLE_THEME.vars, document.documentElement), []);
  return (
    <SWRConfig value={swr}>
      <BrowserRouter basename={CONSOLE_BASE}>
        <Suspense fallback={<LoadingScreen />}>
          <Routes>
            {(Object.keys(CONSOLE_PAGES) as ConsolePageName[]).map((name) => (
              <Route key={name} path={CONSOLE_PAGES[name].path} element={<ConsolePageView name={name} />} caseSensitive />
            ))}
            <Route path="*" element={<NotFound />} />
          </Routes>
        </Suspense>
      </BrowserRouter>
    </SWRConfig>
  );
}
