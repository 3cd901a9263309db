/**
 * The Loyalty area's words: a rule in one plain line ("2× points on Pastries", "Double points Tue
 * 2:00 PM–4:00 PM, once a day", times on the shop's clock: "14:00–16:00" for a 24-hour locale), and the
 * preview, an example sale chosen to show the rule applying, counted with earnBreakdown, the provider's own
 * evaluation ("Ana's ₱250 order on Tuesday at 3:00 PM would earn 50 points: 25 for the purchase and +25
 * Double points Tuesday").
 */
import { msg, plural, t } from '@lingui/core/macro';
import { breakdownTotal, earnBreakdown, WEEKDAYS, type RuleAction, type RuleForEarning, type RuleKind, type Weekday } from '#contract/loyalty-earn';
import { formatMoney, moneyDigits } from '#contract/money';
import type { LoyaltyRule } from '#contract/loyalty';
import type { StampPer } from '#contract/stamps';
import { wallClock } from '../../../ui/lib/dates';
import { WEEKDAY_NAMES as DAY_NAMES } from '../shared/location-words';
import type { RuleMenu } from '../shared/product-picker';
import { spoken } from '../shared/spoken';

/** A kind of rule's name (a read of a table of words: a component showing it calls useLingui). */
export const KIND_TITLE = spoken<RuleKind>({
  multiplier: msg`Points multiplier`,
  bonus: msg`Bonus per item`,
  window: msg`Happy hours`,
  first_order: msg`First order`,
  action: msg`Action`,
});

/** What a kind of rule does, under its name in the kind chooser. */
export const KIND_HINT = spoken<RuleKind>({
  multiplier: msg`More points on chosen products or categories: 2× points on pastries.`,
  bonus: msg`A fixed bonus for each chosen item bought: +10 points per seasonal drink.`,
  window: msg`More points on chosen days and times: double points on Tuesday afternoons.`,
  first_order: msg`A bonus on a customer’s first paid order.`,
  action: msg`Points once for signing up, verifying an e-mail or completing the profile.`,
});

/** An action as the editor's choice ("For: Verifying an e-mail"). */
export const ACTION_LABEL = spoken<RuleAction>({
  sign_up: msg`Signing up`,
  verified_email: msg`Verifying an e-mail`,
  completed_profile: msg`Completing the profile`,
});

/** "+20 for verifying an e-mail" */
function actionSummary(action: RuleAction, count: string): string {
  switch (action) {
    case 'sign_up':
      return t`+${count} for signing up`;
    case 'verified_email':
      return t`+${count} for verifying an e-mail`;
    case 'completed_profile':
      return t`+${count} for completing the profile`;
  }
}

/** "Ana gets +20 points (Verified e-mail) once, when she verifies her e-mail." */
function actionPreview(action: RuleAction, n: number, label: string, locale: string): string {
  const count = n.toLocaleString(locale);
  switch (action) {
    case 'sign_up':
      return plural(n, {
        one: `Ana gets +${count} point (${label}) once, when she signs up.`,
        other: `Ana gets +${count} points (${label}) once, when she signs up.`,
      });
    case 'verified_email':
      return plural(n, {
        one: `Ana gets +${count} point (${label}) once, when she verifies her e-mail.`,
        other: `Ana gets +${count} points (${label}) once, when she verifies her e-mail.`,
      });
    case 'completed_profile':
      return plural(n, {
        one: `Ana gets +${count} point (${label}) once, when she completes her profile.`,
        other: `Ana gets +${count} points (${label}) once, when she completes her profile.`,
      });
  }
}

export { DAY_NAMES };
const short = (d: Weekday) => DAY_NAMES[d].slice(0, 3);

export type { RuleMenu };

/**
 * "Pastries", "Pastries and Croissant", "Pastries, Croissant and 2 more" (a name not on the menu: "a product no longer on the menu").
 * `each`: after "for each" or "per", where a category is not a thing bought: "item from Pastries or Croissant".
 */
