/**
 * The hourly run of the automatic campaigns (issue 31). Never at night: only from 09:00 until 21:00 in
 * the shop's time zone (the rules' `timezone`, which every location shares unless it sets its own; one
 * zone per shop keeps a customer's messages on one clock); a run outside those hours sends nothing, and
 * the next allowed hour's run finds the same customers still due. Each campaign that is on finds its
 * customers, then each message is one transaction under the customer's row lock: the customer checked
 * again (still due, still subscribed), the message recorded first in campaign_sends, unique by campaign,
 * customer and period (a second run or instance finds it taken and does nothing), then the reward's
 * voucher given (none left: nothing is sent, a later run tries again) and the notification written with
 * notify() (type `campaign`: the push part pushes it where the customer allows). After the commit, a
 * customer with a verified e-mail address is e-mailed too when the shop has a mailer and a public URL,
 * with an unsubscribe link and a List-Unsubscribe header.
 *
 * Periods: welcome once ever; win-back once per lapse (until the customer orders again: the period is
 * their last order); nearly there once per reward per 30 days; points expiring once per batch of lots
 * (the lots are marked announced, the same mark the points job's own notice uses, so a lot is announced
 * once whichever sends it; while this campaign is on the points job sends no notice of its own:
 * jobs.ts); birthday once a year, on the day (the loyalty birthday treat stays the loyalty rules' and
 * is not given twice: this is a message only).
 */
import type { Language } from '#contract/languages';
import { inLanguage } from '#contract/translations';
import { recipientLanguage } from '../i18n/translate';
import { CAMPAIGN_HOURS, CAMPAIGN_KINDS, fillPlaceholders, NEARLY_THERE_DAYS, type CampaignKind } from '#contract/campaigns';
import type { PushKind } from '#contract/push-kinds';
import { paths, to } from '#contract/routes';
import type { Database } from '../../db';
import { DAY } from '../../lib/clock';
import { firstName } from '../accounts/accounts.service';
import { lockCustomer } from '../accounts/accounts.repo';
import type { ProviderContext } from '../context';
import { birthdaysBetween, shopDay } from '../customers/birthdays.service';
import { notify } from '../notifications/notify';
import { markLotsNotified, unnoticedLots } from '../points/points.repo';
import { findActiveRewardById } from '../rewards/rewards.repo';
import { giftVoucher } from '../rewards/vouchers.repo';
import { getMerchant } from '../settings/settings.service';
import {
  birthdayCandidates,
  campaignRows,
  completeSend,
  expiringCandidates,
  isUnsubscribed,
  lastOrder,
  markEmailed,
  nearlyThereCandidates,
  recordSend,
  rewardWithinReach,
  toldAboutReward,
  welcomeCandidates,
  winBackCandidates,
  CANDIDATE_BATCH,
  type CampaignRow,
  type Candidate,
  campaignOn,
} from './campaigns.repo';
import { unsubscribeUrl } from './campaigns.service';

/** The hour (0-23) at an instant in a time zone. */
export function hourIn(at: Date, timeZone: string): number {
  return Number(new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(at));
}

/** Whether messages may go out at this instant: from 09:00 until 21:00 in the shop's zone. */
export function campaignHour(at: Date, timeZone: string): boolean {
  const h = hourIn(at, timeZone);
  return h >= CAMPAIGN_HOURS.from && h < CAMPAIGN_HOURS.until;
}

export interface CampaignRunResult {
  /** 'night': outside 09:00-21:00 in the shop's zone, nothing sent */
  skipped: 'night' | null;
  sent: Record<CampaignKind, number>;
  emailed: number;
}

/** Nothing to give after all (the reward retired or sold out): the transaction rolls back, nothing is recorded. */
export class NoGift extends Error {}

export interface Message {
  sendId: number;
  customerId: number;
  email: string | null;
  title: string;
  body: string;
  link: string;
}

