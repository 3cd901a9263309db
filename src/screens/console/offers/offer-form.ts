/**
 * The offer editor's form (issue 50): an offer as the owner types it (text fields, the shop's wall-clock
 * times) and back, checked with the contract's own schema (offerCreateBody), so the console refuses what
 * the provider would, in the same words, before anything is sent.
 */
import { t as say } from '@lingui/core/macro';
import { moneyInput, moneyProblem, parseMoney } from '#contract/money';
import {
  ITEM_KINDS,
  NO_OFFER_ITEMS,
  offerCreateBody,
  offerDiscount,
  type ConsoleOffer,
  type OfferAudience,
  type OfferFields,
  type OfferItems,
  type OfferKind,
} from '#contract/offers';
import type { Weekday } from '#contract/locations';
import { dateTimeFormat } from '#contract/intl';

/** A buy X get Y's `buy` or `get` as typed: how many (as typed), and the products and categories ticked. */
export interface ItemsForm {
  qty: string;
  product_ids: number[];
  category_ids: number[];
}

/** What the editor's fields hold: numbers and money as typed, times as a `datetime-local` field writes them. */
export interface OfferForm {
  title: string;
  description: string;
  /** an automatic offer: no code, it applies by itself to the orders it fits */
  automatic: boolean;
  /** no code of its own: it applies with single-use codes made in batches on its page */
  single_use: boolean;
  code: string;
  kind: OfferKind;
  /** amount_off: money; the other kinds: the percentage */
  value: string;
  max_discount: string;
  /** free_product: the product chosen (null: none yet) */
  product_id: number | null;
  /** buy_x_get_y: what the order must have, what it gets, and how many times */
  buy: ItemsForm;
  get: ItemsForm;
  max_applications: string;
  min_spend: string;
  /** "2026-12-05T08:00" in the shop's time zone; empty: now (a new offer) */
  starts_at: string;
  /** empty: no end */
  ends_at: string;
  /** the weekdays ticked (none: every day) */
  days: Weekday[];
  /** "14:00" as a time field writes it; both empty: all day */
  hours_start: string;
  hours_end: string;
  /** an RFC 5545 rule of days; empty: none */
  rrule: string;
  pickup: boolean;
  delivery: boolean;
  /** none: every location */
  location_ids: number[];
  audience: OfferAudience;
  /** audience tier: the tier's position as the select holds it ('' none) */
  tier_position: string;
  /** audience customer_list: ids or phone numbers, one a line (or by commas); empty on a saved offer: its list kept */
  customers: string;
  max_uses: string;
  max_discount_total: string;
  per_customer_limit: string;
  combines_with_voucher: boolean;
  /** points on the total after the offer's discount (unticked: before it) */
  points_on_discounted: boolean;
}

/** How the form writes money and times: the shop's currency, locale and time zone. */
export interface FormFormat {
  currency: string;
  locale: string;
  timeZone: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The parts of a moment's wall-clock time in a time zone. */
function wallParts(at: number, timeZone: string) {
  const parts = dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: n('year'), month: n('month'), day: n('day'), hour: n('hour'), minute: n('minute'), second: n('second') };
}

/** How far the zone's clock is ahead of UTC at a moment, in minutes. */
function offsetAt(at: number, timeZone: string): number {
  const p = wallParts(at, timeZone);
  return Math.round((Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at / 1000) * 1000) / 60_000);
}

/**
 * A wall-clock time typed in the shop's zone ("2026-12-05T08:00") as the moment the contract takes, with
 * the zone's offset then ("2026-12-05T08:00:00+08:00"); null when it is no such time.
 */
export function zonedIso(local: string, timeZone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local.trim());
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  if (new Date(wall).getUTCDate() !== day || hour > 23) return null;
  // the offset at the moment meant: guessed from the wall time read as UTC, then checked from that moment
  const offset = offsetAt(wall - offsetAt(wall, timeZone) * 60_000, timeZone);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** A moment as a `datetime-local` field shows it in the shop's zone: "2026-12-05T08:00". */
