import { useState } from 'react';
import type { SiteSettings } from '#contract';
import type { DashboardPeriod } from '#contract/dashboard';
import { exportUrl, useDashboard } from '../../api/dashboard';
import { useSettings } from '../../api/settings';
import { messageOf } from '../../shared/errors';
import { DashboardScreen } from './dashboard-screen';

/** /merchant/dashboard (owners): the figures asked again every minute while the page is open. */
export default function DashboardContainer() {
  const [period, setPeriod] = useState<DashboardPeriod>('today');
  const dashboard = useDashboard(period);
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
      exportHref={exportUrl}
    />
  );
}
