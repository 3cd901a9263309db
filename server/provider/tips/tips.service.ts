import { moneyInput } from '#contract/money';
import { TIPS_DEFAULT, type TipSettings, type TipSettingsData, type TipsReportData } from '#contract/tips';
import type { ProviderContext } from '../context';
import { Plain, line, type OpenCsv } from '../http/csv';
import { notFound } from '../http/errors';
import type { StaffOfRequest } from '../http/staff-session';
import { clearMerchantCache, getMerchant } from '../settings/settings.service';
import { dayBounds } from '../settings/settings.repo';
import { insertAudit } from '../staff/staff.repo';
import { lockTipRules, saveTipRules, tipsPerDay } from './tips.repo';

/**
 * Tips at checkout (issue 51): the owner's settings (kept in the merchant's rules, so pricing reads them
 * with the rest, at no extra statement: orders/pricing.ts checks a tip with tips-rules.ts) and the tips
 * report per location and day in the shop's time zone, with its CSV.
 */

export async function tipSettings(ctx: ProviderContext): Promise<TipSettingsData> {
  return (await getMerchant(ctx.db, ctx.merchantId)).rules.tips;
}

/** Saves the whole of the settings (the body was checked by its schema), audited as `settings.tips` when they change. */
export async function saveTipSettings(ctx: ProviderContext, staff: StaffOfRequest, body: TipSettings): Promise<TipSettingsData> {
  const next: TipSettings = { enabled: body.enabled, kind: body.kind, presets: body.presets, custom: body.custom, max: body.max };
  await ctx.db.transaction().execute(async (trx) => {
    const row = await lockTipRules(trx, ctx.merchantId);
    if (!row.found) throw notFound('Merchant');
    const before = { ...TIPS_DEFAULT, ...row.tips };
    if (JSON.stringify(before) === JSON.stringify(next)) return;
    await saveTipRules(trx, ctx.merchantId, next);
    await insertAudit(trx, { staffId: staff.id, action: 'settings.tips', target: 'tips', before, after: next, now: ctx.clock.now() });
  });
  clearMerchantCache();
  return next;
}

/** A period of the shop's days, one location or all (tipsReportQuery's output). */
type ReportPeriod = { from: string; to: string; location_id?: number };

async function reportRows(ctx: ProviderContext, q: ReportPeriod) {
  const { rules } = await getMerchant(ctx.db, ctx.merchantId);
  const timeZone = rules.timezone;
  const { start, end } = await dayBounds(ctx.db, q.from, q.to, timeZone);
  return { rules, rows: await tipsPerDay(ctx.db, { start, end, timeZone, locationId: q.location_id }) };
}

/** The tips of paid orders per day (the shop's time zone) and location, with their sum. */
export async function tipsReport(ctx: ProviderContext, q: ReportPeriod): Promise<TipsReportData> {
  const { rules, rows } = await reportRows(ctx, q);
  return { timezone: rules.timezone, rows, total: rows.reduce((s, r) => s + r.tips, 0) };
}

/** The report as CSV: amounts in the currency's major unit beside the currency, the day in the zone the header names. */
export async function exportTips(ctx: ProviderContext, open: OpenCsv, q: ReportPeriod): Promise<void> {
  const { rules, rows } = await reportRows(ctx, q);
  const res = open(`tips-${q.from}-to-${q.to}.csv`);
  res.write(line([`day (${rules.timezone})`, 'location_id', 'location', 'orders', 'currency', 'tips']));
  for (const r of rows)
    res.write(line([r.day, r.location_id, r.location, r.orders, rules.currency, new Plain(moneyInput(r.tips, rules.currency, rules.locale))]));
  res.end();
}
