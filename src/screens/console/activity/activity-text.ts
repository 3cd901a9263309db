import type { AuditListData } from '#contract/staff';
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
const roleWord = (r: unknown) => (r === 'owner' ? 'an owner' : 'staff');

const STATUS: Record<string, string> = {
  pending_payment: 'waiting for payment',
  paid: 'paid',
  preparing: 'preparing',
  ready: 'ready',
  on_delivery: 'on its way',
  completed: 'completed',
  cancelled: 'cancelled',
  active: 'usable',
  used: 'used',
  expired: 'expired',
};

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
const LABEL: Record<string, string> = {
  available: 'On sale',
  active: 'Offered',
  points_cost: 'Points it costs',
  stock_total: 'Stock',
  valid_days: 'Days a voucher lasts',
  per_customer_limit: 'Most per customer',
  discount_amount: 'Discount',
  product: 'Free product',
  setting_company: 'Shop name',
  brand_color: 'Brand colour',
  accent_color: 'Accent colour',
  brand_text_color: 'Text on the brand colour',
  landing_text_color: 'Text on the landing colour',
  landing_body_background_color: 'Landing colour',
  landing_body_background_image: 'Landing image',
  post_file: 'Logo',
  post_title: 'Favicon',
  image: 'Photo',
  category_id: 'Category',
  min_choices: 'Fewest choices',
  max_choices: 'Most choices',
  options: 'Options',
  option_group_ids: 'Option groups',
  product_ids: 'Products',
  spin_cost_points: 'Points a spin costs',
  free_spins_per_day: 'Free spins a day',
  points: 'Points',
  role: 'Role',
  status: 'Status',
  contact_email: 'Contact e-mail',
  privacy_url: 'Privacy notice link',
  terms_url: 'Terms link',
  deletion_cooling_off_days: 'Days before a deleted account is erased',
  default_country_code: 'Country calling code',
  timezone: 'Time zone',
  points_per_amount: 'Spend for one point',
  delivery_fee_earns_points: 'Delivery fee earns points',
  points_expiry_days: 'Days points last',
  points_hold_days: 'Days points wait before they can be spent',
  counter_points_per_customer_per_day: 'Most points a customer earns at the counter a day',
  counter_points_per_staff_per_day: 'Most points a staff member gives at the counter a day',
  counter_stamps_per_customer_per_day: 'Most stamps a customer collects at the counter a day',
  counter_stamps_per_staff_per_day: 'Most stamps a staff member gives at the counter a day',
  birthday_reward: 'Birthday treat',
  birthday_points: 'Birthday points',
  birthday_reward_name: 'Birthday reward',
  birthday_window_days: 'Days before a birthday the treat comes',
  min_order: 'Minimum order',
  topup_min: 'Smallest top-up',
  topup_max: 'Largest top-up',
  topup_presets: 'Quick top-up amounts',
  lat: 'Latitude',
  lng: 'Longitude',
  hours: 'Opening hours',
  exceptions: 'Dated hours',
  pickup: 'Takes pickup orders',
  prep_minutes: 'Minutes to prepare',
  slot_minutes: 'Minutes a pickup slot lasts',
  slot_capacity: 'Orders a pickup slot takes',
  delivery_areas: 'Delivery areas',
  unavailable_product_ids: 'Products not sold here',
};
/** Fields that are bookkeeping, not what the owner changed. */
const HIDDEN = new Set(['id', 'created_at', 'updated_at', 'redemption', 'reward', 'product_id', 'expires_at', 'sha256', 'merchant_id', 'position']);

const labelOf = (key: string) => LABEL[key] ?? key.charAt(0).toUpperCase() + key.slice(1).replace(/_/g, ' ');

function valueOf(key: string, v: unknown, f: ActivityFormat): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return key === 'available' ? (v ? 'On sale' : 'Sold out') : v ? 'Yes' : 'No';
  if (typeof v === 'number') return MONEY.has(key) ? f.money(v) : f.count(v);
  if (key === 'role') return v === 'owner' ? 'Owner' : 'Staff';
  if (key === 'status' && typeof v === 'string') return STATUS[v] ?? v;
  if (typeof v === 'string') return v;
  if (Array.isArray(v) && MONEY.has(key)) return v.map((x) => (typeof x === 'number' ? f.money(x) : '…')).join(', ');
  if (Array.isArray(v)) return `${f.count(v.length)} ${v.length === 1 ? 'item' : 'items'}`;
  // a thing named (a reward's free product): its name
  if (typeof v === 'object' && typeof (v as Obj).name === 'string') return (v as Obj).name as string;
  return '…';
}

/** Fields that hold an image's stored address: said as the image they are, never as the path. */
const IMAGE: Record<string, string> = { post_file: 'logo', post_title: 'favicon', landing_body_background_image: 'landing image', image: 'photo' };

