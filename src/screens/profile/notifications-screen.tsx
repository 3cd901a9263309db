import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { AppNotification, NotificationListData, NotificationType } from '#contract';
import {
  AppShell,
  BellIcon,
  Button,
  CheckIcon,
  EmptyState,
  ErrorState,
  GiftIcon,
  LoadMore,
  ReceiptIcon,
  Skeleton,
  SkeletonGroup,
  SpinIcon,
  StarIcon,
  TopBar,
  UserIcon,
  WalletIcon,
  cx,
  focusRing,
} from '../../ui';
import { formatDateTime, formatRelative } from '../../ui/lib/dates';

export interface NotificationsScreenProps {
  /** Items loaded so far (pages merged) and the unread count; null while loading. */
  data?: NotificationListData | null;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** A tap: the container marks it read and follows its `link` when it has one. */
  onOpen?: (notification: AppNotification) => void;
  onMarkAllRead?: () => void;
  markingAllRead?: boolean;
  onLoadMore?: () => void;
  loadingMore?: boolean;
  loadMoreError?: string | null;
  onBack?: () => void;
  /** The current time, for "2 hours ago" (from the app's clock, fixed in stories). */
  now: string;
  nav?: ReactNode;
  locale: string;
  /** The merchant's time zone for full dates (default UTC). */
  timeZone?: string;
}

const ICONS: Record<NotificationType, ReactNode> = {
  order: <ReceiptIcon size={20} />,
  topup: <WalletIcon size={20} />,
  points_earned: <StarIcon size={20} />,
  points_expiring: <StarIcon size={20} />,
  reward: <GiftIcon size={20} />,
  wheel: <SpinIcon size={20} />,
  account: <UserIcon size={20} />,
  campaign: <GiftIcon size={20} />,
  gift_card: <GiftIcon size={20} />,
};

function Item({
  n,
  onOpen,
  now,
  locale,
  timeZone,
}: {
  n: AppNotification;
  onOpen?: (n: AppNotification) => void;
  now: string;
  locale: string;
  timeZone?: string;
}) {
  const { t } = useLingui();
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen?.(n)}
        className={cx(
          'flex w-full items-start gap-3 rounded-2xl border p-3 text-left hover:bg-surface',
          n.read ? 'border-border bg-surface' : 'border-brand-ink/40 bg-surface-raised shadow-sm',
          focusRing,
        )}
      >
        <span
          aria-hidden="true"
          className={cx(
            'inline-flex size-10 shrink-0 items-center justify-center rounded-full',
            n.read ? 'bg-surface-raised text-muted' : 'bg-brand text-brand-contrast',
          )}
        >
          {ICONS[n.type] ?? <BellIcon size={20} />}
        </span>
        <span className="flex min-w-0 flex-1 flex-col gap-0.5">
          <span className="flex items-start gap-2">
            <span className={cx('flex-1 text-ink', n.read ? 'font-medium' : 'font-bold')}>{n.title}</span>
            {!n.read && (
              <span className="mt-1.5 inline-flex items-center">
                <span aria-hidden="true" className="size-2.5 rounded-full bg-brand-ink" />
                <span className="sr-only">{t`(unread)`}</span>
              </span>
            )}
          </span>
          <span className="text-sm text-muted">{n.body}</span>
          <time dateTime={n.created_at} title={formatDateTime(n.created_at, locale, timeZone)} className="text-xs text-muted">
            {formatRelative(n.created_at, now, locale)}
          </time>
        </span>
      </button>
    </li>
  );
}

export function NotificationsScreen({
  data,
  loading = false,
  error,
  onRetry,
  onOpen,
  onMarkAllRead,
  markingAllRead = false,
  onLoadMore,
  loadingMore = false,
  loadMoreError,
  onBack,
  now,
  nav,
  locale,
  timeZone,
}: NotificationsScreenProps) {
  const { t } = useLingui();
  let body: ReactNode;
  if (error) {
    body = <ErrorState title={t`We couldn't load your notifications`} message={error} onRetry={onRetry} />;
  } else if (loading || !data) {
    body = (
      <SkeletonGroup label={t`Loading notifications`} className="flex flex-col gap-3">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} height="5.5rem" />
        ))}
      </SkeletonGroup>
    );
  } else if (data.items.length === 0) {
    body = <EmptyState icon={<BellIcon size={40} />} title={t`No notifications yet`} description={t`Order updates, rewards and prizes will show up here.`} />;
  } else {
    const unread = data.unread;
    body = (
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-base font-medium text-muted" aria-live="polite">
            {unread > 0 ? plural(unread, { one: '# unread', other: '# unread' }) : t`All caught up`}
          </h2>
          {onMarkAllRead && (
            <Button variant="ghost" size="sm" onClick={onMarkAllRead} loading={markingAllRead} disabled={data.unread === 0} icon={<CheckIcon size={18} />}>
              {t`Mark all as read`}
            </Button>
          )}
        </div>
        <ul className="flex flex-col gap-2">
          {data.items.map((n) => (
            <Item key={n.id} n={n} onOpen={onOpen} now={now} locale={locale} timeZone={timeZone} />
          ))}
        </ul>
        <LoadMore more={data.next_page !== null && !!onLoadMore} onMore={onLoadMore} loading={loadingMore} error={loadMoreError} />
      </div>
    );
  }

  return (
    <AppShell header={<TopBar title={t`Notifications`} onBack={onBack} />} nav={nav}>
      {body}
    </AppShell>
  );
}
