import { msg, plural, t } from '@lingui/core/macro';
import type { AuditListData } from '#contract/staff';
import { spoken } from '../shared/spoken';
import { OFFER_KIND_WORDS } from '../shared/offer-words';
import { WEEKDAY_NAMES } from '../shared/location-words';

export type AuditEntry = AuditListData['items'][number];

/** How the shop writes money (minor units in), points and days, in its own locale and currency. */
export interface ActivityFormat {
  money: (minor: number) => string;
  count: (n: number) => string;
  /** 'YYYY-MM-DD' → "1 Nov 2026" */
  day: (day: string) => string;
  /** a time of day, 'HH:MM' → "7:00 PM" (the shop's clock: "19:00" for a 24-hour locale) */
  clock: (hhmm: string) => string;
  /** an instant (ISO) on the shop's clock → "20 Nov 2026, 5:30 PM" */
  when: (iso: string) => string;
}

/** One line of "what changed": a field in words, before and after as people read them. */
export interface ActivityChange {
  label: string;
  before: string;
  after: string;
}

export interface ActivityText {
  /** "Anna redeemed Free turon for Ana Reyes." */
  sentence: string;
  /** a warning the owner should act on (an account being guessed at, a counter's code limit) */
  warning: boolean;
  /** the fields a change changed, in words; empty when the sentence says it all */
  changes: ActivityChange[];
  /** where it came from, when that matters (a sign-in's address) */
  detail: string | null;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const text = (v: unknown, fallback: string) => (typeof v === 'string' && v.trim() ? v : fallback);

const STATUS: Readonly<Record<string, string>> = spoken({
  pending_payment: msg`waiting for payment`,
  paid: msg`paid`,
  preparing: msg`preparing`,
  ready: msg`ready`,
  on_delivery: msg`on its way`,
  completed: msg`completed`,
  cancelled: msg`cancelled`,
  active: msg`usable`,
  used: msg`used`,
  expired: msg`expired`,
});

/** Fields whose numbers are money in minor units. */
const MONEY = new Set([
  'price',
  'total',
  'subtotal',
  'discount_amount',
  'amount',
  'delivery_fee',
  'min_order',
  'refund',
  'points_per_amount',
  'topup_min',
  'topup_max',
  'topup_presets',
  'min_spend',
  'max_discount',
  'max_discount_total',
]);
/** Fields that are instants: said on the shop's clock. */
const INSTANT = new Set(['starts_at', 'ends_at']);

/** Fields people know by another name; anything else is its own name in words ("points_cost" → "Points cost"). */
const LABEL: Readonly<Record<string, string>> = spoken({
  available: msg`On sale`,
  active: msg`Offered`,
  points_cost: msg`Points it costs`,
  stock_total: msg`Stock`,
  valid_days: msg`Days a voucher lasts`,
  per_customer_limit: msg`Most per customer`,
  discount_amount: msg`Discount`,
  product: msg`Free product`,
  setting_company: msg`Shop name`,
  brand_color: msg`Brand colour`,
  accent_color: msg`Accent colour`,
  brand_text_color: msg`Text on the brand colour`,
  landing_text_color: msg`Text on the landing colour`,
  landing_body_background_color: msg`Landing colour`,
  landing_body_background_image: msg`Landing image`,
  post_file: msg`Logo`,
  post_title: msg`Favicon`,
  image: msg`Photo`,
  category_id: msg`Category`,
  min_choices: msg`Fewest choices`,
  max_choices: msg`Most choices`,
  options: msg`Options`,
  option_group_ids: msg`Option groups`,
  product_ids: msg`Products`,
  spin_cost_points: msg`Points a spin costs`,
  free_spins_per_day: msg`Free spins a day`,
  points: msg`Points`,
  role: msg`Role`,
  status: msg`Status`,
  contact_email: msg`Contact e-mail`,
  privacy_url: msg`Privacy notice link`,
  terms_url: msg`Terms link`,
  deletion_cooling_off_days: msg`Days before a deleted account is erased`,
  default_country_code: msg`Country calling code`,
  timezone: msg`Time zone`,
  points_per_amount: msg`Spend for one point`,
  delivery_fee_earns_points: msg`Delivery fee earns points`,
  points_expiry_days: msg`Days points last`,
  points_hold_days: msg`Days points wait before they can be spent`,
  counter_points_per_customer_per_day: msg`Most points a customer earns at the counter a day`,
  counter_points_per_staff_per_day: msg`Most points a staff member gives at the counter a day`,
  counter_stamps_per_customer_per_day: msg`Most stamps a customer collects at the counter a day`,
  counter_stamps_per_staff_per_day: msg`Most stamps a staff member gives at the counter a day`,
  birthday_reward: msg`Birthday treat`,
  birthday_points: msg`Birthday points`,
  birthday_reward_name: msg`Birthday reward`,
  birthday_window_days: msg`Days before a birthday the treat comes`,
  min_order: msg`Minimum order`,
  topup_min: msg`Smallest top-up`,
  topup_max: msg`Largest top-up`,
  topup_presets: msg`Quick top-up amounts`,
  lat: msg`Latitude`,
  lng: msg`Longitude`,
  hours: msg`Opening hours`,
  exceptions: msg`Dated hours`,
  pickup: msg`Takes pickup orders`,
  prep_minutes: msg`Minutes to prepare`,
  slot_minutes: msg`Minutes a pickup slot lasts`,
  slot_capacity: msg`Orders a pickup slot takes`,
  delivery_areas: msg`Delivery areas`,
  unavailable_product_ids: msg`Products not sold here`,
  kind: msg`What it gives`,
  min_spend: msg`Minimum spend`,
  max_discount: msg`Most off an order`,
  max_discount_total: msg`Most given in all`,
  max_uses: msg`Uses in all`,
  starts_at: msg`Starts`,
  ends_at: msg`Ends`,
  code: msg`Promo code`,
  location_ids: msg`Locations`,
});
/** Fields that are bookkeeping, not what the owner changed. */
const HIDDEN = new Set(['id', 'created_at', 'updated_at', 'redemption', 'reward', 'product_id', 'expires_at', 'sha256', 'merchant_id', 'position']);

const labelOf = (key: string) => LABEL[key] ?? key.charAt(0).toUpperCase() + key.slice(1).replace(/_/g, ' ');

function valueOf(key: string, v: unknown, f: ActivityFormat): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return key === 'available' ? (v ? t`On sale` : t`Sold out`) : v ? t`Yes` : t`No`;
  if (typeof v === 'number') return MONEY.has(key) ? f.money(v) : f.count(v);
  if (key === 'role') return v === 'owner' ? t`Owner` : t`Staff`;
  if (key === 'kind' && typeof v === 'string') return (OFFER_KIND_WORDS as Record<string, string>)[v] ?? v;
  if (INSTANT.has(key) && typeof v === 'string') return f.when(v);
  if (key === 'status' && typeof v === 'string') return STATUS[v] ?? v;
  if (typeof v === 'string') return v;
  if (Array.isArray(v) && MONEY.has(key)) return v.map((x) => (typeof x === 'number' ? f.money(x) : '…')).join(', ');
  if (Array.isArray(v)) {
    const count = f.count(v.length);
    const items = v.length;
    return plural(items, { one: `${count} item`, other: `${count} items` });
  }
  // a thing named (a reward's free product): its name
  if (typeof v === 'object' && typeof (v as Obj).name === 'string') return (v as Obj).name as string;
  return '…';
}

