import type { Response, Router } from 'express';
import { dashboardSpec } from '#contract/dashboard.spec';
import type { ProviderContext } from '../context';
import { mount } from '../http/mount';
import { getMerchant } from '../settings/settings.service';
import { dashboardAt, recordDownload } from './dashboard.service';
import { exportLedger, exportOrders, type OpenCsv } from './export';

/** An export's file: a CSV download, never cached (its rows are the shop's). */
export const csvDownload =
  (res: Response): OpenCsv =>
  (fileName) => {
    res.status(200);
    res.setHeader('content-type', 'text/csv; charset=utf-8');
    res.setHeader('content-disposition', `attachment; filename="${fileName}"`);
    res.setHeader('cache-control', 'no-store');
    return res;
  };

/** The owner's dashboard, computed in SQL, and the CSV exports of a period (files: each written as it is read). */
export function dashboardRoutes(ctx: ProviderContext): Router {
  return mount(ctx, dashboardSpec, {
    dashboard: async (query) => dashboardAt(ctx.db, ctx.merchantId, ctx.clock.now(), query.period, query.location_id),
    exportOrders: async (query, at) => {
      await recordDownload(ctx, at.staff(), 'export.orders', query);
      await exportOrders(ctx.db, csvDownload(at.res), query, (await getMerchant(ctx.db, ctx.merchantId)).rules);
    },
    exportLedger: async (query, at) => {
      await recordDownload(ctx, at.staff(), 'export.ledger', query);
      await exportLedger(ctx.db, csvDownload(at.res), query, (await getMerchant(ctx.db, ctx.merchantId)).rules);
    },
  });
}
