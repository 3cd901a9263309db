import type { CounterEarn, CounterEarnData, CounterEarnQuoteData, CounterMember, counterEarnBody, counterEarnQuoteBody, tillEarnBody } from '#contract/counter';
import type { StampsAdded } from '#contract/stamps';
import { formatMoney } from '#contract/money';
import { paths } from '#contract/routes';
import type { z } from 'zod';
import type { Database } from '../../db';
import type { ProviderContext } from '../context';
import { findCustomerIdByPhone, getCustomer, lockCustomer } from '../accounts/accounts.repo';
import { firstName } from '../accounts/accounts.service';
import { normalizePhone } from '../auth/phone';
import { AppError, notFound, validation } from '../http/errors';
import type { StaffOfRequest } from '../http/staff-session';
import { assertInScope, locationScope } from '../locations/access';
import { notify } from '../notifications/notify';
import { sayToRow } from '../accounts/language';
import { counter as counterWords, pointsReason } from '../i18n/messages';
import { reasonOf } from '../points/reasons';
import { counterEarnReason, dropEarnUses, pointsFor, recordUses, saleEarning } from '../loyalty/loyalty.earn';
import { productFacts } from '../loyalty/loyalty.repo';
import { giveStamps, stampsOfEarns, stampsSentence, stampsToGive, takeBackStamps } from '../loyalty/stamps.service';
import { effectiveTimezone } from '../locations/ordering';
import { findLocation } from '../locations/locations.repo';
import type { EarnInput } from '#contract/loyalty-earn';
import { adjustPoints, earnPoints } from '../points/points.ledger';
import { addPending, creditRiseOf, holdEnd, voidPending } from '../points/points.pending';
import { memberOfCode } from '../rewards/voucher-codes';
import { startOfDay } from '../settings/settings.repo';
import { getMerchant, type Merchant, type MerchantRules } from '../settings/settings.service';
import { insertAudit } from '../staff/staff.repo';
import { earnTier, placeAfterEarn, placeCustomer, undoTierRise } from '../tiers/tiers.service';
import { counterLocation, UNDO_MS } from './counter.service';
import { linkEarnToOrder, orderOfCustomer } from './order-link';
import {
  earnedSince,
  earnsSince,
  stampsGivenSince,
  existingProductIds,
  findEarn,
  insertEarn,
  lockEarn,
  lockGiverEarns,
  markEarnUndone,
  setEarnTierRise,
  type EarnRow,
  type Giver,
} from './earns.repo';

/**
 * Points at the counter for a walk-in sale (issue 29): staff find the customer by their member card's
 * rotating code (rewards/voucher-codes.ts) or their phone, and give points for the sale's amount at the
 * rate app orders earn at. The owner's two daily caps (shop settings) count the day's earns not undone,
 * the shop's day: one customer's at every counter, and one staff member's for every customer. Each cap
 * holds under concurrency because its sum is read under a lock: the customer's row lock (which every
 * points change takes anyway) and the staff member's advisory lock (earns.repo.ts lockStaffEarns).
 * An earn, its refusal by a cap, and its undo are audited; the customer is notified of an earn and its undo.
 */

/** the earn's body as parsed */
type CounterEarnBody = z.output<typeof counterEarnBody>;
type CounterEarnQuoteBody = z.output<typeof counterEarnQuoteBody>;

const toEarn = (r: EarnRow, stamps: StampsAdded[] = []): CounterEarn => ({
  id: r.id,
  customer_first_name: firstName(r.customer_name),
  amount: Number(r.amount),
  points: r.points,
  earned_at: r.created_at.toISOString(),
  staff_name: r.staff_name,
  location_name: r.location_name ?? null,
  undo_until: new Date(r.created_at.getTime() + UNDO_MS).toISOString(),
  undone_at: r.undone_at ? r.undone_at.toISOString() : null,
  stamps,
});

