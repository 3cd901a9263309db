import { msg, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useState, type ReactNode } from 'react';
import type { Reward, Voucher, VoucherTab } from '#contract';
import type { VoucherCodeData } from '#contract/rewards';
import {
  AppShell,
  Badge,
  BottomSheet,
  Button,
  Card,
  ChevronRightIcon,
  EmptyState,
  ErrorState,
  GiftIcon,
  Points,
  QrIcon,
  Skeleton,
  SkeletonGroup,
  Tabs,
  TopBar,
  cardSurface,
  cx,
  focusRing,
} from '../../ui';
import { formatDate } from '../../ui/lib/dates';
import { RewardPicture } from './reward-picture';
import { freeProductWords } from './free-product-words';
import { pointsUnit } from './points-words';
import { byReach, limitText, lockedText, missingText, reachOf } from './reward-reach';
import { SpentReference, VoucherCodePanel } from './voucher-code-panel';

export const VOUCHER_TABS: VoucherTab[] = ['active', 'used', 'expired'];

const TAB_LABELS: Record<VoucherTab, MessageDescriptor> = { active: msg`Active`, used: msg`Used`, expired: msg`Expired` };

/** The list's name for screen readers: one whole phrase per tab. */
const LIST_LABELS: Record<VoucherTab, MessageDescriptor> = { active: msg`Active vouchers`, used: msg`Used vouchers`, expired: msg`Expired vouchers` };

const EMPTY: Record<VoucherTab, { title: MessageDescriptor; description: MessageDescriptor }> = {
  active: { title: msg`No active vouchers`, description: msg`Redeem your points for a reward and its voucher shows up here.` },
  used: { title: msg`No used vouchers yet`, description: msg`Vouchers you use at the counter or on an order are listed here.` },
  expired: { title: msg`Nothing has expired`, description: msg`Vouchers you did not use in time would be listed here.` },
};

export interface RewardStorageScreenProps {
  /** The selected tab (from the route). */
  tab: VoucherTab;
  onChangeTab?: (tab: VoucherTab) => void;
  /** The vouchers of the selected tab. */
  vouchers?: Voucher[];
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** Called when a voucher's code sheet opens (the sheet itself is handled here). */
  onOpenVoucher?: (id: number) => void;
  /** Opens this voucher's sheet on first render (stories, a link from a notification). */
  defaultOpenVoucherId?: number | null;
  /** Called when the open voucher's sheet closes. */
  onCloseVoucher?: () => void;
  /** The open voucher's rotating code (and its status as the shop sees it now). */
  voucherCode?: VoucherCodeData;
  voucherCodeError?: string | null;
  onRetryVoucherCode?: () => void;
  /** The code on screen ran out: fetch fresh ones. */
  onVoucherCodeStale?: () => void;
  /** Stories: the countdown stands still. */
  frozenCode?: boolean;
  /** Rewards to browse under the vouchers; the section is hidden when absent. */
  rewards?: Reward[];
  rewardsLoading?: boolean;
  /** The customer's points, shown with the rewards. */
  points?: number;
  /** Opens the redeem page of a reward. */
  onRedeemReward?: (name: string) => void;
  onBack?: () => void;
  nav?: ReactNode;
  locale: string;
  /** The merchant's time zone for dates (default UTC). */
  timeZone?: string;
}

function voucherDateText(v: Voucher, locale: string, timeZone?: string): string {
  const date = (iso: string) => formatDate(iso, locale, timeZone);
  if (v.status === 'used') {
    if (!v.used_at) return t`Used`;
    const day = date(v.used_at);
    return t`Used on ${day}`;
  }
  if (v.status === 'cancelled') {
    if (!v.cancelled_at) return t`Cancelled`;
    const day = date(v.cancelled_at);
    return t`Cancelled on ${day}`;
  }
  const day = date(v.expires_at);
  return v.status === 'expired' ? t`Expired on ${day}` : t`Valid until ${day}`;
}

