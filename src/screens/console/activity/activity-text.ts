import { msg, plural, t } from '@lingui/core/macro';
import type { AuditListData } from '#contract/staff';
import { spoken } from '../shared/spoken';
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
]);
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
});
/** Fields that are bookkeeping, not what the owner changed. */
const HIDDEN = new Set(['id', 'created_at', 'updated_at', 'redemption', 'reward', 'product_id', 'expires_at', 'sha256', 'merchant_id', 'position']);

const labelOf = (key: string) => LABEL[key] ?? key.charAt(0).toUpperCase() + key.slice(1).replace(/_/g, ' ');

function valueOf(key: string, v: unknown, f: ActivityFormat): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return key === 'available' ? (v ? t`On sale` : t`Sold out`) : v ? t`Yes` : t`No`;
  if (typeof v === 'number') return MONEY.has(key) ? f.money(v) : f.count(v);
  if (key === 'role') return v === 'owner' ? t`Owner` : t`Staff`;
  if (key === 'status' && typeof v === 'string') return STATUS[v] ?? v;
  if (typeof v === 'string') return v;
  if (Array.isArray(v) && MONEY.has(key)) return v.map((x) => (typeof x === 'number' ? f.money(x) : '…')).join(', ');
  if (Array.isArray(v)) {
    const count = f.count(v.length);
    return plural(v.length, { one: `${count} item`, other: `${count} items` });
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
  /** a counter sale: "₱180.00 sale at Makati" */
  const saleAt = () => `${typeof a.amount === 'number' ? `${f.money(a.amount)} ` : ''}sale${typeof a.location === 'string' ? ` at ${a.location}` : ''}`;
  switch (action) {
    case 'voucher.redeem':
      return plain(`${who} redeemed ${text(a.reward_title, text(a.reward, 'a voucher'))} for ${text(a.customer, 'a customer')}.`);
    case 'voucher.undo':
      return plain(`${who} undid a redemption of ${text(a.reward_title, 'a voucher')}${typeof a.customer === 'string' ? ` for ${a.customer}` : ''}.`);
    case 'counter.reward_redeem':
      return plain(
        `${who} gave ${text(a.customer, 'a customer')} ${text(a.reward_title, 'a reward')} for ${f.count(Number(a.spent) || 0)} points, from their member card${typeof a.location === 'string' ? ` at ${a.location}` : ''}.`,
      );
    case 'counter.reward_undo':
      return plain(
        `${who} undid ${text(a.reward_title, 'a reward')} for ${text(a.customer, 'a customer')}: ${f.count(Number(a.given_back) || 0)} points and the reward's stock went back.`,
      );
    case 'counter.code_limit':
      return plain(
        `${who} typed ${f.count(Number(a.unknown_codes) || 30)} codes the counter did not recognise within a minute: the counter paused for a minute.`,
        { warning: true },
      );
    case 'counter.earn':
      return plain(`${who} gave ${text(a.customer, 'a customer')} ${f.count(Number(a.earned) || 0)} points for a ${saleAt()}.`);
    case 'counter.earn_undo':
      return plain(`${who} took back the ${f.count(Number(a.taken_back) || 0)} points ${text(a.customer, 'a customer')} earned for a ${saleAt()}.`);
    case 'counter.earn_refused':
      if (a.stamps_left_today !== undefined) {
        return plain(
          `${who} could not give ${text(a.customer, 'a customer')} ${f.count(Number(a.stamps) || 0)} stamps for a ${saleAt()}: ${a.limit === 'staff' ? 'they have given' : 'the customer has collected'} the most stamps allowed at the counter today.`,
          {
            warning: true,
            detail: `The daily limit is ${f.count(Number(a.cap) || 0)} stamps ${a.limit === 'staff' ? 'per staff member' : 'per customer'} (${f.count(Number(a.stamps_left_today) || 0)} left today); an owner can change it in the shop settings.`,
          },
        );
      }
      return plain(
        `${who} could not give ${text(a.customer, 'a customer')} ${f.count(Number(a.points) || 0)} points for a ${saleAt()}: ${a.limit === 'staff' ? 'they have given' : 'the customer has earned'} the most points allowed at the counter today.`,
        {
          warning: true,
          detail: `The daily limit is ${f.count(Number(a.cap) || 0)} points ${a.limit === 'staff' ? 'per staff member' : 'per customer'} (${f.count(Number(a.points_left_today) || 0)} left today); an owner can change it in the shop settings.`,
        },
      );
    default:
      return null;
  }
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
  const rule = `the earning rule ${text(a.name, text(b.name, ''))}`.trim();
  const card = `the stamp card ${text(a.name, text(b.name, ''))}`.trim();
  switch (action) {
    case 'loyalty.rule.create':
      return `${who} added ${rule}.`;
    case 'loyalty.rule.update':
      return `${who} changed ${rule}.`;
    case 'loyalty.rule.status':
      return `${who} ${a.status === 'ended' ? 'ended' : a.status === 'paused' ? 'paused' : 'resumed'} ${rule}.`;
    case 'loyalty.stamps.create':
      return `${who} added ${card}.`;
    case 'loyalty.stamps.update':
      return `${who} changed ${card}.`;
    case 'loyalty.stamps.status':
      return `${who} ${a.status === 'ended' ? 'ended' : a.status === 'paused' ? 'paused' : 'resumed'} ${card}.`;
    case 'referral.void': {
      const points = (typeof a.referrer_points === 'number' ? a.referrer_points : 0) + (typeof a.friend_points === 'number' ? a.friend_points : 0);
      const vouchers = typeof a.vouchers_cancelled === 'number' ? a.vouchers_cancelled : 0;
      const back = [
        points > 0 ? `${points} ${points === 1 ? 'point' : 'points'}` : '',
        vouchers > 0 ? `${vouchers} ${vouchers === 1 ? 'voucher' : 'vouchers'}` : '',
      ].filter(Boolean);
      const reason = text(a.reason, '');
      return `${who} voided the referral of ${text(a.friend, 'a friend')} by ${text(a.referrer, 'a customer')}${reason ? ` (${reason.replace(/[.!?]$/, '')})` : ''}${back.length ? `, taking back ${back.join(' and ')}` : ''}.`;
    }
    case 'referral.approve':
      return `${who} approved the referral of ${text(a.friend, 'a friend')} by ${text(a.referrer, 'a customer')} after review${a.status === 'capped' ? ': the friend was rewarded (the referrer was over the monthly cap)' : ': both were rewarded'}.`;
    case 'referral.reject':
      return `${who} rejected the referral of ${text(a.friend, 'a friend')} by ${text(a.referrer, 'a customer')} after review: neither was rewarded.`;
    default:
      return null;
  }
}