function targetWords(r: { product_ids: number[]; category_ids: number[] }, menu: RuleMenu | undefined, join: 'and' | 'or', each = false): string {
  const categories = new Map(
    menu?.categories.map((c) => {
      const category = c.name;
      return [c.id, each ? t`item from ${category}` : category];
    }),
  );
  const products = new Map(menu?.categories.flatMap((c) => c.products.map((p) => [p.id, p.name] as const)));
  const names = [...r.category_ids.map((id) => categories.get(id) ?? null), ...r.product_ids.map((id) => products.get(id) ?? null)];
  const known = names.filter((n): n is string => n !== null);
  const unknown = names.length - known.length;
  if (!menu) return plural(names.length, { one: '# product or category', other: '# products and categories' });
  const shown = known.slice(0, 3);
  const more = known.length - shown.length + unknown;
  const words = more > 0 ? [...shown, t`${more} more`] : shown;
  if (words.length === 0) return t`nothing yet`;
  return words.length === 1 ? words[0]! : listOf(words, join);
}

/** "a, b and c" or "a, b or c" */
function listOf(words: string[], join: 'and' | 'or'): string {
  const rest = words.slice(0, -1).join(', ');
  const last = words[words.length - 1] ?? '';
  return join === 'and' ? t`${rest} and ${last}` : t`${rest} or ${last}`;
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
  if (sorted.length === 7) return t`every day`;
  const idx = sorted.map((d) => WEEKDAYS.indexOf(d));
  const run = sorted.length >= 3 && idx[idx.length - 1]! - idx[0]! === sorted.length - 1;
  if (run) return `${short(sorted[0]!)}–${short(sorted[sorted.length - 1]!)}`;
  const names = sorted.map(short);
  return names.length <= 1 ? (names[0] ?? t`no day`) : listOf(names, 'and');
}

/** "once a day", "twice a day", "3 times a day" */
const timesADay = (n: number) => plural(n, { 1: 'once a day', 2: 'twice a day', other: '# times a day' });
/** "once in all", "twice in all", "3 times in all" */
const timesInAll = (n: number) => plural(n, { 1: 'once in all', 2: 'twice in all', other: '# times in all' });
const points = (n: number, locale: string) => {
  const count = n.toLocaleString(locale);
  return plural(n, { one: `${count} point`, other: `${count} points` });
};
/** "Double points", "Triple points", "1.5× points" */
const multiplierWords = (m: number) => (m === 2 ? t`Double points` : m === 3 ? t`Triple points` : t`${m}× points`);

