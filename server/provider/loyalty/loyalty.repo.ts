import { isBasePart } from '#contract/loyalty-earn';
import type { LoyaltyRuleFields, RuleForEarning, RuleKind, RuleStatus } from '#contract/loyalty';
import { type Selectable, sql } from 'kysely';
import type { Database } from '../../db';
import type { LoyaltyRuleTable } from '../../db/schema';

/**
 * The earning rules' rows: the rules (their fields as the contract's schema parsed them), the uses of
 * a rule by a sale (an order's or a counter earn's: what the limits count and the list's figures sum),
 * and the points for actions, once per customer each.
 */

export type RuleRow = Selectable<LoyaltyRuleTable>;

/**
 * Every column of a rule, named (a statement with a `*` is never named, server/db/prepared.ts); a column
 * added to the table and not here fails to compile (below).
 */
export const RULE_COLUMNS = ['id', 'kind', 'name', 'fields', 'status', 'created_at', 'updated_at', 'ended_at'] as const;
const everyRuleColumn: Exclude<keyof LoyaltyRuleTable, (typeof RULE_COLUMNS)[number]> extends never ? true : never = true;
void everyRuleColumn;

/** A row as earnBreakdown evaluates it. */
export const earningRuleOf = (r: RuleRow): RuleForEarning => ({ ...(r.fields as unknown as LoyaltyRuleFields), id: r.id, name: r.name }) as RuleForEarning;

/** Every rule, newest first, with the points it gave and to how many customers (its uses and action awards). */
export async function listRules(db: Database): Promise<Array<RuleRow & { points_given: number; customers: number }>> {
  const rows = await db.selectFrom('loyalty_rules').selectAll().orderBy('id', 'desc').execute();
  const stats = await sql<{ rule_id: number; points: string; customers: string }>`
    select rule_id, sum(points) as points, count(distinct customer_id) as customers from (
      select rule_id, customer_id, points from loyalty_rule_uses
      union all
      select rule_id, customer_id, points from loyalty_action_awards
    ) given group by rule_id`.execute(db);
  const byRule = new Map(stats.rows.map((s) => [s.rule_id, s]));
  return rows.map((r) => ({ ...r, points_given: Number(byRule.get(r.id)?.points ?? 0), customers: Number(byRule.get(r.id)?.customers ?? 0) }));
}

