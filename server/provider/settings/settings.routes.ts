import { Router } from 'express';
import { sql } from 'kysely';
import type { ProviderContext } from '../context';
import { apiRouter } from '../http/api-router';
import { send } from '../http/envelope';
import { getMerchant } from './settings.service';

/** How long the settings answer may be reused by a gateway or browser (s). */
const SETTINGS_MAX_AGE_S = 5;

export function settingsRoutes(ctx: ProviderContext): Router {
  const r = apiRouter();
  r.get('/settings/main-setting', async (_req, res) => {
    const merchant = await getMerchant(ctx.db, ctx.merchantId);
    // the same for every customer and read on every app start: gateways (and browsers) may keep it a
    // few seconds, as this provider keeps its own read (settings.service.ts)
    res.setHeader('cache-control', `public, max-age=${SETTINGS_MAX_AGE_S}`);
    // online_payments: whether top-ups and paying online are open, so the app can say so up front
    send(res, 200, 'Settings loaded.', { ...merchant.settings, online_payments: ctx.payments !== null });
  });
  r.get('/health', async (_req, res) => {
    await sql`select 1`.execute(ctx.db);
    send(res, 200, 'The provider is up.', { ok: true });
  });
  return r;
}
