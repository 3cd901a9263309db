import { useParams } from 'react-router-dom';
import { useOrder } from '../../api/orders';
import { messageOf } from '../../app/errors';
import { useGoBack } from '../../app/go-back';
import { AppNav } from '../../app/nav';
import { paths } from '../../app/paths';
import { useSite } from '../../app/settings';
import { OrderDetailScreen } from './order-detail-screen';

/** /order/:name: the live order; useOrder polls while it is still moving, so the timeline fills in. */
export default function OrderDetailPage() {
  const { settings } = useSite();
  const { name = null } = useParams();
  const { data, error, isLoading, mutate } = useOrder(name);
  const back = useGoBack(paths.orderHome);

  return (
    <OrderDetailScreen
      order={data?.order ?? null}
      loading={isLoading}
      error={error && !data ? messageOf(error) : null}
      onRetry={() => void mutate()}
      pickupAddress={settings.pickup_address}
      onBack={back}
      nav={<AppNav />}
      currency={settings.currency}
      locale={settings.locale}
      timeZone={settings.timezone}
    />
  );
}