/** Fields that hold an image's stored address: said as the image they are, never as the path. */
const IMAGE: Record<string, 'logo' | 'favicon' | 'landing' | 'photo'> = {
  post_file: 'logo',
  post_title: 'favicon',
  landing_body_background_image: 'landing',
  image: 'photo',
};
/** An image's value in a change: the previous one, a new one (whole words per image: "a new logo"). */
const IMAGE_WAS = spoken({
  logo: msg`the previous logo`,
  favicon: msg`the previous favicon`,
  landing: msg`the previous landing image`,
  photo: msg`the previous photo`,
});
const IMAGE_NEW = spoken({ logo: msg`a new logo`, favicon: msg`a new favicon`, landing: msg`a new landing image`, photo: msg`a new photo` });

/** A day's opening periods as people read them: "8:00 AM–12:00 PM, 1:00 PM–5:00 PM" (the shop's clock), or "Closed". */
function periodsOf(v: unknown, f: ActivityFormat): string {
  const periods = Array.isArray(v) ? v.map(obj).filter((p) => typeof p.open === 'string' && typeof p.close === 'string') : [];
  return periods.length ? periods.map((p) => `${f.clock(p.open as string)}–${f.clock(p.close as string)}`).join(', ') : t`Closed`;
}

/** The days whose opening periods differ, one line each ("Opening hours, Tuesday": 7:00 AM–7:00 PM → Closed). */
function hoursChanges(before: unknown, after: unknown, f: ActivityFormat): ActivityChange[] {
  const b = obj(before);
  const a = obj(after);
  return (Object.keys(WEEKDAY_NAMES) as Array<keyof typeof WEEKDAY_NAMES>)
    .filter((d) => JSON.stringify(b[d] ?? []) !== JSON.stringify(a[d] ?? []))
    .map((d) => {
      const day = WEEKDAY_NAMES[d];
      return { label: t`Opening hours, ${day}`, before: periodsOf(b[d], f), after: periodsOf(a[d], f) };
    });
}

/** The dated exceptions added, changed or taken away, one line per date. */
function exceptionChanges(before: unknown, after: unknown, f: ActivityFormat): ActivityChange[] {
  const byDate = (v: unknown) => new Map((Array.isArray(v) ? v.map(obj) : []).filter((e) => typeof e.date === 'string').map((e) => [e.date as string, e]));
  const b = byDate(before);
  const a = byDate(after);
  const dates = [...new Set([...b.keys(), ...a.keys()])].sort();
  return dates
    .filter((d) => JSON.stringify(b.get(d)) !== JSON.stringify(a.get(d)))
    .map((d) => {
      const day = f.day(d);
      return {
        label: t`Dated hours, ${day}`,
        before: b.has(d) ? periodsOf(b.get(d)!.periods, f) : '—',
        after: a.has(d) ? periodsOf(a.get(d)!.periods, f) : t`Back to the weekly hours`,
      };
    });
}

/** One field's change in words: hours by day, dates by date, images as images, the rest by value. */
function fieldChanges(k: string, b: unknown, a: unknown, created: boolean, removed: boolean, f: ActivityFormat): ActivityChange[] {
  if (k === 'hours' && !created && !removed) return hoursChanges(b, a, f);
  if (k === 'exceptions' && !created && !removed) return exceptionChanges(b, a, f);
  const image = IMAGE[k];
  const value = image
    ? (v: unknown, was: boolean) => (typeof v === 'string' && v ? (was ? IMAGE_WAS : IMAGE_NEW)[image] : was ? '—' : t`none`)
    : (v: unknown) => valueOf(k, v, f);
  if (created) return [{ label: labelOf(k), before: '—', after: value(a, false) }];
  if (removed) return [{ label: labelOf(k), before: value(b, true), after: '—' }];
  return [{ label: labelOf(k), before: value(b, true), after: value(a, false) }];
}

