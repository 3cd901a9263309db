/**
 * Birthdays (issue 29): the customer's birth date in their profile (day and month, the year optional),
 * and the treat the shop gives for it: points or a voucher of a reward of the catalogue, as the owner
 * set it (birthday_reward in the rules), on the birthday or during the days before it the owner chose
 * (birthday_window_days), in the shop's time zone. Once a year: each gift is a row of birthday_gifts,
 * unique by customer and year, inserted under the customer's row lock in the transaction that credits
 * it, so two instances or a retried run never give twice. A 29 February birthday is kept on 28 February
 * in other years. A date added or changed within 30 days before the birthday does not count that year
 * (no changing it to today for a quick treat).
 */
import type { CustomerOnlyData } from '#contract';
import { BIRTHDAY_SETTLE_DAYS, daysInMonth } from '#contract/checks';
import { paths, to } from '#contract/routes';
import type { Database } from '../../db';
import { DAY } from '../../lib/clock';
import { getCustomer, lockCustomer } from '../accounts/accounts.repo';
import { firstName } from '../accounts/accounts.service';
import { sayToCustomer } from '../accounts/language';
import { birthday, pointsReason } from '../i18n/messages';
import { reasonOf } from '../points/reasons';
import type { ProviderContext } from '../context';
import { validation } from '../http/errors';
import { notify } from '../notifications/notify';
import { earnPoints } from '../points/points.ledger';
import { voucherWords } from '#contract/reward-words';
import { findActiveReward, findActiveRewardById } from '../rewards/rewards.repo';
import { giftVoucher } from '../rewards/vouchers.repo';
import { getMerchant, type MerchantRules } from '../settings/settings.service';
import { placeCustomer, tierBirthdayReward, tiersGiveBirthdays } from '../tiers/tiers.service';
import { clearBirthDate, customersWithBirthdays, recordGift, saveBirthDate, setGiftVoucher, type BirthdayCandidate, type BirthdayOn } from './birthdays.repo';

/** The shop's calendar date at an instant, as days since 1 January 1970. */
export function shopDay(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return Date.UTC(part('year'), part('month') - 1, part('day')) / DAY;
}

const dateOfDay = (n: number) => new Date(n * DAY);

/**
 * The birthdays celebrated on the shop's days `from` … `from + days`: each day's month and day, and
 * 29 February on 28 February of a year that has no 29th.
 */
