import { useState } from 'react';
import type { SiteSettings } from '#contract';
import type { DashboardPeriod } from '#contract/dashboard';
import { exportUrl, useDashboard } from '../../../api/dashboard';
import { useMerchantLocations } from '../../../api/locations';
import { useSettings } from '../../../api/settings';
import { messageOf } from '../../../shared/errors';
import { DashboardScreen } from './dashboard-screen';

/** /merchant/dashboard (owners): the figures asked again every minute while the page is open. */
export default function DashboardContainer() {
  const [period, setPeriod] = useState<DashboardPeriod>('today');
  // the owner's filter for this page only: the board's remembered location is where a device works, not what an owner reads
  const [locationId, setLocationId] = useState<number | null>(null);
  const dashboard = useDashboard(period, true, locationId);
  const locations = useMerchantLocations();
  const settings = useSettings().data as SiteSettings | undefined;
  return (
    <DashboardScreen
      period={period}
      onPeriodChange={setPeriod}
      {...(dashboard.data ? { data: dashboard.data } : {})}
      loading={dashboard.isLoading || dashboard.isValidating}
      error={dashboard.error ? messageOf(dashboard.error) : null}
      onRetry={() => void dashboard.mutate()}
      locale={settings?.locale ?? 'en'}
      currency={settings?.currency ?? 'PHP'}
      exportHref={(kind, from, to) => exportUrl(kind, from, to, locationId)}
      locations={locations.data?.locations}
      locationId={locationId}
      onLocationChange={setLocationId}
    />
  );
}
