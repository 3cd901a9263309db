import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Customer, Order, Reward } from '#contract';
import type { TierStatusData } from '#contract/tiers';
import {
  AppShell,
  AsOfNote,
  Badge,
  BellIcon,
  Button,
  CheckIcon,
  ChevronRightIcon,
  ErrorState,
  GiftIcon,
  Money,
  Points,
  QrIcon,
  ReceiptIcon,
  SectionHeading,
  ShopIcon,
  Skeleton,
  SkeletonGroup,
  SpinIcon,
  StarIcon,
  TagIcon,
  TopBar,
  WalletIcon,
  cardClass,
  cx,
  focusRing,
} from '../../ui';
import { asOfWords, formatRelative } from '../../ui/lib/dates';
import { itemCount } from '../orders/format';
import { ORDER_STATUS_LABEL, ORDER_STATUS_TONE } from '../orders/order-status';
import { RewardPicture } from '../rewards/reward-picture';
import { byReach, limitText, lockedText, missingText, reachOf } from '../rewards/reward-reach';
import type { StampCard } from '#contract/stamps';
import { StampCards } from '../profile/stamp-cards';
import { TierCard } from '../profile/tier-card';
import { OrderingNotice, type Ordering } from '../shop/ordering-notice';

export interface HomeScreenProps {
  customer?: Customer | null;
  /** Offline, the balances are a kept copy: when it was read (ISO), said under them. */
  balancesAsOf?: string | null;
  /** The rewards to show off: those the customer can redeem now come first; four are shown. */
  featuredRewards?: Reward[];
  /** The customer's most recent order, or null when they have none. */
  latestOrder?: Order | null;
  /** the orders could not be read (offline, or the server did not answer): not "no orders yet" */
  ordersUnavailable?: boolean;
  unreadNotifications?: number;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  onOpenNotifications?: () => void;
  onOpenShop?: () => void;
  onOpenSpin?: () => void;
  /** To "Offers for you" (issue 50). */
  onOpenOffers?: () => void;
  onOpenRewards?: () => void;
  onOpenOrders?: () => void;
  onOpenPoints?: () => void;
  onOpenWallet?: () => void;
  /** Opens the member card (its QR code for the counter). */
  onOpenMemberCard?: () => void;
  onOpenReward?: (name: string) => void;
  onOpenOrder?: (name: string) => void;
  /** "Order again" on the latest order (issue 51): its items and options into the cart */
  onOrderAgain?: (order: Order) => void;
  /** the latest order's lines are being read for it: the button waits */
  orderingAgain?: boolean;
  nav?: ReactNode;
  currency: string;
  locale: string;
  /** The shop's time zone, for the time the balances were read (default: the device's). */
  timeZone?: string;
  /** Fixed "now" for "2 hours ago" (ISO); without it no relative time is shown. */
  now?: string;
  /** Whether the shop takes orders now: a notice when it does not. */
  ordering?: Ordering | null;
  /** The customer's stamp cards, under the balances (none: nothing shows); Details opens the Points page. */
  stampCards?: StampCard[];
  /** The customer's tier (issue 30): its name and the bar to the next; nothing when the shop has none. */
  tier?: TierStatusData | null;
  /** The offer to install the app (issue 31), when it is the moment: above the latest order. */
  installPrompt?: ReactNode;
}

const tile = cx(cardClass('none'), 'text-left hover:bg-surface', focusRing);

function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] || name;
}

/** The bell in the top bar, with the unread count. */
function Bell({ unread, onOpen }: { unread: number; onOpen?: () => void }) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={unread > 0 ? t`Notifications, ${unread} unread` : t`Notifications`}
      className={cx('relative inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-surface', focusRing)}
    >
      <BellIcon />
      {unread > 0 && (
        <span
          aria-hidden="true"
          className="absolute top-1 right-1 inline-flex min-w-5 items-center justify-center rounded-full bg-danger px-1 text-xs leading-5 font-bold text-danger-contrast"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </button>
  );
}

