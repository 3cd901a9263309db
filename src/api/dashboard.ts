/** The owner's dashboard and the CSV exports of a period. */
import useSWR from 'swr';
import type { DashboardData, DashboardPeriod } from '#contract/dashboard';
import { dashboardApi } from '#contract/dashboard.calls';
import { apiUrl, fetcher, keyOf } from './client';

/** The figures of a period, asked again every minute; `ask` false: not asked (the overview before the shop is live). */
export const useDashboard = (period: DashboardPeriod, ask = true) =>
  useSWR<DashboardData>(ask ? keyOf(dashboardApi.dashboard, { period }) : null, fetcher, { refreshInterval: 60_000, keepPreviousData: true });

/** The address of a CSV export of the merchant's days `from`–`to` ('YYYY-MM-DD'): a plain download. */
export const exportUrl = (kind: 'orders' | 'ledger', from: string, to: string) => apiUrl((kind === 'orders' ? dashboardApi.exportOrders : dashboardApi.exportLedger).path, { from, to });
