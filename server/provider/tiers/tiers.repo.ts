import { type Selectable, sql } from 'kysely';
import type { TierBasis } from '#contract/tiers';
import type { Database } from '../../db';
import type { TierTable } from '../../db/schema';
import { DAY } from '../../lib/clock';

/** SQL of tiers (issue 30): the programme, what counts towards a tier, each customer's tier, the welcomes given. */

/** The 12 months that count: a rolling 365 days. */
export const TIER_WINDOW_DAYS = 365;

/** A tier as read (its multiplier a number, its early rewards' ids a list). */
export type TierRow = Selectable<TierTable>;

export interface Programme {
  enabled: boolean;
  basis: TierBasis;
  tiers: TierRow[];
}

/** The programme (off with no tiers when none was ever made), its tiers by position. */
export async function readProgramme(db: Database): Promise<Programme> {
  const program = await db.selectFrom('tier_programs').select(['enabled', 'basis']).where('id', '=', 1).executeTakeFirst();
  const tiers = await db.selectFrom('tiers').selectAll().orderBy('position').execute();
  return {
    enabled: (program?.enabled ?? false) && tiers.length > 0,
    basis: program?.basis ?? 'points',
    tiers: tiers.map((t) => ({ ...t, multiplier: Number(t.multiplier), early_reward_ids: t.early_reward_ids ?? [] })),
  };
}

/** The programme's row, locked (made first when missing): one change of the programme at a time. */
export async function lockProgramme(trx: Database, now: Date): Promise<void> {
  await trx
    .insertInto('tier_programs')
    .values({ id: 1, enabled: false, basis: 'points', updated_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  await trx.selectFrom('tier_programs').select('id').where('id', '=', 1).forUpdate().execute();
}

/** The whole programme replaced, in the caller's transaction (after lockProgramme). */
export async function writeProgramme(trx: Database, p: Programme, now: Date): Promise<void> {
  await trx.updateTable('tier_programs').set({ enabled: p.enabled, basis: p.basis, updated_at: now }).where('id', '=', 1).execute();
  await trx.deleteFrom('tiers').execute();
  await trx
    .insertInto('tiers')
    .values(p.tiers.map((t) => ({ ...t, early_reward_ids: JSON.stringify(t.early_reward_ids) })))
    .execute();
  // a customer placed above the tiers there are now: at the top one
  await trx
    .updateTable('customer_tiers')
    .set({ position: p.tiers.length - 1, updated_at: now })
    .where('position', '>', p.tiers.length - 1)
    .execute();
}

const windowStart = (now: Date) => new Date(now.getTime() - TIER_WINDOW_DAYS * DAY);

/**
 * The ledger entries that count as points EARNED over the window: `earn` entries (orders' and counter
 * earns' points once credited, the earning rules' action points, birthday points; not the wheel's prizes,
 * which points spent on spins buy), and the
 * points taken back from a cancelled order or an undone counter earn (`adjust` entries below 0 whose ref
 * is the order's or the earn's), which count against. Spending, expiry, the owner's corrections and the
 * points given back for a cancelled voucher do not count.
 */
function earnedEntries(db: Database, now: Date, end: Date) {
  return db
    .selectFrom('points_ledger')
    .where('created_at', '>', windowStart(end))
    .where('created_at', '<=', now)
    .where((eb) =>
      eb.or([
        eb.and([eb('type', '=', 'earn'), eb.or([eb('ref', 'is', null), eb('ref', 'not like', 'spin:%')])]),
        eb.and([eb('type', '=', 'adjust'), eb('points', '<', 0), eb.or([eb('ref', 'like', 'order:%'), eb('ref', 'like', 'counter:%')])]),
      ]),
    );
}

/** App orders completed within the window (and not cancelled since), paid (a counter order once marked paid, issue 54). */
function completedOrders(db: Database, now: Date, end: Date) {
  return db
    .selectFrom('orders')
    .where('status', '=', 'completed')
    .where((eb) => eb.or([eb('payment_method', '<>', 'counter'), eb('paid_at', 'is not', null)]))
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('order_events')
          .select('order_events.id')
          .whereRef('order_events.order_id', '=', 'orders.id')
          .where('order_events.status', '=', 'completed')
          .where('order_events.created_at', '>', windowStart(end))
          .where('order_events.created_at', '<=', now),
      ),
    );
}

/** Counter earns within the window, not undone. */
function standingEarns(db: Database, now: Date, end: Date) {
  return db.selectFrom('counter_earns').where('undone_at', 'is', null).where('created_at', '>', windowStart(end)).where('created_at', '<=', now);
}

