import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SetupData } from '#contract/channels';
import type { StaffRole } from '#contract/staff';
import { CONSOLE_MENU, consoleHref, type ConsolePage } from '#contract/console-routes';
import { Card, cx, focusRing, type RenderLink } from '../../../ui';
import { plainLink } from '../../../ui/lib/link';
import { ROLE_LABEL } from '../layout/console-layout';
import { spoken } from '../shared/spoken';
import { SetupChecklist, TodayFiguresView, type TodayFigures } from './setup-checklist';
import { ShopPreviewDialog, type ShopPreviewProps } from './shop-preview-dialog';
import { PAGE_TITLES } from '../shared/page-titles';

export interface ConsoleHomeScreenProps {
  name: string;
  role: StaffRole;
  renderLink?: RenderLink;
  /** an owner's set-up checklist; undefined while loading (and for staff, who see the overview as it is) */
  setup?: SetupData | undefined;
  setupError?: string | null;
  onRetrySetup?: () => void;
  /** clears the demo's content from the checklist */
  onClearDemo?: () => void;
  clearingDemo?: boolean;
  /** once the shop is live: today's figures (undefined while loading) */
  today?: TodayFigures | undefined;
  money?: (minor: number) => string;
  /** what "View my shop as a customer" shows; undefined until the settings, menu and rewards are read */
  preview?: Omit<ShopPreviewProps, 'defaultOpen'> | undefined;
  /** the preview open from the start (stories) */
  previewOpen?: boolean;
}

const WHAT = spoken<Exclude<ConsolePage, 'home'>>({
  dashboard: msg`Orders, revenue, customers, points and the wheel, today and over 7 or 30 days; CSV downloads.`,
  customers: msg`Find a customer by phone, name or e-mail: their points, wallet, vouchers and orders.`,
  menu: msg`Categories and products: prices, photos, sold out.`,
  rewards: msg`What customers get for their points: cost, stock, validity; retire one.`,
  loyalty: msg`Earning rules: double points on chosen products or hours, bonuses, a welcome bonus; previewed and tried on the last 30 days.`,
  campaigns: msg`Messages that send themselves: welcome, win-back, nearly there, points expiring, birthday; sent, opened and orders after.`,
  offers: msg`Promo codes such as KOPI10: a percentage or an amount off, when, where, for whom and how often; uses and discount given.`,
  giftCards: msg`Gift cards customers send each other: on or off, the amounts, expiry and the designs.`,
  wheel: msg`The spin-and-win wheel: prizes and their chances, the cost of a spin.`,
  orders: msg`Every open order, live: move it on with one tap, cancel with a refund, print its ticket.`,
  counter: msg`Scan a customer’s voucher with the camera (or type its code) and redeem it, once.`,
  theme: msg`Your name, logo and colours, previewed in the app, Lite and Full, before you publish.`,
  settings: msg`Your shop’s name and contact, currency and time zone, points, minimum order, delivery fee and top-ups.`,
  locations: msg`Where you make orders: each location’s opening hours, special dates, pickup times, delivery areas and products not sold there.`,
  staff: msg`Invite people, see and cancel invitations, change roles, remove people.`,
  channels: msg`How card payments, text messages and e-mail are set up, what going live needs, and a test message.`,
  apiKeys: msg`Keys for a till or another system, each allowed only what it needs; revoke or replace one at once.`,
  webhooks: msg`Send orders, sign-ups, points and rewards to your other systems as they happen, signed; see what was sent.`,
  audit: msg`What happened, in words: every change, sign-ins and failed ones, downloads, customer look-ups.`,
  feedback: msg`How customers rated their orders, the low ratings first to answer; your answer reaches them in the app.`,
  tips: msg`Tips at checkout: on or off, the choices and the largest tip; tips per location and day, with a CSV.`,
  stations: msg`Kitchen display: the bar, the kitchen, each with its screen showing only its items; bump them and the order is ready.`,
});

/** An owner's first part of the overview: the set-up checklist until the shop is live, then today's figures; the preview either way. */
function OwnerStart({
  setup,
  setupError,
  onRetrySetup,
  onClearDemo,
  clearingDemo,
  today,
  money = String,
  preview,
  previewOpen,
  renderLink,
}: Omit<ConsoleHomeScreenProps, 'name' | 'role'> & { renderLink: RenderLink }) {
  return (
    <div className="flex flex-col gap-4">
      {setup?.live ? (
        <TodayFiguresView today={today} money={money} renderLink={renderLink} />
      ) : (
        <SetupChecklist setup={setup} error={setupError} onRetry={onRetrySetup} renderLink={renderLink} onClearDemo={onClearDemo} clearingDemo={clearingDemo} />
      )}
      {preview && <ShopPreviewDialog {...preview} defaultOpen={previewOpen} />}
    </div>
  );
}

/** /merchant: who is signed in, and what their role lets them do here; for an owner, first the set-up checklist (until live) or today's figures. */
export function ConsoleHomeScreen({ name, role, renderLink = plainLink, ...owner }: ConsoleHomeScreenProps) {
  const { t } = useLingui();
  const pages = CONSOLE_MENU.filter((n) => n.page !== 'home' && (!n.owner || role === 'owner'));
  const roleName = ROLE_LABEL[role];
  // the name as a node of its own, as before the sentence went through Lingui: the same text nodes draw the same pixels
  const who = <>{name}</>;
  const locationsLink = renderLink({
    href: consoleHref('locations'),
    className: cx('font-medium text-brand-ink underline', focusRing),
    children: t`Locations`,
  });
  return (
    <div className="flex flex-col gap-4">
      <p>
        <Trans>
          Welcome, {who}. You are signed in as <strong>{roleName}</strong>.
        </Trans>
      </p>
      {role === 'owner' && <OwnerStart {...owner} renderLink={renderLink} />}
      <ul className="grid gap-3 sm:grid-cols-2">
        {pages.map((p) => (
          <Card as="li" key={p.page}>
            {renderLink({
              href: p.href,
              className: cx('text-lg font-semibold text-brand-ink underline-offset-4 hover:underline', focusRing),
              children: PAGE_TITLES[p.page],
            })}
            <p className="mt-1 text-sm text-muted">{p.page === 'home' ? '' : WHAT[p.page]}</p>
            {/* the addresses are each location's, not the shop's settings: said where an owner looks for them */}
            {p.page === 'settings' && (
              <p className="mt-1 text-sm text-muted">
                <Trans>Pickup addresses and opening hours are on {locationsLink}.</Trans>
              </p>
            )}
          </Card>
        ))}
        <Card as="li">
          {renderLink({
            href: consoleHref('account'),
            className: cx('text-lg font-semibold text-brand-ink underline-offset-4 hover:underline', focusRing),
            children: t`Your account`,
          })}
          <p className="mt-1 text-sm text-muted">
            <Trans>Your details and your password.</Trans>
          </p>
        </Card>
      </ul>
    </div>
  );
}
