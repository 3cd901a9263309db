import { loyaltyRuleBody } from '#contract/loyalty';
import type { Database } from '..';

/**
 * The demo's earning rules: none that gives points, so the demo earns the base alone, but one paused
 * example, so the console's Loyalty area shows what a rule looks like. Only when the shop has no rule yet.
 */
/** The demo's paused example rule, by its name, which "Clear the demo" removes. */
export const DEMO_RULE_NAME = 'Double points Tuesday afternoons';

export async function seedLoyaltyRules(db: Database): Promise<void> {
  const any = await db.selectFrom('loyalty_rules').select('id').limit(1).executeTakeFirst();
  if (any) return;
  const rule = loyaltyRuleBody.parse({ kind: 'window', name: DEMO_RULE_NAME, days: ['tue'], start: '14:00', end: '16:00', multiplier: 2, limit_per_day: 1 });
  const now = new Date();
  await db
    .insertInto('loyalty_rules')
    .values({ kind: rule.kind, name: rule.name, fields: JSON.stringify(rule), status: 'paused', created_at: now, updated_at: now })
    .execute();
}