/** What differs between before and after, field by field, in words (bookkeeping fields left out). */
export function changesOf(before: unknown, after: unknown, f: ActivityFormat): ActivityChange[] {
  const b = obj(before);
  const a = obj(after);
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => !HIDDEN.has(k));
  const out: ActivityChange[] = [];
  for (const k of keys) {
    const was = JSON.stringify(b[k]);
    const now = JSON.stringify(a[k]);
    if (was === now) continue;
    out.push(...fieldChanges(k, b[k], a[k], before === null, after === null, f));
  }
  return out;
}

/** Who acted, as the owner knows them. */
function whoOf(e: AuditEntry): string {
  if (e.staff) return e.staff.name;
  if (e.actor === 'machine') return t`The point-of-sale system (merchant key)`;
  if (e.actor === 'visitor') return t`Someone`;
  return t`The operator`;
}

/** A product archived, restored, deleted, or a category's products reordered (issue 27); null: another action. */
function productLifecycle(action: string, who: string, a: Obj, b: Obj): string | null {
  switch (action) {
    case 'menu.product.archive': {
      const product = text(b.name, t`a product`);
      return t`${who} archived ${product}: customers no longer see it.`;
    }
    case 'menu.product.restore': {
      const product = text(a.name, t`a product`);
      return t`${who} brought ${product} back on the menu.`;
    }
    case 'menu.product.delete': {
      const product = text(b.name, t`a product`);
      return t`${who} deleted ${product} from the menu.`;
    }
    case 'menu.product.reorder':
      return t`${who} put the products of a category in a new order.`;
    case 'menu.category.archive_all': {
      const n = Array.isArray(a.archived) ? a.archived.length : 0;
      const count = String(n);
      return plural(n, {
        one: `${who} archived ${count} product of a category at once: customers no longer see them.`,
        other: `${who} archived ${count} products of a category at once: customers no longer see them.`,
      });
    }
    default:
      return null;
  }
}

/** The team's own entries: set-up, invitations, roles, sign-ins, passwords (null: another kind). */
function teamText(action: string, who: string, a: Obj, b: Obj, f: ActivityFormat, from: string | null): ActivityText | null {
  const plain = (sentence: string, o: Partial<ActivityText> = {}): ActivityText => ({ sentence, warning: false, changes: [], detail: null, ...o });
  const owner = a.role === 'owner';
  switch (action) {
    case 'owner.setup':
      return plain(t`${who} set up the shop as its first owner.`);
    case 'staff.join':
      return plain(owner ? t`${who} joined the team as an owner.` : t`${who} joined the team as staff.`);
    case 'staff.invite': {
      const email = text(a.email, t`someone (a link to share)`);
      return plain(owner ? t`${who} invited ${email} to join as an owner.` : t`${who} invited ${email} to join as staff.`);
    }
    case 'invite.revoke': {
      const email = text(b.email, t`someone`);
      return plain(t`${who} cancelled the invitation for ${email}.`);
    }
    case 'staff.role': {
      const member = text(a.name, t`a team member`);
      return plain(owner ? t`${who} made ${member} an owner.` : t`${who} made ${member} staff.`, { detail: t`Their sessions and the links they made ended.` });
    }
    case 'staff.remove': {
      const member = text(b.name, t`a team member`);
      return plain(t`${who} removed ${member} from the team.`, { detail: t`Their sessions and the links they made ended.` });
    }
    case 'sessions.end_all':
      return plain(t`${who} signed out everywhere.`);
    case 'signin':
      return plain(t`${who} signed in.`, { detail: from });
    case 'signout':
      return plain(t`${who} signed out.`);
    case 'signin.failed': {
      const email = text(a.email, t`an account`);
      return plain(t`Someone typed a wrong password for ${email}.`, { detail: from });
    }
    case 'signin.attack': {
      const email = text(a.email, t`An account`);
      const failures = f.count(Number(a.failures) || 0);
      const minutes = f.count(Number(a.minutes) || 15);
      const latest = from?.toLowerCase();
      return plain(t`${email} is being guessed at: ${failures} wrong passwords in ${minutes} minutes.`, {
        warning: true,
        detail: latest
          ? t`Each address is slowed down; the right password from anywhere else still works. If it was not you, choose a new password. Latest: ${latest}.`
          : t`Each address is slowed down; the right password from anywhere else still works. If it was not you, choose a new password.`,
      });
    }
    case 'password.change':
      return plain(t`${who} changed their password.`, { detail: t`Their other sessions ended.` });
    case 'password.reset_request': {
      const email = text(a.email, t`an account`);
      return plain(t`Someone asked for a password reset link for ${email}.`, { detail: from });
    }
    case 'password.reset':
      return plain(t`${who} chose a new password from a reset link.`, { detail: t`Every session of theirs ended.` });
    default:
      return null;
  }
}

/**
 * An activity entry in the owner's words: "Anna redeemed Free turon for Ana Reyes.", with what changed
 * as money and words, never JSON in minor units. An action this console does not know yet is still
 * said plainly ("Anna: reward.bundle").
 */
