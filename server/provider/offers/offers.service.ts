/**
 * The owner's offers (the merchant console) and the customer's "Offers for you" (issue 50): the list with
 * what each offer has done, a new offer, a change of its fields, pause, resume and archive (for good),
 * each audited in its own transaction. A code at checkout is promo-codes.ts's.
 */
import {
  OFFERS_MAX,
  offerProblems,
  type ConsoleOffer,
  type ConsoleOffersData,
  type CustomerOffersData,
  type OfferChanges,
  type OfferFields,
  type OfferState,
  type OfferStatus,
} from '#contract/offers';
import type { Database } from '../../db';
import type { ProviderContext } from '../context';
import { AppError, notFound, validation } from '../http/errors';
import type { StaffOfRequest } from '../http/staff-session';
import { listLocations } from '../locations/locations.repo';
import { targetProblems } from '../shop/menu-targets';
import { getMerchant } from '../settings/settings.service';
import { normalizePhoneNumber } from '#contract/phone';
import { Temporal } from 'temporal-polyfill';
import { readRule } from './offer-window';
import { insertAudit } from '../staff/staff.repo';
import {
  codeTaken,
  countLiveOffers,
  countOfferCustomers,
  tierExists,
  insertOffer,
  lockOffer,
  lockOfferEdits,
  offersForCustomer,
  offersWithStats,
  setOfferCustomers,
  findCustomers,
  setOfferStatus,
  updateOffer,
  type OfferRow,
  type OfferWithStats,
  type OfferWrite,
} from './offers.repo';

/** Where an offer stands at `now`. */
function stateOf(o: OfferRow, now: Date): OfferState {
  if (o.status !== 'active') return o.status;
  if (now.getTime() < o.starts_at.getTime()) return 'scheduled';
  if (o.ends_at && o.ends_at.getTime() <= now.getTime()) return 'ended';
  if ((o.max_uses !== null && o.uses >= o.max_uses) || (o.max_discount_total !== null && o.discount_given >= o.max_discount_total)) return 'used_up';
  return 'running';
}

function consoleOfferOf(o: OfferWithStats, now: Date): ConsoleOffer {
  const { customers: _list, ...fields } = fieldsOf(o);
  return {
    id: o.id,
    ...fields,
    customer_count: o.customer_count,
    single_codes: o.single_codes,
    single_codes_used: o.single_codes_used,
    status: o.status,
    state: stateOf(o, now),
    created_at: o.created_at.toISOString(),
    updated_at: o.updated_at.toISOString(),
    uses: o.uses,
    discount_given: o.discount_given,
    orders: o.orders,
    new_customers: o.new_customers,
  };
}

/** `merchant/offers`: every offer, newest first, with what it has done. */
export async function consoleOffers(ctx: ProviderContext): Promise<ConsoleOffersData> {
  const now = ctx.clock.now();
  return { offers: (await offersWithStats(ctx.db)).map((o) => consoleOfferOf(o, now)) };
}

async function answerOffer(ctx: ProviderContext, id: number): Promise<ConsoleOffer> {
  const [row] = await offersWithStats(ctx.db, id);
  return consoleOfferOf(row!, ctx.clock.now());
}

/** The locations an offer names must exist: 400 naming `location_ids`, nothing saved. */
async function checkLocations(db: Database, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const known = new Set((await listLocations(db)).map((l) => l.id));
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length) throw validation({ location_ids: `must be locations of the shop (${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not)` });
}

/**
 * The product a free product offer gives, and the products and categories of a buy X get Y's `buy` and
 * `get`, must be the menu's (400 naming the field: `product_id`, `buy.product_ids`…); a category removed
 * from the menu only when the saved offer already named it.
 */
async function checkItems(db: Database, write: OfferWrite, saved: OfferRow | null): Promise<void> {
  const kept = [...(saved?.buy?.category_ids ?? []), ...(saved?.get?.category_ids ?? [])];
  const problems: Record<string, string> = {};
  if (write.product_id !== null) {
    const wrong = await targetProblems(db, { product_ids: [write.product_id], category_ids: [] }, kept);
    if (wrong.product_ids) problems.product_id = 'must be a product of the menu';
  }
  for (const part of ['buy', 'get'] as const) {
    const items = write[part];
    if (items) Object.assign(problems, await targetProblems(db, items, kept, `${part}.`));
  }
  if (Object.keys(problems).length) throw validation(problems);
}

/**
 * Who may use it: a tier audience's tier must be the programme's (400 naming `tier_position`); a list's
 * customers, each by id or phone number (in the shop's country's form), must be the shop's (400 naming
 * `customers` with the ones not found), and a list audience needs one (`customers` given, or kept);
 * another audience takes no list. The customers' ids, or null when the list is not to change.
 */
