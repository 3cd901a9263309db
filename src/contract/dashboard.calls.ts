/**
 * The calls of the owner's dashboard and its CSV exports, declared once (api.ts); their schemas are in
 * dashboard.ts, their words in dashboard.spec.ts. The exports answer files, not the envelope: the console links to their address
 * (a download), never through callApi.
 */
import { call } from './api';
import type { DashboardData, DashboardQuery, ExportQuery } from './dashboard';

export const dashboardApi = {
  dashboard: call.owner.get<DashboardData, DashboardQuery>('merchant/dashboard'),
  exportOrders: call.owner.get<void, ExportQuery>('merchant/export/orders.csv'),
  exportLedger: call.owner.get<void, ExportQuery>('merchant/export/ledger.csv'),
  exportGiftCards: call.owner.get<void, ExportQuery>('merchant/export/gift-cards.csv'),
};