/** A day's opening periods as people read them: "8:00 AM–12:00 PM, 1:00 PM–5:00 PM" (the shop's clock), or "Closed". */
function periodsOf(v: unknown, f: ActivityFormat): string {
  const periods = Array.isArray(v) ? v.map(obj).filter((p) => typeof p.open === 'string' && typeof p.close === 'string') : [];
  return periods.length ? periods.map((p) => `${f.clock(p.open as string)}–${f.clock(p.close as string)}`).join(', ') : 'Closed';
}

/** The days whose opening periods differ, one line each ("Opening hours, Tuesday": 7:00 AM–7:00 PM → Closed). */
function hoursChanges(before: unknown, after: unknown, f: ActivityFormat): ActivityChange[] {
  const b = obj(before);
  const a = obj(after);
  return (Object.keys(WEEKDAY_NAMES) as Array<keyof typeof WEEKDAY_NAMES>)
    .filter((d) => JSON.stringify(b[d] ?? []) !== JSON.stringify(a[d] ?? []))
    .map((d) => ({ label: `${labelOf('hours')}, ${WEEKDAY_NAMES[d]}`, before: periodsOf(b[d], f), after: periodsOf(a[d], f) }));
}

/** The dated exceptions added, changed or taken away, one line per date. */
function exceptionChanges(before: unknown, after: unknown, f: ActivityFormat): ActivityChange[] {
  const byDate = (v: unknown) => new Map((Array.isArray(v) ? v.map(obj) : []).filter((e) => typeof e.date === 'string').map((e) => [e.date as string, e]));
  const b = byDate(before);
  const a = byDate(after);
  const dates = [...new Set([...b.keys(), ...a.keys()])].sort();
  return dates
    .filter((d) => JSON.stringify(b.get(d)) !== JSON.stringify(a.get(d)))
    .map((d) => ({
      label: `${labelOf('exceptions')}, ${f.day(d)}`,
      before: b.has(d) ? periodsOf(b.get(d)!.periods, f) : '—',
      after: a.has(d) ? periodsOf(a.get(d)!.periods, f) : 'Back to the weekly hours',
    }));
}

/** One field's change in words: hours by day, dates by date, images as images, the rest by value. */
function fieldChanges(k: string, b: unknown, a: unknown, created: boolean, removed: boolean, f: ActivityFormat): ActivityChange[] {
  if (k === 'hours' && !created && !removed) return hoursChanges(b, a, f);
  if (k === 'exceptions' && !created && !removed) return exceptionChanges(b, a, f);
  const image = IMAGE[k];
  const value = image
    ? (v: unknown, was: boolean) => (typeof v === 'string' && v ? `${was ? 'the previous' : 'a new'} ${image}` : was ? '—' : 'none')
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
  if (e.actor === 'machine') return 'The point-of-sale system (merchant key)';
  if (e.actor === 'visitor') return 'Someone';
  return 'The operator';
}

/** A product archived, restored, deleted, or a category's products reordered (issue 27); null: another action. */
function productLifecycle(action: string, who: string, a: Obj, b: Obj): string | null {
  switch (action) {
    case 'menu.product.archive':
      return `${who} archived ${text(b.name, 'a product')}: customers no longer see it.`;
    case 'menu.product.restore':
      return `${who} brought ${text(a.name, 'a product')} back on the menu.`;
    case 'menu.product.delete':
      return `${who} deleted ${text(b.name, 'a product')} from the menu.`;
    case 'menu.product.reorder':
      return `${who} put the products of a category in a new order.`;
    case 'menu.category.archive_all': {
      const n = Array.isArray(a.archived) ? a.archived.length : 0;
      return `${who} archived ${n === 1 ? '1 product' : `${n} products`} of a category at once: customers no longer see them.`;
    }
    default:
      return null;
  }
}

