/**
 * "Clear the demo" (issue 46): a new shop starts from the demo's content (a menu of 20 products, a
 * reward catalogue, a wheel, three tiers, an example rule, demo images, a demo address and phone), so
 * `npm start` is a working product; an owner who starts for real clears it in one step, at set-up ("Start
 * from an empty shop") or later from the Overview, instead of 40 clicks that still left the demo croissant
 * welcoming Brew customers and the wheel giving it away.
 *
 * Only the demo's own things go, each recognised by what the seed gave it and nobody else does: products
 * and rewards by their `/demo/` images (an owner's uploads live under /media/), the wheel's segments by
 * the seed's odds version (a published wheel has newer ones), the tiers while the owner never saved them,
 * the example rule by its name while paused, the settings' demo images, address and phone. Products are
 * archived and rewards retired, never deleted (an order or voucher may name them); the tier programme is
 * turned off with its rewards cleared. One transaction, in Activity with what it changed.
 */
import type { ClearDemoData, ClearDemoInput } from '#contract/channels';
import type { Database } from '../../db';
import { DEMO_PHONE } from '../../db/seed/locations';
import { DEMO_RULE_NAME } from '../../db/seed/loyalty';
import { MERCHANTS } from '../../db/seed/merchants';
import { WHEEL_ODDS_VERSION } from '../../db/seed/rewards';
import type { ProviderContext } from '../context';
import type { StaffOfRequest } from '../http/staff-session';
import { clearMerchantCache } from '../settings/settings.service';
import { insertAudit } from '../staff/staff.repo';
import { clearDemoRows, lockMerchantSettings, mergeMerchantSettings } from './channels.repo';

/** The audit action "Clear the demo" writes; the set-up checklist reads it (channels.service.ts). */
export const CLEAR_DEMO_ACTION = 'shop.clear_demo';
const DEMO_IMAGE = '/demo/%';
/** An image the seed gave (under /demo/): an owner's uploads live under /media/. */
export const isDemoImage = (v: unknown): boolean => typeof v === 'string' && v.startsWith('/demo/');
const TIERS_SAVED = 'loyalty.tiers.update';

/** The settings the demo gave that the shop would still show: its images, and its address where it is still the demo's. */
async function clearDemoSettings(trx: Database, merchantId: string, shopName: string | undefined): Promise<string[]> {
  const settings = await lockMerchantSettings(trx, merchantId);
  const demo = MERCHANTS.find((m) => m.id === merchantId)?.settings;
  const cleared: Record<string, string> = {};
  for (const key of ['post_title', 'post_file', 'landing_body_background_image'] as const) {
    if (isDemoImage(settings[key])) cleared[key] = '';
  }
  if (demo && settings.pickup_address === demo.pickup_address) cleared.pickup_address = '';
  if (shopName) cleared.setting_company = shopName;
  if (Object.keys(cleared).length > 0) {
    await mergeMerchantSettings(trx, merchantId, cleared);
  }
  return Object.keys(cleared);
}

/** Clears the demo's content (see above); answers what it changed. Owners only (the route's call says so). */
export async function clearDemo(ctx: ProviderContext, staff: StaffOfRequest, input: ClearDemoInput): Promise<ClearDemoData> {
  const now = ctx.clock.now();
  const data = await ctx.db.transaction().execute(async (trx) => {
    const { products, segments, rewards, tiersOff, rules, phones } = await clearDemoRows(trx, now, {
      image: DEMO_IMAGE,
      oddsVersion: WHEEL_ODDS_VERSION,
      tiersSavedAction: TIERS_SAVED,
      ruleName: DEMO_RULE_NAME,
      phone: DEMO_PHONE,
    });
    const settings = await clearDemoSettings(trx, ctx.merchantId, input.shop_name);
    const result: ClearDemoData = {
      products_archived: products,
      rewards_retired: rewards,
      wheel_segments_removed: segments,
      tiers_turned_off: tiersOff,
      rules_removed: rules,
      location_phones_cleared: phones,
      settings_cleared: settings.filter((k) => k !== 'setting_company'),
      shop_name: input.shop_name ?? null,
    };
    await insertAudit(trx, { staffId: staff.id, action: CLEAR_DEMO_ACTION, target: 'shop:demo', before: null, after: result, now });
    return result;
  });
  clearMerchantCache();
  return data;
}
