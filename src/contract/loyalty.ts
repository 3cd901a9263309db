/**
 * Earning rules (issue 29): typed rules the owner manages in the console's Loyalty area, each validated by
 * these schemas and evaluated in the order's (or the counter earn's) transaction by `earnBreakdown`, the
 * one piece of code that says how many points a sale earns: the provider credits with it, the console
 * previews and simulates with it. No generic rules engine: five kinds, applied in a fixed order.
 *
 * How points are counted (docs/merchant-guide.md, "Earning rules", in the same words):
 * 1. Base points: 1 per `points_per_amount` minor units of what was bought (the shop settings).
 * 2. `multiplier` rules ("2× points on pastries"): the chosen products' or categories' lines earn
 *    (multiplier − 1) × their own base points more, rounded down.
 * 3. `bonus` rules ("+10 points on the seasonal drink"): a fixed bonus per qualifying item.
 * 4. `window` rules ("double points Tuesdays 14:00–16:00"), in the location's time zone: a multiplier of
 *    the whole sale's base points, or a fixed bonus, at most `limit_per_day` times a day and `limit_total`
 *    times in all per customer (0: no limit).
 * 5. `first_order`: a bonus on a customer's first paid order.
 * Multipliers never compound: each adds to the base, not to another rule's points. `action` rules (sign-up,
 * verified e-mail, completed profile) are not about sales: each gives its points once per customer.
 * Several rules of a kind all apply, in the order they were made.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { int, time } from './answer-fields';
import { id, requiredText, wholeNumber } from './fields';
import { minutesOf, RULE_ACTIONS, RULE_KINDS, RULE_STATUSES, WEEKDAYS, type RuleForEarning } from './loyalty-earn';

// The evaluation (earnBreakdown) lives in a module free of zod, for the console's preview.
export * from './loyalty-earn';

/** At most this many rules that are not ended. */
export const RULES_MAX = 50;
/** The simulator looks back this many days. */
export const SIMULATE_DAYS = 30;

const multiplier = z
  .number({ error: 'must be a number such as 2 or 1.5' })
  .min(1.1, 'must be at least 1.1')
  .max(10, 'must be at most 10')
  .refine((v) => Number.isInteger(Math.round(v * 10)) && Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, 'must have at most one decimal, such as 1.5');
const bonusPoints = wholeNumber(1, 100_000, 'points');
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'must be a time such as 14:00');
const targets = {
  product_ids: z.array(id, { error: 'must be a list of product ids' }).max(100, 'must be at most 100 products').default([]),
  category_ids: z.array(id, { error: 'must be a list of category ids' }).max(50, 'must be at most 50 categories').default([]),
};
const needsTarget = (r: { product_ids: number[]; category_ids: number[] }) => r.product_ids.length + r.category_ids.length > 0;
const TARGET_MESSAGE = { message: 'choose at least one product or category', path: ['product_ids'] };

const name = requiredText(60);

export const multiplierRule = z.object({ kind: z.literal('multiplier'), name, multiplier, ...targets }).refine(needsTarget, TARGET_MESSAGE);
export const bonusRule = z.object({ kind: z.literal('bonus'), name, points: bonusPoints, ...targets }).refine(needsTarget, TARGET_MESSAGE);
export const windowRule = z
  .object({
    kind: z.literal('window'),
    name,
    days: z
      .array(z.enum(WEEKDAYS, { error: `must be days among ${WEEKDAYS.join(', ')}` }))
      .min(1, 'choose at least one day')
      .max(7),
    start: clock,
    end: clock,
    /** exactly one of multiplier and points */
    multiplier: multiplier.nullable().default(null),
    points: bonusPoints.nullable().default(null),
    limit_per_day: wholeNumber(0, 100, 'times').default(1),
    limit_total: wholeNumber(0, 1000, 'times').default(0),
  })
  .refine((r) => minutesOf(r.end) > minutesOf(r.start), { message: 'must be after the start', path: ['end'] })
  .refine((r) => (r.multiplier === null) !== (r.points === null), { message: 'give a multiplier or bonus points, one of them', path: ['multiplier'] });
