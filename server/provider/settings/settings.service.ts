import type { SiteSettings } from '#contract';
import type { ProviderContext } from '../context';
import { getMerchant } from '../merchant/merchant.service';
import { pingDatabase } from './settings.repo';

/** How long the settings answer may be reused by a gateway or browser (s). */
export const SETTINGS_MAX_AGE_S = 5;

/**
 * The merchant's settings, the same for every customer (the provider keeps its own read a few seconds,
 * merchant.service.ts), and `online_payments`: whether top-ups and paying online are open, so the app
 * can say so up front.
 */
export async function siteSettings(ctx: ProviderContext): Promise<SiteSettings> {
  const merchant = await getMerchant(ctx.db, ctx.merchantId);
  return { ...merchant.settings, online_payments: ctx.payments !== null };
}

/** Whether the provider and its database answer (the gateway's /healthz). */
export async function checkHealth(ctx: ProviderContext): Promise<{ ok: true }> {
  await pingDatabase(ctx.db);
  return { ok: true };
}