/**
 * What counts towards a tier at `now`, over the last 365 days, the one definition: `points`, the points
 * earned (earnedEntries: less those taken back, never below 0); `visits`, app orders completed plus
 * counter earns not undone. For one customer (`customerId`) or every customer who has any (null).
 * `end`, a later day (a tier's period's end): what will still count then of what there is now.
 */
export async function tierValues(db: Database, basis: TierBasis, now: Date, customerId: number | null, end: Date = now): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  const add = (rows: Array<{ customer_id: number; n: number | string }>) => {
    for (const r of rows) out.set(r.customer_id, (out.get(r.customer_id) ?? 0) + Number(r.n));
  };
  if (basis === 'points') {
    let q = earnedEntries(db, now, end)
      .select(['customer_id', (eb) => eb.fn.coalesce(eb.fn.sum<number>('points'), sql<number>`0`).as('n')])
      .groupBy('customer_id');
    if (customerId !== null) q = q.where('customer_id', '=', customerId);
    add(await q.execute());
    for (const [id, v] of out) out.set(id, Math.max(0, v));
    return out;
  }
  let orders = completedOrders(db, now, end)
    .select(['customer_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('customer_id');
  let earns = standingEarns(db, now, end)
    .select(['customer_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('customer_id');
  if (customerId !== null) {
    orders = orders.where('customer_id', '=', customerId);
    earns = earns.where('customer_id', '=', customerId);
  }
  add(await orders.execute());
  add(await earns.execute());
  return out;
}

/** One customer's value (tierValues); `end`: what will still count on that later day. */
export async function tierValue(db: Database, basis: TierBasis, customerId: number, now: Date, end: Date = now): Promise<number> {
  return (await tierValues(db, basis, now, customerId, end)).get(customerId) ?? 0;
}

export function customerTierOf(db: Database, customerId: number) {
  return db.selectFrom('customer_tiers').selectAll().where('customer_id', '=', customerId).executeTakeFirst();
}

export type CustomerTierRow = NonNullable<Awaited<ReturnType<typeof customerTierOf>>>;

export async function saveCustomerTier(
  trx: Database,
  row: {
    customer_id: number;
    position: number;
    reached_at: Date;
    held_until: Date | null;
    notice_sent_at: Date | null;
    checked_on?: string | null;
    updated_at: Date;
  },
): Promise<void> {
  const { customer_id: _id, ...rest } = row;
  await trx
    .insertInto('customer_tiers')
    .values(row)
    .onConflict((oc) => oc.column('customer_id').doUpdateSet(rest))
    .execute();
}

export async function markChecked(trx: Database, customerId: number, today: string): Promise<void> {
  await trx.updateTable('customer_tiers').set({ checked_on: today }).where('customer_id', '=', customerId).execute();
}

export async function markNoticeSent(trx: Database, customerId: number, now: Date): Promise<void> {
  await trx.updateTable('customer_tiers').set({ notice_sent_at: now }).where('customer_id', '=', customerId).execute();
}

/** A welcome recorded for the customer and tier, or null when it was given before (once ever). */
export async function recordWelcome(trx: Database, customerId: number, tierName: string, now: Date): Promise<number | null> {
  const row = await trx
    .insertInto('tier_welcomes')
    .values({ customer_id: customerId, tier_name: tierName, created_at: now })
    .onConflict((oc) => oc.columns(['customer_id', 'tier_name']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Welcomes taken back (an undone earn's rise): a tier reached again later welcomes again. */
export async function deleteWelcomes(trx: Database, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .deleteFrom('tier_welcomes')
    .where('id', 'in', [...ids])
    .execute();
}

export async function setWelcomeVoucher(trx: Database, welcomeId: number, voucherId: number): Promise<void> {
  await trx.updateTable('tier_welcomes').set({ voucher_id: voucherId }).where('id', '=', welcomeId).execute();
}

/**
 * Customers the nightly run looks at (after `afterId`, id order): a tier above the first whose period
 * ends within `noticeDays` (or has ended), not yet looked at on `today`.
 */
export async function customersDue(db: Database, now: Date, noticeDays: number, today: string, afterId: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('customer_tiers')
    .select('customer_id')
    .where('position', '>', 0)
    .where('held_until', '<=', new Date(now.getTime() + noticeDays * DAY))
    .where((eb) => eb.or([eb('checked_on', 'is', null), eb('checked_on', '<', today)]))
    .where('customer_id', '>', afterId)
    .orderBy('customer_id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.customer_id);
}

/** One customer's tier row for the nightly run, `for update skip locked` (another run holds it: undefined). */
export function lockCustomerTierSkip(trx: Database, customerId: number) {
  return trx.selectFrom('customer_tiers').selectAll().where('customer_id', '=', customerId).forUpdate().skipLocked().executeTakeFirst();
}

/**
 * Customers to place (after `afterId`, id order): with `unplacedOnly`, those who earned or visited
 * within the window but were never placed (before tiers, or while they were off); else every customer
 * with a tier or such an earn (a changed programme places them again).
 */
export async function customersToPlace(db: Database, now: Date, unplacedOnly: boolean, afterId: number, limit: number): Promise<number[]> {
  const since = windowStart(now);
  const rows = await db
    .selectFrom('customers')
    .select('customers.id')
    .where('customers.id', '>', afterId)
    // members only: a guest at a table (migration 0064) has no tier
    .where('customers.guest_location_id', 'is', null)
    .where((eb) => {
      const placed = eb.exists(eb.selectFrom('customer_tiers').select('customer_id').whereRef('customer_tiers.customer_id', '=', 'customers.id'));
      const active = eb.or([
        eb.exists(
          eb
            .selectFrom('points_ledger')
            .select('points_ledger.id')
            .whereRef('points_ledger.customer_id', '=', 'customers.id')
            .where('points_ledger.type', '=', 'earn')
            .where('points_ledger.created_at', '>', since),
        ),
        eb.exists(
          eb
            .selectFrom('counter_earns')
            .select('counter_earns.id')
            .whereRef('counter_earns.customer_id', '=', 'customers.id')
            .where('counter_earns.created_at', '>', since),
        ),
        eb.exists(
          eb
            .selectFrom('orders')
            .select('orders.id')
            .whereRef('orders.customer_id', '=', 'customers.id')
            .where('orders.status', '=', 'completed')
            .where('orders.updated_at', '>', since),
        ),
      ]);
      return unplacedOnly ? eb.and([eb.not(placed), active]) : eb.or([placed, active]);
    })
    .orderBy('customers.id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** How many customers hold each tier position now. */
export async function countsByPosition(db: Database): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('customer_tiers')
    .select(['position', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('position')
    .execute();
  return new Map(rows.map((r) => [r.position, Number(r.n)]));
}

/** Every placed customer below the top tier, with their name and tier position. */
export function placedBelow(db: Database, top: number) {
  return db
    .selectFrom('customer_tiers')
    .innerJoin('customers', 'customers.id', 'customer_tiers.customer_id')
    .select(['customers.id', 'customers.name', 'customer_tiers.position'])
    .where('customer_tiers.position', '<', top)
    .execute();
}

/** Rewards by id: their title and whether customers can get them. */
export async function rewardsByIds(db: Database, ids: number[]): Promise<Map<number, { id: number; title: string; active: boolean }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('rewards').select(['id', 'title', 'active']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The customer's tier for the earning rules (its name and multiplier), in one statement: null when the
 * programme is off or has no tiers; else the tiers in their order, the customer's position among them
 * (none yet: the first), as readProgramme and customerTierOf read them together.
 */
export async function earnTierOf(db: Database, customerId: number): Promise<{ name: string; multiplier: number } | null> {
  const { rows } = await earnTierQuery(customerId).execute(db);
  const tier = rows[0];
  return tier ? { name: tier.name, multiplier: Number(tier.multiplier) } : null;
}

/** earnTierOf's query (no row or one: the tier's name and multiplier), for a statement that reads it with others. */
export function earnTierQuery(customerId: number) {
  return sql<{ name: string; multiplier: string | number }>`
    select t.name, t.multiplier from tiers t
    where exists (select 1 from tier_programs p where p.id = 1 and p.enabled)
      and coalesce((select c.position from customer_tiers c where c.customer_id = ${customerId}), 0) >= 0
    order by t.position
    offset coalesce((select c.position from customer_tiers c where c.customer_id = ${customerId}), 0)
    limit 1`;
}

/** Whether the programme is on, and what it counts. */
export function programmeSwitch(db: Database) {
  return db.selectFrom('tier_programs').select(['enabled', 'basis']).where('id', '=', 1).executeTakeFirst();
}

export async function countCustomers(db: Database): Promise<number> {
  return Number(
    (
      await db
        .selectFrom('customers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
}
