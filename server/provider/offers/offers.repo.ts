import { type RawBuilder, type Selectable, sql } from 'kysely';
import type { OfferHours, OfferItems, OfferStatus } from '#contract/offer-rules';
import type { Database } from '../../db';
import type { OfferTable } from '../../db/schema';

/** SQL of offers and their uses (migration 0043): the console's, the customer's list, and checkout's. */

export type OfferRow = Selectable<OfferTable>;
/** An offer with what the console counts beside its own `uses` and `discount_given`. */
export type OfferWithStats = OfferRow & { orders: number; new_customers: number; customer_count: number; single_codes: number; single_codes_used: number };

/** The fields an offer is written with (the contract's, its times as dates). */
export interface OfferWrite {
  title: string;
  description: string;
  kind: OfferRow['kind'];
  value: number;
  max_discount: number | null;
  product_id: number | null;
  buy: OfferItems | null;
  get: OfferItems | null;
  max_applications: number | null;
  /** null: an automatic offer */
  code: string | null;
  min_spend: number;
  starts_at: Date;
  ends_at: Date | null;
  days: OfferRow['days'];
  hours: OfferHours | null;
  rrule: string | null;
  fulfilments: OfferRow['fulfilments'];
  location_ids: number[];
  audience: OfferRow['audience'];
  tier_position: number | null;
  max_uses: number | null;
  max_discount_total: number | null;
  per_customer_limit: number | null;
  combines_with_voucher: boolean;
  single_use: boolean;
  points_on_discounted: boolean;
}

// ---------------------------------------------------------------------------------------------
// The console
// ---------------------------------------------------------------------------------------------

/** Every offer, or one, newest first, with its orders paid and the customers whose first order used it. */
export async function offersWithStats(db: Database, id?: number): Promise<OfferWithStats[]> {
  let q = db
    .selectFrom('offers as o')
    .selectAll('o')
    .select((eb) => [
      eb
        .selectFrom('offer_uses as u')
        .innerJoin('orders as x', 'x.id', 'u.order_id')
        .select(sql<number>`count(*)::integer`.as('n'))
        .whereRef('u.offer_id', '=', 'o.id')
        .where('u.state', '=', 'used')
        .where('x.status', '<>', 'pending_payment')
        .as('orders'),
      eb
        .selectFrom('offer_uses as u')
        .select(sql<number>`count(*)::integer`.as('n'))
        .whereRef('u.offer_id', '=', 'o.id')
        .where('u.state', '=', 'used')
        .where('u.first_order', '=', true)
        .as('new_customers'),
      eb
        .selectFrom('offer_customers as l')
        .select(sql<number>`count(*)::integer`.as('n'))
        .whereRef('l.offer_id', '=', 'o.id')
        .as('customer_count'),
      eb
        .selectFrom('offer_single_codes as c')
        .select(sql<number>`count(*)::integer`.as('n'))
        .whereRef('c.offer_id', '=', 'o.id')
        .as('single_codes'),
      eb
        .selectFrom('offer_single_codes as c')
        .select(sql<number>`count(*)::integer`.as('n'))
        .whereRef('c.offer_id', '=', 'o.id')
        .where('c.order_id', 'is not', null)
        .as('single_codes_used'),
    ])
    .orderBy('o.id', 'desc');
  if (id !== undefined) q = q.where('o.id', '=', id);
  const rows = await q.execute();
  return rows.map((r) => ({
    ...r,
    orders: r.orders ?? 0,
    new_customers: r.new_customers ?? 0,
    customer_count: r.customer_count ?? 0,
    single_codes: r.single_codes ?? 0,
    single_codes_used: r.single_codes_used ?? 0,
  }));
}

/** An offer's customer list replaced by these customers. */
export async function setOfferCustomers(trx: Database, offerId: number, customerIds: readonly number[]): Promise<void> {
  await trx.deleteFrom('offer_customers').where('offer_id', '=', offerId).execute();
  if (customerIds.length)
    await trx
      .insertInto('offer_customers')
      .values(customerIds.map((customer_id) => ({ offer_id: offerId, customer_id })))
      .execute();
}

