/**
 * An offer in the console's words (issue 50): where it stands, what it gives, its limits and what it has
 * used of them, its rules in one sentence. Money in the shop's currency, times in its zone.
 */
import { msg, plural, t } from '@lingui/core/macro';
import { formatMoney } from '#contract/money';
import { windowWords, type ConsoleOffer, type OfferItems, type OfferState } from '#contract/offers';
import type { RuleMenu } from '../shared/product-picker';
import type { BadgeTone } from '../../../ui';
import { formatDateTime } from '../../../ui/lib/dates';
import { spoken } from '../shared/spoken';

export const OFFER_STATE_LABEL: Readonly<Record<OfferState, string>> = spoken<OfferState>({
  scheduled: msg`Scheduled`,
  running: msg`Running`,
  ended: msg`Ended`,
  used_up: msg`Used up`,
  paused: msg`Paused`,
  archived: msg`Archived`,
});

export const OFFER_STATE_TONE: Record<OfferState, BadgeTone> = {
  scheduled: 'brand',
  running: 'success',
  ended: 'neutral',
  used_up: 'warning',
  paused: 'warning',
  archived: 'neutral',
};

export interface WordsFormat {
  currency: string;
  locale: string;
  timeZone: string;
}

type Gives = Pick<ConsoleOffer, 'kind' | 'value' | 'max_discount'> & Partial<Pick<ConsoleOffer, 'product_id' | 'buy' | 'get' | 'max_applications'>>;

/** "Latte", "Drinks or Croissant"; null: no name on the menu (or the menu not loaded). */
function namesOf(i: Pick<OfferItems, 'product_ids' | 'category_ids'>, menu: RuleMenu | undefined): string | null {
  const categories = new Map(menu?.categories.map((c) => [c.id, c.name]));
  const products = new Map(menu?.categories.flatMap((c) => c.products.map((p) => [p.id, p.name] as const)));
  const names = [...i.category_ids.map((id) => categories.get(id)), ...i.product_ids.map((id) => products.get(id))].filter((n): n is string => !!n);
  return names.length ? names.reduce((first, next) => t`${first} or ${next}`) : null;
}

/** "Latte", "Drinks or Croissant" (a name not on the menu, or the menu not loaded: "an item"). */
const itemNames = (i: Pick<OfferItems, 'product_ids' | 'category_ids'>, menu: RuleMenu | undefined) => namesOf(i, menu) ?? t`an item`;

/** "Buy 2 of Drinks, get 1 of Pastries free, up to 2 times an order" (`free`: 100 % off, else `percent` off). */
function buyGetWords(buy: OfferItems, get: OfferItems, percent: number, times: number | null, menu: RuleMenu | undefined): string {
  const [buyQty, buyItems, getQty, getItems] = [buy.qty, itemNames(buy, menu), get.qty, itemNames(get, menu)];
  if (percent === 100)
    return times === null
      ? t`Buy ${buyQty} of ${buyItems}, get ${getQty} of ${getItems} free`
      : t`Buy ${buyQty} of ${buyItems}, get ${getQty} of ${getItems} free, up to ${times} times an order`;
  return times === null
    ? t`Buy ${buyQty} of ${buyItems}, get ${getQty} of ${getItems} at ${percent}% off`
    : t`Buy ${buyQty} of ${buyItems}, get ${getQty} of ${getItems} at ${percent}% off, up to ${times} times an order`;
}

/**
 * "10% off, at most ₱100.00" · "₱50.00 off" · "A free Latte" · "Buy 2 of Drinks, get 1 of Pastries free,
 * up to 2 times an order" (`menu` names the items).
 */
export function givesWords(o: Gives, f: WordsFormat, menu?: RuleMenu): string {
  const percent = o.value;
  if (o.kind === 'amount_off') {
    const amount = formatMoney(o.value, f.currency, f.locale);
    return t`${amount} off`;
  }
  if (o.kind === 'free_product') {
    const name = namesOf({ product_ids: o.product_id ? [o.product_id] : [], category_ids: [] }, menu) ?? t`product`;
    return percent === 100 ? t`A free ${name}` : t`A ${name} at ${percent}% off`;
  }
  if (o.kind === 'buy_x_get_y' && o.buy && o.get)
    return buyGetWords(o.buy, o.get, percent, (o.max_applications ?? 1) > 1 ? (o.max_applications ?? 1) : null, menu);
  if (o.max_discount === null) return t`${percent}% off`;
  const most = formatMoney(o.max_discount, f.currency, f.locale);
  return t`${percent}% off, at most ${most}`;
}