export async function lockRule(trx: Database, id: number): Promise<RuleRow | undefined> {
  return trx.selectFrom('loyalty_rules').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Serialises the owner's rule edits (the limit on rules not ended counts under it). */
export async function lockRuleEdits(trx: Database): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('loyalty_rules'))`.execute(trx);
}

export async function countNotEnded(db: Database): Promise<number> {
  const row = await db
    .selectFrom('loyalty_rules')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', '!=', 'ended')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertRule(trx: Database, rule: LoyaltyRuleFields, now: Date, status: RuleStatus = 'active'): Promise<RuleRow> {
  return trx
    .insertInto('loyalty_rules')
    .values({ kind: rule.kind, name: rule.name, fields: JSON.stringify(rule), status, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateRule(trx: Database, id: number, rule: LoyaltyRuleFields, now: Date): Promise<RuleRow> {
  return trx
    .updateTable('loyalty_rules')
    .set({ name: rule.name, fields: JSON.stringify(rule), updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setRuleStatus(trx: Database, id: number, status: RuleStatus, now: Date): Promise<RuleRow> {
  return trx
    .updateTable('loyalty_rules')
    .set({ status, updated_at: now, ...(status === 'ended' ? { ended_at: now } : {}) })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The active rules of these kinds, in the order they were made. */
export async function activeRules(db: Database, kinds: readonly RuleKind[]): Promise<RuleRow[]> {
  return activeRulesQuery(db, kinds).execute();
}

/** activeRules' query, for a statement that reads it with others. */
export function activeRulesQuery(db: Database, kinds: readonly RuleKind[]) {
  return db
    .selectFrom('loyalty_rules')
    .select(RULE_COLUMNS)
    .where('status', '=', 'active')
    .where('kind', 'in', [...kinds])
    .orderBy('id');
}

/** Each of these products' category and current price. */
export async function productFacts(db: Database, ids: readonly number[]): Promise<Map<number, { category_id: number; price: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('products')
    .select(['id', 'category_id', 'price'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, { category_id: r.category_id, price: r.price }]));
}

// ---------------------------------------------------------------------------------------------
// Uses
// ---------------------------------------------------------------------------------------------

/** How many times each rule applied to this customer: on `localDate` and ever. */
export async function usesOf(
  db: Database,
  customerId: number,
  ruleIds: readonly number[],
  localDate: string,
): Promise<Map<number, { today: number; total: number }>> {
  if (ruleIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('loyalty_rule_uses')
    .select((eb) => ['rule_id', eb.fn.countAll<string>().as('total'), sql<string>`count(*) filter (where local_date = ${localDate}::date)`.as('today')])
    .where('customer_id', '=', customerId)
    .where('rule_id', 'in', [...ruleIds])
    .groupBy('rule_id')
    .execute();
  return new Map(rows.map((r) => [r.rule_id, { today: Number(r.today), total: Number(r.total) }]));
}

export interface NewUse {
  rule_id: number;
  points: number;
}

export async function insertUses(
  trx: Database,
  customerId: number,
  sale: { order_id: number } | { earn_id: number },
  localDate: string,
  uses: readonly NewUse[],
  now: Date,
): Promise<void> {
  if (uses.length === 0) return;
  await trx
    .insertInto('loyalty_rule_uses')
    .values(
      uses.map((u) => ({
        rule_id: u.rule_id,
        customer_id: customerId,
        order_id: 'order_id' in sale ? sale.order_id : null,
        earn_id: 'earn_id' in sale ? sale.earn_id : null,
        local_date: localDate,
        points: u.points,
        created_at: now,
      })),
    )
    .execute();
}

/** A cancelled order's uses: gone, so a limit counts the orders that stand. */
export async function deleteOrderUses(trx: Database, orderId: number): Promise<void> {
  await trx.deleteFrom('loyalty_rule_uses').where('order_id', '=', orderId).execute();
}

/** An undone counter earn's uses. */
export async function deleteEarnUses(trx: Database, earnId: number): Promise<void> {
  await trx.deleteFrom('loyalty_rule_uses').where('earn_id', '=', earnId).execute();
}

/** Whether the customer has a paid order that stands (a first order bonus is for the first). */
export async function hasPaidOrder(db: Database, customerId: number): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('customer_id', '=', customerId)
    .where('paid_at', 'is not', null)
    .where('status', '!=', 'cancelled')
    .limit(1)
    .executeTakeFirst();
  return Boolean(row);
}

// ---------------------------------------------------------------------------------------------
// Actions
// ---------------------------------------------------------------------------------------------

/** The award of an action's points; false when the customer had it already. */
export async function insertAward(trx: Database, a: { customerId: number; action: string; ruleId: number; points: number; now: Date }): Promise<boolean> {
  const row = await trx
    .insertInto('loyalty_action_awards')
    .values({ customer_id: a.customerId, action: a.action as never, rule_id: a.ruleId, points: a.points, created_at: a.now })
    .onConflict((oc) => oc.columns(['customer_id', 'action']).doNothing())
    .returning('rule_id')
    .executeTakeFirst();
  return Boolean(row);
}

// ---------------------------------------------------------------------------------------------
// The simulator's orders
// ---------------------------------------------------------------------------------------------

export interface SimulatedOrder {
  id: number;
  customer_id: number;
  created_at: Date;
  /** its base points: the breakdown's base, or (older orders) all it earned */
  base: number;
  /** each customer's first paid order that stands */
  first: boolean;
  location_timezone: string | null;
  lines: Array<{ product_id: number; category_id: number | null; qty: number; price: number }>;
}

/** The paid orders since `since` that were not cancelled, oldest first, with their lines (products' categories as they are now). */
export async function paidOrdersSince(db: Database, since: Date): Promise<SimulatedOrder[]> {
  const orders = await db
    .selectFrom('orders')
    .leftJoin('locations', 'locations.id', 'orders.location_id')
    .select(['orders.id', 'orders.customer_id', 'orders.created_at', 'orders.points_earned', 'orders.points_breakdown', 'locations.timezone'])
    .where('orders.paid_at', 'is not', null)
    .where('orders.paid_at', '>=', since)
    .where('orders.status', '!=', 'cancelled')
    .orderBy('orders.created_at')
    .orderBy('orders.id')
    .execute();
  if (orders.length === 0) return [];
  const lines = await db
    .selectFrom('order_items')
    .leftJoin('products', 'products.id', 'order_items.product_id')
    .select(['order_items.order_id', 'order_items.product_id', 'products.category_id', 'order_items.qty', 'order_items.price'])
    .where(
      'order_items.order_id',
      'in',
      orders.map((o) => o.id),
    )
    .orderBy('order_items.id')
    .execute();
  const byOrder = new Map<number, SimulatedOrder['lines']>();
  for (const l of lines) {
    if (l.product_id === null) continue;
    byOrder.set(l.order_id, [...(byOrder.get(l.order_id) ?? []), { product_id: l.product_id, category_id: l.category_id ?? null, qty: l.qty, price: l.price }]);
  }
  const firsts = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.min('id').as('id'))
    .where('paid_at', 'is not', null)
    .where('status', '!=', 'cancelled')
    .where('customer_id', 'in', [...new Set(orders.map((o) => o.customer_id))])
    .groupBy('customer_id')
    .execute();
  const first = new Set(firsts.map((f) => f.id));
  const baseOf = (o: (typeof orders)[number]) =>
    o.points_breakdown ? o.points_breakdown.filter(isBasePart).reduce((s, p) => s + p.points, 0) : o.points_earned;
  return orders.map((o) => ({
    id: o.id,
    customer_id: o.customer_id,
    created_at: o.created_at,
    base: baseOf(o),
    first: first.has(o.id),
    location_timezone: o.timezone || null,
    lines: byOrder.get(o.id) ?? [],
  }));
}
