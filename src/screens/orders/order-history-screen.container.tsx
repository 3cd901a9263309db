import { useNavigate } from 'react-router-dom';
import { orderPages } from '../../api/orders';
import { useGoBack } from '../../app/go-back';
import { AppNav } from '../../app/nav';
import { paths, to } from '#contract/routes';
import { useSite } from '../../app/settings';
import { usePages } from '../../app/use-pages';
import { OrderHistoryScreen } from './order-history-screen';

export default function OrderHistoryPage() {
  const { settings } = useSite();
  const navigate = useNavigate();
  const back = useGoBack(paths.profileHome);
  const list = usePages(orderPages);

  return (
    <OrderHistoryScreen
      orders={list.pages?.flatMap((p) => p.orders) ?? []}
      loading={list.loading}
      error={list.error ?? list.loadMoreError}
      onRetry={list.reload}
      nextPage={list.nextPage}
      onLoadMore={list.loadMore}
      loadingMore={list.loadingMore}
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