export function describeActivity(e: AuditEntry, f: ActivityFormat): ActivityText {
  const who = whoOf(e);
  const a = obj(e.after);
  const b = obj(e.before);
  const address = typeof a.address === 'string' ? a.address : null;
  const from = address === null ? null : t`From ${address}`;
  const plain = (sentence: string, o: Partial<ActivityText> = {}): ActivityText => ({ sentence, warning: false, changes: [], detail: null, ...o });
  const diff = () => changesOf(e.before, e.after, f);
  const period = typeof a.from === 'string' && typeof a.to === 'string' ? { start: f.day(a.from), end: f.day(a.to) } : null;
  const order = (e.target ?? '').replace(/^order:/, '');
  const reason = typeof a.reason === 'string' ? a.reason : null;
  const reasonSaid = reason === null ? null : t`Reason: “${reason}”`;
  const counter = counterText(e.action, who, a, f) ?? teamText(e.action, who, a, b, f, from);
  if (counter) return counter;
  const tiers = tiersReferralsText(e.action, who, a, b, f) ?? campaignText(e.action, who, a, b);
  if (tiers) return tiers;
  const lifecycle = productLifecycle(e.action, who, a, b) ?? locationSentence(e.action, who, a, b) ?? loyaltySentence(e.action, who, a, b);
  if (lifecycle)
    return plain(lifecycle, {
      changes: e.action === 'location.update' || e.action === 'loyalty.rule.update' || e.action === 'loyalty.stamps.update' ? diff() : [],
    });

  switch (e.action) {
    case 'order.advance':
    case 'order.status': {
      const status = STATUS[text(a.status, '')] ?? text(a.status, t`changed`);
      return plain(t`${who} marked order ${order} as ${status}.`);
    }
    case 'order.cancel':
      return plain(cancelSentence(who, order, a, b, f), { detail: reasonSaid });
    case 'order.mark_paid':
      return plain(paidSentence(who, order, a, f));
    case 'product.update': {
      const product = text(a.product_name, t`a product`);
      return plain(t`${who} changed ${product}.`, {
        changes: changesOf(null, { ...(a.price !== undefined ? { price: a.price } : {}), ...(a.available !== undefined ? { available: a.available } : {}) }, f),
      });
    }
    case 'menu.product.create': {
      const product = text(a.name, t`a product`);
      return plain(t`${who} added ${product} to the menu.`, { changes: diff() });
    }
    case 'menu.product.update': {
      const product = text(a.name, text(b.name, t`a product`));
      return plain(t`${who} changed ${product}.`, { changes: diff() });
    }
    default:
      return menuRewardText(e, who, a, b, f, diff) ?? otherText(e, who, a, b, f, { period, reasonSaid, diff });
  }
}

/** The menu's categories, rewards, the wheel, the brand and the settings; null: another action. */
function menuRewardText(e: AuditEntry, who: string, a: Obj, b: Obj, f: ActivityFormat, diff: () => ActivityChange[]): ActivityText | null {
  const plain = (sentence: string, o: Partial<ActivityText> = {}): ActivityText => ({ sentence, warning: false, changes: [], detail: null, ...o });
  const name = text(a.name, '');
  const was = text(b.name, '');
  switch (e.action) {
    case 'menu.category.create':
      return plain(t`${who} added the category ${name}.`);
    case 'menu.category.rename':
      return plain(t`${who} renamed the category ${was} to ${name}.`);
    case 'menu.category.reorder':
      return plain(t`${who} put the menu's categories in a new order.`);
    case 'menu.category.delete':
      return plain(t`${who} removed the category ${was}.`);
    case 'offer.create':
      return plain(t`${who} added the offer ${text(a.title, '')}.`, { changes: diff() });
    case 'offer.update':
      return plain(t`${who} changed the offer ${text(a.title, text(b.title, ''))}.`, { changes: diff() });
    case 'offer.status': {
      const offer = text(a.title, '');
      if (a.status === 'paused') return plain(t`${who} paused the offer ${offer}.`);
      if (a.status === 'archived') return plain(t`${who} archived the offer ${offer}.`);
      return plain(t`${who} turned the offer ${offer} on again.`);
    }
    case 'offer.codes': {
      const count = f.count(typeof a.count === 'number' ? a.count : 0);
      return plain(t`${who} made ${count} single-use codes.`);
    }
    case 'reward.create': {
      const reward = text(a.title, '');
      return plain(t`${who} added the reward ${reward}.`, { changes: diff() });
    }
    case 'reward.update': {
      const reward = text(a.title, text(b.title, ''));
      return plain(t`${who} changed the reward ${reward}.`, { changes: diff() });
    }
    case 'reward.retire': {
      const reward = text(b.title, text(a.title, ''));
      return plain(t`${who} retired the reward ${reward}.`);
    }
    case 'wheel.publish': {
      const prizes = Array.isArray(a.segments) ? f.count(a.segments.length) : null;
      return plain(prizes === null ? t`${who} published a new wheel.` : t`${who} published a new wheel with ${prizes} prizes.`, {
        changes: changesOf(pick(b, WHEEL_FIELDS), pick(a, WHEEL_FIELDS), f),
      });
    }
    case 'theme.draft':
      return plain(t`${who} changed the draft of the brand.`, { changes: diff() });
    case 'theme.publish':
      return plain(t`${who} published the brand: customers see it now.`, { changes: diff() });
    case 'theme.restore':
      return plain(t`${who} brought back an earlier brand.`, { changes: diff() });
    case 'theme.preview_link':
      return plain(t`${who} made a link to preview the draft brand.`);
    case 'settings.update':
      return plain(t`${who} changed the shop settings.`, { changes: diff() });
    case 'media.upload': {
      if (typeof a.width !== 'number' || typeof a.height !== 'number') return plain(t`${who} uploaded an image.`);
      const { width, height } = a;
      return plain(t`${who} uploaded an image (${width} × ${height}).`);
    }
    default:
      return null;
  }
}