async function checkAudience(
  db: Database,
  f: Pick<OfferFields, 'audience' | 'tier_position' | 'customers'>,
  kept: number,
  countryCode: string,
): Promise<number[] | null> {
  if (f.audience === 'tier' && f.tier_position !== null) {
    if (!(await tierExists(db, f.tier_position))) throw validation({ tier_position: 'must be one of the tiers' });
  }
  if (f.audience !== 'customer_list') {
    if (f.customers?.length) throw validation({ customers: 'applies to a customer list only: leave it empty' });
    // a list no longer used goes
    return kept > 0 ? [] : null;
  }
  if (!f.customers) {
    if (kept === 0) throw validation({ customers: 'add at least one customer' });
    return null;
  }
  if (f.customers.length === 0) throw validation({ customers: 'add at least one customer' });
  const ids = f.customers.filter((c): c is number => typeof c === 'number');
  const typed = f.customers.filter((c): c is string => typeof c === 'string');
  const phones = new Map(typed.map((t) => [t, normalizePhoneNumber(t, countryCode)]));
  const found = await findCustomers(
    db,
    ids,
    [...phones.values()].filter((p): p is string => p !== null),
  );
  const byPhone = new Map(found.map((c) => [c.phone, c.id]));
  const known = new Set(found.map((c) => c.id));
  const missing = [...ids.filter((id) => !known.has(id)).map(String), ...typed.filter((t) => !byPhone.has(phones.get(t) ?? null))];
  if (missing.length) {
    const shown = missing.slice(0, 5).join(', ') + (missing.length > 5 ? ` and ${missing.length - 5} more` : '');
    throw validation({ customers: `must be customers of the shop (${shown} ${missing.length === 1 ? 'is' : 'are'} not)` });
  }
  return [...new Set([...ids, ...typed.map((t) => byPhone.get(phones.get(t)!)!)])];
}

/** An offer's fields as written: checked together (400 naming the field), times as dates, lists without repeats. */
function toWrite(f: Omit<OfferFields, 'starts_at'> & { starts_at: string }): OfferWrite {
  const problems = offerProblems(f);
  // the rule must read as one (the package's own parser), its start the offer's
  if (f.rrule !== null && !readRule(f.rrule, Temporal.PlainDate.from('2026-01-01'))) {
    problems.rrule = 'must be a rule such as FREQ=MONTHLY;BYMONTHDAY=1, without DTSTART';
  }
  if (Object.keys(problems).length) throw validation(problems);
  return {
    title: f.title,
    description: f.description,
    kind: f.kind,
    value: f.value,
    max_discount: f.max_discount,
    product_id: f.product_id,
    buy: f.buy,
    get: f.get,
    // buy X get Y: once an order unless it says more
    max_applications: f.kind === 'buy_x_get_y' ? (f.max_applications ?? 1) : f.max_applications,
    code: f.code,
    min_spend: f.min_spend,
    starts_at: new Date(f.starts_at),
    ends_at: f.ends_at === null ? null : new Date(f.ends_at),
    days: f.days,
    hours: f.hours,
    rrule: f.rrule === null ? null : f.rrule.replace(/^RRULE:/, ''),
    fulfilments: f.fulfilments,
    location_ids: [...new Set(f.location_ids)],
    audience: f.audience,
    tier_position: f.tier_position,
    max_uses: f.max_uses,
    max_discount_total: f.max_discount_total,
    per_customer_limit: f.per_customer_limit,
    combines_with_voucher: f.combines_with_voucher,
    single_use: f.single_use,
    points_on_discounted: f.points_on_discounted,
  };
}

const codeConflict = (code: string) =>
  new AppError('CONFLICT', `Another offer already has the code ${code}. Choose another code, or archive that offer first.`, {
    code: 'is taken by another offer',
  });

/** `merchant/offers/create`: an offer, active at once (from its start); at most OFFERS_MAX not archived; its code not another's. Audited. */
export async function createOffer(ctx: ProviderContext, staff: StaffOfRequest, fields: OfferFields): Promise<ConsoleOffer> {
  const now = ctx.clock.now();
  const write = toWrite({ ...fields, starts_at: fields.starts_at ?? now.toISOString() });
  const id = await ctx.db.transaction().execute(async (trx) => {
    await lockOfferEdits(trx);
    await checkLocations(trx, write.location_ids);
    await checkItems(trx, write, null);
    const listed = await checkAudience(trx, fields, 0, (await getMerchant(trx, ctx.merchantId)).rules.default_country_code);
    if ((await countLiveOffers(trx)) >= OFFERS_MAX) {
      throw new AppError('LIMIT_REACHED', `You have ${OFFERS_MAX} offers already: archive one you no longer need to add another.`, undefined, {
        max: OFFERS_MAX,
      });
    }
    if (write.code !== null && (await codeTaken(trx, write.code, null))) throw codeConflict(write.code);
    const id = await insertOffer(trx, write, now);
    if (listed) await setOfferCustomers(trx, id, listed);
    await insertAudit(trx, { staffId: staff.id, action: 'offer.create', target: `offer:${id}`, before: null, after: write, now });
    return id;
  });
  return answerOffer(ctx, id);
}