/** The team's own entries: set-up, invitations, roles, sign-ins, passwords (null: another kind). */
function teamText(action: string, who: string, a: Obj, b: Obj, f: ActivityFormat, from: string | null): ActivityText | null {
  const plain = (sentence: string, o: Partial<ActivityText> = {}): ActivityText => ({ sentence, warning: false, changes: [], detail: null, ...o });
  switch (action) {
    case 'owner.setup':
      return plain(`${who} set up the shop as its first owner.`);
    case 'staff.join':
      return plain(`${who} joined the team as ${roleWord(a.role)}.`);
    case 'staff.invite':
      return plain(`${who} invited ${text(a.email, 'someone (a link to share)')} to join as ${roleWord(a.role)}.`);
    case 'invite.revoke':
      return plain(`${who} cancelled the invitation for ${text(b.email, 'someone')}.`);
    case 'staff.role':
      return plain(`${who} made ${text(a.name, 'a team member')} ${roleWord(a.role)}.`, { detail: 'Their sessions and the links they made ended.' });
    case 'staff.remove':
      return plain(`${who} removed ${text(b.name, 'a team member')} from the team.`, { detail: 'Their sessions and the links they made ended.' });
    case 'sessions.end_all':
      return plain(`${who} signed out everywhere.`);
    case 'signin':
      return plain(`${who} signed in.`, { detail: from });
    case 'signout':
      return plain(`${who} signed out.`);
    case 'signin.failed':
      return plain(`Someone typed a wrong password for ${text(a.email, 'an account')}.`, { detail: from });
    case 'signin.attack':
      return plain(
        `${text(a.email, 'An account')} is being guessed at: ${f.count(Number(a.failures) || 0)} wrong passwords in ${f.count(Number(a.minutes) || 15)} minutes.`,
        {
          warning: true,
          detail: `Each address is slowed down; the right password from anywhere else still works. If it was not you, choose a new password.${from ? ` Latest: ${from.toLowerCase()}.` : ''}`,
        },
      );
    case 'password.change':
      return plain(`${who} changed their password.`, { detail: 'Their other sessions ended.' });
    case 'password.reset_request':
      return plain(`Someone asked for a password reset link for ${text(a.email, 'an account')}.`, { detail: from });
    case 'password.reset':
      return plain(`${who} chose a new password from a reset link.`, { detail: 'Every session of theirs ended.' });
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
  const from = typeof a.address === 'string' ? `From ${a.address}` : null;
  const plain = (sentence: string, o: Partial<ActivityText> = {}): ActivityText => ({ sentence, warning: false, changes: [], detail: null, ...o });
  const diff = () => changesOf(e.before, e.after, f);
  const days = () => (typeof a.from === 'string' && typeof a.to === 'string' ? ` for ${f.day(a.from)} to ${f.day(a.to)}` : '');
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
    case 'order.status':
      return plain(`${who} marked order ${(e.target ?? '').replace(/^order:/, '')} as ${STATUS[text(a.status, '')] ?? text(a.status, 'changed')}.`);
    case 'order.cancel':
      return plain(
        `${who} cancelled order ${(e.target ?? '').replace(/^order:/, '')}${typeof b.total === 'number' ? ` (${f.money(b.total)}, ${a.refunded === false ? 'not paid, nothing refunded' : 'refunded'})` : ''}.`,
        { detail: typeof a.reason === 'string' ? `Reason: “${a.reason}”` : null },
      );
    case 'order.mark_paid':
      return plain(
        `${who} took payment for order ${(e.target ?? '').replace(/^order:/, '')} at the counter${typeof a.total === 'number' ? ` (${f.money(a.total)}${a.how === 'card' ? ', card' : a.how === 'cash' ? ', cash' : ''})` : ''}.`,
      );
    case 'product.update':
      return plain(`${who} changed ${text(a.product_name, 'a product')}.`, {
        changes: changesOf(null, { ...(a.price !== undefined ? { price: a.price } : {}), ...(a.available !== undefined ? { available: a.available } : {}) }, f),
      });
    case 'menu.product.create':
      return plain(`${who} added ${text(a.name, 'a product')} to the menu.`, { changes: diff() });
    case 'menu.product.update':
      return plain(`${who} changed ${text(a.name, text(b.name, 'a product'))}.`, { changes: diff() });
    case 'menu.category.create':
      return plain(`${who} added the category ${text(a.name, '')}.`);
    case 'menu.category.rename':
      return plain(`${who} renamed the category ${text(b.name, '')} to ${text(a.name, '')}.`);
    case 'menu.category.reorder':
      return plain(`${who} put the menu's categories in a new order.`);
    case 'menu.category.delete':
      return plain(`${who} removed the category ${text(b.name, '')}.`);
    case 'reward.create':
      return plain(`${who} added the reward ${text(a.title, '')}.`, { changes: diff() });
    case 'reward.update':
      return plain(`${who} changed the reward ${text(a.title, text(b.title, ''))}.`, { changes: diff() });
    case 'reward.retire':
      return plain(`${who} retired the reward ${text(b.title, text(a.title, ''))}.`);
    case 'wheel.publish':
      return plain(`${who} published a new wheel${Array.isArray(a.segments) ? ` with ${f.count(a.segments.length)} prizes` : ''}.`, {
        changes: changesOf(pick(b, WHEEL_FIELDS), pick(a, WHEEL_FIELDS), f),
      });
    case 'theme.draft':
      return plain(`${who} changed the draft of the brand.`, { changes: diff() });
    case 'theme.publish':
      return plain(`${who} published the brand: customers see it now.`, { changes: diff() });
    case 'theme.restore':
      return plain(`${who} brought back an earlier brand.`, { changes: diff() });
    case 'theme.preview_link':
      return plain(`${who} made a link to preview the draft brand.`);
    case 'settings.update':
      return plain(`${who} changed the shop settings.`, { changes: diff() });
    case 'media.upload':
      return plain(`${who} uploaded an image${typeof a.width === 'number' && typeof a.height === 'number' ? ` (${a.width} × ${a.height})` : ''}.`);
    case 'customer.points': {
      const change = Number(a.change) || 0;
      const name = text(a.customer, 'a customer');
      return plain(change >= 0 ? `${who} gave ${name} ${f.count(change)} points.` : `${who} took ${f.count(-change)} points from ${name}.`, {
        detail: typeof a.reason === 'string' ? `Reason: “${a.reason}”` : null,
        changes: changesOf({ points: b.points }, { points: a.points }, f),
      });
    }
    case 'customer.search':
      return plain(`${who} searched the customers for “${text(a.q, '')}”.`);
    case 'customer.view':
      return plain(`${who} opened ${text(a.name, 'a customer')}'s account.`);
    case 'export.orders':
      return plain(`${who} downloaded the orders${days()}.`);
    case 'export.ledger':
      return plain(`${who} downloaded the points and wallet ledgers${days()}.`);
    case 'export.gift_cards':
      return plain(`${who} downloaded the gift cards sold${days()}.`);
    case 'gift_cards.batch':
      return plain(
        `${who} made ${typeof a.count === 'number' ? a.count.toLocaleString('en') : 'a batch of'} printed gift card numbers (${text(a.label, 'a batch')}).`,
      );
    case 'export.gift_card_batch':
      return plain(`${who} downloaded the numbers of a batch of printed gift cards.`);
    case 'payment.refunded': {
      const what = typeof a.order === 'string' ? `order ${a.order}` : 'a top-up';
      const short =
        typeof a.not_taken_back === 'number' && a.not_taken_back > 0
          ? ` ${f.money(a.not_taken_back)} of it had been spent and could not be taken back from the wallet.`
          : '';
      return plain(`${text(a.by, 'The payment service')} refunded ${typeof a.amount === 'number' ? f.money(a.amount) : 'a payment'} of ${what}.${short}`, {
        warning: short !== '',
      });
    }
    case 'payment.disputed':
      return plain(
        `A customer's bank disputed ${typeof a.amount === 'number' ? f.money(a.amount) : 'a payment'}${typeof a.order === 'string' ? ` of order ${a.order}` : ''} at ${text(a.by, 'the payment service')}.`,
        {
          warning: true,
          detail: typeof a.reason === 'string' ? `Reason given: ${a.reason.replace(/_/g, ' ')}` : null,
        },
      );
    case 'channels.test_message':
      return plain(`${who} sent a test ${a.channel === 'sms' ? 'text message' : 'e-mail'} to ${text(a.to, 'themselves')}.`);
    default:
      // a service connected in the console: its sentence says what is shown of it, nothing more to list
      return plain(channelSentence(e.action, who, a, b) ?? optionSentence(e.action, who, a, b) ?? `${who}: ${e.action}${e.target ? ` (${e.target})` : ''}.`, {
        changes: /^(menu\.option_group\.delete|channels\.)/.test(e.action) ? [] : diff(),
      });
  }
}