/** The tier programme saved (issue 30; a referral voided: loyaltySentence); null: another action. */
function tiersReferralsText(action: string, who: string, a: Obj, b: Obj, f: ActivityFormat): ActivityText | null {
  const plain = (sentence: string, o: Partial<ActivityText> = {}): ActivityText => ({ sentence, warning: false, changes: [], detail: null, ...o });
  const names = (o: Obj) => (Array.isArray(o.tiers) ? o.tiers.map((t) => text(obj(t).name, '?')).join(', ') : null);
  switch (action) {
    case 'loyalty.tiers.update': {
      const on = a.enabled === false ? ' (tiers off)' : '';
      const basis = (v: unknown) => (v === 'visits' ? 'Visits' : v === 'points' ? 'Points earned' : '—');
      const changes: ActivityChange[] = [];
      if (b.enabled !== a.enabled && typeof a.enabled === 'boolean')
        changes.push({ label: 'Tiers on', before: b.enabled === undefined ? '—' : valueOf('enabled', b.enabled, f), after: valueOf('enabled', a.enabled, f) });
      if (b.basis !== a.basis) changes.push({ label: 'What counts', before: basis(b.basis), after: basis(a.basis) });
      const [was, now] = [names(b), names(a)];
      if (now !== null && was !== now) changes.push({ label: 'Tiers', before: was ?? '—', after: now });
      return plain(`${who} changed the tiers${now ? `: ${now}` : ''}${on}.`, { changes });
    }
    default:
      return null;
  }
}