/** One customer's message, in `trx`: re-checked under the lock, recorded, the voucher given, the notification written. */
async function sendOne(
  ctx: ProviderContext,
  trx: Database,
  c: CampaignRow,
  cand: Candidate,
  shop: { locale: string; language_default: Language; languages: readonly Language[] },
): Promise<Message | null> {
  const { locale } = shop;
  const now = ctx.clock.now();
  const row = await lockCustomer(trx, cand.id);
  if (row.erased_at !== null || (await isUnsubscribed(trx, cand.id))) return null;
  let period = cand.period;
  let points = row.points;
  let rewardTitle: string | null = null;
  let link: string = paths.home;
  switch (c.kind) {
    case 'welcome':
      link = paths.shop;
      break;
    case 'win_back': {
      const last = await lastOrder(trx, cand.id);
      if (!last || `lapse:${last.id}` !== cand.period || new Date(last.created_at).getTime() > now.getTime() - c.timing * DAY) return null;
      link = paths.shop;
      break;
    }
    case 'nearly_there': {
      const r = await rewardWithinReach(trx, row.points, c.timing);
      if (!r || r.id !== cand.reward_id || (await toldAboutReward(trx, cand.id, r.id, new Date(now.getTime() - NEARLY_THERE_DAYS * DAY)))) return null;
      // a reward a higher tier redeems first is not "yours" at any balance yet: say nothing of it
      if ((await ctx.tiers.earlyAccess(trx, cand.id)).get(r.id)?.unlocked === false) return null;
      points = r.points_cost - row.points;
      rewardTitle = r.title;
      link = paths.profilePoint;
      break;
    }
    case 'points_expiring': {
      const lots = await unnoticedLots(trx, cand.id, now, new Date(now.getTime() + c.timing * DAY));
      points = lots.reduce((sum, l) => sum + (l.remaining ?? 0), 0);
      if (points <= 0) return null;
      period = `lots:${lots[0]!.id}`;
      await markLotsNotified(
        trx,
        lots.map((l) => l.id),
      );
      link = paths.profilePoint;
      break;
    }
    case 'birthday':
      if (row.birth_month === null) return null;
      break;
  }
  const sendId = await recordSend(trx, { campaign: c.kind, customerId: cand.id, period, now });
  if (sendId === null) return null;
  const gives = c.reward_id !== null && c.kind !== 'nearly_there' && c.kind !== 'birthday' ? c.reward_id : null;
  // in the recipient's language: the one they chose while the shop offers it, else the shop's default
  const words = campaignWordsIn(c, recipientLanguage(row.language, shop));
  const m = await writeMessage(ctx, trx, row, { ...words, rewardId: gives, points, rewardTitle, link, push: CAMPAIGN_PUSH[c.kind] }, locale);
  await completeSend(trx, sendId, m);
  return { sendId, ...m };
}

/**
 * A campaign's title and text for a recipient reading `language`: the owner's words in it where written
 * (translations.ts), field by field, else the default language's. Placeholders are filled after.
 */
export function campaignWordsIn(c: { title: string; body: string; translations: unknown }, language: Language): { title: string; body: string } {
  const { title, body } = inLanguage({ title: c.title, body: c.body }, c.translations, language, ['title', 'body']);
  return { title, body };
}

/**
 * A message (a campaign's, a broadcast's) written to a customer, in `trx` under their lock: the reward's
 * voucher when it gives one (its link the voucher; none left: NoGift, the transaction rolls back), the
 * title and text filled in, the notification of type `campaign` written with notify() (its push under
 * `push`). Answers what the e-mail copy needs, and the rows the send row points at.
 */
export async function writeMessage(
  ctx: ProviderContext,
  trx: Database,
  customer: { id: number; name: string; email: string | null; email_verified_at: Date | null },
  m: { title: string; body: string; rewardId: number | null; points: number; rewardTitle: string | null; link: string; push: PushKind },
  locale: string,
): Promise<Omit<Message, 'sendId'> & { notificationId: number; voucherId: number | null }> {
  let { rewardTitle, link } = m;
  let voucherId: number | null = null;
  if (m.rewardId !== null) {
    const reward = await findActiveRewardById(trx, m.rewardId);
    voucherId = await giftVoucher(trx, ctx.clock, customer.id, reward, 'campaign');
    if (!reward || voucherId === null) throw new NoGift(`reward ${m.rewardId}`);
    rewardTitle = reward.title;
    link = to.voucher(voucherId);
  }
  const values = { name: firstName(customer.name, 'friend'), points: m.points, reward: rewardTitle };
  const title = fillPlaceholders(m.title, values, locale);
  const body = fillPlaceholders(m.body, values, locale);
  const notificationId = await notify(trx, ctx.clock, customer.id, { type: 'campaign', title, body, link, push: m.push });
  const email = customer.email_verified_at !== null && customer.email ? customer.email : null;
  return { customerId: customer.id, email, title, body, link, notificationId, voucherId };
}

