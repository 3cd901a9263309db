import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Order } from '#contract';
import {
  AppShell,
  Badge,
  Button,
  ChevronRightIcon,
  EmptyState,
  ErrorState,
  LoadMore,
  Money,
  ReceiptIcon,
  Skeleton,
  SkeletonGroup,
  TopBar,
  cardClass,
  cx,
  focusRing,
} from '../../ui';
import { formatDateTime } from '../../ui/lib/dates';
import { itemCount } from './format';
import { ORDER_STATUS_LABEL, ORDER_STATUS_TONE } from './order-status';

export interface OrderHistoryScreenProps {
  /** Orders loaded so far (pages merged); shown newest first. */
  orders?: Order[];
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** The API's `next_page`: a "Load more" button shows while it is set. */
  nextPage?: number | null;
  onLoadMore?: () => void;
  loadingMore?: boolean;
  onOpenOrder?: (name: string) => void;
  onOpenShop?: () => void;
  onBack?: () => void;
  nav?: ReactNode;
  currency: string;
  locale: string;
  timeZone?: string;
}

/** One order of the list: its number and status, when and how, its items and total; opens the order's page. */
function OrderRow({
  order,
  onOpenOrder,
  currency,
  locale,
  timeZone,
}: {
  order: Order;
  onOpenOrder?: (name: string) => void;
  currency: string;
  locale: string;
  timeZone?: string;
}) {
  const { t } = useLingui();
  const name = order.name;
  return (
    <button
      type="button"
      onClick={() => onOpenOrder?.(name)}
      className={cx(cardClass(), 'flex w-full items-center gap-3 text-left hover:bg-surface', focusRing)}
    >
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">
            <Trans>Order {name}</Trans>
          </span>
          <Badge tone={ORDER_STATUS_TONE[order.status]}>{ORDER_STATUS_LABEL[order.status]}</Badge>
        </span>
        <span className="text-sm text-muted">
          {formatDateTime(order.created_at, locale, timeZone)} · {order.fulfilment === 'delivery' ? t`Delivery` : t`Pickup`}
        </span>
        <span className="text-sm text-ink">
          {itemCount(order.items)} · <Money amount={order.total} currency={currency} locale={locale} className="font-semibold" />
        </span>
      </span>
      <ChevronRightIcon size={18} className="shrink-0 text-muted" />
    </button>
  );
}

/** /order/home: every order, newest first, with paging. */
export function OrderHistoryScreen({
  orders = [],
  loading = false,
  error,
  onRetry,
  nextPage = null,
  onLoadMore,
  loadingMore = false,
  onOpenOrder,
  onOpenShop,
  onBack,
  nav,
  currency,
  locale,
  timeZone,
}: OrderHistoryScreenProps) {
  const { t } = useLingui();
  let body: ReactNode;
  if (error && orders.length === 0) {
    body = <ErrorState title={t`We couldn't load your orders`} message={error} onRetry={onRetry} />;
  } else if (loading) {
    body = (
      <SkeletonGroup label={t`Loading your orders`} className="flex flex-col gap-3">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height="5.5rem" />
        ))}
      </SkeletonGroup>
    );
  } else if (orders.length === 0) {
    body = (
      <EmptyState
        icon={<ReceiptIcon size={40} />}
        title={t`No orders yet`}
        description={t`When you order from the shop, your orders show up here.`}
        action={
          onOpenShop && (
            <Button onClick={onOpenShop}>
              <Trans>Go to the shop</Trans>
            </Button>
          )
        }
      />
    );
  } else {
    const sorted = [...orders].sort((a, b) => b.created_at.localeCompare(a.created_at));
    body = (
      <div className="flex flex-col gap-4">
        <ul className="flex flex-col gap-3">
          {sorted.map((order) => (
            <li key={order.name}>
              <OrderRow order={order} onOpenOrder={onOpenOrder} currency={currency} locale={locale} timeZone={timeZone} />
            </li>
          ))}
        </ul>
        {error && <ErrorState title={t`We couldn't load more orders`} message={error} onRetry={onRetry} className="py-4" />}
        <LoadMore more={nextPage !== null && !error} onMore={onLoadMore} loading={loadingMore}>
          <Trans>Load more orders</Trans>
        </LoadMore>
      </div>
    );
  }

  return (
    <AppShell header={<TopBar title={t`Order history`} onBack={onBack} />} nav={nav}>
      {body}
    </AppShell>
  );
}