export const firstOrderRule = z.object({ kind: z.literal('first_order'), name, points: bonusPoints });
export const actionRule = z.object({
  kind: z.literal('action'),
  name,
  action: z.enum(RULE_ACTIONS, { error: `must be one of ${RULE_ACTIONS.join(', ')}` }),
  points: bonusPoints,
});

/** `merchant/loyalty/rules/create` (and the simulator's rule): one rule of a kind, with its fields. */
export const loyaltyRuleBody = z.discriminatedUnion('kind', [multiplierRule, bonusRule, windowRule, firstOrderRule, actionRule], {
  error: `must be one of ${RULE_KINDS.join(', ')}`,
});
export type LoyaltyRuleInput = z.input<typeof loyaltyRuleBody>;
export type LoyaltyRuleFields = z.output<typeof loyaltyRuleBody>;
/** a rule as the schema reads it is a rule earnBreakdown evaluates */
export const asEarningRule = (id: number, rule: LoyaltyRuleFields): RuleForEarning => ({ id, ...rule });

/** `merchant/loyalty/rules/update`: the rule's id and its fields, whole (its kind cannot change). */
export const loyaltyRuleUpdateBody = z.object({ id, rule: loyaltyRuleBody });
export type LoyaltyRuleUpdateInput = z.input<typeof loyaltyRuleUpdateBody>;

/** `merchant/loyalty/rules/status`: pause, resume or end a rule; an ended rule stays ended. */
export const loyaltyRuleStatusBody = z.object({ id, status: z.enum(RULE_STATUSES, { error: `must be one of ${RULE_STATUSES.join(', ')}` }) });
export type LoyaltyRuleStatusInput = z.infer<typeof loyaltyRuleStatusBody>;

/** `merchant/loyalty/simulate`: a rule (new or changed), run over the last 30 days' paid orders. */
export const loyaltySimulateBody = z.object({ rule: loyaltyRuleBody });
export type LoyaltySimulateInput = z.input<typeof loyaltySimulateBody>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

const ruleFieldsAnswer = z.object({
  kind: z.enum(RULE_KINDS),
  name: z.string(),
  multiplier: z.number().nullable().meta({ description: '`multiplier` and `window` rules' }),
  points: int().nullable().meta({ description: '`bonus` (per item), `window`, `first_order` and `action` rules' }),
  product_ids: z.array(int()),
  category_ids: z.array(int()),
  days: z.array(z.enum(WEEKDAYS)),
  start: z.string().nullable().meta({ description: "`window`: HH:MM in the location's time zone" }),
  end: z.string().nullable(),
  limit_per_day: int().nullable(),
  limit_total: int().nullable(),
  action: z.enum(RULE_ACTIONS).nullable(),
});

export const loyaltyRuleAnswer = ruleFieldsAnswer
  .extend({
    id: int(),
    status: z.enum(RULE_STATUSES),
    created_at: time(),
    updated_at: time(),
    points_given: int().meta({ description: 'points the rule has given so far (not counting what cancellations took back)' }),
    customers: int().meta({ description: 'customers it gave points to' }),
  })
  .meta({ id: 'LoyaltyRule' });
export type LoyaltyRule = z.infer<typeof loyaltyRuleAnswer>;
export const loyaltyRulesAnswer = z.object({ rules: z.array(loyaltyRuleAnswer) });
export type LoyaltyRulesData = z.infer<typeof loyaltyRulesAnswer>;
export const loyaltyRuleOnlyAnswer = z.object({ rule: loyaltyRuleAnswer });
export type LoyaltyRuleData = z.infer<typeof loyaltyRuleOnlyAnswer>;

export const loyaltySimulateAnswer = z.object({
  days: int(),
  orders: int().meta({ description: 'paid orders (not cancelled) in those days' }),
  matched_orders: int().meta({ description: 'orders the rule would have added points to' }),
  points: int().meta({ description: 'points it would have added, its limits applied' }),
  customers: int().meta({ description: 'customers who would have had them' }),
});
export type LoyaltySimulateData = z.infer<typeof loyaltySimulateAnswer>;

/** One named part of what a sale earned: the base, or a rule's points ("+25 Double points Tuesday"). */
export const earnPartAnswer = z
  .object({ rule_id: int().nullable().meta({ description: 'null: the base points' }), label: z.string(), points: int() })
  .meta({ id: 'EarnPart' });