/**
 * Which of the customer's push switches a campaign's message rings under: a reward within reach and
 * points about to expire are kinds of their own (the list), the rest are campaigns.
 */
const CAMPAIGN_PUSH: Record<CampaignKind, PushKind> = {
  welcome: 'campaigns',
  win_back: 'campaigns',
  nearly_there: 'rewards',
  points_expiring: 'expiring',
  birthday: 'campaigns',
};

/** The candidates of a campaign after `afterId`, a page at a time. */
async function candidates(ctx: ProviderContext, c: CampaignRow, timeZone: string, afterId: number): Promise<Candidate[]> {
  const now = ctx.clock.now();
  switch (c.kind) {
    case 'welcome':
      return c.enabled_at ? welcomeCandidates(ctx.db, now, c.timing, c.enabled_at, afterId) : [];
    case 'win_back':
      return winBackCandidates(ctx.db, now, c.timing, afterId);
    case 'nearly_there':
      return nearlyThereCandidates(ctx.db, now, c.timing, NEARLY_THERE_DAYS, afterId);
    case 'points_expiring':
      return expiringCandidates(ctx.db, now, c.timing, afterId);
    case 'birthday':
      return birthdayCandidates(ctx.db, birthdaysBetween(shopDay(now, timeZone), 0), afterId);
  }
}

/**
 * The e-mail copy of a message (a campaign's, a broadcast's), after its transaction, with the unsubscribe
 * link; `emailed` marks its send row. Failures are logged, the in-app message stands.
 */
export async function emailCopy(
  ctx: ProviderContext,
  m: Pick<Message, 'customerId' | 'email' | 'title' | 'body' | 'link'>,
  shop: string,
  emailed: () => Promise<void>,
): Promise<boolean> {
  const origin = ctx.publicUrl();
  if (!ctx.mailer || !origin || !m.email) return false;
  const unsubscribe = unsubscribeUrl(ctx, origin, m.customerId);
  const text = `${m.body}\n\nOpen the app: ${new URL(m.link, origin).href}\n\n--\nYou get this because you are a member of ${shop}. No more offers: ${unsubscribe}`;
  try {
    await ctx.mailer.sendEmail(m.email, m.title, text, { headers: { 'List-Unsubscribe': `<${unsubscribe}>` } });
    await emailed();
    return true;
  } catch (err) {
    ctx.logger.warn({ err, customer: m.customerId }, 'campaign e-mail not sent (the message is in the app)');
    return false;
  }
}

/** The hourly run: every campaign that is on, if the shop's clock says it is day. */
export async function runCampaigns(ctx: ProviderContext): Promise<CampaignRunResult> {
  const result: CampaignRunResult = { skipped: null, sent: Object.fromEntries(CAMPAIGN_KINDS.map((k) => [k, 0])) as Record<CampaignKind, number>, emailed: 0 };
  const campaigns = (await campaignRows(ctx.db)).filter((c) => c.enabled);
  if (campaigns.length === 0) return result;
  const { rules, settings } = await getMerchant(ctx.db, ctx.merchantId);
  if (!campaignHour(ctx.clock.now(), rules.timezone)) return { ...result, skipped: 'night' };
  for (const c of campaigns) {
    for (let after = 0; ;) {
      const page = await candidates(ctx, c, rules.timezone, after);
      for (const cand of page) {
        let m: Message | null = null;
        try {
          m = await ctx.db.transaction().execute((trx) => sendOne(ctx, trx, c, cand, rules));
        } catch (err) {
          if (!(err instanceof NoGift)) throw err;
          ctx.logger.warn({ customer: cand.id, campaign: c.kind, reward: err.message }, 'campaign not sent: its reward is retired or sold out');
        }
        if (!m) continue;
        result.sent[c.kind]++;
        const { sendId } = m;
        if (await emailCopy(ctx, m, settings.setting_company, () => markEmailed(ctx.db, sendId))) result.emailed++;
      }
      if (page.length < CANDIDATE_BATCH) break;
      after = page.at(-1)!.id;
    }
  }
  return result;
}

/** Whether the points-expiring campaign is on (then it, not the points job, announces expiring points). */
export async function expiringCampaignOn(db: Database): Promise<boolean> {
  return campaignOn(db, 'points_expiring');
}