/** An order cancelled: its total and whether it was refunded, when known. */
function cancelSentence(who: string, order: string, a: Obj, b: Obj, f: ActivityFormat): string {
  if (typeof b.total !== 'number') return t`${who} cancelled order ${order}.`;
  const total = f.money(b.total);
  return a.refunded === false
    ? t`${who} cancelled order ${order} (${total}, not paid, nothing refunded).`
    : t`${who} cancelled order ${order} (${total}, refunded).`;
}

/** An order paid at the counter: its total and how, when known. */
function paidSentence(who: string, order: string, a: Obj, f: ActivityFormat): string {
  if (typeof a.total !== 'number') return t`${who} took payment for order ${order} at the counter.`;
  const total = f.money(a.total);
  if (a.how === 'card') return t`${who} took payment for order ${order} at the counter (${total}, card).`;
  if (a.how === 'cash') return t`${who} took payment for order ${order} at the counter (${total}, cash).`;
  return t`${who} took payment for order ${order} at the counter (${total}).`;
}

/** Downloads, customers, gift cards, payments, test messages, services and options; else the action itself. */
function otherText(
  e: AuditEntry,
  who: string,
  a: Obj,
  b: Obj,
  f: ActivityFormat,
  { period, reasonSaid, diff }: { period: { start: string; end: string } | null; reasonSaid: string | null; diff: () => ActivityChange[] },
): ActivityText {
  const plain = (sentence: string, o: Partial<ActivityText> = {}): ActivityText => ({ sentence, warning: false, changes: [], detail: null, ...o });
  const { start, end } = period ?? { start: '', end: '' };
  switch (e.action) {
    case 'customer.points': {
      const change = Number(a.change) || 0;
      const name = text(a.customer, t`a customer`);
      const points = f.count(Math.abs(change));
      return plain(change >= 0 ? t`${who} gave ${name} ${points} points.` : t`${who} took ${points} points from ${name}.`, {
        detail: reasonSaid,
        changes: changesOf({ points: b.points }, { points: a.points }, f),
      });
    }
    case 'customer.search': {
      const query = text(a.q, '');
      return plain(t`${who} searched the customers for “${query}”.`);
    }
    case 'customer.view': {
      const name = text(a.name, t`a customer`);
      return plain(t`${who} opened ${name}'s account.`);
    }
    case 'export.orders':
      return plain(period ? t`${who} downloaded the orders for ${start} to ${end}.` : t`${who} downloaded the orders.`);
    case 'export.ledger':
      return plain(period ? t`${who} downloaded the points and wallet ledgers for ${start} to ${end}.` : t`${who} downloaded the points and wallet ledgers.`);
    case 'export.gift_cards':
      return plain(period ? t`${who} downloaded the gift cards sold for ${start} to ${end}.` : t`${who} downloaded the gift cards sold.`);
    case 'gift_cards.batch': {
      const batch = text(a.label, t`a batch`);
      if (typeof a.count !== 'number') return plain(t`${who} made a batch of printed gift card numbers (${batch}).`);
      const count = a.count.toLocaleString('en');
      return plain(t`${who} made ${count} printed gift card numbers (${batch}).`);
    }
    case 'export.gift_card_batch':
      return plain(t`${who} downloaded the numbers of a batch of printed gift cards.`);
    case 'payment.refunded':
      return refundText(a, f);
    case 'payment.disputed':
      return disputeText(a, f);
    case 'channels.test_message': {
      const to = text(a.to, t`themselves`);
      return plain(a.channel === 'sms' ? t`${who} sent a test text message to ${to}.` : t`${who} sent a test e-mail to ${to}.`);
    }
    default: {
      // a service connected in the console: its sentence says what is shown of it, nothing more to list
      const action = e.action;
      const target = e.target;
      const unknown = target ? t`${who}: ${action} (${target}).` : t`${who}: ${action}.`;
      return plain(channelSentence(e.action, who, a, b) ?? optionSentence(e.action, who, a, b) ?? unknown, {
        changes: /^(menu\.option_group\.delete|channels\.)/.test(e.action) ? [] : diff(),
      });
    }
  }
}

/** A payment refunded by the payment service, with what could not be taken back from the wallet (a warning). */
function refundText(a: Obj, f: ActivityFormat): ActivityText {
  const by = text(a.by, t`The payment service`);
  const amount = typeof a.amount === 'number' ? f.money(a.amount) : t`a payment`;
  const order = typeof a.order === 'string' ? a.order : null;
  const refunded = order === null ? t`${by} refunded ${amount} of a top-up.` : t`${by} refunded ${amount} of order ${order}.`;
  if (typeof a.not_taken_back !== 'number' || a.not_taken_back <= 0) return { sentence: refunded, warning: false, changes: [], detail: null };
  const spent = f.money(a.not_taken_back);
  return { sentence: t`${refunded} ${spent} of it had been spent and could not be taken back from the wallet.`, warning: true, changes: [], detail: null };
}

/** A payment disputed at the customer's bank (a warning), with the reason given. */
function disputeText(a: Obj, f: ActivityFormat): ActivityText {
  const amount = typeof a.amount === 'number' ? f.money(a.amount) : t`a payment`;
  const by = text(a.by, t`the payment service`);
  const reason = typeof a.reason === 'string' ? a.reason.replace(/_/g, ' ') : null;
  const order = typeof a.order === 'string' ? a.order : null;
  return {
    sentence: order === null ? t`A customer's bank disputed ${amount} at ${by}.` : t`A customer's bank disputed ${amount} of order ${order} at ${by}.`,
    warning: true,
    changes: [],
    detail: reason === null ? null : t`Reason given: ${reason}`,
  };
}