export function birthdaysBetween(from: number, days: number): BirthdayOn[] {
  const out: BirthdayOn[] = [];
  for (let n = from; n <= from + days; n++) {
    const d = dateOfDay(n);
    const [year, month, day] = [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
    const on = d.toISOString().slice(0, 10);
    out.push({ month, day, year, on });
    if (month === 2 && day === 28 && daysInMonth(2, year) === 28) out.push({ month: 2, day: 29, year, on });
  }
  return out;
}

/**
 * Saves the customer's birth date. The contract checked it is a real date; here, against the clock in
 * the shop's time zone: a year after this one, or a date still to come this year, is refused.
 */
export async function setBirthday(
  ctx: ProviderContext,
  customerId: number,
  b: { day: number; month: number; year?: number | null | undefined },
): Promise<CustomerOnlyData> {
  const { rules } = await getMerchant(ctx.db, ctx.merchantId);
  const now = ctx.clock.now();
  const today = dateOfDay(shopDay(now, rules.timezone));
  const year = b.year ?? null;
  if (year !== null) {
    if (year > today.getUTCFullYear()) throw validation({ year: `must be ${today.getUTCFullYear()} or earlier` });
    if (Date.UTC(year, b.month - 1, b.day) > today.getTime()) throw validation({ year: 'must not make a date still to come' });
  }
  await ctx.db.transaction().execute(async (trx) => {
    await saveBirthDate(trx, customerId, { day: b.day, month: b.month, year }, now);
    // a birth date may complete the profile (the owner's points for it, once)
    await ctx.actionPoints.award(trx, customerId, 'birthday_added');
  });
  return { customer: await getCustomer(ctx.db, customerId) };
}

export async function removeBirthday(ctx: ProviderContext, customerId: number): Promise<CustomerOnlyData> {
  await clearBirthDate(ctx.db, customerId, ctx.clock.now());
  return { customer: await getCustomer(ctx.db, customerId) };
}

/** The name the customer goes by: the first word of their name. */
/** "A Birthday cake slice", "An Iced latte": a sentence's start */

/** Nothing to give after all (the reward retired or sold out): the transaction rolls back, the gift is not recorded. */
class NoGift extends Error {}

/** The treat, in `trx`, under the customer's lock: the year's gift recorded first (or found taken: nothing), then credited and told. */
async function giveOne(ctx: ProviderContext, trx: Database, c: BirthdayCandidate, rules: MerchantRules): Promise<boolean> {
  const row = await lockCustomer(trx, c.id);
  // changed meanwhile: the next run sees the new date
  if (row.birth_month !== c.birth_month || row.birth_day !== c.birth_day || !settled(row.birthday_changed_at, c.on, rules.timezone)) return false;
  const now = ctx.clock.now();
  const name = firstName(row.name, 'friend');
  const say = await sayToCustomer(trx, rules, c.id);
  // the customer's tier's own birthday reward, instead of the shop's treat (issue 30)
  const tierReward = await tierBirthdayReward(trx, c.id);
  if (tierReward === null && (rules.birthday_reward === 'off' || (rules.birthday_reward === 'points' && rules.birthday_points <= 0))) return false;
  if (tierReward === null && rules.birthday_reward === 'points') {
    const points = rules.birthday_points;
    if ((await recordGift(trx, { customerId: c.id, year: c.year, kind: 'points', points, now })) === null) return false;
    await earnPoints(trx, ctx.clock, c.id, points, { ...reasonOf(pointsReason.birthday), ref: `birthday:${c.year}` }, rules.points_expiry_days);
    await placeCustomer(trx, ctx, c.id);
    await notify(trx, ctx.clock, c.id, {
      type: 'points_earned',
      title: say(birthday.pointsTitle, { name, points }),
      body: say(birthday.pointsBody),
      link: paths.profilePoint,
      push: 'points',
    });
    return true;
  }
  const giftId = await recordGift(trx, { customerId: c.id, year: c.year, kind: 'voucher', points: null, now });
  if (giftId === null) return false;
  const reward = tierReward !== null ? await findActiveRewardById(trx, tierReward) : await findActiveReward(trx, rules.birthday_reward_name);
  const voucherId = await giftVoucher(trx, ctx.clock, c.id, reward, 'birthday');
  if (!reward || voucherId === null) throw new NoGift(tierReward !== null ? `reward ${tierReward}` : rules.birthday_reward_name);
  await setGiftVoucher(trx, giftId, voucherId);
  await notify(trx, ctx.clock, c.id, {
    type: 'reward',
    title: say(birthday.voucherTitle, { name, voucher: voucherWords(reward.title, { start: true }), reward: reward.title }),
    body: say(birthday.voucherBody),
    link: to.voucher(voucherId),
  });
  return true;
}

/** Whether a date set at `changedAt` counts for the birthday celebrated on `on`: set more than 30 days before it. */
function settled(changedAt: Date | null, on: string, timeZone: string): boolean {
  if (!changedAt) return true;
  return Date.parse(on) / DAY - shopDay(changedAt, timeZone) > BIRTHDAY_SETTLE_DAYS;
}

/**
 * The hourly run's birthdays: every customer whose birthday falls on the shop's today … today + the
 * window, with no gift for that birthday's year, gets the treat the rules say (nothing when off), or
 * their tier's own birthday reward when it has one (tiers.service.ts), whatever the shop's treat. One
 * transaction per customer; a reward retired or sold out gives nothing now (a later run, still within
 * the window, tries again). Returns how many were given.
 */
export async function giveBirthdayTreats(ctx: ProviderContext): Promise<number> {
  const { rules } = await getMerchant(ctx.db, ctx.merchantId);
  const shopTreat = !(rules.birthday_reward === 'off' || (rules.birthday_reward === 'points' && rules.birthday_points <= 0));
  // a tier's own birthday reward is given even when the shop gives no treat
  if (!shopTreat && !(await tiersGiveBirthdays(ctx.db))) return 0;
  const today = shopDay(ctx.clock.now(), rules.timezone);
  const due = (await customersWithBirthdays(ctx.db, birthdaysBetween(today, rules.birthday_window_days))).filter((c) =>
    settled(c.birthday_changed_at, c.on, rules.timezone),
  );
  let given = 0;
  for (const c of due) {
    try {
      if (await ctx.db.transaction().execute((trx) => giveOne(ctx, trx, c, rules))) given++;
    } catch (err) {
      if (!(err instanceof NoGift)) throw err;
      ctx.logger.warn({ customer: c.id, reward: err.message }, 'birthday reward not given: the reward is retired or sold out');
    }
  }
  return given;
}
