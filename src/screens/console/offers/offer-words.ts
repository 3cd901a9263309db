/**
 * An offer in the console's words (issue 50): where it stands, what it gives, its limits and what it has
 * used of them, its rules in one sentence. Money in the shop's currency, times in its zone.
 */
import { formatMoney } from '#contract/money';
import { windowWords, type ConsoleOffer, type OfferItems, type OfferState } from '#contract/offers';
import type { RuleMenu } from '../shared/product-picker';
import type { BadgeTone } from '../../../ui';
import { formatDateTime } from '../../../ui/lib/dates';

export const OFFER_STATE_LABEL: Record<OfferState, string> = {
  scheduled: 'Scheduled',
  running: 'Running',
  ended: 'Ended',
  used_up: 'Used up',
  paused: 'Paused',
  archived: 'Archived',
};

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

/** "Latte", "Drinks or Croissant" (a name not on the menu, or the menu not loaded: "an item"). */
function itemNames(i: Pick<OfferItems, 'product_ids' | 'category_ids'>, menu: RuleMenu | undefined): string {
  const categories = new Map(menu?.categories.map((c) => [c.id, c.name]));
  const products = new Map(menu?.categories.flatMap((c) => c.products.map((p) => [p.id, p.name] as const)));
  const names = [...i.category_ids.map((id) => categories.get(id)), ...i.product_ids.map((id) => products.get(id))].filter((n): n is string => !!n);
  return names.length ? names.join(' or ') : 'an item';
}

/**
 * "10% off, at most ₱100.00" · "₱50.00 off" · "A free Latte" · "Buy 2 of Drinks, get 1 of Pastries free,
 * up to 2 times an order" (`menu` names the items).
 */
export function givesWords(o: Gives, f: WordsFormat, menu?: RuleMenu): string {
  const off = o.value === 100 ? 'free' : `at ${o.value}% off`;
  if (o.kind === 'amount_off') return `${formatMoney(o.value, f.currency, f.locale)} off`;
  if (o.kind === 'free_product') {
    const name = itemNames({ product_ids: o.product_id ? [o.product_id] : [], category_ids: [] }, menu).replace(/^an item$/, 'product');
    return o.value === 100 ? `A free ${name}` : `A ${name} at ${o.value}% off`;
  }
  if (o.kind === 'buy_x_get_y' && o.buy && o.get) {
    const times = (o.max_applications ?? 1) > 1 ? `, up to ${o.max_applications} times an order` : '';
    return `Buy ${o.buy.qty} of ${itemNames(o.buy, menu)}, get ${o.get.qty} of ${itemNames(o.get, menu)} ${off}${times}`;
  }
  return `${o.value}% off${o.max_discount !== null ? `, at most ${formatMoney(o.max_discount, f.currency, f.locale)}` : ''}`;
}

/** "12 of 100" · "12 (no limit)". */
export function usesWords(o: Pick<ConsoleOffer, 'uses' | 'max_uses'>, locale: string): string {
  const n = o.uses.toLocaleString(locale);
  return o.max_uses === null ? `${n} (no limit)` : `${n} of ${o.max_uses.toLocaleString(locale)}`;
}

/** "₱1,234.00 of ₱5,000.00" · "₱1,234.00 (no budget)". */
export function givenWords(o: Pick<ConsoleOffer, 'discount_given' | 'max_discount_total'>, f: WordsFormat): string {
  const given = formatMoney(o.discount_given, f.currency, f.locale);
  return o.max_discount_total === null ? `${given} (no budget)` : `${given} of ${formatMoney(o.max_discount_total, f.currency, f.locale)}`;
}

/** When it runs: "From 5 Dec 2026, 12:00 AM to 6 Dec 2026, 11:59 PM" · "From …, no end". */
export function whenWords(o: Pick<ConsoleOffer, 'starts_at' | 'ends_at'> & Partial<Pick<ConsoleOffer, 'days' | 'hours' | 'rrule'>>, f: WordsFormat): string {
  const at = (iso: string) => formatDateTime(iso, f.locale, f.timeZone);
  const dates = o.ends_at ? `From ${at(o.starts_at)} to ${at(o.ends_at)}` : `From ${at(o.starts_at)}, no end`;
  const window = windowWords({ days: o.days ?? [], hours: o.hours ?? null, rrule: o.rrule ?? null });
  return window ? `${dates}; ${window}` : dates;
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
  tierName: (position: number) => string = (p) => `tier ${p + 1}`,
): string {
  const who = {
    everyone: 'Everyone',
    new_customers: 'New customers (no order yet)',
    first_order: "A customer's first order",
    tier: `Members of ${tierName(o.tier_position ?? 0)} and above`,
    customer_list: `${(o.customer_count ?? 0).toLocaleString(f.locale)} listed ${o.customer_count === 1 ? 'customer' : 'customers'}`,
  }[o.audience];
  const spend = o.min_spend > 0 ? `, on orders of ${formatMoney(o.min_spend, f.currency, f.locale)} or more` : '';
  const how = o.fulfilments.length === 2 ? 'pickup and delivery' : `${o.fulfilments[0] ?? 'no'} only`;
  const where = o.location_ids.length === 0 ? 'every location' : o.location_ids.map(locationName).join(', ');
  const times = o.per_customer_limit === null ? 'as often as they like' : o.per_customer_limit === 1 ? 'once each' : `up to ${o.per_customer_limit} times each`;
  const voucher = o.combines_with_voucher ? 'Goes with a reward voucher.' : 'Not with a reward voucher.';
  return `${who}${spend}; ${how}, ${where}; ${times}. ${voucher}`;
}
