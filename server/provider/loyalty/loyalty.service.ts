/**
 * The owner's earning rules (the console's Loyalty area): the list with what each rule has given, a new
 * rule, a change of its fields (never of its kind), pause, resume and end (for good), each audited, and
 * the simulator, which replays the last days' paid orders through earnBreakdown with the one rule.
 */
import {
  asEarningRule,
  earnBreakdown,
  RULES_MAX,
  SIMULATE_DAYS,
  zonedAt,
  type LoyaltyRule,
  type LoyaltyRuleFields,
  type LoyaltyRulesData,
  type LoyaltySimulateData,
  type RuleStatus,
} from '#contract/loyalty';
import { DAY } from '../../lib/clock';
import type { Database } from '../../db';
import type { ProviderContext } from '../context';
import { AppError, notFound, validation } from '../http/errors';
import type { StaffOfRequest } from '../http/staff-session';
import { localDate } from '../locations/hours';
import { getMerchant } from '../settings/settings.service';
import { insertAudit } from '../staff/staff.repo';
import { targetProblems } from '../shop/menu-targets';
import { countNotEnded, insertRule, listRules, lockRule, lockRuleEdits, paidOrdersSince, setRuleStatus, updateRule, type RuleRow } from './loyalty.repo';

const EMPTY = {
  multiplier: null,
  points: null,
  product_ids: [],
  category_ids: [],
  days: [],
  start: null,
  end: null,
  limit_per_day: null,
  limit_total: null,
  action: null,
};

function ruleOf(r: RuleRow & { points_given?: number; customers?: number }): LoyaltyRule {
  const fields = r.fields as unknown as LoyaltyRuleFields;
  return {
    ...EMPTY,
    ...fields,
    kind: r.kind,
    name: r.name,
    id: r.id,
    status: r.status,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
    points_given: r.points_given ?? 0,
    customers: r.customers ?? 0,
  } as LoyaltyRule;
}

/** `merchant/loyalty/rules`: every rule, newest first, with what it has given. */
export async function loyaltyRules(ctx: ProviderContext): Promise<LoyaltyRulesData> {
  return { rules: (await listRules(ctx.db)).map(ruleOf) };
}

async function answerRule(db: Database, id: number): Promise<LoyaltyRule> {
  return ruleOf((await listRules(db)).find((r) => r.id === id)!);
}

/** The categories a saved rule counts (its stored fields; none for the kinds without targets). */
const keptCategories = (fields: unknown): number[] => (fields as { category_ids?: number[] }).category_ids ?? [];

/**
 * The products and categories a rule names must exist, and a category be on the menu unless the saved
 * rule already counted it (`kept`): 400 naming the field, nothing saved.
 */
async function checkTargets(db: Database, rule: LoyaltyRuleFields, kept: readonly number[] = [], prefix = ''): Promise<void> {
  if (rule.kind !== 'multiplier' && rule.kind !== 'bonus') return;
  const problems = await targetProblems(db, rule, kept, prefix);
  if (Object.keys(problems).length) throw validation(problems);
}

/** `merchant/loyalty/rules/create`: a rule, active at once; at most RULES_MAX not ended. Audited. */
export async function createRule(ctx: ProviderContext, staff: StaffOfRequest, rule: LoyaltyRuleFields): Promise<LoyaltyRule> {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction().execute(async (trx) => {
    await lockRuleEdits(trx);
    await checkTargets(trx, rule);
    if ((await countNotEnded(trx)) >= RULES_MAX) {
      throw new AppError('LIMIT_REACHED', `You have ${RULES_MAX} rules already: end one you no longer need to add another.`, undefined, { max: RULES_MAX });
    }
    const row = await insertRule(trx, rule, now);
    await insertAudit(trx, { staffId: staff.id, action: 'loyalty.rule.create', target: `loyalty_rule:${row.id}`, before: null, after: rule, now });
    return row;
  });
  return answerRule(ctx.db, row.id);
}