/** Earns with the stamps each gave (an undone earn's were taken back: none). */
async function withStamps(db: Database, rows: EarnRow[]): Promise<CounterEarn[]> {
  const stamps = await stampsOfEarns(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toEarn(r, stamps.get(r.id)));
}

/** The start of the shop's day now (its time zone), from which the caps count. */
const todayStart = (ctx: ProviderContext, rules: MerchantRules) => startOfDay(ctx.db, ctx.clock.now(), rules.timezone);

/** A customer as the counter sees them: first name and the phone's last 4 only, their points and what they may still earn today. */
async function memberOf(db: Database, rules: MerchantRules, since: Date, customerId: number): Promise<CounterMember> {
  const c = await getCustomer(db, customerId);
  const earned = await earnedSince(db, { customer_id: customerId }, since);
  return {
    customer_id: c.id,
    first_name: firstName(c.name),
    phone_last4: (c.phone ?? '').slice(-4),
    points: c.points,
    points_left_today: Math.max(0, rules.counter_points_per_customer_per_day - earned),
  };
}

/** A customer as the counter sees them now (memberOf), read in `db`: a transaction's, after a change in it. */
export async function memberNow(ctx: ProviderContext, db: Database, customerId: number): Promise<CounterMember> {
  const { rules } = await getMerchant(db, ctx.merchantId);
  return memberOf(db, rules, await startOfDay(db, ctx.clock.now(), rules.timezone), customerId);
}

/** The customer a member card's code names (refusals as vouchers' codes), or a phone number as typed (404 NOT_FOUND). */
async function customerOf(ctx: ProviderContext, rules: MerchantRules, by: { code?: string | undefined; phone?: string | undefined }): Promise<number> {
  if (by.code !== undefined) return memberOfCode(ctx, by.code);
  const id = await findCustomerIdByPhone(ctx.db, normalizePhone(by.phone ?? '', rules.default_country_code));
  if (id === null) throw new AppError('NOT_FOUND', 'No customer with this phone number.');
  return id;
}

/** `merchant/counter/member`: the customer a member card or phone number names, at a location the member works at. */
export async function findMember(
  ctx: ProviderContext,
  staff: StaffOfRequest,
  body: { code?: string | undefined; phone?: string | undefined; location_id?: number | undefined },
): Promise<CounterMember> {
  await counterLocation(ctx.db, staff, body.location_id);
  const { rules } = await getMerchant(ctx.db, ctx.merchantId);
  const customerId = await customerOf(ctx, rules, body);
  return memberOf(ctx.db, rules, await todayStart(ctx, rules), customerId);
}

/** A refusal by a daily cap, with what Activity says of it (written after the refused transaction rolled back). */
class CapRefusal extends AppError {
  readonly audit: { target: string; after: Record<string, unknown> };
  constructor(
    message: string,
    data: { points_left_today: number; limit: 'customer' | 'staff' } | { stamps_left_today: number; limit: 'customer' | 'staff' },
    audit: CapRefusal['audit'],
  ) {
    super('LIMIT_REACHED', message, undefined, data);
    this.audit = audit;
  }
}

/**
 * What an earn needs that is read before its transaction (PGlite has one connection, which the
 * transaction holds), and its input's checks: refused there, it never takes its idempotency key.
 */
interface EarnSetting {
  merchant: Merchant;
  location: { id: number; name: string } | null;
  since: Date;
  /** what was sold, at the products' prices, for the earning rules */
  lines: EarnInput['lines'];
  /** the counter's location's zone (else the shop's), where the rules' windows are */
  timeZone: string;
  /** the app order this sale is (order-link.ts), or null */
  orderId: number | null;
}

/** What a sale earns the customer now: the base at the shop's rate, their tier, the earning rules of this time and place (the earn and its quote alike). */
async function counterEarning(
  db: Database,
  ctx: ProviderContext,
  customerId: number,
  amount: number,
  s: { rules: MerchantRules; lines: EarnInput['lines']; timeZone: string },
) {
  const tier = await earnTier(db, customerId);
  return saleEarning(db, {
    customerId,
    base: pointsFor(amount, 0, s.rules),
    points_per_amount: s.rules.points_per_amount,
    lines: s.lines,
    at: ctx.clock.now(),
    timeZone: s.timeZone,
    order: false,
    tier,
  });
}

