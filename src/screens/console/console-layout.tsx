import type { ReactNode } from 'react';
import type { StaffRole } from '#contract/merchant';
import { Button, cx, focusRing, type RenderLink } from '../../ui';
import { plainLink } from '../../ui/lib/link';

export type ConsolePage = 'home' | 'dashboard' | 'orders' | 'counter' | 'customers' | 'menu' | 'rewards' | 'wheel' | 'theme' | 'staff' | 'audit';

/** The console's pages, and who may open each: staff see only what their role allows. */
export const CONSOLE_NAV: ReadonlyArray<{ page: ConsolePage; label: string; href: string; owner: boolean }> = [
  { page: 'home', label: 'Overview', href: '/merchant', owner: false },
  { page: 'dashboard', label: 'Dashboard', href: '/merchant/dashboard', owner: true },
  { page: 'orders', label: 'Orders', href: '/merchant/orders', owner: false },
  { page: 'counter', label: 'Counter', href: '/merchant/counter', owner: false },
  { page: 'customers', label: 'Customers', href: '/merchant/customers', owner: false },
  { page: 'menu', label: 'Menu', href: '/merchant/menu', owner: true },
  { page: 'rewards', label: 'Rewards', href: '/merchant/rewards', owner: true },
  { page: 'wheel', label: 'Wheel', href: '/merchant/wheel', owner: true },
  { page: 'theme', label: 'Brand', href: '/merchant/theme', owner: true },
  { page: 'staff', label: 'Staff', href: '/merchant/staff', owner: true },
  { page: 'audit', label: 'Activity', href: '/merchant/audit', owner: true },
];

export const ROLE_LABEL: Record<StaffRole, string> = { owner: 'Owner', staff: 'Staff' };

/** What each role really opens in the console (the provider refuses the rest). */
export const ROLE_HELP: Record<StaffRole, string> = {
  owner: 'Everything: the menu, rewards, the wheel, the brand, the dashboard, staff and Activity, besides what staff do.',
  staff: 'The orders board, the counter (redeeming vouchers) and looking customers up. Not prices, the menu, rewards, the brand or staff.',
};

export interface ConsoleLayoutProps {
  /** the shop's name, as the merchant set it */
  shop: string;
  staff: { name: string; role: StaffRole };
  current: ConsolePage;
  title: string;
  onSignOut: () => void;
  onSignOutEverywhere: () => void;
  signingOut?: boolean;
  renderLink?: RenderLink;
  /** a page that needs the whole width (the theme studio's preview) */
  wide?: boolean;
  children: ReactNode;
}

/** The console's frame: the shop and who is signed in, the pages their role may open, and sign-out. */
export function ConsoleLayout({ shop, staff, current, title, onSignOut, onSignOutEverywhere, signingOut, renderLink = plainLink, wide, children }: ConsoleLayoutProps) {
  const nav = CONSOLE_NAV.filter((n) => !n.owner || staff.role === 'owner');
  return (
    <div className="min-h-dvh bg-surface text-ink md:grid md:grid-cols-[15rem_1fr]">
      <header className="border-b border-border bg-surface-raised md:min-h-dvh md:border-r md:border-b-0 print:hidden">
        <div className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 md:flex-col md:items-stretch md:gap-4 md:py-6">
          <div>
            <p className="text-xs font-semibold tracking-wide text-muted uppercase">Merchant console</p>
            <p className="text-lg font-semibold">{shop || 'Your shop'}</p>
          </div>
          <nav aria-label="Console" className="w-full">
            <ul className="flex flex-wrap gap-1 md:flex-col">
              {nav.map((n) => (
                <li key={n.page}>
                  {renderLink({
                    href: n.href,
                    className: cx(
                      'flex min-h-11 items-center rounded-lg px-3 font-medium',
                      n.page === current ? 'bg-brand text-brand-contrast' : 'text-ink hover:bg-border/40',
                      focusRing,
                    ),
                    ...(n.page === current ? { 'aria-current': 'page' as const } : {}),
                    children: n.label,
                  })}
                </li>
              ))}
            </ul>
          </nav>
          <div className="flex w-full flex-wrap items-center gap-2 md:mt-auto md:flex-col md:items-stretch">
            <p className="text-sm">
              <span className="font-medium">{staff.name}</span> <span className="text-muted">· {ROLE_LABEL[staff.role]}</span>
            </p>
            <Button variant="secondary" size="sm" onClick={onSignOut} disabled={signingOut}>
              Sign out
            </Button>
            <Button variant="ghost" size="sm" onClick={onSignOutEverywhere} disabled={signingOut}>
              Sign out everywhere
            </Button>
          </div>
        </div>
      </header>
      <main className={cx('mx-auto w-full px-4 py-6 md:px-8', wide ? 'max-w-7xl' : 'max-w-4xl')}>
        <h1 className="mb-6 text-2xl font-semibold print:hidden">{title}</h1>
        {children}
      </main>
    </div>
  );
}
