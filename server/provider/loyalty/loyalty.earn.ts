import { BASE_LABEL, breakdownTotal, earnBreakdown, isBasePart, zonedAt, type EarnInput, type EarnPart } from '#contract/loyalty-earn';
import { pointsReason } from '../i18n/messages';
import { reasonOf, type Reason } from '../points/reasons';
import type { Database } from '../../db';
import type { MerchantRules } from '../settings/settings.service';
import { localDate } from '../locations/hours';
import { activeRules, activeRulesQuery, deleteEarnUses, deleteOrderUses, earningRuleOf, hasPaidOrder, insertUses, usesOf, type RuleRow } from './loyalty.repo';

/**
 * What a sale earns with the owner's earning rules, for orders (priced in their transaction, under the
 * customer's row lock, so the uses counted for a limit cannot change before the order records its own)
 * and counter earns: earnBreakdown over the active rules, in the location's time zone. The sale then
 * records a use of each rule that applied; a cancelled order or an undone earn deletes its uses.
 */

/**
 * The base points of a sale, the one rule orders and counter earns share: 1 point per `points_per_amount`
 * minor units of what was bought: the total after discount without the
 * delivery fee, unless the merchant's `delivery_fee_earns_points` counts the fee too.
 */
export function pointsFor(total: number, deliveryFee: number, rules: Pick<MerchantRules, 'points_per_amount' | 'delivery_fee_earns_points'>): number {
  const earning = rules.delivery_fee_earns_points ? total : total - deliveryFee;
  return rules.points_per_amount > 0 ? Math.floor(Math.max(0, earning) / rules.points_per_amount) : 0;
}

/** A sale as the rules see it. */
export interface Sale {
  customerId: number;
  /** the sale's base points (orders/pricing.ts pointsFor) */
  base: number;
  points_per_amount: number;
  lines: EarnInput['lines'];
  at: Date;
  /** the location's effective time zone */
  timeZone: string;
  /** an order (a counter earn is never a first order) */
  order: boolean;
  /** the customer's tier and its earn multiplier (tiers/ earnTier); null: no tier, or tiers are off */
  tier: { name: string; multiplier: number } | null;
  /** the active earning rules (saleRulesQuery's rows) when the caller read them already; else read here */
  rules?: RuleRow[];
}

/** The kinds of rule a sale earns by. */
const SALE_RULES = ['multiplier', 'bonus', 'window', 'first_order'] as const;

/** The query of the active rules a sale earns by, for a caller that reads them with others (Sale's `rules`). */
export const saleRulesQuery = (db: Database) => activeRulesQuery(db, SALE_RULES);

/** What a sale earns: its named parts and their total, and what to record once it is made. */
export interface SaleEarning {
  parts: EarnPart[];
  total: number;
  /** the location's day (YYYY-MM-DD), where the uses count */
  local_date: string;
  /** the rules that applied, with their points */
  uses: Array<{ rule_id: number; points: number }>;
}

/** The points a sale earns with the active rules (read in the caller's transaction). */
export async function saleEarning(db: Database, sale: Sale): Promise<SaleEarning> {
  const rules = (sale.rules ?? (await activeRules(db, SALE_RULES))).map(earningRuleOf);
  const today = localDate(sale.at, sale.timeZone);
  const windows = rules.filter((r) => r.kind === 'window').map((r) => r.id);
  const uses = await usesOf(db, sale.customerId, windows, today);
  const firstOrder = sale.order && rules.some((r) => r.kind === 'first_order') && !(await hasPaidOrder(db, sale.customerId));
  const parts = earnBreakdown(rules, {
    base: sale.base,
    points_per_amount: sale.points_per_amount,
    lines: sale.lines,
    at: zonedAt(sale.at, sale.timeZone),
    first_order: firstOrder,
    uses,
    tier: sale.tier,
  });
  return {
    parts,
    total: breakdownTotal(parts),
    local_date: today,
    uses: parts.flatMap((p) => (p.rule_id !== null ? [{ rule_id: p.rule_id, points: p.points }] : [])),
  };
}

/** The sale is made: a use of each rule that applied (what limits count and the rules' list sums). */
export async function recordUses(
  trx: Database,
  customerId: number,
  sale: { order_id: number } | { earn_id: number },
  earning: SaleEarning,
  now: Date,
): Promise<void> {
  await insertUses(trx, customerId, sale, earning.local_date, earning.uses, now);
}

/** A cancelled order's uses are gone: a limit counts the orders that stand. */
export const dropOrderUses = deleteOrderUses;
/** An undone counter earn's uses are gone. */
export const dropEarnUses = deleteEarnUses;

/** A breakdown as an order without one (placed before the rules) has it: the base alone. */
export const baseBreakdown = (points: number): EarnPart[] => (points > 0 ? [{ rule_id: null, label: BASE_LABEL, points }] : []);

const rulesOf = (parts: readonly EarnPart[] | null) =>
  (parts ?? [])
    .filter((p) => !isBasePart(p))
    .map((p) => `+${p.points} ${p.label}`)
    .join(', ');

/**
 * The points history's reason for an order, with its words for the history in the reader's language (points/reasons.ts):
 * what it was, and each rule's part ("Order K-1 (+25 Double points Tuesday)").
 */
export function orderEarnReason(order: string, parts: readonly EarnPart[] | null): Reason {
  const rules = rulesOf(parts);
  return rules ? reasonOf(pointsReason.orderRules, { order, rules }) : reasonOf(pointsReason.order, { order });
}

/** A counter sale's reason, as orderEarnReason's: at the location `place` (null: none named), with each rule's part. */
export function counterEarnReason(place: string | null, parts: readonly EarnPart[] | null): Reason {
  const rules = rulesOf(parts);
  if (place === null) return rules ? reasonOf(pointsReason.counterRules, { rules }) : reasonOf(pointsReason.counter);
  return rules ? reasonOf(pointsReason.counterAtRules, { place, rules }) : reasonOf(pointsReason.counterAt, { place });
}
