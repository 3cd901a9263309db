import { DAY } from '../../lib/clock';
import type { ProviderContext } from '../context';
import { lockCustomer } from '../accounts/accounts.repo';
import { getMerchant } from '../settings/settings.service';
import { notify } from '../notifications/notify';
import { expireCustomerLots } from './points.ledger';
import { creditDuePending, customersWithDuePending, recordCreditRise } from './points.pending';
import { customersWithExpiredLots, customersWithUnnoticedLots, markLotsNotified, unnoticedLots } from './points.repo';
import { paths } from '#contract/routes';
import { reasonIn } from './reasons';
import { sayIn } from '../i18n/translate';
import { languageOfCustomer, sayToCustomer } from '../accounts/language';
import { points as words } from '../i18n/messages';

const BATCH = 200;
const POINTS_LINK = paths.profilePoint;

export interface PointsExpiryResult {
  /** customers whose points expired, and how many points in all */
  expiredCustomers: number;
  expiredPoints: number;
  /** customers sent the "points expire on ..." notice */
  noticesSent: number;
}

/**
 * The hourly points job: expires lots past their date (oldest first, through the ledger) and sends
 * one notice per customer for lots expiring within `points_expiry_notice_days`.
 * Each customer is handled in a transaction of its own under the customer's row lock, re-reading
 * the lots after taking the lock, so a second run (or a second server running it at the same time)
 * finds nothing left to do and nothing happens twice. `notices: false` (the points-expiring campaign is
 * on, and announces the lots itself, by day only: campaigns/) expires without the notice.
 */
export async function runPointsExpiry(ctx: ProviderContext, o: { notices?: boolean } = {}): Promise<PointsExpiryResult> {
  const { rules } = await getMerchant(ctx.db, ctx.merchantId);
  const result: PointsExpiryResult = { expiredCustomers: 0, expiredPoints: 0, noticesSent: 0 };
  const now = ctx.clock.now();

  for (let after = 0; ;) {
    const ids = await customersWithExpiredLots(ctx.db, now, after, BATCH);
    for (const customerId of ids) {
      const expired = await ctx.db.transaction().execute(async (trx) => {
        const pts = await expireCustomerLots(trx, ctx.clock, customerId);
        if (pts > 0) {
          const say = await sayToCustomer(trx, rules, customerId);
          await notify(trx, ctx.clock, customerId, {
            type: 'points_expiring',
            title: say(words.expiredTitle),
            body: say(words.expiredBody, { points: pts }),
            link: POINTS_LINK,
          });
        }
        return pts;
      });
      if (expired > 0) {
        result.expiredCustomers += 1;
        result.expiredPoints += expired;
      }
    }
    if (ids.length < BATCH) break;
    after = ids.at(-1)!;
  }

  if (o.notices === false) return result;
  const until = new Date(now.getTime() + rules.points_expiry_notice_days * DAY);
  const day = new Intl.DateTimeFormat(rules.locale, { timeZone: rules.timezone, dateStyle: 'medium' });
  for (let after = 0; ;) {
    const ids = await customersWithUnnoticedLots(ctx.db, now, until, after, BATCH);
    for (const customerId of ids) {
      const sent = await ctx.db.transaction().execute(async (trx) => {
        await lockCustomer(trx, customerId);
        const lots = await unnoticedLots(trx, customerId, now, until);
        const points = lots.reduce((sum, l) => sum + (l.remaining ?? 0), 0);
        if (points <= 0) return false;
        await markLotsNotified(
          trx,
          lots.map((l) => l.id),
        );
        const first = day.format(lots[0]!.expires_at!);
        const last = day.format(lots.at(-1)!.expires_at!);
        const say = await sayToCustomer(trx, rules, customerId);
        await notify(trx, ctx.clock, customerId, {
          type: 'points_expiring',
          title: say(words.expiringTitle),
          body: first === last ? say(words.expiringOn, { points, day: first }) : say(words.expiringBetween, { points, first, last }),
          link: POINTS_LINK,
          push: 'expiring',
        });
        return true;
      });
      if (sent) result.noticesSent += 1;
    }
    if (ids.length < BATCH) break;
    after = ids.at(-1)!;
  }
  return result;
}

/**
 * The hourly job's pending points (points.pending.ts): every row whose hold has ended is credited, one
 * customer per transaction under the customer's row lock, the rows taken `for update skip locked` and
 * re-checked, so two servers running it at once credit each row once. The customer is told. Returns the
 * points credited by this run.
 */
export async function creditPendingPoints(ctx: ProviderContext): Promise<number> {
  const { rules } = await getMerchant(ctx.db, ctx.merchantId);
  const now = ctx.clock.now();
  let credited = 0;
  for (let after = 0; ;) {
    const ids = await customersWithDuePending(ctx.db, now, after, BATCH);
    for (const customerId of ids) {
      credited += await ctx.db.transaction().execute(async (trx) => {
        const rows = await creditDuePending(trx, ctx.clock, customerId, rules.points_expiry_days);
        const points = rows.reduce((sum, r) => sum + r.points, 0);
        if (points > 0) {
          const language = await languageOfCustomer(trx, rules, customerId);
          const say = sayIn(language);
          // each reason in the customer's language, listed as the language lists them ("Order K-1, Order K-2")
          const reasons = new Intl.ListFormat(language, { type: 'unit', style: 'short' }).format(rows.map((r) => reasonIn(say, r)));
          await notify(trx, ctx.clock, customerId, {
            type: 'points_earned',
            title: say(words.earnedTitle, { points }),
            body: say(words.readyBody, { reasons, days: rules.points_expiry_days }),
            link: POINTS_LINK,
            push: 'points',
          });
          // the points count towards the customer's tier (through the port: tiers/ sits above points/),
          // and a rise is kept on the rows credited, for a refund or an undo of their source to take back
          const rise = await ctx.tiers.place(trx, customerId);
          if (rise)
            await recordCreditRise(
              trx,
              rows.map((r) => r.id),
              rise,
            );
        }
        return points;
      });
    }
    if (ids.length < BATCH) break;
    after = ids.at(-1)!;
  }
  return credited;
}