/** A payment or message service connected, replaced or disconnected in the console (what is shown of it, never a secret). */
function channelSentence(action: string, who: string, a: Obj, b: Obj): string | null {
  if (action !== 'channels.connect' && action !== 'channels.replace' && action !== 'channels.disconnect') return null;
  const service =
    ({ stripe: 'Stripe', twilio: 'Twilio', smtp: t`the e-mail server` } as Record<string, string>)[String(a.service ?? b.service)] ?? t`a service`;
  const shown = text(action === 'channels.disconnect' ? b.shown : a.shown, '');
  // whole sentences, what is shown of the service in brackets
  if (action === 'channels.connect') return shown ? t`${who} connected ${service} (${shown}).` : t`${who} connected ${service}.`;
  if (action === 'channels.replace') return shown ? t`${who} replaced the settings of ${service} (${shown}).` : t`${who} replaced the settings of ${service}.`;
  return shown ? t`${who} disconnected ${service} (${shown}).` : t`${who} disconnected ${service}.`;
}

/**
 * The counter's entries: vouchers redeemed and undone, rewards given for points from the member card and
 * undone, its code limit (a warning), points given for a walk-in sale (issue 29), their undo and a
 * refusal by a daily limit (a warning); null for any other.
 */
function counterText(action: string, who: string, a: Obj, f: ActivityFormat): ActivityText | null {
  const plain = (sentence: string, o: Partial<ActivityText> = {}): ActivityText => ({ sentence, warning: false, changes: [], detail: null, ...o });
  const customer = text(a.customer, t`a customer`);
  const reward = text(a.reward_title, t`a reward`);
  const location = typeof a.location === 'string' ? a.location : null;
  const sale = saleWords(a, f);
  switch (action) {
    case 'voucher.redeem': {
      const voucher = text(a.reward_title, text(a.reward, t`a voucher`));
      return plain(t`${who} redeemed ${voucher} for ${customer}.`);
    }
    case 'voucher.undo': {
      const voucher = text(a.reward_title, t`a voucher`);
      return plain(typeof a.customer === 'string' ? t`${who} undid a redemption of ${voucher} for ${customer}.` : t`${who} undid a redemption of ${voucher}.`);
    }
    case 'counter.reward_redeem': {
      const spent = f.count(Number(a.spent) || 0);
      return plain(
        location
          ? t`${who} gave ${customer} ${reward} for ${spent} points, from their member card at ${location}.`
          : t`${who} gave ${customer} ${reward} for ${spent} points, from their member card.`,
      );
    }
    case 'counter.reward_undo': {
      const back = f.count(Number(a.given_back) || 0);
      return plain(t`${who} undid ${reward} for ${customer}: ${back} points and the reward's stock went back.`);
    }
    case 'counter.code_limit': {
      const codes = f.count(Number(a.unknown_codes) || 30);
      return plain(t`${who} typed ${codes} codes the counter did not recognise within a minute: the counter paused for a minute.`, { warning: true });
    }
    case 'counter.earn': {
      const earned = f.count(Number(a.earned) || 0);
      return plain(t`${who} gave ${customer} ${earned} points for a ${sale}.`);
    }
    case 'counter.earn_undo': {
      const back = f.count(Number(a.taken_back) || 0);
      return plain(t`${who} took back the ${back} points ${customer} earned for a ${sale}.`);
    }
    case 'counter.earn_refused':
      return refusedText(who, customer, sale, a, f);
    default:
      return null;
  }
}

/** A counter sale as the log says it: "₱180.00 sale at Makati", "sale" when nothing more is known. */
function saleWords(a: Obj, f: ActivityFormat): string {
  const amount = typeof a.amount === 'number' ? f.money(a.amount) : null;
  const location = typeof a.location === 'string' ? a.location : null;
  if (amount && location) return t`${amount} sale at ${location}`;
  if (amount) return t`${amount} sale`;
  return location ? t`sale at ${location}` : t`sale`;
}

/** Points or stamps the counter would not give for a sale: a daily limit, the staff member's or the customer's (a warning). */
function refusedText(who: string, customer: string, sale: string, a: Obj, f: ActivityFormat): ActivityText {
  const cap = f.count(Number(a.cap) || 0);
  const staff = a.limit === 'staff';
  if (a.stamps_left_today !== undefined) {
    const stamps = f.count(Number(a.stamps) || 0);
    const left = f.count(Number(a.stamps_left_today) || 0);
    return {
      sentence: staff
        ? t`${who} could not give ${customer} ${stamps} stamps for a ${sale}: they have given the most stamps allowed at the counter today.`
        : t`${who} could not give ${customer} ${stamps} stamps for a ${sale}: the customer has collected the most stamps allowed at the counter today.`,
      warning: true,
      changes: [],
      detail: staff
        ? t`The daily limit is ${cap} stamps per staff member (${left} left today); an owner can change it in the shop settings.`
        : t`The daily limit is ${cap} stamps per customer (${left} left today); an owner can change it in the shop settings.`,
    };
  }
  const points = f.count(Number(a.points) || 0);
  const left = f.count(Number(a.points_left_today) || 0);
  return {
    sentence: staff
      ? t`${who} could not give ${customer} ${points} points for a ${sale}: they have given the most points allowed at the counter today.`
      : t`${who} could not give ${customer} ${points} points for a ${sale}: the customer has earned the most points allowed at the counter today.`,
    warning: true,
    changes: [],
    detail: staff
      ? t`The daily limit is ${cap} points per staff member (${left} left today); an owner can change it in the shop settings.`
      : t`The daily limit is ${cap} points per customer (${left} left today); an owner can change it in the shop settings.`,
  };
}