/** A rule in one plain line. `menu` names its products and categories (undefined: counted instead). */
export function ruleSummary(rule: RuleForEarning, menu: RuleMenu | undefined, locale: string): string {
  switch (rule.kind) {
    case 'multiplier': {
      const { multiplier } = rule;
      const targets = targetWords(rule, menu, 'and');
      return t`${multiplier}× points on ${targets}`;
    }
    case 'bonus': {
      const count = rule.points.toLocaleString(locale);
      const targets = targetWords(rule, menu, 'or', true);
      return plural(rule.points, { one: `+${count} point per ${targets}`, other: `+${count} points per ${targets}` });
    }
    case 'window': {
      const what = rule.multiplier !== null ? multiplierWords(rule.multiplier) : `+${points(rule.points ?? 0, locale)}`;
      const limits = [rule.limit_per_day > 0 && timesADay(rule.limit_per_day), rule.limit_total > 0 && timesInAll(rule.limit_total)].filter(Boolean).join(', ');
      const days = dayWords(rule.days);
      const from = wallClock(rule.start, locale);
      const until = wallClock(rule.end, locale);
      return limits ? t`${what} ${days} ${from}–${until}, ${limits}` : t`${what} ${days} ${from}–${until}, every order`;
    }
    case 'first_order': {
      const count = rule.points.toLocaleString(locale);
      return t`+${count} on a first order`;
    }
    case 'action':
      return actionSummary(rule.action, rule.points.toLocaleString(locale));
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
  if (rule.kind === 'action') return actionPreview(rule.action, rule.points, label, locale);
  // an order of 25 points' worth (₱250 at 1 point per ₱10); a shop without base points: 250 of its money
  const usual = ppa > 0 ? 25 * ppa : 250 * 10 ** moneyDigits(currency, locale);
  let amount = usual;
  let lines: Parameters<typeof earnBreakdown>[1]['lines'] = [];
  let what: ((money: string) => string) | null = null;
  let at = { weekday: 'mon' as Weekday, minutes: 10 * 60 };
  if (rule.kind === 'multiplier' || rule.kind === 'bonus') {
    const p = exampleProduct(rule, menu);
    if (!p) return t`Choose a product or category to see an example.`;
    amount = p.price;
    lines = [{ product_id: p.id, category_id: p.category_id, qty: 1, price: p.price }];
    const product = p.name;
    what = (money) => t`Ana's ${money} order of one ${product}`;
  } else if (rule.kind === 'window') {
    at = {
      weekday: WEEKDAYS.find((d) => rule.days.includes(d)) ?? 'mon',
      minutes: rule.start ? Number(rule.start.slice(0, 2)) * 60 + Number(rule.start.slice(3, 5)) : 0,
    };
    const day = DAY_NAMES[at.weekday];
    const time = minutesWords(at.minutes, locale);
    what = (money) => t`Ana's ${money} order on ${day} at ${time}`;
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
  const order = rule.kind === 'first_order' ? t`Ana's first order, ${money},` : what ? what(money) : t`Ana's ${money} order`;
  if (parts.length === 0) return t`${order} would earn no points.`;
  const partWords = parts.map((p) => {
    const count = p.points.toLocaleString(locale);
    const { label: name } = p;
    return p.rule_id === null ? t`${count} for the purchase` : `+${count} ${name}`;
  });
  const earned = points(breakdownTotal(parts), locale);
  const breakdown = partWords.length === 1 ? (partWords[0] ?? '') : listOf(partWords, 'and');
  return parts.some((p) => p.rule_id !== null)
    ? t`${order} would earn ${earned}: ${breakdown}.`
    : t`${order} would earn ${earned}: ${breakdown} (this rule adds nothing to it).`;
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
function expiryWords(days: number, locale: string): string {
  if (days === 0) return t`stamps never expire`;
  const count = days.toLocaleString(locale);
  return plural(days, { one: `a card lasts ${count} day from its first stamp`, other: `a card lasts ${count} days from its first stamp` });
}

/**
 * A programme in one plain line: "1 stamp for each Latte or Cappuccino" ("… for each item from Pastries");
 * "10 stamps fill the card for Free Latte; a card lasts 365 days from its first stamp".
 */
export function stampSummary(p: StampWordsOf & { reward_title: string }, menu: RuleMenu | undefined, locale: string): string {
  const targets = targetWords(p, menu, 'or', p.per === 'item');
  const each = p.per === 'item' ? t`1 stamp for each ${targets}` : t`1 stamp for each visit with ${targets}`;
  const needed = p.stamps_needed.toLocaleString(locale);
  const reward = p.reward_title;
  const expiry = expiryWords(p.expiry_days, locale);
  return t`${each}; ${needed} stamps fill the card for ${reward}; ${expiry}`;
}

/** The editor's preview: "After 10 qualifying items (Latte or Cappuccino), the customer gets Free Latte; the card starts again." */
export function stampPreview(p: StampWordsOf, rewardTitle: string | null, menu: RuleMenu | undefined, locale: string): string {
  if (p.product_ids.length + p.category_ids.length === 0) return t`Choose a product or category to see what the card gives.`;
  const on = targetWords(p, menu, 'or');
  const n = p.stamps_needed.toLocaleString(locale);
  const after = p.per === 'item' ? t`After ${n} qualifying items (${on})` : t`After ${n} visits with ${on}`;
  const reward = rewardTitle ?? t`the reward you choose`;
  const expiry = expiryWords(p.expiry_days, locale);
  return t`${after}, the customer gets ${reward}, and a new card starts; ${expiry}.`;
}