/** The saved offer's fields, as the contract gives them. */
function fieldsOf(o: OfferRow): Omit<OfferFields, 'starts_at'> & { starts_at: string } {
  return {
    title: o.title,
    description: o.description,
    kind: o.kind,
    value: o.value,
    max_discount: o.max_discount,
    product_id: o.product_id,
    buy: o.buy,
    get: o.get,
    max_applications: o.max_applications,
    code: o.code,
    min_spend: o.min_spend,
    starts_at: o.starts_at.toISOString(),
    ends_at: o.ends_at ? o.ends_at.toISOString() : null,
    days: o.days,
    hours: o.hours,
    rrule: o.rrule,
    fulfilments: o.fulfilments,
    location_ids: o.location_ids,
    audience: o.audience,
    tier_position: o.tier_position,
    // the list is kept apart (offer_customers): a change names it only to replace it
    customers: undefined,
    max_uses: o.max_uses,
    max_discount_total: o.max_discount_total,
    per_customer_limit: o.per_customer_limit,
    combines_with_voucher: o.combines_with_voucher,
    single_use: o.single_use,
    points_on_discounted: o.points_on_discounted,
  };
}

/** A limit lowered below what the offer has used already: 409 naming the field. */
function assertLimitsCover(row: OfferRow, write: OfferWrite): void {
  if (write.max_uses !== null && write.max_uses < row.uses) {
    throw new AppError('CONFLICT', `${row.title} has been used ${row.uses} times already: its uses cannot be fewer.`, {
      max_uses: `must be at least ${row.uses}, the uses so far`,
    });
  }
  if (write.max_discount_total !== null && write.max_discount_total < row.discount_given) {
    throw new AppError('CONFLICT', `${row.title} has given more than that already: its budget cannot be smaller.`, {
      max_discount_total: `must be at least ${row.discount_given}, the discount given so far`,
    });
  }
}

/**
 * `merchant/offers/update`: the fields given, checked with the saved ones; not an archived offer (409);
 * a code not another's, limits not below what it used (409). Orders placed keep their discount. Audited.
 */
export async function changeOffer(ctx: ProviderContext, staff: StaffOfRequest, body: OfferChanges): Promise<ConsoleOffer> {
  const now = ctx.clock.now();
  const { id, ...changes } = body;
  await ctx.db.transaction().execute(async (trx) => {
    // a code changed is checked under the edits' lock, as a new offer's is
    if (changes.code !== undefined) await lockOfferEdits(trx);
    const row = await lockOffer(trx, id);
    if (!row) throw notFound('That offer');
    if (row.status === 'archived')
      throw new AppError('INVALID_TRANSITION', `${row.title} is archived: it cannot change any more.`, undefined, { status: row.status });
    const before = fieldsOf(row);
    const after = { ...before, ...changes };
    const write = toWrite(after);
    if (changes.location_ids !== undefined) await checkLocations(trx, write.location_ids);
    if (changes.product_id !== undefined || changes.buy !== undefined || changes.get !== undefined) await checkItems(trx, write, row);
    const kept = await countOfferCustomers(trx, row.id);
    const country = (await getMerchant(trx, ctx.merchantId)).rules.default_country_code;
    const listed = await checkAudience(trx, after, kept, country);
    if (write.code !== null && write.code !== row.code && (await codeTaken(trx, write.code, row.id))) throw codeConflict(write.code);
    assertLimitsCover(row, write);
    if (JSON.stringify(after) === JSON.stringify(before)) return;
    await updateOffer(trx, row.id, write, now);
    if (listed) await setOfferCustomers(trx, row.id, listed);
    await insertAudit(trx, { staffId: staff.id, action: 'offer.update', target: `offer:${row.id}`, before, after: write, now });
  });
  return answerOffer(ctx, id);
}

/** `merchant/offers/status`: pause, resume or archive; an archived offer stays archived (409). Audited. */
export async function setStatus(ctx: ProviderContext, staff: StaffOfRequest, body: { id: number; status: OfferStatus }): Promise<ConsoleOffer> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const row = await lockOffer(trx, body.id);
    if (!row) throw notFound('That offer');
    if (row.status === body.status) return;
    if (row.status === 'archived')
      throw new AppError('INVALID_TRANSITION', `${row.title} is archived: it cannot be used again. Add a new offer instead.`, undefined, {
        status: row.status,
      });
    await setOfferStatus(trx, row.id, body.status, now);
    await insertAudit(trx, {
      staffId: staff.id,
      action: 'offer.status',
      target: `offer:${row.id}`,
      before: { title: row.title, code: row.code, status: row.status },
      after: { title: row.title, code: row.code, status: body.status },
      now,
    });
  });
  return answerOffer(ctx, body.id);
}

/** `offers`: the offers this customer could use now; never an offer's limits, uses or budget. */
export async function customerOffers(ctx: ProviderContext, customerId: number): Promise<CustomerOffersData> {
  const rows = await offersForCustomer(ctx.db, customerId, ctx.clock.now());
  return {
    offers: rows.map((o) => ({
      id: o.id,
      title: o.title,
      description: o.description,
      code: o.code,
      min_spend: o.min_spend,
      ends_at: o.ends_at ? o.ends_at.toISOString() : null,
      days: o.days,
      hours: o.hours,
      rrule: o.rrule,
      fulfilments: o.fulfilments,
      location_ids: o.location_ids,
      combines_with_voucher: o.combines_with_voucher,
    })),
  };
}
