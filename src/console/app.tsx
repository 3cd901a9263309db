/**
 * The merchant console: its own entry (src/console/index.html, built by vite.console.config.ts into
 * dist/merchant/, served by the gateway under /merchant), its own neutral theme, the same primitives,
 * API client and SWR habits as the customer app. Who may open which page is the provider's decision
 * (every call checks the role); the console only hides what the role cannot use.
 */
import { Suspense, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { SWRConfig } from 'swr';
import type { SiteSettings } from '#contract';
import { useStaffLogout, useStaffLogoutAll, useStaffSession } from '../api/merchant';
import { useSettings } from '../api/settings';
import { lazyPage } from '../shared/lazy-page';
import { createExpiringCache, swrOptions } from '../shared/swr';
import { applyTheme, CONSOLE_THEME, EmptyState, ErrorState, LoadingScreen } from '../ui';
import { CONSOLE_NAV, ConsoleLayout, type ConsolePage } from '../screens/console/console-layout';
import { consoleLink } from './link';

// each page's code is a chunk of its own; one that does not arrive says so (inside the console's frame
// for the signed-in pages)
const inLayout = { fullScreen: false };
const SignIn = lazyPage(() => import('../screens/console/console-sign-in-screen.container'));
const Password = lazyPage(() => import('../screens/console/console-password-screen.container'));
const Forgot = lazyPage(() => import('../screens/console/console-forgot-screen.container'));
const Account = lazyPage(() => import('../screens/console/account-screen.container'), inLayout);
const Home = lazyPage(() => import('../screens/console/console-home-screen.container'), inLayout);
const Staff = lazyPage(() => import('../screens/console/staff-screen.container'), inLayout);
const Audit = lazyPage(() => import('../screens/console/audit-screen.container'), inLayout);
const Theme = lazyPage(() => import('../screens/console/theme-studio-screen.container'), inLayout);
const Orders = lazyPage(() => import('../screens/console/orders-board-screen.container'), inLayout);
const Ticket = lazyPage(() => import('../screens/console/order-ticket-screen.container'), inLayout);
const Counter = lazyPage(() => import('../screens/console/counter-screen.container'), inLayout);
const Dashboard = lazyPage(() => import('../screens/console/dashboard-screen.container'), inLayout);
const Customers = lazyPage(() => import('../screens/console/customers-screen.container'), inLayout);
const Menu = lazyPage(() => import('../screens/console/menu-editor-screen.container'), inLayout);
const Rewards = lazyPage(() => import('../screens/console/rewards-editor-screen.container'), inLayout);
const Wheel = lazyPage(() => import('../screens/console/wheel-editor-screen.container'), inLayout);

const TITLES: Record<ConsolePage, string> = Object.fromEntries(CONSOLE_NAV.map((n) => [n.page, n.label])) as Record<ConsolePage, string>;

/** pages that need the whole width */
const WIDE: readonly ConsolePage[] = ['theme', 'orders', 'dashboard', 'customers', 'wheel'];

function useTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · Merchant console`;
  }, [title]);
}

/**
 * A page for signed-in staff: signed out → the sign-in page; an owner's page for staff → said so. Who
 * is signed in is asked with a call that answers 200 whoever asks, so a signed-out visitor's browser
 * shows no failed call.
 */
function Signed({ current, owner, title, children }: { current: ConsolePage; owner?: boolean; title?: string; children: ReactNode }) {
  const me = useStaffSession();
  const settings = useSettings();
  const logout = useStaffLogout();
  const logoutAll = useStaffLogoutAll();
  const location = useLocation();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  useTitle(title ?? TITLES[current]);
  if (me.isLoading && !me.data) return <LoadingScreen />;
  if (!me.data) return <ErrorState title="We could not reach the console" message="Check your connection and try again." onRetry={() => void me.mutate()} />;
  const staff = me.data.staff;
  if (!staff) return <Navigate to="/sign-in" replace state={{ from: location.pathname }} />;
  const signOut = (all: boolean) => async () => {
    setSigningOut(true);
    try {
      await (all ? logoutAll : logout)();
    } finally {
      setSigningOut(false);
      navigate('/sign-in', { replace: true });
    }
  };
  return (
    <ConsoleLayout
      shop={(settings.data as SiteSettings | undefined)?.setting_company ?? ''}
      staff={staff}
      current={current}
      title={title ?? TITLES[current]}
      onSignOut={signOut(false)}
      onSignOutEverywhere={signOut(true)}
      signingOut={signingOut}
      renderLink={consoleLink}
      wide={WIDE.includes(current)}
    >
      {owner && staff.role !== 'owner' ? <EmptyState title="This page is for the shop's owner" description="Ask the owner if you need something changed here." /> : children}
    </ConsoleLayout>
  );
}

function NotFound() {
  useTitle('Page not found');
  return <EmptyState title="Page not found" description="This page is not part of the merchant console." action={consoleLink({ href: '/merchant', className: 'font-medium text-brand-ink underline', children: 'Go to the overview' })} />;
}

export function ConsoleApp() {
  const cache = useMemo(() => createExpiringCache(), []);
  const swr = useMemo(() => swrOptions(cache, {}), [cache]);
  useLayoutEffect(() => applyTheme(CONSOLE_THEME.vars, document.documentElement), []);
  return (
    <SWRConfig value={swr}>
      <BrowserRouter basename="/merchant">
        <Suspense fallback={<LoadingScreen />}>
          <Routes>
            <Route path="/sign-in" element={<SignIn />} caseSensitive />
            <Route path="/setup" element={<Password mode="setup" />} caseSensitive />
            <Route path="/invite" element={<Password mode="invite" />} caseSensitive />
            <Route path="/reset" element={<Password mode="reset" />} caseSensitive />
            <Route path="/forgot" element={<Forgot />} caseSensitive />
            <Route path="/account" element={<Signed current="home" title="Your account"><Account /></Signed>} caseSensitive />
            <Route path="/" element={<Signed current="home"><Home /></Signed>} caseSensitive />
            <Route path="/orders" element={<Signed current="orders"><Orders /></Signed>} caseSensitive />
            <Route path="/orders/:name/ticket" element={<Signed current="orders"><Ticket /></Signed>} caseSensitive />
            <Route path="/counter" element={<Signed current="counter"><Counter /></Signed>} caseSensitive />
            <Route path="/dashboard" element={<Signed current="dashboard" owner><Dashboard /></Signed>} caseSensitive />
            <Route path="/customers" element={<Signed current="customers"><Customers /></Signed>} caseSensitive />
            <Route path="/customers/:id" element={<Signed current="customers"><Customers /></Signed>} caseSensitive />
            <Route path="/menu" element={<Signed current="menu" owner><Menu /></Signed>} caseSensitive />
            <Route path="/rewards" element={<Signed current="rewards" owner><Rewards /></Signed>} caseSensitive />
            <Route path="/wheel" element={<Signed current="wheel" owner><Wheel /></Signed>} caseSensitive />
            <Route path="/theme" element={<Signed current="theme" owner><Theme /></Signed>} caseSensitive />
            <Route path="/staff" element={<Signed current="staff" owner><Staff /></Signed>} caseSensitive />
            <Route path="/audit" element={<Signed current="audit" owner><Audit /></Signed>} caseSensitive />
            <Route path="*" element={<NotFound />} />
          </Routes>
        </Suspense>
      </BrowserRouter>
    </SWRConfig>
  );
}