/** "12 of 100" · "12 (no limit)". */
export function usesWords(o: Pick<ConsoleOffer, 'uses' | 'max_uses'>, locale: string): string {
  const n = o.uses.toLocaleString(locale);
  if (o.max_uses === null) return t`${n} (no limit)`;
  const max = o.max_uses.toLocaleString(locale);
  return t`${n} of ${max}`;
}

/** "₱1,234.00 of ₱5,000.00" · "₱1,234.00 (no budget)". */
export function givenWords(o: Pick<ConsoleOffer, 'discount_given' | 'max_discount_total'>, f: WordsFormat): string {
  const given = formatMoney(o.discount_given, f.currency, f.locale);
  if (o.max_discount_total === null) return t`${given} (no budget)`;
  const budget = formatMoney(o.max_discount_total, f.currency, f.locale);
  return t`${given} of ${budget}`;
}

/** When it runs: "From 5 Dec 2026, 12:00 AM to 6 Dec 2026, 11:59 PM" · "From …, no end". */
export function whenWords(o: Pick<ConsoleOffer, 'starts_at' | 'ends_at'> & Partial<Pick<ConsoleOffer, 'days' | 'hours' | 'rrule'>>, f: WordsFormat): string {
  const start = formatDateTime(o.starts_at, f.locale, f.timeZone);
  const end = o.ends_at ? formatDateTime(o.ends_at, f.locale, f.timeZone) : null;
  const dates = end ? t`From ${start} to ${end}` : t`From ${start}, no end`;
  const window = windowWords({ days: o.days ?? [], hours: o.hours ?? null, rrule: o.rrule ?? null });
  return window ? t`${dates}; ${window}` : dates;
}

const ONLY = spoken({ pickup: msg`pickup only`, delivery: msg`delivery only`, dine_in: msg`dine-in only`, none: msg`no only` });

/** "Everyone", "Members of Brew and above", "1,234 listed customers". */
function whoWords(
  o: Pick<ConsoleOffer, 'audience'> & Partial<Pick<ConsoleOffer, 'tier_position' | 'customer_count'>>,
  locale: string,
  tierName: (position: number) => string,
) {
  const count = o.customer_count ?? 0;
  const n = count.toLocaleString(locale);
  const tier = tierName(o.tier_position ?? 0);
  if (o.audience === 'everyone') return t`Everyone`;
  if (o.audience === 'new_customers') return t`New customers (no order yet)`;
  if (o.audience === 'first_order') return t`A customer's first order`;
  if (o.audience === 'tier') return t`Members of ${tier} and above`;
  return plural(count, { one: `${n} listed customer`, other: `${n} listed customers` });
}

/**
 * Its rules in one sentence: for whom, from how much, where and how often, and whether it goes with a
 * reward voucher. `locationName` names a location by its id.
 */
export function rulesWords(
  o: Pick<ConsoleOffer, 'audience' | 'min_spend' | 'fulfilments' | 'location_ids' | 'per_customer_limit' | 'combines_with_voucher'> &
    Partial<Pick<ConsoleOffer, 'tier_position' | 'customer_count'>>,
  f: WordsFormat,
  locationName: (id: number) => string,
  tierName: (position: number) => string = (p) => {
    const number = p + 1;
    return t`tier ${number}`;
  },
): string {
  const audience = whoWords(o, f.locale, tierName);
  const min = formatMoney(o.min_spend, f.currency, f.locale);
  const who = o.min_spend > 0 ? t`${audience}, on orders of ${min} or more` : audience;
  const how = o.fulfilments.length === 2 ? t`pickup and delivery` : ONLY[o.fulfilments[0] ?? 'none'];
  const where = o.location_ids.length === 0 ? t`every location` : o.location_ids.map(locationName).join(', ');
  const limit = o.per_customer_limit;
  const times = limit === null ? t`as often as they like` : limit === 1 ? t`once each` : t`up to ${limit} times each`;
  const voucher = o.combines_with_voucher ? t`Goes with a reward voucher.` : t`Not with a reward voucher.`;
  return t`${who}; ${how}, ${where}; ${times}. ${voucher}`;
}