/** The points the customer and the staff member may each still earn (give) at the counter today: the owner's daily caps less what counted since `since`. */
async function pointsLeftToday(
  db: Database,
  rules: MerchantRules,
  who: { customerId: number; giver: Giver },
  since: Date,
): Promise<{ customer: number; staff: number }> {
  return {
    customer: Math.max(0, rules.counter_points_per_customer_per_day - (await earnedSince(db, { customer_id: who.customerId }, since))),
    staff: Math.max(0, rules.counter_points_per_staff_per_day - (await earnedSince(db, who.giver, since))),
  };
}

/** What a giver's own daily cap says when it refuses: to the member of staff ("you"), or of the key by its name. */
function giverCapWords(giver: Giver, left: number, what: 'points' | 'stamps'): string {
  if (giver.kind === 'staff')
    return left > 0 ? `You can give ${left} more ${what} today: ask an owner for more.` : `You have given the most ${what} allowed today: ask an owner.`;
  return left > 0
    ? `The API key “${giver.name}” can give ${left} more ${what} today: an owner can raise the limit for each member of staff in the settings.`
    : `The API key “${giver.name}” has given the most ${what} allowed today: an owner can raise the limit for each member of staff in the settings.`;
}

/** An earn's audit entry's author: the member of staff, or the machine (the key). */
const auditBy = (giver: Giver) => (giver.kind === 'staff' ? { staffId: giver.id } : { staffId: null, actor: 'machine' as const });