/** The Options page's entries (option groups, an option's sold-out switch); null for any other. */
function optionSentence(action: string, who: string, a: Obj, b: Obj): string | null {
  switch (action) {
    case 'menu.option_group.create': {
      const group = text(a.name, '');
      return t`${who} added the option group ${group}.`;
    }
    case 'menu.option_group.update': {
      const group = text(a.name, text(b.name, ''));
      return t`${who} changed the option group ${group}.`;
    }
    case 'menu.option_group.delete': {
      const group = text(b.name, '');
      return t`${who} removed the option group ${group}.`;
    }
    case 'menu.option.availability': {
      const option = text(a.name, t`an option`);
      return a.available === false ? t`${who} marked ${option} sold out.` : t`${who} put ${option} back on sale.`;
    }
    default:
      return null;
  }
}

/**
 * An earning rule or a stamp card added, changed, paused, resumed or ended (issue 29), a referral voided
 * (issue 30), approved or rejected on review; null: another action.
 */
function loyaltySentence(action: string, who: string, a: Obj, b: Obj): string | null {
  const name = text(a.name, text(b.name, ''));
  const friend = text(a.friend, t`a friend`);
  const referrer = text(a.referrer, t`a customer`);
  switch (action) {
    case 'loyalty.rule.create':
      return name ? t`${who} added the earning rule ${name}.` : t`${who} added the earning rule.`;
    case 'loyalty.rule.update':
      return name ? t`${who} changed the earning rule ${name}.` : t`${who} changed the earning rule.`;
    case 'loyalty.rule.status':
      return ruleStatus(who, a.status, name);
    case 'loyalty.stamps.create':
      return name ? t`${who} added the stamp card ${name}.` : t`${who} added the stamp card.`;
    case 'loyalty.stamps.update':
      return name ? t`${who} changed the stamp card ${name}.` : t`${who} changed the stamp card.`;
    case 'loyalty.stamps.status':
      return cardStatus(who, a.status, name);
    case 'referral.void':
      return voidSentence(who, friend, referrer, a);
    case 'referral.approve':
      return a.status === 'capped'
        ? t`${who} approved the referral of ${friend} by ${referrer} after review: the friend was rewarded (the referrer was over the monthly cap).`
        : t`${who} approved the referral of ${friend} by ${referrer} after review: both were rewarded.`;
    case 'referral.reject':
      return t`${who} rejected the referral of ${friend} by ${referrer} after review: neither was rewarded.`;
    default:
      return null;
  }
}

/** An earning rule ended, paused or resumed: a whole sentence each, with its name or without. */
function ruleStatus(who: string, status: unknown, name: string): string {
  if (status === 'ended') return name ? t`${who} ended the earning rule ${name}.` : t`${who} ended the earning rule.`;
  if (status === 'paused') return name ? t`${who} paused the earning rule ${name}.` : t`${who} paused the earning rule.`;
  return name ? t`${who} resumed the earning rule ${name}.` : t`${who} resumed the earning rule.`;
}

/** A stamp card ended, paused or resumed. */
function cardStatus(who: string, status: unknown, name: string): string {
  if (status === 'ended') return name ? t`${who} ended the stamp card ${name}.` : t`${who} ended the stamp card.`;
  if (status === 'paused') return name ? t`${who} paused the stamp card ${name}.` : t`${who} paused the stamp card.`;
  return name ? t`${who} resumed the stamp card ${name}.` : t`${who} resumed the stamp card.`;
}

/** A referral voided: why, and the points and vouchers taken back. */
function voidSentence(who: string, friend: string, referrer: string, a: Obj): string {
  const points = (typeof a.referrer_points === 'number' ? a.referrer_points : 0) + (typeof a.friend_points === 'number' ? a.friend_points : 0);
  const vouchers = typeof a.vouchers_cancelled === 'number' ? a.vouchers_cancelled : 0;
  const pointsWords = plural(points, { one: `${points} point`, other: `${points} points` });
  const voucherWords = plural(vouchers, { one: `${vouchers} voucher`, other: `${vouchers} vouchers` });
  const back = points > 0 && vouchers > 0 ? t`${pointsWords} and ${voucherWords}` : points > 0 ? pointsWords : vouchers > 0 ? voucherWords : '';
  const given = text(a.reason, '');
  const reason = given.replace(/[.!?]$/, '');
  if (given && back) return t`${who} voided the referral of ${friend} by ${referrer} (${reason}), taking back ${back}.`;
  if (given) return t`${who} voided the referral of ${friend} by ${referrer} (${reason}).`;
  if (back) return t`${who} voided the referral of ${friend} by ${referrer}, taking back ${back}.`;
  return t`${who} voided the referral of ${friend} by ${referrer}.`;
}

/** The tier programme saved (issue 30; a referral voided: loyaltySentence); null: another action. */
function tiersReferralsText(action: string, who: string, a: Obj, b: Obj, f: ActivityFormat): ActivityText | null {
  const plain = (sentence: string, o: Partial<ActivityText> = {}): ActivityText => ({ sentence, warning: false, changes: [], detail: null, ...o });
  const names = (o: Obj) => (Array.isArray(o.tiers) ? o.tiers.map((t) => text(obj(t).name, '?')).join(', ') : null);
  switch (action) {
    case 'loyalty.tiers.update': {
      const basis = (v: unknown) => (v === 'visits' ? t`Visits` : v === 'points' ? t`Points earned` : '—');
      const changes: ActivityChange[] = [];
      if (b.enabled !== a.enabled && typeof a.enabled === 'boolean')
        changes.push({ label: t`Tiers on`, before: b.enabled === undefined ? '—' : valueOf('enabled', b.enabled, f), after: valueOf('enabled', a.enabled, f) });
      if (b.basis !== a.basis) changes.push({ label: t`What counts`, before: basis(b.basis), after: basis(a.basis) });
      const [was, now] = [names(b), names(a)];
      if (now !== null && was !== now) changes.push({ label: t`Tiers`, before: was ?? '—', after: now });
      const off = a.enabled === false;
      if (now) return plain(off ? t`${who} changed the tiers: ${now} (tiers off).` : t`${who} changed the tiers: ${now}.`, { changes });
      return plain(off ? t`${who} changed the tiers (tiers off).` : t`${who} changed the tiers.`, { changes });
    }
    default:
      return null;
  }
}

