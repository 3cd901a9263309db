import { useNavigate } from 'react-router-dom';
import useSWRInfinite from 'swr/infinite';
import { fetcher } from '../../api/client';
import type { OrderListData } from '../../api/contract';
import { orderListKey } from '../../api/orders';
import { messageOf } from '../../app/errors';
import { useGoBack } from '../../app/go-back';
import { AppNav } from '../../app/nav';
import { paths, to } from '../../app/paths';
import { useSite } from '../../app/settings';
import { OrderHistoryScreen } from './order-history-screen';

/** Page n+1's key while page n says there is one: order/list pages, loaded with "Load more". */
const pageKey = (index: number, previous: OrderListData | null) => (previous && previous.next_page === null ? null : orderListKey(previous?.next_page ?? index + 1));

export default function OrderHistoryPage() {
  const { settings } = useSite();
  const navigate = useNavigate();
  const back = useGoBack(paths.profileHome);
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useSWRInfinite<OrderListData>(pageKey, fetcher);
  const orders = data?.flatMap((p) => p.orders) ?? [];
  const last = data?.[data.length - 1];
  const loadingMore = isValidating && size > (data?.length ?? 0);

  return (
    <OrderHistoryScreen
      orders={orders}
      loading={isLoading}
      error={error ? messageOf(error) : null}
      onRetry={() => void mutate()}
      nextPage={last?.next_page ?? null}
      onLoadMore={() => void setSize(size + 1)}
      loadingMore={loadingMore}
      onOpenOrder={(name) => void navigate(to.order(name))}
      onOpenShop={() => void navigate(paths.shop)}
      onBack={back}
      nav={<AppNav />}
      currency={settings.currency}
      locale={settings.locale}
      timeZone={settings.timezone}
    />
  );
}
