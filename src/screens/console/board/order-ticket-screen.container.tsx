import { useParams } from 'react-router-dom';
import type { SiteSettings } from '#contract';
import { useBoardOrder } from '../../../api/board';
import { useMerchantLocations } from '../../../api/locations';
import { useSettings } from '../../../api/settings';
import { messageOf } from '../../../shared/errors';
import { consoleLink } from '../../../console/link';
import { OrderTicketScreen } from './order-ticket-screen';

/** /merchant/orders/:name/ticket (staff and owners). */
export default function OrderTicketContainer() {
  const { name = '' } = useParams();
  const settings = useSettings().data as SiteSettings | undefined;
  const order = useBoardOrder(name);
  const locations = useMerchantLocations();
  const madeAt = order.data?.order.location?.id;
  return (
    <OrderTicketScreen
      order={order.data?.order}
      loading={order.isLoading}
      error={order.error ? messageOf(order.error) : null}
      onRetry={() => void order.mutate()}
      shop={settings?.setting_company ?? ''}
      onPrint={() => window.print()}
      renderLink={consoleLink}
      locale={settings?.locale ?? 'en'}
      currency={settings?.currency ?? 'PHP'}
      timeZone={settings?.timezone}
      locationTimeZone={locations.data?.locations.find((l) => l.id === madeAt)?.effective_timezone}
    />
  );
}
