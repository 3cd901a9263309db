/** The owner's dashboard and the CSV exports of a period. */
import type { DashboardPeriod } from '#contract/dashboard';
import { dashboardApi } from '#contract/dashboard.calls';
import { apiUrl } from './client';
import { useCall } from './use-call';

/**
 * The figures of a period (of one location, or null: the whole shop), asked again every minute; `ask` false:
 * not asked (the overview before the shop is live).
 */
export const useDashboard = (period: DashboardPeriod, ask = true, locationId: number | null = null) =>
  useCall(dashboardApi.dashboard, !ask ? null : locationId === null ? { period } : { period, location_id: locationId }, {
    refreshInterval: 60_000,
    keepPreviousData: true,
  });

const EXPORTS = { orders: dashboardApi.exportOrders, ledger: dashboardApi.exportLedger, 'gift-cards': dashboardApi.exportGiftCards };
/** The address of a CSV export of the merchant's days `from`–`to` ('YYYY-MM-DD'), of one location or (null) all: a plain download. */
export const exportUrl = (kind: keyof typeof EXPORTS, from: string, to: string, locationId: number | null = null) =>
  apiUrl(EXPORTS[kind].path, { from, to, location_id: locationId });
