import { useId, useState, type MouseEvent, type ReactNode } from 'react';
import { msg, t as say } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ChannelsData } from '#contract/channels';
import { CONSOLE_MENU, consoleHref, type ConsolePage } from '#contract/console-routes';
import type { StaffRole } from '#contract/staff';
import { Button, CloseIcon, MenuIcon, cx, focusRing, type RenderLink } from '../../../ui';
import { plainLink } from '../../../ui/lib/link';
import { PAGE_TITLES } from '../shared/page-titles';
import { spoken } from '../shared/spoken';

export const ROLE_LABEL = spoken<StaffRole>({ owner: msg`Owner`, staff: msg`Staff` });

/** What each role really opens in the console (the provider refuses the rest). */
export const ROLE_HELP = spoken<StaffRole>({
  owner: msg`Everything staff do, and the menu, rewards, the wheel, the brand, settings, the dashboard, staff and Activity.`,
  staff: msg`The counter and the orders board: move orders along, redeem vouchers and rewards, give points for a purchase and take them back, and look customers up. Not prices, the menu, rewards, the brand or staff.`,
});

/** What makes the shop a test shop, for the frame's bar: card payments simulated or off, messages in the development outbox. */
export interface TestMode {
  payments: 'simulated' | 'off' | null;
  messages: boolean;
}

/** The test mode the frame shows an owner, from the Payments and messages answer; null when the shop is live. */
export function testModeOf(c: ChannelsData | undefined): TestMode | null {
  if (!c?.test_mode) return null;
  const payments = c.payments.kind === 'none' ? 'off' : c.payments.kind === 'sandbox' || c.payments.mode === 'test' ? 'simulated' : null;
  return { payments, messages: c.sms.kind === 'outbox' || c.email.kind === 'outbox' };
}

/** What test mode means for this shop, one whole sentence per case (each language orders its own words). */
function testModeWords(mode: TestMode): string {
  if (mode.payments === 'simulated')
    return mode.messages ? say`card payments are simulated and messages go to the development outbox.` : say`card payments are simulated.`;
  if (mode.payments === 'off') return mode.messages ? say`card payments are off and messages go to the development outbox.` : say`card payments are off.`;
  return mode.messages ? say`messages go to the development outbox.` : '.';
}

function TestModeBar({ mode, renderLink }: { mode: TestMode; renderLink: RenderLink }) {
  const { t } = useLingui();
  return (
    <p className="mb-4 rounded-lg border border-warning/40 bg-warning/10 px-3 py-2 text-sm print:hidden">
      <span className="font-medium">
        <Trans>Test mode:</Trans>
      </span>{' '}
      {testModeWords(mode)}{' '}
      {renderLink({
        href: consoleHref('channels'),
        className: cx('font-medium text-brand-ink underline underline-offset-4', focusRing),
        children: t`What going live needs`,
      })}
    </p>
  );
}

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
  /** the phone's menu open from the start (stories) */
  defaultMenuOpen?: boolean;
  /** an owner's shop in test mode: a quiet bar above the page saying so, with a link to what going live needs */
  testMode?: TestMode | null;
  children: ReactNode;
}

/**
 * The console's frame: the shop and who is signed in, the pages their role may open, and sign-out.
 * On a desktop or a tablet, a column on the left. On a phone, one line (the shop and a Menu button);
 * the menu opens below it with the pages, and apart from them, under who is signed in, the sign-out
 * buttons: a thumb aiming at a page never lands on Sign out.
 */
export function ConsoleLayout({
  shop,
  staff,
  current,
  title,
  onSignOut,
  onSignOutEverywhere,
  signingOut,
  renderLink = plainLink,
  wide,
  defaultMenuOpen = false,
  testMode,
  children,
}: ConsoleLayoutProps) {
  const { t } = useLingui();
  const { name } = staff;
  const role = ROLE_LABEL[staff.role];
  const nav = CONSOLE_MENU.filter((n) => !n.owner || staff.role === 'owner');
  const [open, setOpen] = useState(defaultMenuOpen);
  const menuId = useId();
  // following a link closes the phone's menu (the page changes under it)
  const closeOnLink = (e: MouseEvent) => {
    if ((e.target as Element).closest('a')) setOpen(false);
  };
  return (
    <div className="min-h-dvh bg-surface text-ink md:grid md:grid-cols-[15rem_1fr]">
      <header className="border-b border-border bg-surface-raised md:min-h-dvh md:border-r md:border-b-0 print:hidden">
        <div className="flex flex-col gap-3 px-4 py-2 md:gap-4 md:py-6">
          <div className="flex min-h-11 items-center justify-between gap-2">
            <div className="min-w-0">
              <p className="text-xs font-semibold tracking-wide text-muted uppercase max-md:sr-only">
                <Trans>Merchant console</Trans>
              </p>
              <p className="truncate text-lg font-semibold">{shop || t`Your shop`}</p>
            </div>
            <Button
              variant="ghost"
              size="sm"
              className="md:hidden"
              aria-expanded={open}
              aria-controls={menuId}
              onClick={() => setOpen((o) => !o)}
              icon={open ? <CloseIcon size={20} /> : <MenuIcon size={20} />}
            >
              <Trans>Menu</Trans>
            </Button>
          </div>
          <div id={menuId} className={cx('flex-col gap-4 pb-2 md:flex md:grow md:pb-0', open ? 'flex' : 'hidden')}>
            <nav aria-label={t`Console`} onClick={closeOnLink}>
              <ul className="grid grid-cols-2 gap-1 md:flex md:flex-col">
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
                      children: PAGE_TITLES[n.page],
                    })}
                  </li>
                ))}
              </ul>
            </nav>
            <div className="flex flex-col gap-2 border-t border-border pt-3 md:mt-auto">
              <p className="text-sm">
                <Trans>
                  <span className="text-muted">Signed in as </span>
                  <span className="font-medium">{name}</span> <span className="text-muted">· {role}</span>
                </Trans>
              </p>
              <div className="flex flex-wrap gap-2 md:flex-col">
                <Button variant="secondary" size="sm" onClick={onSignOut} disabled={signingOut}>
                  <Trans>Sign out</Trans>
                </Button>
                <Button variant="ghost" size="sm" onClick={onSignOutEverywhere} disabled={signingOut}>
                  <Trans>Sign out everywhere</Trans>
                </Button>
              </div>
            </div>
          </div>
        </div>
      </header>
      <main className={cx('mx-auto w-full min-w-0 px-4 py-6 md:px-8', wide ? 'max-w-7xl' : 'max-w-4xl')}>
        {testMode && current !== 'channels' && <TestModeBar mode={testMode} renderLink={renderLink} />}
        <h1 className="mb-6 text-2xl font-semibold print:hidden">{title}</h1>
        {children}
      </main>
    </div>
  );
}
