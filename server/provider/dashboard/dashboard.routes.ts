import type { Router } from 'express';
import { dashboardSpec } from '#contract/dashboard.spec';
import type { ProviderContext } from '../context';
import { mount } from '../http/mount';
import { getMerchant } from '../settings/settings.service';
import { onReplica } from '../read-replica';
import { dashboardAt, recordDownload } from './dashboard.service';
import { csvDownload } from '../http/csv';
import { exportGiftCards, exportLedger, exportOrders } from './export';

/** The owner's dashboard, computed in SQL, and the CSV exports of a period (files: each written as it is read). */
export function dashboardRoutes(ctx: ProviderContext): Router {
  return mount(ctx, dashboardSpec, {
    // read on the replica when there is one (read-replica.ts): a moment behind is fine for figures
    dashboard: async (query) => onReplica(ctx, (db) => dashboardAt(db, ctx.merchantId, ctx.clock.now(), query.period, query.location_id)),
    exportOrders: async (query, at) => {
      await recordDownload(ctx, at.staff(), 'export.orders', query);
      const { rules } = await getMerchant(ctx.db, ctx.merchantId);
      await onReplica(
        ctx,
        (db) => exportOrders(db, csvDownload(at.res), query, rules),
        () => !at.res.headersSent,
      );
    },
    exportLedger: async (query, at) => {
      await recordDownload(ctx, at.staff(), 'export.ledger', query);
      const { rules } = await getMerchant(ctx.db, ctx.merchantId);
      await onReplica(
        ctx,
        (db) => exportLedger(db, csvDownload(at.res), query, rules),
        () => !at.res.headersSent,
      );
    },
    exportGiftCards: async (query, at) => {
      await recordDownload(ctx, at.staff(), 'export.gift_cards', query);
      const { rules } = await getMerchant(ctx.db, ctx.merchantId);
      await onReplica(
        ctx,
        (db) => exportGiftCards(db, csvDownload(at.res), query, rules, ctx.clock.now()),
        () => !at.res.headersSent,
      );
    },
  });
}