/** `merchant/loyalty/rules/update`: the rule's fields, whole; not its kind (400 on `rule.kind`), not an ended rule (409). Audited. */
export async function changeRule(ctx: ProviderContext, staff: StaffOfRequest, body: { id: number; rule: LoyaltyRuleFields }): Promise<LoyaltyRule> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const row = await lockRule(trx, body.id);
    if (!row) throw notFound('That rule');
    if (row.kind !== body.rule.kind) throw validation({ 'rule.kind': `cannot change: this rule is a ${row.kind} rule (end it and add a new one)` });
    if (row.status === 'ended')
      throw new AppError('INVALID_TRANSITION', `${row.name} has ended: it cannot change any more.`, undefined, { status: row.status });
    await checkTargets(trx, body.rule, keptCategories(row.fields), 'rule.');
    const before = row.fields as Record<string, unknown>;
    // jsonb keeps its keys in an order of its own: compare field by field
    const keys = [...new Set([...Object.keys(before), ...Object.keys(body.rule)])];
    if (keys.every((k) => JSON.stringify(before[k]) === JSON.stringify((body.rule as Record<string, unknown>)[k]))) return;
    await updateRule(trx, row.id, body.rule, now);
    await insertAudit(trx, { staffId: staff.id, action: 'loyalty.rule.update', target: `loyalty_rule:${row.id}`, before, after: body.rule, now });
  });
  return answerRule(ctx.db, body.id);
}

/**
 * `merchant/loyalty/rules/status`: pause, resume or end (paused rules count towards RULES_MAX, so resuming
 * never passes it); an ended rule stays ended (409). Audited.
 */
export async function setStatus(ctx: ProviderContext, staff: StaffOfRequest, body: { id: number; status: RuleStatus }): Promise<LoyaltyRule> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const row = await lockRule(trx, body.id);
    if (!row) throw notFound('That rule');
    if (row.status === body.status) return;
    if (row.status === 'ended')
      throw new AppError('INVALID_TRANSITION', `${row.name} has ended: it cannot be resumed. Add a new rule instead.`, undefined, { status: row.status });
    await setRuleStatus(trx, row.id, body.status, now);
    await insertAudit(trx, {
      staffId: staff.id,
      action: 'loyalty.rule.status',
      target: `loyalty_rule:${row.id}`,
      before: { name: row.name, status: row.status },
      after: { name: row.name, status: body.status },
      now,
    });
  });
  return answerRule(ctx.db, body.id);
}

/**
 * `merchant/loyalty/simulate`: the rule run over the last SIMULATE_DAYS days' paid, not cancelled
 * orders, oldest first, each in its location's zone at the time it was placed, the rule's limits counted
 * per customer as the orders go; its points are what it adds to each order's base. Nothing is written.
 */
export async function simulateRule(ctx: ProviderContext, rule: LoyaltyRuleFields): Promise<LoyaltySimulateData> {
  const { rules: shop } = await getMerchant(ctx.db, ctx.merchantId);
  const orders = await paidOrdersSince(ctx.db, new Date(ctx.clock.now().getTime() - SIMULATE_DAYS * DAY));
  const simulated = asEarningRule(0, rule);
  const uses = new Map<number, { days: Map<string, number>; total: number }>();
  const customers = new Set<number>();
  let matched = 0;
  let points = 0;
  for (const o of orders) {
    const zone = o.location_timezone ?? shop.timezone;
    const day = localDate(o.created_at, zone);
    const used = uses.get(o.customer_id) ?? { days: new Map<string, number>(), total: 0 };
    const parts = earnBreakdown([simulated], {
      base: o.base,
      points_per_amount: shop.points_per_amount,
      lines: o.lines,
      at: zonedAt(o.created_at, zone),
      first_order: o.first,
      uses: new Map([[0, { today: used.days.get(day) ?? 0, total: used.total }]]),
    });
    const added = parts.filter((p) => p.rule_id !== null).reduce((s, p) => s + p.points, 0);
    if (added <= 0) continue;
    matched++;
    points += added;
    customers.add(o.customer_id);
    used.days.set(day, (used.days.get(day) ?? 0) + 1);
    used.total++;
    uses.set(o.customer_id, used);
  }
  return { days: SIMULATE_DAYS, orders: orders.length, matched_orders: matched, points, customers: customers.size };
}