/** Of these ids and phone numbers (E.164), the customers that exist: their ids, and which were found by which. */
export async function findCustomers(db: Database, ids: readonly number[], phones: readonly string[]): Promise<{ id: number; phone: string | null }[]> {
  if (ids.length + phones.length === 0) return [];
  return db
    .selectFrom('customers')
    .select(['id', 'phone'])
    .where((eb) => eb.or([...(ids.length ? [eb('id', 'in', [...ids])] : []), ...(phones.length ? [eb('phone', 'in', [...phones])] : [])]))
    .execute();
}

/** One offer's edits at a time (a new one, a code changed): the count and the codes they check stay true until commit. */
export async function lockOfferEdits(trx: Database): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('offers'))`.execute(trx);
}

export async function lockOffer(trx: Database, id: number): Promise<OfferRow | undefined> {
  return trx.selectFrom('offers').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Offers not archived. */
export async function countLiveOffers(db: Database): Promise<number> {
  const row = await db
    .selectFrom('offers')
    .select(sql<number>`count(*)::integer`.as('n'))
    .where('status', '<>', 'archived')
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Whether an offer not archived (other than `except`) has this code. */
export async function codeTaken(db: Database, code: string, except: number | null): Promise<boolean> {
  let q = db.selectFrom('offers').select('id').where('code', '=', code).where('status', '<>', 'archived');
  if (except !== null) q = q.where('id', '<>', except);
  return (await q.executeTakeFirst()) !== undefined;
}

const jsonOrNull = (v: unknown) => (v === null ? null : JSON.stringify(v));
const writeValues = (o: OfferWrite) => ({
  ...o,
  fulfilments: JSON.stringify(o.fulfilments),
  location_ids: JSON.stringify(o.location_ids),
  buy: jsonOrNull(o.buy),
  get: jsonOrNull(o.get),
  days: JSON.stringify(o.days),
  hours: jsonOrNull(o.hours),
});

export async function insertOffer(trx: Database, o: OfferWrite, now: Date): Promise<number> {
  const row = await trx
    .insertInto('offers')
    .values({ ...writeValues(o), created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateOffer(trx: Database, id: number, o: OfferWrite, now: Date): Promise<void> {
  await trx
    .updateTable('offers')
    .set({ ...writeValues(o), updated_at: now })
    .where('id', '=', id)
    .execute();
}

export async function setOfferStatus(trx: Database, id: number, status: OfferStatus, now: Date): Promise<void> {
  await trx.updateTable('offers').set({ status, updated_at: now }).where('id', '=', id).execute();
}

// ---------------------------------------------------------------------------------------------
// The customer's "Offers for you"
// ---------------------------------------------------------------------------------------------

/**
 * The active offers this customer could use at `now` (with a code, or automatic): started, not ended, not
 * used up, for them (the audience) and within their own limit; soonest ending first.
 */
export async function offersForCustomer(db: Database, customerId: number, now: Date): Promise<OfferRow[]> {
  return (
    db
      .selectFrom('offers as o')
      .selectAll('o')
      .where('o.status', '=', 'active')
      // a single-use offer is for those given one of its codes, not a list of offers
      .where('o.single_use', '=', false)
      .where('o.starts_at', '<=', now)
      .where((eb) => eb.or([eb('o.ends_at', 'is', null), eb('o.ends_at', '>', now)]))
      .where((eb) => eb.or([eb('o.max_uses', 'is', null), eb('o.uses', '<', eb.ref('o.max_uses'))]))
      .where((eb) => eb.or([eb('o.max_discount_total', 'is', null), eb('o.discount_given', '<', eb.ref('o.max_discount_total'))]))
      .where((eb) =>
        eb.or([
          eb('o.audience', '=', 'everyone'),
          eb.and([
            eb('o.audience', 'in', ['new_customers', 'first_order']),
            eb.not(eb.exists(eb.selectFrom('orders as x').select('x.id').where('x.customer_id', '=', customerId).where('x.status', '<>', 'cancelled'))),
          ]),
          eb.and([eb('o.audience', '=', 'tier'), eb(myTier(customerId), '>=', eb.ref('o.tier_position'))]),
          eb.and([eb('o.audience', '=', 'customer_list'), inList(customerId)]),
        ]),
      )
      .where((eb) =>
        eb.or([
          eb('o.per_customer_limit', 'is', null),
          eb(
            eb
              .selectFrom('offer_uses as u')
              .select(sql<number>`count(*)::integer`.as('n'))
              .whereRef('u.offer_id', '=', 'o.id')
              .where('u.customer_id', '=', customerId)
              .where('u.state', '=', 'used'),
            '<',
            eb.ref('o.per_customer_limit'),
          ),
        ]),
      )
      .orderBy(sql`o.ends_at asc nulls last`)
      .orderBy('o.id', 'desc')
      .execute()
  );
}

// ---------------------------------------------------------------------------------------------
// Checkout
// ---------------------------------------------------------------------------------------------

/** Whether any offer, archived ones too, has ever had this code: a code that is not a guess. */
export async function codeKnown(db: Database, code: string): Promise<boolean> {
  return (await db.selectFrom('offers').select('id').where('code', '=', code).limit(1).executeTakeFirst()) !== undefined;
}

/** The names of these products and categories, for an item offer's words. */
export async function menuNames(db: Database, productIds: number[], categoryIds: number[]) {
  const products = productIds.length ? await db.selectFrom('products').select(['id', 'name']).where('id', 'in', productIds).execute() : [];
  const categories = categoryIds.length ? await db.selectFrom('categories').select(['id', 'name']).where('id', 'in', categoryIds).execute() : [];
  return { products: new Map(products.map((r) => [r.id, r.name])), categories: new Map(categories.map((r) => [r.id, r.name])) };
}

/** The offer a code names (the one not archived; else the latest archived), with what checkout needs of the customer. */
export type OfferAtCheckout = OfferRow & {
  mine: number;
  has_ordered: boolean;
  my_tier: number;
  listed: boolean;
  /** a single-use code's: its id and whether an order has it (absent: a public code or an automatic offer) */
  single_code?: { id: number; used: boolean };
};

/** The customer's tier's position (0: the first, or none yet). */
const myTier = (customerId: number) => sql<number>`coalesce((select t.position from customer_tiers t where t.customer_id = ${customerId}::integer), 0)`;
/** Whether the customer is on the offer `o`'s list. */
const inList = (customerId: number) =>
  sql<boolean>`exists (select 1 from offer_customers l where l.offer_id = o.id and l.customer_id = ${customerId}::integer)`;

/**
 * The offers with the customer's own uses of each, whether they have an order that is not cancelled,
 * their tier and whether the offer lists them, in one statement.
 */
function checkoutQuery(db: Database, customerId: number) {
  return db
    .selectFrom('offers as o')
    .selectAll('o')
    .select([myTier(customerId).as('my_tier'), inList(customerId).as('listed')])
    .select((eb) => [
      eb
        .selectFrom('offer_uses as u')
        .select(sql<number>`count(*)::integer`.as('n'))
        .whereRef('u.offer_id', '=', 'o.id')
        .where('u.customer_id', '=', customerId)
        .where('u.state', '=', 'used')
        .as('mine'),
      eb.exists(eb.selectFrom('orders as x').select('x.id').where('x.customer_id', '=', customerId).where('x.status', '<>', 'cancelled')).as('has_ordered'),
    ]);
}

const atCheckout = <R extends { mine: number | null; has_ordered: unknown; my_tier: unknown; listed: unknown }>(row: R) => ({
  ...row,
  mine: row.mine ?? 0,
  has_ordered: Boolean(row.has_ordered),
  my_tier: Number(row.my_tier),
  listed: Boolean(row.listed),
});

/**
 * The offer of `code` with the customer's own uses of it and whether they have an order that is not
 * cancelled, in one statement; `lock` (an order's transaction, under the customer's row lock): the
 * offer's row locked until commit, so the uses and budget read here are the latest and stay so until
 * this order records its own. (Its row is read again once the lock is had; the customer's uses cannot
 * change meanwhile but by a cancellation, which only lowers them.)
 */
export async function offerAtCheckout(db: Database, code: string, customerId: number, lock: boolean): Promise<OfferAtCheckout | undefined> {
  const q = checkoutQuery(db, customerId)
    .where('o.code', '=', code)
    .orderBy(sql`o.status = 'archived'`)
    .orderBy('o.id', 'desc')
    .limit(1);
  const row = lock ? await q.forUpdate('o').executeTakeFirst() : await q.executeTakeFirst();
  if (row) return atCheckout(row);
  return singleCodeAtCheckout(db, code, customerId, lock);
}

/**
 * The offer of a single-use code, as offerAtCheckout reads an offer, with the code's id and whether an
 * order has it; `lock`: the offer's row and the code's locked until commit (both read again once had),
 * so of the orders given one code at once, the first takes it and the others read it used.
 */
async function singleCodeAtCheckout(db: Database, code: string, customerId: number, lock: boolean): Promise<OfferAtCheckout | undefined> {
  const q = checkoutQuery(db, customerId)
    .innerJoin('offer_single_codes as sc', 'sc.offer_id', 'o.id')
    .select(['sc.id as single_code_id', sql<boolean>`sc.order_id is not null`.as('single_code_used')])
    .where('sc.code', '=', code);
  const row = lock ? await q.forUpdate(['o', 'sc']).executeTakeFirst() : await q.executeTakeFirst();
  if (!row) return undefined;
  const { single_code_id, single_code_used, ...offer } = row;
  return { ...atCheckout(offer), single_code: { id: single_code_id, used: Boolean(single_code_used) } };
}

/** The columns of an offer that checkout reads (OfferRow's, named: no statement of an order reads a `*`). */
const OFFER_COLUMNS = [
  'id',
  'title',
  'description',
  'kind',
  'value',
  'max_discount',
  'product_id',
  'buy',
  'get',
  'max_applications',
  'code',
  'min_spend',
  'starts_at',
  'ends_at',
  'days',
  'hours',
  'rrule',
  'fulfilments',
  'location_ids',
  'audience',
  'tier_position',
  'max_uses',
  'max_discount_total',
  'per_customer_limit',
  'combines_with_voucher',
  'single_use',
  'points_on_discounted',
  'status',
  'uses',
  'discount_given',
  'created_at',
  'updated_at',
] as const satisfies ReadonlyArray<keyof OfferRow>;

/**
 * The automatic offers (no code) running at `now`, as offerAtCheckout reads an offer (with the customer's
 * own uses and whether they have ordered), as a JSON list by id: a part of the statement pricing reads its
 * facts with (orders.repo pricingFactsRows), so an order sends no statement more for them. Read without a
 * lock: an order locks the one it takes (lockAutomaticOffer), so orders do not take turns on all of them.
 */
export function automaticOffersJson(customerId: number, now: Date): RawBuilder<AutomaticOfferJson[]> {
  return sql<AutomaticOfferJson[]>`(select coalesce(json_agg(a order by a.id), '[]') from (
    select ${sql.join(OFFER_COLUMNS.map((c) => sql.ref(`o.${c}`)))},
      (select count(*)::integer from offer_uses u where u.offer_id = o.id and u.customer_id = ${customerId}::integer and u.state = 'used') as mine,
      exists (select 1 from orders x where x.customer_id = ${customerId}::integer and x.status <> 'cancelled') as has_ordered,
      ${myTier(customerId)} as my_tier, ${inList(customerId)} as listed
    from offers o
    where o.code is null and not o.single_use and o.status = 'active' and o.starts_at <= ${now} and (o.ends_at is null or o.ends_at > ${now})
    order by o.id) as a)`;
}

/**
 * An automatic offer by its id, as offerAtCheckout reads an offer, its row locked until the order commits
 * (read again once the lock is had): the one an order takes, its uses and budget as they are now.
 */
export async function lockAutomaticOffer(db: Database, id: number, customerId: number): Promise<OfferAtCheckout | undefined> {
  const row = await checkoutQuery(db, customerId).where('o.id', '=', id).where('o.code', 'is', null).forUpdate('o').executeTakeFirst();
  return row ? atCheckout(row) : undefined;
}

/** An automatic offer as JSON carries it: its times as text. */
export type AutomaticOfferJson = Omit<OfferAtCheckout, 'starts_at' | 'ends_at' | 'created_at' | 'updated_at'> & {
  starts_at: string;
  ends_at: string | null;
  created_at: string;
  updated_at: string;
};

/** The automatic offers as pricingFactsRows read them, their times as dates again. */
export function automaticOffersOf(json: readonly AutomaticOfferJson[]): OfferAtCheckout[] {
  return json.map((o) => ({
    ...o,
    starts_at: new Date(o.starts_at),
    ends_at: o.ends_at === null ? null : new Date(o.ends_at),
    created_at: new Date(o.created_at),
    updated_at: new Date(o.updated_at),
  }));
}

/** An order's use of an offer, and the offer's counts raised with it, in one statement (the offer's row locked by offerAtCheckout). */
export async function recordOfferUse(
  trx: Database,
  use: { offerId: number; orderId: number; customerId: number; discount: number; firstOrder: boolean; singleCodeId: number | null; now: Date },
): Promise<void> {
  await sql`
    with u as (
      insert into offer_uses (offer_id, order_id, customer_id, discount, first_order, single_code_id, created_at)
      values (${use.offerId}, ${use.orderId}, ${use.customerId}, ${use.discount}, ${use.firstOrder}, ${use.singleCodeId}, ${use.now})
    )
    update offers set uses = uses + 1, discount_given = discount_given + ${use.discount} where id = ${use.offerId}`.execute(trx);
}

/**
 * A cancelled order's use given back, its single-use code set free and the offer's counts lowered with
 * it, in one statement; nothing when it has none in use.
 */
export async function giveBackOfferUse(trx: Database, orderId: number, now: Date): Promise<void> {
  await sql`
    with u as (
      update offer_uses set state = 'given_back', given_back_at = ${now}
      where order_id = ${orderId} and state = 'used'
      returning offer_id, discount, single_code_id
    ), c as (
      update offer_single_codes set order_id = null, used_at = null where id in (select single_code_id from u)
    )
    update offers set uses = offers.uses - 1, discount_given = offers.discount_given - u.discount
    from u where offers.id = u.offer_id`.execute(trx);
}

/** The use an order gave back (its hold ended unpaid) and its offer, the offer's row locked; undefined: none. */
export async function lockGivenBackUse(trx: Database, orderId: number) {
  return trx
    .selectFrom('offer_uses as u')
    .innerJoin('offers as o', 'o.id', 'u.offer_id')
    .select([
      'u.id',
      'u.offer_id',
      'u.customer_id',
      'u.discount',
      'u.single_code_id',
      'o.status',
      'o.uses',
      'o.max_uses',
      'o.discount_given',
      'o.max_discount_total',
      'o.per_customer_limit',
    ])
    .select((eb) =>
      eb
        .selectFrom('offer_uses as m')
        .select(sql<number>`count(*)::integer`.as('n'))
        .whereRef('m.offer_id', '=', 'u.offer_id')
        .whereRef('m.customer_id', '=', 'u.customer_id')
        .where('m.state', '=', 'used')
        .as('mine'),
    )
    .where('u.order_id', '=', orderId)
    .where('u.state', '=', 'given_back')
    .forUpdate('o')
    .executeTakeFirst();
}

/** A given-back use taken again, and the offer's counts raised with it, in one statement. */
export async function retakeUse(trx: Database, use: { id: number; offer_id: number; discount: number }): Promise<void> {
  await sql`
    with u as (update offer_uses set state = 'used', given_back_at = null where id = ${use.id})
    update offers set uses = uses + 1, discount_given = discount_given + ${use.discount} where id = ${use.offer_id}`.execute(trx);
}

/** Whether the tier programme has a tier at `position` (an offer's tier audience names one). */
export async function tierExists(db: Database, position: number): Promise<boolean> {
  return (await db.selectFrom('tiers').select('position').where('position', '=', position).executeTakeFirst()) !== undefined;
}

/** How many customers an offer's customer list holds. */
export async function countOfferCustomers(db: Database, offerId: number): Promise<number> {
  const row = await db
    .selectFrom('offer_customers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('offer_id', '=', offerId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