/** The selected tab's vouchers, each opening its sheet. */
function VoucherList({
  status,
  vouchers,
  loading,
  error,
  onRetry,
  onOpen,
  locale,
  timeZone,
}: {
  status: VoucherTab;
  vouchers: Voucher[];
  loading: boolean;
  error?: string | null;
  onRetry?: () => void;
  onOpen: (id: number) => void;
  locale: string;
  timeZone?: string;
}) {
  const { t, i18n } = useLingui();
  if (error) return <ErrorState title={t`We couldn't load your vouchers`} message={error} onRetry={onRetry} />;
  if (loading) {
    return (
      <SkeletonGroup label={t`Loading vouchers`} className="flex flex-col gap-3">
        <Skeleton height="5.5rem" />
        <Skeleton height="5.5rem" />
        <Skeleton height="5.5rem" />
      </SkeletonGroup>
    );
  }
  if (vouchers.length === 0) {
    return <EmptyState icon={<GiftIcon size={40} />} title={i18n._(EMPTY[status].title)} description={i18n._(EMPTY[status].description)} />;
  }
  return (
    <ul className="flex flex-col gap-3" aria-label={i18n._(LIST_LABELS[status])}>
      {vouchers.map((v) => (
        <li key={v.id}>
          <button
            type="button"
            onClick={() => onOpen(v.id)}
            aria-haspopup="dialog"
            className={cx(cardSurface, 'flex w-full items-center gap-3 p-3 text-left shadow-sm hover:bg-surface', focusRing)}
          >
            <RewardPicture src={v.reward.image} width={64} height={64} dim={v.status !== 'active'} className="size-16 shrink-0 rounded-xl object-cover" />
            <span className="flex min-w-0 flex-1 flex-col gap-0.5">
              <span className="truncate font-semibold text-ink">{v.reward.title}</span>
              {freeProductWords(v.reward) && <span className="text-sm font-medium text-success">{freeProductWords(v.reward)}</span>}
              <span className="tabular-nums text-sm text-ink">{v.code}</span>
              <span className="text-sm text-muted">{voucherDateText(v, locale, timeZone)}</span>
            </span>
            <span className="flex shrink-0 items-center gap-1 text-sm font-medium text-brand-ink">
              <QrIcon size={20} />
              <span className="sr-only sm:not-sr-only">
                <Trans>Show code</Trans>
              </span>
              <ChevronRightIcon size={18} />
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** A reward to browse: its cost, and how far the customer is from it or the way to redeem it. */
function RewardCard({
  reward: r,
  points,
  onRedeemReward,
  locale,
}: {
  reward: Reward;
  points?: number;
  onRedeemReward?: (name: string) => void;
  locale: string;
}) {
  // without the balance (still loading) nothing is marked out of reach
  const reach = reachOf(r, points ?? Number.MAX_SAFE_INTEGER);
  const title = r.title;
  return (
    <Card as="li" padding="none" className="flex gap-3 overflow-hidden p-3">
      <RewardPicture src={r.image} width={80} height={80} dim={reach.kind !== 'ready'} className="size-20 shrink-0 rounded-xl object-cover" />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 className="font-semibold text-ink">{r.title}</h3>
        {freeProductWords(r) && <p className="text-sm font-medium text-success">{freeProductWords(r)}</p>}
        <p className="text-sm text-brand-ink">
          <Points value={r.points_cost} locale={locale} unit={pointsUnit(r.points_cost)} showIcon />
        </p>
        {reach.kind === 'sold-out' || reach.kind === 'limit' ? (
          <Badge tone="neutral" className="self-start">
            {reach.kind === 'limit' ? limitText() : <Trans>Out of stock</Trans>}
          </Badge>
        ) : reach.kind === 'short' || reach.kind === 'locked' ? (
          <>
            <p className="text-sm text-muted">{reach.kind === 'locked' ? lockedText(reach.tier) : missingText(reach.missing, locale)}</p>
            {onRedeemReward && (
              <Button size="sm" variant="ghost" className="self-start" onClick={() => onRedeemReward(r.name)}>
                <Trans>
                  See reward<span className="sr-only"> {title}</span>
                </Trans>
              </Button>
            )}
          </>
        ) : (
          onRedeemReward && (
            <Button size="sm" variant="secondary" className="self-start" onClick={() => onRedeemReward(r.name)}>
              <Trans>
                Redeem<span className="sr-only"> {title}</span>
              </Trans>
            </Button>
          )
        )}
      </div>
    </Card>
  );
}

function BrowseRewards({
  rewards,
  rewardsLoading,
  points,
  onRedeemReward,
  locale,
}: {
  rewards: Reward[];
  rewardsLoading: boolean;
  points?: number;
  onRedeemReward?: (name: string) => void;
  locale: string;
}) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="browse-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="browse-heading" className="text-lg font-semibold text-ink">
          <Trans>Get more rewards</Trans>
        </h2>
        {points !== undefined && (
          <p className="text-sm text-muted">
            <Trans>
              You have <Points value={points} locale={locale} unit={pointsUnit(points)} className="font-semibold text-ink" />
            </Trans>
          </p>
        )}
      </div>
      {rewardsLoading ? (
        <SkeletonGroup label={t`Loading rewards`} className="grid gap-3 sm:grid-cols-2">
          <Skeleton height="7rem" />
          <Skeleton height="7rem" />
        </SkeletonGroup>
      ) : rewards.length === 0 ? (
        <p className="text-muted">
          <Trans>No rewards to redeem right now. Check back soon.</Trans>
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {(points === undefined ? rewards : byReach(rewards, points)).map((r) => (
            <RewardCard key={r.name} reward={r} points={points} onRedeemReward={onRedeemReward} locale={locale} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** What the sheet says of a voucher in each status. */
function sheetText(open: Voucher | null): string {
  if (open?.status === 'active') return t`Show the QR code at the counter, or apply the voucher at checkout.`;
  if (open?.status === 'used') return t`This voucher has been used.`;
  if (open?.status === 'cancelled') {
    // no order: a reward given at the counter for points, then undone there
    const order = open.cancelled_with_order;
    return order
      ? t`This voucher was cancelled with order ${order}: it was bought with that order's points, which you got back.`
      : t`The counter undid this reward: its points went back to you.`;
  }
  return t`This voucher has expired and can no longer be used.`;
}

/** The open voucher's sheet: its rotating QR code while it is active, its reference struck through after. */
function VoucherSheet({
  open,
  onClose,
  voucherCode,
  voucherCodeError,
  onRetryVoucherCode,
  onVoucherCodeStale,
  frozenCode,
  locale,
  timeZone,
}: Pick<RewardStorageScreenProps, 'voucherCode' | 'voucherCodeError' | 'onRetryVoucherCode' | 'onVoucherCodeStale' | 'frozenCode' | 'locale' | 'timeZone'> & {
  open: Voucher | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  return (
    <BottomSheet
      open={open !== null}
      onOpenChange={(isOpen) => {
        if (!isOpen) onClose();
      }}
      title={open?.reward.title ?? t`Voucher`}
      description={sheetText(open)}
    >
      {open && (
        <div className="flex flex-col items-center gap-3 text-center">
          <Badge tone={open.status === 'active' ? 'success' : 'neutral'}>{voucherDateText(open, locale, timeZone)}</Badge>
          {open.status === 'active' ? (
            <VoucherCodePanel
              reference={open.code}
              code={voucherCode?.voucher_id === open.id ? voucherCode : undefined}
              error={voucherCodeError}
              onRetry={onRetryVoucherCode}
              onStale={onVoucherCodeStale}
              frozen={frozenCode}
            />
          ) : (
            <SpentReference reference={open.code} />
          )}
        </div>
      )}
    </BottomSheet>
  );
}

export function RewardStorageScreen({
  tab,
  onChangeTab,
  vouchers = [],
  loading = false,
  error,
  onRetry,
  onOpenVoucher,
  defaultOpenVoucherId = null,
  onCloseVoucher,
  voucherCode,
  voucherCodeError,
  onRetryVoucherCode,
  onVoucherCodeStale,
  frozenCode,
  rewards,
  rewardsLoading = false,
  points,
  onRedeemReward,
  onBack,
  nav,
  locale,
  timeZone,
}: RewardStorageScreenProps) {
  const { t, i18n } = useLingui();
  const [openId, setOpenId] = useState<number | null>(defaultOpenVoucherId);
  // the voucher as it was opened: it stays on its sheet when it leaves this tab (used at the counter)
  const [opened, setOpened] = useState<Voucher | null>(null);
  const listed = vouchers.find((v) => v.id === openId) ?? (opened?.id === openId ? opened : null);
  // the shop's word on the open voucher is the newest: used at a counter a moment ago shows at once
  const open =
    listed && voucherCode?.voucher_id === listed.id && voucherCode.status !== listed.status
      ? { ...listed, status: voucherCode.status, used_at: voucherCode.used_at }
      : listed;

  const openVoucher = (id: number) => {
    setOpenId(id);
    setOpened(vouchers.find((v) => v.id === id) ?? null);
    onOpenVoucher?.(id);
  };

  return (
    <AppShell header={<TopBar title={t`My rewards`} onBack={onBack} />} nav={nav}>
      <div className="flex flex-col gap-8">
        <section aria-labelledby="vouchers-heading" className="flex flex-col gap-2">
          <h2 id="vouchers-heading" className="text-lg font-semibold text-ink">
            <Trans>My vouchers</Trans>
          </h2>
          <Tabs
            label={t`Voucher status`}
            value={tab}
            onValueChange={(v) => onChangeTab?.(v as VoucherTab)}
            items={VOUCHER_TABS.map((status) => ({
              value: status,
              label: i18n._(TAB_LABELS[status]),
              content:
                status === tab ? (
                  <VoucherList
                    status={status}
                    vouchers={vouchers}
                    loading={loading}
                    error={error}
                    onRetry={onRetry}
                    onOpen={openVoucher}
                    locale={locale}
                    timeZone={timeZone}
                  />
                ) : null,
            }))}
          />
        </section>

        {rewards !== undefined && (
          <BrowseRewards rewards={rewards} rewardsLoading={rewardsLoading} points={points} onRedeemReward={onRedeemReward} locale={locale} />
        )}
      </div>

      <VoucherSheet
        open={open}
        onClose={() => {
          setOpenId(null);
          onCloseVoucher?.();
        }}
        voucherCode={voucherCode}
        voucherCodeError={voucherCodeError}
        onRetryVoucherCode={onRetryVoucherCode}
        onVoucherCodeStale={onVoucherCodeStale}
        frozenCode={frozenCode}
        locale={locale}
        timeZone={timeZone}
      />
    </AppShell>
  );
}
