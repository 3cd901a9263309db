/**
 * Automatic campaigns (issue 31), the console's side and the customer's choice: the five campaigns with
 * their stats (staff read them), one campaign changed by an owner (checked, audited), and a customer's
 * unsubscribe, signed in or through the signed code of a campaign e-mail's link (no sign-in).
 * The sending is campaigns.run.ts.
 */
import { timingSafeEqual } from 'node:crypto';
import {
  CAMPAIGN_FACTS,
  CAMPAIGN_KINDS,
  CAMPAIGN_ORDER_DAYS,
  type CampaignPreferencesData,
  type CampaignsConsoleData,
  type CampaignUpdateFields,
} from '#contract/campaigns';
import type { Database } from '../../db';
import { purposeMac } from '../../lib/signature';
import type { ProviderContext } from '../context';
import { notFound, validation } from '../http/errors';
import type { StaffOfRequest } from '../http/staff-session';
import { getMerchant } from '../settings/settings.service';
import { insertAudit } from '../staff/staff.repo';
import { recordConsent } from '../consents/consents';
import {
  activeRewardChoices,
  campaignRows,
  campaignStats,
  countSubscribers,
  isUnsubscribed,
  lockCampaign,
  resubscribe,
  rewardById,
  saveCampaign,
  unsubscribe,
  customerExists,
} from './campaigns.repo';

/** `merchant/campaigns` (staff): the five campaigns in their order, with stats. */
export async function campaignsConsole(ctx: ProviderContext): Promise<CampaignsConsoleData> {
  const [rows, stats, rewards, subscribers, { rules }] = await Promise.all([
    campaignRows(ctx.db),
    campaignStats(ctx.db, CAMPAIGN_ORDER_DAYS),
    activeRewardChoices(ctx.db),
    countSubscribers(ctx.db),
    getMerchant(ctx.db, ctx.merchantId),
  ]);
  const byKind = new Map(rows.map((r) => [r.kind, r]));
  return {
    campaigns: CAMPAIGN_KINDS.map((kind) => {
      const r = byKind.get(kind)!;
      return {
        kind,
        enabled: r.enabled,
        title: r.title,
        body: r.body,
        translations: r.translations,
        reward: r.reward_id !== null ? { id: r.reward_id, title: r.reward_title ?? '', active: r.reward_active ?? false } : null,
        timing: r.timing,
        updated_at: r.updated_at.toISOString(),
        stats: stats.get(kind) ?? { sent: 0, opened: 0, orders: 0 },
      };
    }),
    rewards,
    timezone: rules.timezone,
    subscribers,
  };
}

/**
 * `merchant/campaigns/update` (owners): one campaign. The reward must exist and be active (400 naming
 * `reward_id`); the contract checked the rest. Audited as `campaign.update`, before and after. Turning a
 * campaign on starts its welcome from now (customers who signed up before are not greeted late).
 */
export async function updateCampaign(ctx: ProviderContext, staff: StaffOfRequest, body: CampaignUpdateFields): Promise<CampaignsConsoleData> {
  if (body.reward_id !== null) {
    const r = await rewardById(ctx.db, body.reward_id);
    if (!r) throw validation({ reward_id: `must be a reward of your catalogue: there is no reward ${body.reward_id}` });
    if (!r.active) throw validation({ reward_id: `must be a reward customers can get: ${r.title} is retired` });
  }
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock.now();
    const before = await lockCampaign(trx, body.kind);
    const enabledAt = body.enabled ? (before.enabled ? before.enabled_at : now) : null;
    await saveCampaign(trx, { ...body, enabled_at: enabledAt, now });
    const summary = async (c: { enabled: boolean; title: string; body: string; reward_id: number | null; timing: number; translations?: unknown }) => ({
      name: CAMPAIGN_FACTS[body.kind].name,
      enabled: c.enabled,
      title: c.title,
      body: c.body,
      translations: c.translations ?? before.translations,
      reward: c.reward_id === null ? null : ((await rewardById(trx, c.reward_id))?.title ?? `reward ${c.reward_id}`),
      timing: c.timing,
      unit: CAMPAIGN_FACTS[body.kind].timing?.unit ?? null,
    });
    await insertAudit(trx, {
      staffId: staff.id,
      action: 'campaign.update',
      target: `campaign:${body.kind}`,
      before: await summary(before),
      after: await summary(body),
      now,
    });
  });
  return campaignsConsole(ctx);
}

// ---------------------------------------------------------------------------------------------
// The customer's choice
// ---------------------------------------------------------------------------------------------

export async function campaignPreferences(db: Database, customerId: number): Promise<CampaignPreferencesData> {
  return { subscribed: !(await isUnsubscribed(db, customerId)) };
}

/** `campaign/unsubscribe` (signed in): false for no campaigns, true to get them again. */
export async function setCampaignPreference(ctx: ProviderContext, customerId: number, subscribed: boolean): Promise<CampaignPreferencesData> {
  await ctx.db.transaction().execute(async (trx) => {
    if (subscribed) await resubscribe(trx, customerId);
    else await unsubscribe(trx, customerId, 'app', ctx.clock.now());
    await recordConsent(trx, customerId, { channel: 'all', granted: subscribed, source: 'profile' }, ctx.clock.now());
  });
  return campaignPreferences(ctx.db, customerId);
}

/**
 * The code of a campaign e-mail's unsubscribe link: the customer's id and an HMAC of it under a key
 * derived from the provider's secret (for this purpose only), base64url. It names one customer and
 * does nothing but unsubscribe them, so it never expires (an old e-mail's link still works).
 */
function linkMac(secret: string, customerId: number): Buffer {
  return purposeMac(secret, 'campaign-unsubscribe-link', `customer:${customerId}`).subarray(0, 18);
}

export function unsubscribeCode(secret: string, customerId: number): string {
  return `${customerId.toString(36)}_${linkMac(secret, customerId).toString('base64url')}`;
}

/** The customer an unsubscribe code names, or null for a code the shop did not sign. */
export function customerOfCode(secret: string, code: string): number | null {
  const m = /^([0-9a-z]{1,7})_([A-Za-z0-9_-]{24})$/.exec(code);
  if (!m) return null;
  const id = parseInt(m[1]!, 36);
  const given = Buffer.from(m[2]!, 'base64url');
  const expected = linkMac(secret, id);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/** `campaign/unsubscribe/link` (anyone with the code): 404 for a code the shop did not sign, or a customer gone. */
export async function unsubscribeByCode(ctx: ProviderContext, code: string): Promise<CampaignPreferencesData> {
  const id = customerOfCode(ctx.secret, code);
  const exists = id !== null && (await customerExists(ctx.db, id));
  if (id === null || !exists) throw notFound('That unsubscribe link');
  await ctx.db.transaction().execute(async (trx) => {
    await unsubscribe(trx, id, 'email', ctx.clock.now());
    await recordConsent(trx, id, { channel: 'all', granted: false, source: 'email_link' }, ctx.clock.now());
  });
  return { subscribed: false };
}

/** The link of a campaign e-mail: the provider's hosted page, through the gateway, that asks before unsubscribing. */
export function unsubscribeUrl(ctx: ProviderContext, origin: string, customerId: number): string {
  return new URL(`${ctx.publicApiPrefix}campaign/unsubscribe?code=${unsubscribeCode(ctx.secret, customerId)}`, origin).href;
}