/** The earn itself, in the idempotent call's transaction: caps, the earn, the points, the notification, the audit. */
async function earnIn(
  trx: Database,
  ctx: ProviderContext,
  giver: Giver,
  body: CounterEarnBody,
  { merchant, location, since, lines, timeZone, orderId }: EarnSetting,
): Promise<CounterEarnData> {
  const { rules } = merchant;
  // the customer's row lock first, then the staff member's: always in this order (earns.repo.ts)
  const customer = await lockCustomer(trx, body.customer_id);
  await lockGiverEarns(trx, giver);
  // the earning rules, under the customer's row lock (their limits count this customer's uses); the caps count it all
  const earning = await counterEarning(trx, ctx, customer.id, body.amount, { rules, lines, timeZone });
  const points = earning.total;
  const first = firstName(customer.name);
  const refusal = { amount: body.amount, points, customer: customer.name, location: location?.name ?? null };
  const left = await pointsLeftToday(trx, rules, { customerId: customer.id, giver }, since);
  const customerLeft = left.customer;
  if (points > customerLeft) {
    const cap = rules.counter_points_per_customer_per_day;
    throw new CapRefusal(
      cap === 0
        ? 'This shop gives no points at the counter: an owner can change that in the settings.'
        : customerLeft > 0
          ? `${first} can earn ${customerLeft} more points at the counter today.`
          : `${first} has earned the most points allowed at the counter today.`,
      { points_left_today: customerLeft, limit: 'customer' },
      { target: `customer:${customer.id}`, after: { ...refusal, limit: 'customer', cap, points_left_today: customerLeft } },
    );
  }
  const staffLeft = left.staff;
  if (points > staffLeft) {
    throw new CapRefusal(
      giverCapWords(giver, staffLeft, 'points'),
      { points_left_today: staffLeft, limit: 'staff' },
      { target: `customer:${customer.id}`, after: { ...refusal, limit: 'staff', cap: rules.counter_points_per_staff_per_day, points_left_today: staffLeft } },
    );
  }
  await checkStampCaps(trx, rules, { giver, customerId: customer.id, first, since, stamps: await stampsToGive(trx, lines), refusal });
  const now = ctx.clock.now();
  const id = await insertEarn(trx, {
    customerId: customer.id,
    giver,
    locationId: location?.id ?? null,
    amount: body.amount,
    points,
    items: body.items ?? null,
    now,
  });
  if (orderId) await linkEarnToOrder(trx, id, orderId);
  const ref = `counter:${id}`;
  await recordUses(trx, customer.id, { earn_id: id }, earning, now);
  // the stamp cards' stamps for what was sold, at once (under the customer's row lock, taken above)
  const stamps = await giveStamps(trx, ctx, { customerId: customer.id, lines, source: { earn_id: id }, now });
  const { reason, words } = counterEarnReason(location?.name ?? null, earning.parts);
  // the owner's hold (0 by default: at once); with one, the points are pending until it ends (points.pending.ts)
  const hold = rules.points_hold_days;
  const say = sayToRow(customer, rules);
  if (hold > 0) {
    const availableAt = holdEnd(now, hold);
    await addPending(trx, ctx.clock, { customerId: customer.id, points, reason, words, ref, availableAt, breakdown: earning.parts });
    const day = new Intl.DateTimeFormat(rules.locale, { timeZone: rules.timezone, dateStyle: 'medium' }).format(availableAt);
    const body = location ? say(counterWords.comingBodyAt, { place: location.name, day }) : say(counterWords.comingBody, { day });
    await notify(trx, ctx.clock, customer.id, {
      type: 'points_earned',
      title: say(counterWords.comingTitle, { points, shop: merchant.settings.setting_company }),
      body: `${body}${stampsSentence(say, stamps)}`,
      link: paths.profilePoint,
    });
  } else {
    await earnPoints(trx, ctx.clock, customer.id, points, { reason, words, ref, breakdown: earning.parts }, rules.points_expiry_days);
    const body = location ? say(counterWords.earnedBodyAt, { place: location.name }) : say(counterWords.earnedBody);
    await notify(trx, ctx.clock, customer.id, {
      type: 'points_earned',
      title: say(counterWords.earnedTitle, { points, shop: merchant.settings.setting_company }),
      body: `${body}${stampsSentence(say, stamps)}`,
      link: paths.profilePoint,
      push: 'points',
    });
  }
  // the points earned (or the visit) count towards the customer's tier: a rise is at once, kept for its undo
  const rise = await placeAfterEarn(trx, ctx, customer.id);
  if (rise) await setEarnTierRise(trx, id, rise);
  await insertAudit(trx, {
    ...auditBy(giver),
    action: 'counter.earn',
    target: `customer:${customer.id}`,
    before: { points: customer.points },
    after: {
      points: hold > 0 ? customer.points : customer.points + points,
      earned: points,
      ...(hold > 0 ? { pending: points } : {}),
      ...(stamps.length ? { stamps: stamps.reduce((s, a) => s + a.added, 0) } : {}),
      amount: body.amount,
      earn: id,
      customer: customer.name,
      location: location?.name ?? null,
      ...(giver.kind === 'key' ? { api_key: giver.name } : {}),
    },
    now,
  });
  return { earn: toEarn((await findEarn(trx, id))!, stamps), member: await memberOf(trx, rules, since, customer.id) };
}

/**
 * The owner's two daily stamp caps, as the points' (under the same locks: the customer's row, then the
 * staff member's advisory lock): the stamps this earn would give, with the day's, past either refuse it.
 */
