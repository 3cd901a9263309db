/**
 * The Loyalty area's words: a rule in one plain line ("2× points on Pastries", "Double points Tue
 * 2:00 PM–4:00 PM, once a day", times on the shop's clock: "14:00–16:00" for a 24-hour locale), and the
 * preview, an example sale chosen to show the rule applying, counted with earnBreakdown, the provider's own
 * evaluation ("Ana's ₱250 order on Tuesday at 3:00 PM would earn 50 points: 25 for the purchase and +25
 * Double points Tuesday").
 */
import { breakdownTotal, earnBreakdown, WEEKDAYS, type RuleAction, type RuleForEarning, type RuleKind, type Weekday } from '#contract/loyalty-earn';
import { formatMoney, moneyDigits } from '#contract/money';
import type { LoyaltyRule } from '#contract/loyalty';
import type { StampPer } from '#contract/stamps';
import { wallClock } from '../../../ui/lib/dates';
import { WEEKDAY_NAMES as DAY_NAMES } from '../shared/location-words';
import type { RuleMenu } from '../shared/product-picker';

export const KIND_WORDS: Record<RuleKind, { title: string; hint: string }> = {
  multiplier: { title: 'Points multiplier', hint: 'More points on chosen products or categories: 2× points on pastries.' },
  bonus: { title: 'Bonus per item', hint: 'A fixed bonus for each chosen item bought: +10 points per seasonal drink.' },
  window: { title: 'Happy hours', hint: 'More points on chosen days and times: double points on Tuesday afternoons.' },
  first_order: { title: 'First order', hint: 'A bonus on a customer’s first paid order.' },
  action: { title: 'Action', hint: 'Points once for signing up, verifying an e-mail or completing the profile.' },
};

export const ACTION_WORDS: Record<RuleAction, { doing: string; she: string }> = {
  sign_up: { doing: 'signing up', she: 'signs up' },
  verified_email: { doing: 'verifying an e-mail', she: 'verifies her e-mail' },
  completed_profile: { doing: 'completing the profile', she: 'completes her profile' },
};

export { DAY_NAMES };
const short = (d: Weekday) => DAY_NAMES[d].slice(0, 3);

export type { RuleMenu };

/**
 * "Pastries", "Pastries and Croissant", "Pastries, Croissant and 2 more" (a name not on the menu: "a product no longer on the menu").
 * `each`: after "for each" or "per", where a category is not a thing bought: "item from Pastries or Croissant".
 */
function targetWords(r: { product_ids: number[]; category_ids: number[] }, menu: RuleMenu | undefined, join: 'and' | 'or', each = false): string {
  const categories = new Map(menu?.categories.map((c) => [c.id, each ? `item from ${c.name}` : c.name]));
  const products = new Map(menu?.categories.flatMap((c) => c.products.map((p) => [p.id, p.name] as const)));
  const names = [...r.category_ids.map((id) => categories.get(id) ?? null), ...r.product_ids.map((id) => products.get(id) ?? null)];
  const known = names.filter((n): n is string => n !== null);
  const unknown = names.length - known.length;
  if (!menu) return `${names.length} ${names.length === 1 ? 'product or category' : 'products and categories'}`;
  const shown = known.slice(0, 3);
  const more = known.length - shown.length + unknown;
  const words = more > 0 ? [...shown, `${more} more`] : shown;
  if (words.length === 0) return 'nothing yet';
  return words.length === 1 ? words[0]! : `${words.slice(0, -1).join(', ')} ${join} ${words[words.length - 1]}`;
}

/** A rule as the provider answers it (the other kinds' fields null), as earnBreakdown reads it. */
export function earningRuleOf(r: LoyaltyRule): RuleForEarning {
  const common = { id: r.id, name: r.name };
  const targets = { product_ids: r.product_ids, category_ids: r.category_ids };
  switch (r.kind) {
    case 'multiplier':
      return { ...common, kind: r.kind, multiplier: r.multiplier ?? 1, ...targets };
    case 'bonus':
      return { ...common, kind: r.kind, points: r.points ?? 0, ...targets };
    case 'window':
      return {
        ...common,
        kind: r.kind,
        days: r.days,
        start: r.start ?? '00:00',
        end: r.end ?? '00:00',
        multiplier: r.multiplier,
        points: r.multiplier === null ? (r.points ?? 0) : null,
        limit_per_day: r.limit_per_day ?? 0,
        limit_total: r.limit_total ?? 0,
      };
    case 'first_order':
      return { ...common, kind: r.kind, points: r.points ?? 0 };
    case 'action':
      return { ...common, kind: r.kind, action: r.action ?? 'sign_up', points: r.points ?? 0 };
  }
}