export function localInputOf(iso: string, timeZone: string): string {
  const p = wallParts(Date.parse(iso), timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** A new offer's form: 10 % off, for everyone, pickup and delivery, once per customer, from now on. */
export const NEW_OFFER_FORM: OfferForm = {
  title: '',
  description: '',
  automatic: false,
  single_use: false,
  code: '',
  kind: 'percent_off',
  value: '10',
  max_discount: '',
  product_id: null,
  buy: { qty: '1', product_ids: [], category_ids: [] },
  get: { qty: '1', product_ids: [], category_ids: [] },
  max_applications: '1',
  min_spend: '',
  starts_at: '',
  ends_at: '',
  days: [],
  hours_start: '',
  hours_end: '',
  rrule: '',
  pickup: true,
  delivery: true,
  location_ids: [],
  audience: 'everyone',
  tier_position: '',
  customers: '',
  max_uses: '',
  max_discount_total: '',
  per_customer_limit: '1',
  combines_with_voucher: false,
  points_on_discounted: true,
};

const itemsFormOf = (i: OfferItems | null): ItemsForm =>
  i ? { qty: String(i.qty), product_ids: [...i.product_ids], category_ids: [...i.category_ids] } : { ...NEW_OFFER_FORM.buy };

/** An offer's saved fields as the form shows them, to type over. */
export function formOf(o: ConsoleOffer, f: FormFormat): OfferForm {
  const money = (n: number | null) => (n === null || n === 0 ? '' : moneyInput(n, f.currency, f.locale));
  const whole = (n: number | null) => (n === null ? '' : String(n));
  return {
    title: o.title,
    description: o.description,
    automatic: o.code === null && !o.single_use,
    single_use: o.single_use,
    code: o.code ?? '',
    kind: o.kind,
    value: o.kind === 'amount_off' ? moneyInput(o.value, f.currency, f.locale) : String(o.value),
    max_discount: money(o.max_discount),
    product_id: o.product_id,
    buy: itemsFormOf(o.buy),
    get: itemsFormOf(o.get),
    max_applications: o.max_applications === null ? '1' : String(o.max_applications),
    min_spend: money(o.min_spend),
    starts_at: localInputOf(o.starts_at, f.timeZone),
    ends_at: o.ends_at ? localInputOf(o.ends_at, f.timeZone) : '',
    days: [...o.days],
    hours_start: o.hours?.start ?? '',
    hours_end: o.hours?.end ?? '',
    rrule: o.rrule ?? '',
    pickup: o.fulfilments.includes('pickup'),
    delivery: o.fulfilments.includes('delivery'),
    location_ids: o.location_ids,
    audience: o.audience,
    tier_position: o.tier_position === null ? '' : String(o.tier_position),
    customers: '',
    max_uses: whole(o.max_uses),
    max_discount_total: money(o.max_discount_total),
    per_customer_limit: whole(o.per_customer_limit),
    combines_with_voucher: o.combines_with_voucher,
    points_on_discounted: o.points_on_discounted,
  };
}

/** What the form's text fields read as, with each one's problem in the forms' words. */
function readTyped(form: OfferForm, f: FormFormat, isNew: boolean) {
  const problems: Record<string, string> = {};
  const money = (field: keyof OfferForm, text: string, empty: number | null): number | null | undefined => {
    if (text.trim() === '') return empty;
    const n = parseMoney(text, f.currency, f.locale);
    if (n === null) problems[field] = moneyProblem(text, f.currency, f.locale, 5000) ?? say`must be an amount`;
    return n ?? undefined;
  };
  const whole = (field: keyof OfferForm, text: string): number | null | undefined => {
    if (text.trim() === '') return null;
    if (/^\d+$/.test(text.trim().replace(/,/g, ''))) return Number(text.trim().replace(/,/g, ''));
    problems[field] = say`must be a whole number, or empty`;
    return undefined;
  };
  const time = (field: 'starts_at' | 'ends_at', text: string): string | null | undefined => {
    if (text.trim() === '') {
      if (field === 'starts_at' && !isNew) problems[field] = say`is required`;
      return null;
    }
    const iso = zonedIso(text, f.timeZone);
    if (iso === null) problems[field] = say`must be a date and a time`;
    return iso ?? undefined;
  };
  const value = form.kind === 'amount_off' ? money('value', form.value, null) : whole('value', form.value);
  if (value === null && !problems.value) problems.value = say`is required`;
  const bxgy = form.kind === 'buy_x_get_y';
  // buy X get Y's parts: a count left empty or not whole is the part's own problem (`buy.qty`)
  const items = (part: 'buy' | 'get'): OfferItems | null | undefined => {
    if (!bxgy) return null;
    const qty = whole(`${part}.qty` as keyof OfferForm, form[part].qty);
    if (qty === null) problems[`${part}.qty`] = say`is required`;
    return typeof qty === 'number' ? { qty, product_ids: form[part].product_ids, category_ids: form[part].category_ids } : undefined;
  };
  const typed = {
    value,
    max_discount: form.kind === 'percent_off' ? money('max_discount', form.max_discount, null) : null,
    product_id: form.kind === 'free_product' ? form.product_id : null,
    buy: items('buy'),
    get: items('get'),
    max_applications: bxgy ? whole('max_applications', form.max_applications) : null,
    min_spend: money('min_spend', form.min_spend, 0),
    starts_at: time('starts_at', form.starts_at),
    ends_at: time('ends_at', form.ends_at),
    max_uses: whole('max_uses', form.max_uses),
    max_discount_total: money('max_discount_total', form.max_discount_total, null),
    per_customer_limit: whole('per_customer_limit', form.per_customer_limit),
  };
  return { typed, problems };
}

/**
 * The form as the create call's body, checked with the contract's schema: the offer, or its problems by
 * field (the field's own words first: "must be an amount such as 50.00"). `isNew`: an empty start is now.
 */
export function readOfferForm(form: OfferForm, f: FormFormat, isNew: boolean): { offer: OfferFields } | { problems: Record<string, string> } {
  const { typed, problems } = readTyped(form, f, isNew);
  const parsed = offerCreateBody.safeParse({
    title: form.title,
    description: form.description,
    code: form.automatic || form.single_use ? null : form.code,
    single_use: !form.automatic && form.single_use,
    points_on_discounted: form.points_on_discounted,
    kind: form.kind,
    // a field that could not be read is left out of the check: its own problem says why
    ...Object.fromEntries(Object.entries(typed).filter(([k, v]) => v !== undefined && !(k === 'starts_at' && v === null))),
    fulfilments: [...(form.pickup ? ['pickup'] : []), ...(form.delivery ? ['delivery'] : [])],
    days: form.days,
    // the hours: both empty, all day; one alone is the other's problem
    hours: form.hours_start === '' && form.hours_end === '' ? null : { start: form.hours_start, end: form.hours_end },
    rrule: form.rrule.trim() === '' ? null : form.rrule,
    location_ids: form.location_ids,
    audience: form.audience,
    tier_position: form.audience === 'tier' && form.tier_position !== '' ? Number(form.tier_position) : null,
    // ids as numbers, phone numbers as typed; none typed: the saved list is kept (a new offer's is then missing)
    ...(form.audience === 'customer_list' && form.customers.trim() !== '' ? { customers: customerEntries(form.customers) } : {}),
    combines_with_voucher: form.combines_with_voucher,
  });
  if (!parsed.success) for (const issue of parsed.error.issues) problems[String(issue.path[0] ?? 'title')] ??= issue.message;
  if (Object.keys(problems).length > 0 || !parsed.success) return { problems };
  return { offer: parsed.data };
}

/** A pasted list of customers: one a line or separated by commas; whole numbers are ids, the rest phone numbers. */
export function customerEntries(text: string): Array<number | string> {
  return text
    .split(/[\n,;]+/)
    .map((t) => t.trim())
    .filter(Boolean)
    .map((t) => (/^\d{1,9}$/.test(t) ? Number(t) : t));
}

/** The order the editor's example is priced on when the offer has no minimum: 50,000 minor units (₱500.00). */
const EXAMPLE_ORDER = 50_000;

/**
 * What the offer as typed takes off an example order (its minimum, or ₱500.00 when it has none), priced
 * by the contract's offerDiscount, the provider's own computation; null while what it gives cannot be read.
 */
export function discountExample(form: OfferForm, f: FormFormat): { order: number; off: number } | null {
  const { typed } = readTyped(form, f, true);
  if (typeof typed.value !== 'number' || typed.max_discount === undefined || typed.min_spend === undefined) return null;
  // an item offer's discount depends on the basket: the editor says its rule in words instead
  if (ITEM_KINDS.includes(form.kind)) return null;
  if (typed.value < 1 || (form.kind === 'percent_off' && typed.value > 100)) return null;
  const order = Math.max(typed.min_spend ?? 0, EXAMPLE_ORDER);
  return { order, off: offerDiscount({ ...NO_OFFER_ITEMS, kind: form.kind, value: typed.value, max_discount: typed.max_discount }, order, []) };
}