/** An automatic campaign changed (issue 31): turned on or off, its message, reward or timing; a one-off broadcast sent; null: another action. */
function campaignText(action: string, who: string, a: Obj, b: Obj): ActivityText | null {
  if (action === 'broadcast.send') {
    const n = typeof a.audience === 'number' ? a.audience : 0;
    const count = n.toLocaleString('en');
    const tier = typeof a.tier === 'string' ? a.tier : null;
    const to = tier
      ? plural(n, { one: `${count} customer of the ${tier} tier`, other: `${count} customers of the ${tier} tier` })
      : plural(n, { one: `${count} customer`, other: `${count} customers` });
    const title = text(a.title, '');
    const reward = typeof a.reward === 'string' ? a.reward : null;
    const sentence = reward ? t`${who} sent the message “${title}” to ${to}, with ${reward}.` : t`${who} sent the message “${title}” to ${to}.`;
    return { sentence, warning: false, changes: [], detail: text(a.body, '') || null };
  }
  if (action !== 'campaign.update') return null;
  const name = text(a.name, 'a');
  // the unit is the provider's word ("days", "hours"), as the campaigns page shows it
  const timing = (o: Obj) => (typeof o.timing === 'number' && typeof o.unit === 'string' ? `${o.timing.toLocaleString('en')} ${o.unit}` : '—');
  const changes: ActivityChange[] = [];
  const add = (label: string, before: string, after: string) => before !== after && changes.push({ label, before, after });
  add(t`On`, b.enabled === true ? t`Yes` : t`No`, a.enabled === true ? t`Yes` : t`No`);
  add(t`Title`, text(b.title, '—'), text(a.title, '—'));
  add(t`Message`, text(b.body, '—'), text(a.body, '—'));
  add(t`Reward`, text(b.reward, t`None`), text(a.reward, t`None`));
  add(t`Timing`, timing(b), timing(a));
  const sentence =
    b.enabled !== true && a.enabled === true
      ? t`${who} turned on the ${name} campaign.`
      : b.enabled === true && a.enabled !== true
        ? t`${who} turned off the ${name} campaign.`
        : t`${who} changed the ${name} campaign.`;
  return { sentence, warning: false, changes, detail: null };
}

/** A location added, changed, paused or resumed, or where a team member works (issue 28); null: another action. */
function locationSentence(action: string, who: string, a: Obj, b: Obj): string | null {
  const where = text(a.name, t`a location`);
  switch (action) {
    case 'location.create':
      return t`${who} added the location ${where}.`;
    case 'location.update': {
      const location = text(a.name, text(b.name, ''));
      return t`${who} changed the location ${location}.`;
    }
    case 'location.pause':
      return pauseSentence(who, where, text(a.choice, ''));
    case 'location.resume':
      return t`${who} resumed online orders at ${where}.`;
    case 'staff.locations': {
      const names = Array.isArray(a.locations) ? a.locations.filter((n): n is string => typeof n === 'string') : [];
      const member = text(a.name, t`a team member`);
      const places = names.join(', ');
      return names.length > 0 ? t`${who} set where ${member} works: ${places}.` : t`${who} set where ${member} works: every location.`;
    }
    default:
      return tableSentence(action, who, a, b);
  }
}

/** A dine-in table or area added, changed or removed (issue 54); null: another action. */
function tableSentence(action: string, who: string, a: Obj, b: Obj): string | null {
  const [table, was, area, wasArea] = [text(a.label, ''), text(b.label, ''), text(a.name, ''), text(b.name, '')];
  switch (action) {
    case 'location.table_create':
      return t`${who} added table ${table}.`;
    case 'location.table_update':
      return t`${who} changed table ${was}.`;
    case 'location.table_remove':
      return t`${who} removed table ${was}.`;
    case 'location.table_area_create':
      return t`${who} added the area ${area}.`;
    case 'location.table_area_rename':
      return t`${who} renamed the area ${wasArea} to ${area}.`;
    case 'location.table_area_remove':
      return t`${who} removed the area ${wasArea}.`;
    default:
      return null;
  }
}

/** Online orders paused at a location, for as long as was asked: a whole sentence each. */
function pauseSentence(who: string, where: string, choice: string): string {
  switch (choice) {
    case '15_minutes':
      return t`${who} paused online orders at ${where} for 15 minutes.`;
    case '30_minutes':
      return t`${who} paused online orders at ${where} for 30 minutes.`;
    case '60_minutes':
      return t`${who} paused online orders at ${where} for an hour.`;
    case 'until_closing':
      return t`${who} paused online orders at ${where} until closing.`;
    case 'until_resumed':
      return t`${who} paused online orders at ${where} until someone resumes them.`;
    default:
      return t`${who} paused online orders at ${where} for a while.`;
  }
}

const WHEEL_FIELDS = ['spin_cost_points', 'free_spins_per_day'] as const;
const pick = (o: Obj, keys: readonly string[]) => Object.fromEntries(keys.filter((k) => k in o).map((k) => [k, o[k]]));