/** A payment or message service connected, replaced or disconnected in the console (what is shown of it, never a secret). */
function channelSentence(action: string, who: string, a: Obj, b: Obj): string | null {
  const verbs: Record<string, string> = {
    'channels.connect': 'connected',
    'channels.replace': 'replaced the settings of',
    'channels.disconnect': 'disconnected',
  };
  const verb = verbs[action];
  if (!verb) return null;
  const service = ({ stripe: 'Stripe', twilio: 'Twilio', smtp: 'the e-mail server' } as Record<string, string>)[String(a.service ?? b.service)] ?? 'a service';
  const shown = text(action === 'channels.disconnect' ? b.shown : a.shown, '');
  return `${who} ${verb} ${service}${shown ? ` (${shown})` : ''}.`;
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
    case 'menu.option_group.create':
      return `${who} added the option group ${text(a.name, '')}.`;
    case 'menu.option_group.update':
      return `${who} changed the option group ${text(a.name, text(b.name, ''))}.`;
    case 'menu.option_group.delete':
      return `${who} removed the option group ${text(b.name, '')}.`;
    case 'menu.option.availability':
      return a.available === false ? `${who} marked ${text(a.name, 'an option')} sold out.` : `${who} put ${text(a.name, 'an option')} back on sale.`;
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
