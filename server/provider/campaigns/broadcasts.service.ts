/**
 * One-off broadcasts: a message an owner sends now, beside the automatic campaigns. The owner counts who
 * it reaches (customers who take offers, not erased, of one tier if asked), then sends it: the broadcast
 * is written with its audit entry under the owner's idempotency key (a double click or a retry sends one
 * broadcast), and the background job (jobs.ts, `broadcasts`) reaches its customers in batches. Each
 * message is one transaction under the customer's row lock, like a campaign's: the customer checked
 * again (still taking offers, not erased), the message recorded first in broadcast_sends, unique by
 * broadcast and customer (a run repeated or retried finds it taken and does nothing), the reward's
 * voucher given (none left: that customer gets nothing, the broadcast goes on), the notification written
 * with notify() under the customer's `campaigns` push switch; after the commit, the e-mail copy as a
 * campaign's (campaigns.run.ts emailCopy). Broadcasts ignore the campaigns' daytime hours: the owner
 * sends now.
 */
import type { BroadcastAudienceData, BroadcastData, BroadcastFields, BroadcastsData } from '#contract/campaigns';
import { paths } from '#contract/routes';
import type { Database } from '../../db';
import { lockCustomer } from '../accounts/accounts.repo';
import type { ProviderContext } from '../context';
import { validation } from '../http/errors';
import type { StaffOfRequest } from '../http/staff-session';
import { getMerchant } from '../settings/settings.service';
import { insertAudit } from '../staff/staff.repo';
import { readProgramme } from '../tiers/tiers.repo';
import {
  broadcastCandidates,
  broadcastList,
  completeBroadcastSend,
  countAudience,
  finishBroadcast,
  insertBroadcast,
  markBroadcastEmailed,
  recordBroadcastSend,
  sendingBroadcasts,
  stillReachable,
  type BroadcastRow,
} from './broadcasts.repo';
import { activeRewardChoices, CANDIDATE_BATCH, rewardById } from './campaigns.repo';
import { campaignWordsIn, emailCopy, NoGift, writeMessage, type Message } from './campaigns.run';
import { recipientLanguage } from '../i18n/translate';
import type { Language } from '#contract/languages';

/** What a message needs of the shop's rules: its locale (numbers) and the languages it offers. */
type ShopLanguages = { locale: string; language_default: Language; languages: readonly Language[] };

const LIST_LIMIT = 50;

/** The tiers a broadcast can name: the programme's, while it is on. */
async function tierChoices(db: Database): Promise<Array<{ position: number; name: string }>> {
  const prog = await readProgramme(db);
  return prog.enabled ? prog.tiers.map((t) => ({ position: t.position, name: t.name })) : [];
}

/** The tier's name; a tier the programme does not have (or tiers off): 400 naming `tier`. */
async function checkTier(db: Database, tier: number | null): Promise<string | null> {
  if (tier === null) return null;
  const t = (await tierChoices(db)).find((c) => c.position === tier);
  if (!t) throw validation({ tier: 'must be one of your tiers' });
  return t.name;
}

function answerOf(r: Awaited<ReturnType<typeof broadcastList>>[number], tiers: Array<{ position: number; name: string }>): BroadcastData {
  return {
    id: r.id,
    title: r.title,
    body: r.body,
    translations: r.translations,
    tier: r.tier_position === null ? null : (tiers.find((t) => t.position === r.tier_position)?.name ?? `Tier ${r.tier_position + 1}`),
    reward: r.reward_title,
    status: r.status,
    audience: r.audience,
    sent: Number(r.sent ?? 0),
    opened: Number(r.opened ?? 0),
    created_at: new Date(r.created_at).toISOString(),
    sent_by: r.staff_name,
  };
}

/** `merchant/campaigns/broadcasts` (staff): the latest broadcasts with their counts, and what a new one can name. */
export async function broadcastsConsole(ctx: ProviderContext): Promise<BroadcastsData> {
  const [rows, tiers, rewards] = await Promise.all([broadcastList(ctx.db, LIST_LIMIT), tierChoices(ctx.db), activeRewardChoices(ctx.db)]);
  return { broadcasts: rows.map((r) => answerOf(r, tiers)), tiers, rewards };
}

/** `merchant/campaigns/broadcasts/audience` (owners): how many customers a broadcast would reach now. */
export async function broadcastAudience(ctx: ProviderContext, tier: number | null): Promise<BroadcastAudienceData> {
  await checkTier(ctx.db, tier);
  return { customers: await countAudience(ctx.db, tier) };
}