async function checkStampCaps(
  trx: Database,
  rules: MerchantRules,
  e: { giver: Giver; customerId: number; first: string; since: Date; stamps: number; refusal: Record<string, unknown> },
): Promise<void> {
  if (e.stamps === 0) return;
  const audit = (limit: 'customer' | 'staff', cap: number, left: number) => ({
    target: `customer:${e.customerId}`,
    after: { ...e.refusal, stamps: e.stamps, limit, cap, stamps_left_today: left },
  });
  const stampsWord = (n: number) => (n === 1 ? 'stamp' : 'stamps');
  const cap = rules.counter_stamps_per_customer_per_day;
  const customerLeft = Math.max(0, cap - (await stampsGivenSince(trx, { customer_id: e.customerId }, e.since)));
  if (e.stamps > customerLeft) {
    throw new CapRefusal(
      cap === 0
        ? 'This shop gives no stamps at the counter: record the sale without its items, or an owner can change that in the settings.'
        : customerLeft > 0
          ? `${e.first} can collect ${customerLeft} more ${stampsWord(customerLeft)} at the counter today: record fewer items.`
          : `${e.first} has collected the most stamps allowed at the counter today: record the sale without its items.`,
      { stamps_left_today: customerLeft, limit: 'customer' },
      audit('customer', cap, customerLeft),
    );
  }
  const staffCap = rules.counter_stamps_per_staff_per_day;
  const staffLeft = Math.max(0, staffCap - (await stampsGivenSince(trx, e.giver, e.since)));
  if (e.stamps > staffLeft) {
    throw new CapRefusal(
      e.giver.kind === 'staff' && staffLeft > 0
        ? `You can give ${staffLeft} more ${stampsWord(staffLeft)} today: ask an owner for more.`
        : giverCapWords(e.giver, staffLeft, 'stamps'),
      { stamps_left_today: staffLeft, limit: 'staff' },
      audit('staff', staffCap, staffLeft),
    );
  }
}

/**
 * A sale's facts, checked as the earn and its quote both need them: the location, an amount that earns, the
 * items' prices (worth at most the amount), the zone of the rules.
 */
async function saleSetting(ctx: ProviderContext, where: StaffOfRequest | 'any', body: CounterEarnQuoteBody) {
  const merchant = await getMerchant(ctx.db, ctx.merchantId);
  // the counter's: a location the member works at; a till's: any location of the shop, or none
  const location = where === 'any' ? await tillLocation(ctx.db, body.location_id) : await counterLocation(ctx.db, where, body.location_id);
  const { points_per_amount } = merchant.rules;
  if (pointsFor(body.amount, 0, merchant.rules) < 1)
    throw validation({ amount: `earns no points: one point is for every ${points_per_amount.toLocaleString('en')} minor units` });
  if (body.items?.length) {
    const known = await existingProductIds(
      ctx.db,
      body.items.map((i) => i.product_id),
    );
    const fields = Object.fromEntries(
      body.items.flatMap((i, n) => (known.has(i.product_id) ? [] : [[`items.${n}.product_id`, 'is not a product of this shop']])),
    );
    if (Object.keys(fields).length > 0) throw validation(fields);
  }
  const prices = await productFacts(
    ctx.db,
    (body.items ?? []).map((i) => i.product_id),
  );
  const lines = (body.items ?? []).map((i) => ({
    product_id: i.product_id,
    category_id: prices.get(i.product_id)?.category_id ?? null,
    qty: i.qty,
    price: prices.get(i.product_id)?.price ?? 0,
  }));
  // stamps and product rules follow what was paid: items worth more than the sale's amount are not what was sold
  const worth = lines.reduce((s, l) => s + l.price * l.qty, 0);
  if (worth > body.amount) {
    const money = (n: number) => formatMoney(n, merchant.rules.currency, merchant.rules.locale);
    throw validation({
      items: `are worth more than the amount: ${money(worth)} at the menu's prices, for ${money(body.amount)} paid. Record the items that were paid for.`,
    });
  }
  const timeZone = location ? effectiveTimezone(location, merchant.rules.timezone) : merchant.rules.timezone;
  return { merchant, location, lines, timeZone };
}