/** "Tue", "Mon–Fri", "Sat and Sun", "Mon, Wed and Fri", "every day" */
export function dayWords(days: readonly Weekday[]): string {
  const sorted = WEEKDAYS.filter((d) => days.includes(d));
  if (sorted.length === 7) return 'every day';
  const idx = sorted.map((d) => WEEKDAYS.indexOf(d));
  const run = sorted.length >= 3 && idx[idx.length - 1]! - idx[0]! === sorted.length - 1;
  if (run) return `${short(sorted[0]!)}–${short(sorted[sorted.length - 1]!)}`;
  const names = sorted.map(short);
  return names.length <= 1 ? (names[0] ?? 'no day') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

const times = (n: number) => (n === 1 ? 'once' : n === 2 ? 'twice' : `${n} times`);
const points = (n: number, locale: string) => `${n.toLocaleString(locale)} ${n === 1 ? 'point' : 'points'}`;
/** "Double points", "Triple points", "1.5× points" */
const multiplierWords = (m: number) => (m === 2 ? 'Double points' : m === 3 ? 'Triple points' : `${m}× points`);

/** A rule in one plain line. `menu` names its products and categories (undefined: counted instead). */
export function ruleSummary(rule: RuleForEarning, menu: RuleMenu | undefined, locale: string): string {
  switch (rule.kind) {
    case 'multiplier':
      return `${rule.multiplier}× points on ${targetWords(rule, menu, 'and')}`;
    case 'bonus':
      return `+${points(rule.points, locale)} per ${targetWords(rule, menu, 'or', true)}`;
    case 'window': {
      const what = rule.multiplier !== null ? multiplierWords(rule.multiplier) : `+${points(rule.points ?? 0, locale)}`;
      const limits = [rule.limit_per_day > 0 && `${times(rule.limit_per_day)} a day`, rule.limit_total > 0 && `${times(rule.limit_total)} in all`]
        .filter(Boolean)
        .join(', ');
      return `${what} ${dayWords(rule.days)} ${wallClock(rule.start, locale)}–${wallClock(rule.end, locale)}${limits ? `, ${limits}` : ', every order'}`;
    }
    case 'first_order':
      return `+${rule.points.toLocaleString(locale)} on a first order`;
    case 'action':
      return `+${rule.points.toLocaleString(locale)} for ${ACTION_WORDS[rule.action].doing}`;
  }
}

export interface PreviewShop {
  /** minor units that earn one point (the shop settings); 0: no base points */
  pointsPerAmount: number;
  currency: string;
  locale: string;
}

/** The first product the rule names, or the first of a category it names, with its price. */
function exampleProduct(r: { product_ids: number[]; category_ids: number[] }, menu: RuleMenu | undefined) {
  for (const c of menu?.categories ?? []) for (const p of c.products) if (r.product_ids.includes(p.id)) return { ...p, category_id: c.id };
  for (const c of menu?.categories ?? []) if (r.category_ids.includes(c.id) && c.products[0]) return { ...c.products[0], category_id: c.id };
  return null;
}

const minutesWords = (m: number, locale: string) => wallClock(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`, locale);

/**
 * The preview's sentence: an example sale that shows the rule applying, counted as the provider counts
 * it. A window rule: its first day at its start time; a product rule: one of its products at its price;
 * a first order: a first order; an action: what it gives, once.
 */
export function previewSentence(rule: RuleForEarning, menu: RuleMenu | undefined, shop: PreviewShop): string {
  const { pointsPerAmount: ppa, currency, locale } = shop;
  const label = rule.name.trim() || ruleSummary(rule, menu, locale);
  if (rule.kind === 'action') return `Ana gets +${points(rule.points, locale)} (${label}) once, when she ${ACTION_WORDS[rule.action].she}.`;
  // an order of 25 points' worth (₱250 at 1 point per ₱10); a shop without base points: 250 of its money
  const usual = ppa > 0 ? 25 * ppa : 250 * 10 ** moneyDigits(currency, locale);
  let amount = usual;
  let lines: Parameters<typeof earnBreakdown>[1]['lines'] = [];
  let what = '';
  let at = { weekday: 'mon' as Weekday, minutes: 10 * 60 };
  if (rule.kind === 'multiplier' || rule.kind === 'bonus') {
    const p = exampleProduct(rule, menu);
    if (!p) return 'Choose a product or category to see an example.';
    amount = p.price;
    lines = [{ product_id: p.id, category_id: p.category_id, qty: 1, price: p.price }];
    what = ` of one ${p.name}`;
  } else if (rule.kind === 'window') {
    at = {
      weekday: WEEKDAYS.find((d) => rule.days.includes(d)) ?? 'mon',
      minutes: rule.start ? Number(rule.start.slice(0, 2)) * 60 + Number(rule.start.slice(3, 5)) : 0,
    };
    what = ` on ${DAY_NAMES[at.weekday]} at ${minutesWords(at.minutes, locale)}`;
  }
  const base = ppa > 0 ? Math.floor(amount / ppa) : 0;
  const parts = earnBreakdown([{ ...rule, name: label }], {
    base,
    points_per_amount: ppa,
    lines,
    at,
    first_order: rule.kind === 'first_order',
    uses: new Map(),
  });
  const money = formatMoney(amount, currency, locale);
  const order = rule.kind === 'first_order' ? `Ana's first order, ${money},` : `Ana's ${money} order${what}`;
  const total = breakdownTotal(parts);
  if (parts.length === 0) return `${order} would earn no points.`;
  const partWords = parts.map((p) =>
    p.rule_id === null ? `${p.points.toLocaleString(locale)} for the purchase` : `+${p.points.toLocaleString(locale)} ${p.label}`,
  );
  const ruleApplied = parts.some((p) => p.rule_id !== null);
  return `${order} would earn ${points(total, locale)}: ${partWords.length === 1 ? partWords[0] : `${partWords.slice(0, -1).join(', ')} and ${partWords[partWords.length - 1]}`}${ruleApplied ? '' : ` (this rule adds nothing to it)`}.`;
}

// ---------------------------------------------------------------------------------------------
// Stamp cards
// ---------------------------------------------------------------------------------------------

/** What a stamp card's words read of a programme (its answer, or the editor's form). */
export interface StampWordsOf {
  product_ids: number[];
  category_ids: number[];
  per: StampPer;
  stamps_needed: number;
  expiry_days: number;
}

/** "a card lasts 365 days from its first stamp", "stamps never expire" */
const expiryWords = (days: number, locale: string) =>
  days === 0 ? 'stamps never expire' : `a card lasts ${days.toLocaleString(locale)} ${days === 1 ? 'day' : 'days'} from its first stamp`;

/**
 * A programme in one plain line: "1 stamp for each Latte or Cappuccino" ("… for each item from Pastries");
 * "10 stamps fill the card for Free Latte; a card lasts 365 days from its first stamp".
 */
export function stampSummary(p: StampWordsOf & { reward_title: string }, menu: RuleMenu | undefined, locale: string): string {
  const each = p.per === 'item' ? `1 stamp for each ${targetWords(p, menu, 'or', true)}` : `1 stamp for each visit with ${targetWords(p, menu, 'or')}`;
  return `${each}; ${p.stamps_needed.toLocaleString(locale)} stamps fill the card for ${p.reward_title}; ${expiryWords(p.expiry_days, locale)}`;
}

/** The editor's preview: "After 10 qualifying items (Latte or Cappuccino), the customer gets Free Latte; the card starts again." */
export function stampPreview(p: StampWordsOf, rewardTitle: string | null, menu: RuleMenu | undefined, locale: string): string {
  if (p.product_ids.length + p.category_ids.length === 0) return 'Choose a product or category to see what the card gives.';
  const on = targetWords(p, menu, 'or');
  const n = p.stamps_needed.toLocaleString(locale);
  const after = p.per === 'item' ? `After ${n} qualifying items (${on})` : `After ${n} visits with ${on}`;
  return `${after}, the customer gets ${rewardTitle ?? 'the reward you choose'}, and a new card starts; ${expiryWords(p.expiry_days, locale)}.`;
}