/**
 * `merchant/campaigns/broadcasts/send` (owners), in the idempotency key's transaction: the broadcast
 * written, `sending`, with its audience counted now, and audited (`broadcast.send`). The job sends it.
 */
export async function sendBroadcast(ctx: ProviderContext, trx: Database, staff: StaffOfRequest, body: BroadcastFields): Promise<BroadcastData> {
  let reward: string | null = null;
  if (body.reward_id !== null) {
    const r = await rewardById(trx, body.reward_id);
    if (!r) throw validation({ reward_id: `must be a reward of your catalogue: there is no reward ${body.reward_id}` });
    if (!r.active) throw validation({ reward_id: `must be a reward customers can get: ${r.title} is retired` });
    reward = r.title;
  }
  const tier = await checkTier(trx, body.tier);
  const now = ctx.clock.now();
  const audience = await countAudience(trx, body.tier);
  const { title, translations } = body;
  const id = await insertBroadcast(trx, { staffId: staff.id, title, body: body.body, translations, tier: body.tier, rewardId: body.reward_id, audience, now });
  await insertAudit(trx, {
    staffId: staff.id,
    action: 'broadcast.send',
    target: `broadcast:${id}`,
    before: null,
    after: { title, body: body.body, translations, tier, reward, audience },
    now,
  });
  const [row] = await broadcastList(trx, 1, id);
  return answerOf(row!, tier === null ? [] : [{ position: body.tier!, name: tier }]);
}

/**
 * One customer's message, in `trx`: re-checked under the lock, recorded, then written as a campaign's (writeMessage),
 * in their language while the shop offers it (the owner's words in it where written, else the default language's).
 */
async function sendOne(ctx: ProviderContext, trx: Database, b: BroadcastRow, customerId: number, shop: ShopLanguages): Promise<Message | null> {
  const row = await lockCustomer(trx, customerId);
  if (!(await stillReachable(trx, customerId, b.tier_position))) return null;
  const sendId = await recordBroadcastSend(trx, { broadcastId: b.id, customerId, now: ctx.clock.now() });
  if (sendId === null) return null;
  const words = campaignWordsIn(b, recipientLanguage(row.language, shop));
  const m = await writeMessage(
    ctx,
    trx,
    row,
    { ...words, rewardId: b.reward_id, points: row.points, rewardTitle: null, link: paths.home, push: 'campaigns' },
    shop.locale,
  );
  await completeBroadcastSend(trx, sendId, m);
  return { sendId, ...m };
}

export interface BroadcastRunResult {
  sent: number;
  emailed: number;
  finished: number;
}

/**
 * The `broadcasts` job: every broadcast still sending, a batch of customers at a time, then marked sent.
 * Safe to run again at any point (a retry, another instance): those reached are skipped.
 */
export async function sendDueBroadcasts(ctx: ProviderContext): Promise<BroadcastRunResult> {
  const result: BroadcastRunResult = { sent: 0, emailed: 0, finished: 0 };
  const due = await sendingBroadcasts(ctx.db);
  if (due.length === 0) return result;
  const { rules, settings } = await getMerchant(ctx.db, ctx.merchantId);
  for (const b of due) {
    for (let after = 0; ;) {
      const page = await broadcastCandidates(ctx.db, b, after);
      for (const customerId of page) {
        let m: Message | null = null;
        try {
          m = await ctx.db.transaction().execute((trx) => sendOne(ctx, trx, b, customerId, rules));
        } catch (err) {
          if (!(err instanceof NoGift)) throw err;
          ctx.logger.warn(
            { customer: customerId, broadcast: b.id, reward: b.reward_id },
            'broadcast not sent to a customer: its reward is retired or sold out',
          );
        }
        if (!m) continue;
        result.sent++;
        const { sendId } = m;
        if (await emailCopy(ctx, m, settings.setting_company, () => markBroadcastEmailed(ctx.db, sendId))) result.emailed++;
      }
      if (page.length < CANDIDATE_BATCH) break;
      after = page.at(-1)!;
    }
    await finishBroadcast(ctx.db, b.id, ctx.clock.now());
    result.finished++;
  }
  if (result.sent > 0 || result.finished > 0) ctx.logger.info({ broadcasts: result }, 'broadcasts sent');
  return result;
}