/** `merchant/counter/earn/quote`: what the earn would give now and whether a daily cap would refuse it; nothing written. */
export async function quoteEarn(ctx: ProviderContext, staff: StaffOfRequest, body: CounterEarnQuoteBody): Promise<CounterEarnQuoteData> {
  const { merchant, lines, timeZone } = await saleSetting(ctx, staff, body);
  await getCustomer(ctx.db, body.customer_id);
  const { rules } = merchant;
  const earning = await counterEarning(ctx.db, ctx, body.customer_id, body.amount, { rules, lines, timeZone });
  const left = await pointsLeftToday(ctx.db, rules, { customerId: body.customer_id, giver: { kind: 'staff', id: staff.id } }, await todayStart(ctx, rules));
  const limit = earning.total > left.customer ? 'customer' : earning.total > left.staff ? 'staff' : null;
  return { points: earning.total, points_breakdown: earning.parts, points_left_today: Math.min(left.customer, left.staff), limit };
}

/**
 * `merchant/counter/earn`: runs the earn once per idempotency key (`once`: the call's at.once). A cap's
 * refusal is answered (and replayed) like any other, and written to Activity once, after its
 * transaction rolled back.
 */
export function earnAtCounter<R>(
  ctx: ProviderContext,
  staff: StaffOfRequest,
  body: CounterEarnBody,
  once: (effect: (trx: Database) => Promise<CounterEarnData>) => Promise<R>,
): Promise<R> {
  return earnOnce(ctx, { kind: 'staff', id: staff.id }, staff, body, once);
}

/** A till's location: one of the shop's (400 naming `location_id` otherwise), or none. */
async function tillLocation(db: Database, id: number | undefined): Promise<{ id: number; name: string; timezone: string } | null> {
  if (id === undefined) return null;
  const place = await findLocation(db, id);
  if (!place) throw validation({ location_id: 'is not a location of this shop' });
  return { id: place.id, name: place.name, timezone: place.timezone };
}

/**
 * `merchant/till/earn` (issue 52): a point-of-sale system's purchase for a member, found by their member
 * card's code or phone, given by its API key (`points:earn`): the counter's earn, the key counting as a
 * member of staff for the daily caps, Activity naming it. Once per idempotency key.
 */
export async function earnAtTill<R>(
  ctx: ProviderContext,
  key: { id: number; name: string },
  body: z.output<typeof tillEarnBody>,
  once: (effect: (trx: Database) => Promise<CounterEarnData>) => Promise<R>,
): Promise<R> {
  const { rules } = await getMerchant(ctx.db, ctx.merchantId);
  const { code, phone, ...sale } = body;
  const customerId = await customerOf(ctx, rules, { code, phone });
  return earnOnce(ctx, { kind: 'key', ...key }, 'any', { ...sale, customer_id: customerId }, once);
}

/** An earn by a member of staff or a key, once per idempotency key; a cap's refusal written to Activity after it rolled back. */
async function earnOnce<R>(
  ctx: ProviderContext,
  giver: Giver,
  where: StaffOfRequest | 'any',
  body: CounterEarnBody,
  once: (effect: (trx: Database) => Promise<CounterEarnData>) => Promise<R>,
): Promise<R> {
  const { merchant, location, lines, timeZone } = await saleSetting(ctx, where, body);
  const orderId = body.order_number ? await orderOfCustomer(ctx.db, body.customer_id, body.order_number) : null;
  const setting: EarnSetting = { merchant, location, since: await todayStart(ctx, merchant.rules), lines, timeZone, orderId };
  try {
    return await once((trx) => earnIn(trx, ctx, giver, body, setting));
  } catch (err) {
    if (err instanceof CapRefusal) {
      await insertAudit(ctx.db, {
        ...auditBy(giver),
        action: 'counter.earn_refused',
        target: err.audit.target,
        before: null,
        after: err.audit.after,
        now: ctx.clock.now(),
      });
    }
    throw err;
  }
}

/**
 * `merchant/counter/earn/undo`: the points taken back (within 2 minutes any staff member, later an
 * owner only), unless the customer has spent some of them already: then nothing changes. Points still
 * pending (the owner's hold) are voided instead: there is nothing to take back.
 */