function HomeSkeleton() {
  const { t } = useLingui();
  return (
    <SkeletonGroup label={t`Loading your home page`} className="flex flex-col gap-6">
      <div className="grid grid-cols-2 gap-3">
        <Skeleton height="6.5rem" />
        <Skeleton height="6.5rem" />
      </div>
      <div className="grid grid-cols-4 gap-3">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height="5rem" />
        ))}
      </div>
      <Skeleton height="6rem" />
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height="11rem" />
        ))}
      </div>
    </SkeletonGroup>
  );
}

/** Points and wallet, each opening its page, and the member card that earns points at the counter. */
function Balances({
  customer,
  asOf,
  onOpenPoints,
  onOpenWallet,
  onOpenMemberCard,
  currency,
  locale,
}: {
  customer: Customer;
  /** offline: "As of …", under the two */
  asOf: string | null;
  onOpenPoints?: () => void;
  onOpenWallet?: () => void;
  onOpenMemberCard?: () => void;
  currency: string;
  locale: string;
}) {
  const points = <Points value={customer.pending_points ?? 0} locale={locale} />;
  return (
    <section aria-labelledby="home-balances" className="flex flex-col gap-3">
      <h2 id="home-balances" className="sr-only">
        <Trans>Your balances</Trans>
      </h2>
      <div className="grid grid-cols-2 gap-3">
        <button
          type="button"
          onClick={onOpenPoints}
          className={cx('flex flex-col gap-2 rounded-2xl bg-brand p-4 text-left text-brand-contrast shadow-sm hover:brightness-95', focusRing)}
        >
          <span className="flex items-center gap-1 text-sm font-medium">
            <StarIcon size={16} /> <Trans>Points</Trans>
          </span>
          <Points value={customer.points} locale={locale} unit="" className="text-2xl font-bold" />
          {customer.pending_points ? (
            <span className="text-sm">
              <Trans>{points} on the way</Trans>
            </span>
          ) : (
            <span className="text-sm">
              <Trans>See history</Trans>
            </span>
          )}
        </button>
        <button type="button" onClick={onOpenWallet} className={cx(tile, 'flex flex-col gap-2 p-4')}>
          <span className="flex items-center gap-1 text-sm font-medium text-muted">
            <WalletIcon size={16} /> <Trans>Wallet</Trans>
          </span>
          <Money amount={customer.wallet_balance} currency={currency} locale={locale} className="text-2xl font-bold" />
          <span className="text-sm text-brand-ink">
            <Trans>Top up</Trans>
          </span>
        </button>
      </div>
      {asOf && <AsOfNote asOf={asOf} />}
      <button type="button" onClick={onOpenMemberCard} className={cx(tile, 'flex items-center gap-3 p-4')}>
        <QrIcon className="shrink-0 text-brand-ink" />
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="font-semibold">
            <Trans>Member card</Trans>
          </span>
          <span className="text-sm text-muted">
            <Trans>Show at the counter to earn points</Trans>
          </span>
        </span>
        <ChevronRightIcon size={18} className="text-muted" />
      </button>
    </section>
  );
}