/** An automatic campaign changed (issue 31): turned on or off, its message, reward or timing; a one-off broadcast sent; null: another action. */
function campaignText(action: string, who: string, a: Obj, b: Obj): ActivityText | null {
  if (action === 'broadcast.send') {
    const n = typeof a.audience === 'number' ? a.audience : 0;
    const to = `${n.toLocaleString('en')} ${n === 1 ? 'customer' : 'customers'}${typeof a.tier === 'string' ? ` of the ${a.tier} tier` : ''}`;
    const reward = typeof a.reward === 'string' ? `, with ${a.reward}` : '';
    return { sentence: `${who} sent the message “${text(a.title, '')}” to ${to}${reward}.`, warning: false, changes: [], detail: text(a.body, '') || null };
  }
  if (action !== 'campaign.update') return null;
  const name = text(a.name, 'a');
  const timing = (o: Obj) => (typeof o.timing === 'number' && typeof o.unit === 'string' ? `${o.timing.toLocaleString('en')} ${o.unit}` : '—');
  const changes: ActivityChange[] = [];
  const add = (label: string, before: string, after: string) => before !== after && changes.push({ label, before, after });
  add('On', b.enabled === true ? 'Yes' : 'No', a.enabled === true ? 'Yes' : 'No');
  add('Title', text(b.title, '—'), text(a.title, '—'));
  add('Message', text(b.body, '—'), text(a.body, '—'));
  add('Reward', text(b.reward, 'None'), text(a.reward, 'None'));
  add('Timing', timing(b), timing(a));
  const verb = b.enabled !== true && a.enabled === true ? 'turned on' : b.enabled === true && a.enabled !== true ? 'turned off' : 'changed';
  return { sentence: `${who} ${verb} the ${name} campaign.`, warning: false, changes, detail: null };
}

/** A location added, changed, paused or resumed, or where a team member works (issue 28); null: another action. */
function locationSentence(action: string, who: string, a: Obj, b: Obj): string | null {
  const where = text(a.name, 'a location');
  switch (action) {
    case 'location.create':
      return `${who} added the location ${where}.`;
    case 'location.update':
      return `${who} changed the location ${text(a.name, text(b.name, ''))}.`;
    case 'location.pause':
      return `${who} paused online orders at ${where} ${PAUSE_WORDS[text(a.choice, '')] ?? 'for a while'}.`;
    case 'location.resume':
      return `${who} resumed online orders at ${where}.`;
    case 'staff.locations': {
      const names = Array.isArray(a.locations) ? a.locations.filter((n): n is string => typeof n === 'string') : [];
      return `${who} set where ${text(a.name, 'a team member')} works: ${names.length > 0 ? names.join(', ') : 'every location'}.`;
    }
    default:
      return tableSentence(action, who, a, b);
  }
}

/** A dine-in table or area added, changed or removed (issue 54); null: another action. */
function tableSentence(action: string, who: string, a: Obj, b: Obj): string | null {
  switch (action) {
    case 'location.table_create':
      return `${who} added table ${text(a.label, '')}.`;
    case 'location.table_update':
      return `${who} changed table ${text(b.label, '')}.`;
    case 'location.table_remove':
      return `${who} removed table ${text(b.label, '')}.`;
    case 'location.table_area_create':
      return `${who} added the area ${text(a.name, '')}.`;
    case 'location.table_area_rename':
      return `${who} renamed the area ${text(b.name, '')} to ${text(a.name, '')}.`;
    case 'location.table_area_remove':
      return `${who} removed the area ${text(b.name, '')}.`;
    default:
      return null;
  }
}

/** How long a pause was asked for, as the log says it. */
const PAUSE_WORDS: Record<string, string> = {
  '15_minutes': 'for 15 minutes',
  '30_minutes': 'for 30 minutes',
  '60_minutes': 'for an hour',
  until_closing: 'until closing',
  until_resumed: 'until someone resumes them',
};

const WHEEL_FIELDS = ['spin_cost_points', 'free_spins_per_day'] as const;
const pick = (o: Obj, keys: readonly string[]) => Object.fromEntries(keys.filter((k) => k in o).map((k) => [k, o[k]]));