export async function undoEarn(ctx: ProviderContext, staff: StaffOfRequest, earnId: number): Promise<CounterEarnData> {
  const { rules } = await getMerchant(ctx.db, ctx.merchantId);
  const since = await todayStart(ctx, rules);
  const scope = await locationScope(ctx.db, staff);
  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock.now();
    const e = await lockEarn(trx, earnId);
    if (!e) throw notFound('Earn');
    assertInScope(scope, e.location_id);
    if (e.undone_at) throw new AppError('INVALID_TRANSITION', 'These points were taken back already.');
    if (now.getTime() > e.created_at.getTime() + UNDO_MS && staff.role !== 'owner') {
      throw new AppError('ROLE_FORBIDDEN', 'Only an owner can undo points after 2 minutes. Ask an owner of this shop.');
    }
    const customer = await lockCustomer(trx, e.customer_id);
    const first = firstName(customer.name);
    const ref = `counter:${e.id}`;
    // still pending: voided (never spendable); credited, or earned with no hold: taken back
    const pending = await voidPending(trx, ctx.clock, customer.id, ref);
    const wasPending = pending?.was === 'pending';
    if (!wasPending && customer.points < e.points) {
      throw new AppError('INSUFFICIENT_POINTS', `${first} has spent some of these points already.`, undefined, { points: customer.points, needed: e.points });
    }
    const row = (await findEarn(trx, e.id))!;
    const undone = row.location_name ? reasonOf(pointsReason.counterAtUndone, { place: row.location_name }) : reasonOf(pointsReason.counterUndone);
    if (!wasPending) await adjustPoints(trx, ctx.clock, customer.id, -e.points, { ...undone, ref, lotRef: ref });
    await markEarnUndone(trx, e.id, staff.id, now);
    await dropEarnUses(trx, e.id);
    // its stamps back, and a voucher they filled a card for cancelled while unused (else 409: nothing changed)
    const stamps = await takeBackStamps(trx, { earn_id: e.id }, now);
    // the points (or the visit) no longer count towards the tier: the tier this earn reached taken back
    // (its welcome vouchers cancelled, 409 naming one used), else placed again, which never drops it early
    // (reached at once: kept on the earn; reached when the job credited its held points: on that row)
    const rise = e.tier_rise ?? (await creditRiseOf(trx, ref));
    if (rise) await undoTierRise(trx, ctx, customer.id, rise);
    else await placeCustomer(trx, ctx, customer.id);
    const say = sayToRow(customer, rules);
    await notify(trx, ctx.clock, customer.id, {
      type: 'points_earned',
      title: say(wasPending ? counterWords.cancelledTitle : counterWords.takenBackTitle, { points: e.points }),
      body: row.location_name ? say(counterWords.undoneBodyAt, { place: row.location_name }) : say(counterWords.undoneBody),
      link: paths.profilePoint,
    });
    await insertAudit(trx, {
      staffId: staff.id,
      action: 'counter.earn_undo',
      target: `customer:${customer.id}`,
      before: { points: customer.points, earn: e.id },
      after: {
        ...(wasPending ? { points: customer.points, pending_cancelled: e.points } : { points: customer.points - e.points, taken_back: e.points }),
        ...(stamps > 0 ? { stamps_taken_back: stamps } : {}),
        amount: Number(e.amount),
        customer: customer.name,
        location: row.location_name ?? null,
      },
      now,
    });
    return { earn: toEarn((await findEarn(trx, e.id))!), member: await memberOf(trx, rules, since, customer.id) };
  });
}

/** Today's earns (the shop's day), newest first; a member limited to locations sees theirs. */
export async function todaysEarns(ctx: ProviderContext, staff: StaffOfRequest): Promise<CounterEarn[]> {
  const { rules } = await getMerchant(ctx.db, ctx.merchantId);
  const rows = await earnsSince(ctx.db, await todayStart(ctx, rules), 50, await locationScope(ctx.db, staff));
  return withStamps(ctx.db, rows);
}