function QuickActions({
  onOpenShop,
  onOpenSpin,
  onOpenRewards,
  onOpenOrders,
  onOpenOffers,
}: Pick<HomeScreenProps, 'onOpenShop' | 'onOpenSpin' | 'onOpenRewards' | 'onOpenOrders' | 'onOpenOffers'>) {
  const { t } = useLingui();
  const actions = [
    { key: 'shop', label: t`Shop`, icon: <ShopIcon />, onClick: onOpenShop },
    { key: 'spin', label: t`Spin and Win`, icon: <SpinIcon />, onClick: onOpenSpin },
    { key: 'rewards', label: t`Rewards`, icon: <GiftIcon />, onClick: onOpenRewards },
    { key: 'orders', label: t`Orders`, icon: <ReceiptIcon />, onClick: onOpenOrders },
  ];
  return (
    <nav aria-label={t`Quick actions`}>
      <ul className="grid grid-cols-4 gap-2 md:gap-3">
        {actions.map((a) => (
          <li key={a.key}>
            <button
              type="button"
              onClick={a.onClick}
              className={cx(tile, 'flex h-full min-h-20 w-full flex-col items-center justify-center gap-1 p-2 text-center')}
            >
              <span aria-hidden="true" className="text-brand-ink">
                {a.icon}
              </span>
              <span className="text-sm leading-tight font-medium">{a.label}</span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" onClick={onOpenOffers} className={cx(tile, 'mt-3 flex w-full items-center gap-3 p-4 text-left')}>
        <TagIcon className="shrink-0 text-brand-ink" />
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="font-semibold">
            <Trans>Offers for you</Trans>
          </span>
          <span className="text-sm text-muted">
            <Trans>Promo codes to use at checkout</Trans>
          </span>
        </span>
        <ChevronRightIcon size={18} className="text-muted" />
      </button>
    </nav>
  );
}

function LatestOrder({
  order,
  unavailable,
  onOpenOrder,
  onOpenOrders,
  onOpenShop,
  onOrderAgain,
  orderingAgain = false,
  currency,
  locale,
  now,
}: Pick<HomeScreenProps, 'onOpenOrder' | 'onOpenOrders' | 'onOpenShop' | 'now' | 'onOrderAgain' | 'orderingAgain'> & {
  order: Order | null;
  unavailable: boolean;
  currency: string;
  locale: string;
}) {
  const { t } = useLingui();
  const name = order?.name;
  return (
    <section aria-labelledby="home-latest-order" className="flex flex-col gap-3">
      <SectionHeading id="home-latest-order" action={order && t`All orders`} onAction={onOpenOrders}>
        <Trans>Your latest order</Trans>
      </SectionHeading>
      {order ? (
        <button type="button" onClick={() => onOpenOrder?.(order.name)} className={cx(tile, 'flex items-center gap-3 p-4')}>
          <span className="flex min-w-0 flex-1 flex-col gap-1">
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-semibold">
                <Trans>Order {name}</Trans>
              </span>
              <Badge tone={ORDER_STATUS_TONE[order.status]}>{ORDER_STATUS_LABEL[order.status]}</Badge>
            </span>
            <span className="text-sm text-muted">
              {itemCount(order.items)} · <Money amount={order.total} currency={currency} locale={locale} />
              {now && <> · {formatRelative(order.created_at, now, locale)}</>}
            </span>
          </span>
          <ChevronRightIcon size={18} className="text-muted" />
        </button>
      ) : null}
      {order && onOrderAgain && order.status !== 'pending_payment' && (
        <Button
          variant="secondary"
          className="self-start"
          loading={orderingAgain}
          onClick={() => onOrderAgain(order)}
          aria-label={t`Order again: order ${name}`}
        >
          <Trans>Order again</Trans>
        </Button>
      )}
      {order ? null : unavailable ? (
        <div className="flex flex-col items-start gap-3 rounded-2xl border border-dashed border-border p-4">
          <p className="text-muted">
            <Trans>Your orders can't be loaded right now. They show again once you are back online.</Trans>
          </p>
          <Button variant="secondary" onClick={onOpenOrders}>
            <Trans>All orders</Trans>
          </Button>
        </div>
      ) : (
        <div className="flex flex-col items-start gap-3 rounded-2xl border border-dashed border-border p-4">
          <p className="text-muted">
            <Trans>No orders yet. Your first coffee is a few taps away.</Trans>
          </p>
          <Button variant="secondary" onClick={onOpenShop}>
            <Trans>Start an order</Trans>
          </Button>
        </div>
      )}
    </section>
  );
}

/** Up to four rewards, those the customer can redeem now first, each saying how far it is. */
function FeaturedRewards({
  rewards,
  points,
  onOpenReward,
  onOpenRewards,
  locale,
}: {
  rewards: Reward[];
  points: number;
  onOpenReward?: (name: string) => void;
  onOpenRewards?: () => void;
  locale: string;
}) {
  const { t } = useLingui();
  const shown = byReach(rewards, points).slice(0, 4);
  return (
    <section aria-labelledby="home-rewards" className="flex flex-col gap-3">
      <SectionHeading id="home-rewards" action={shown.length > 0 ? t`My rewards` : null} onAction={onOpenRewards}>
        <Trans>Rewards for you</Trans>
      </SectionHeading>
      {shown.length > 0 ? (
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {shown.map((r) => {
            const reach = reachOf(r, points);
            return (
              <li key={r.name}>
                <button type="button" onClick={() => onOpenReward?.(r.name)} className={cx(tile, 'flex h-full w-full flex-col overflow-hidden')}>
                  <RewardPicture src={r.image} width={160} height={96} dim={reach.kind !== 'ready'} className="h-24 w-full bg-surface object-cover" />
                  <span className="flex flex-1 flex-col gap-1 p-3">
                    <span className="leading-snug font-semibold">{r.title}</span>
                    <Points value={r.points_cost} locale={locale} className="text-sm font-medium text-brand-ink" />
                    {reach.kind === 'ready' ? (
                      <span className="flex items-center gap-1 text-sm font-medium text-success">
                        <CheckIcon size={16} className="shrink-0" /> <Trans>You can redeem this</Trans>
                      </span>
                    ) : (
                      <span className="text-sm text-muted">
                        {reach.kind === 'sold-out'
                          ? t`Out of stock`
                          : reach.kind === 'limit'
                            ? limitText()
                            : reach.kind === 'locked'
                              ? lockedText(reach.tier)
                              : missingText(reach.missing, locale)}
                      </span>
                    )}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="rounded-2xl border border-dashed border-border p-4 text-muted">
          <Trans>New rewards are on their way. Keep collecting points!</Trans>
        </p>
      )}
    </section>
  );
}

export function HomeScreen({
  customer,
  featuredRewards = [],
  latestOrder = null,
  ordersUnavailable = false,
  unreadNotifications = 0,
  loading = false,
  error,
  onRetry,
  onOpenNotifications,
  onOpenShop,
  onOpenSpin,
  onOpenOffers,
  onOpenRewards,
  onOpenOrders,
  onOpenPoints,
  onOpenWallet,
  onOpenMemberCard,
  onOpenReward,
  onOpenOrder,
  onOrderAgain,
  orderingAgain,
  nav,
  currency,
  locale,
  timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone,
  now,
  ordering,
  stampCards,
  balancesAsOf,
  tier,
  installPrompt,
}: HomeScreenProps) {
  const { t } = useLingui();
  const name = customer ? firstName(customer.name) : '';
  const title = customer ? t`Hi, ${name}` : t`Home`;
  let body: ReactNode;
  if (error) {
    body = <ErrorState title={t`We couldn't load your home page`} message={error} onRetry={onRetry} />;
  } else if (loading || !customer) {
    body = <HomeSkeleton />;
  } else {
    body = (
      <div className="flex flex-col gap-6">
        <OrderingNotice ordering={ordering} locale={locale} />
        <Balances
          customer={customer}
          asOf={balancesAsOf ? asOfWords(balancesAsOf, now, locale, timeZone) : null}
          onOpenPoints={onOpenPoints}
          onOpenWallet={onOpenWallet}
          onOpenMemberCard={onOpenMemberCard}
          currency={currency}
          locale={locale}
        />
        <TierCard status={tier} variant="compact" locale={locale} />
        <StampCards cards={stampCards} compact onOpenDetails={onOpenPoints} locale={locale} />
        <QuickActions onOpenShop={onOpenShop} onOpenSpin={onOpenSpin} onOpenRewards={onOpenRewards} onOpenOrders={onOpenOrders} onOpenOffers={onOpenOffers} />
        {installPrompt}
        <LatestOrder
          order={latestOrder}
          unavailable={ordersUnavailable}
          onOpenOrder={onOpenOrder}
          onOpenOrders={onOpenOrders}
          onOpenShop={onOpenShop}
          onOrderAgain={onOrderAgain}
          orderingAgain={orderingAgain}
          currency={currency}
          locale={locale}
          now={now}
        />
        <FeaturedRewards rewards={featuredRewards} points={customer.points} onOpenReward={onOpenReward} onOpenRewards={onOpenRewards} locale={locale} />
      </div>
    );
  }

  return (
    <AppShell header={<TopBar title={title} right={<Bell unread={unreadNotifications} onOpen={onOpenNotifications} />} />} nav={nav}>
      {body}
    </AppShell>
  );
}
