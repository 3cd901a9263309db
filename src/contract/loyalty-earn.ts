/**
 * How a sale's points are counted with the earning rules (loyalty.ts has the schemas and the words): the
 * kinds, and `earnBreakdown`, the one evaluation the provider credits with and the console previews and
 * simulates with. Free of zod, so the console's preview does not bring it.
 */
import { dateTimeFormat } from './intl';

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const RULE_KINDS = ['multiplier', 'bonus', 'window', 'first_order', 'action'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];
export const RULE_ACTIONS = ['sign_up', 'verified_email', 'completed_profile'] as const;
export type RuleAction = (typeof RULE_ACTIONS)[number];
export const RULE_STATUSES = ['active', 'paused', 'ended'] as const;
export type RuleStatus = (typeof RULE_STATUSES)[number];

/** Minutes since midnight of an HH:MM time (24:00: 1440). */
export const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** One named part of what a sale earned: the base, or a rule's points ("+25 Double points Tuesday"). */
export interface EarnPart {
  /** null: the base points */
  rule_id: number | null;
  label: string;
  points: number;
}

type Targets = { product_ids: number[]; category_ids: number[] };
/** A rule as evaluated: its fields and id (an unsaved rule in the simulator or preview: id 0). */
export type RuleForEarning = { id: number; name: string } & (
  | ({ kind: 'multiplier'; multiplier: number } & Targets)
  | ({ kind: 'bonus'; points: number } & Targets)
  | {
      kind: 'window';
      days: Weekday[];
      start: string;
      end: string;
      multiplier: number | null;
      points: number | null;
      limit_per_day: number;
      limit_total: number;
    }
  | { kind: 'first_order'; points: number }
  | { kind: 'action'; action: RuleAction; points: number }
);

/** The label of the base points in a breakdown. */
export const BASE_LABEL = 'Points for your purchase';
/** Whether a part is the base points (every other part is named: a rule's, or the tier's). */
export const isBasePart = (p: { rule_id: number | null; label: string }) => p.rule_id === null && p.label === BASE_LABEL;

export interface EarnInput {
  /** the sale's base points (1 per points_per_amount of what was bought) */
  base: number;
  points_per_amount: number;
  /** what was sold; empty at a counter earn without products (product rules then do nothing) */
  lines: ReadonlyArray<{ product_id: number; category_id: number | null; qty: number; /** one's price, options included */ price: number }>;
  /** when, in the location's time zone */
  at: { weekday: Weekday; minutes: number };
  /** whether this is the customer's first paid order (never at a counter earn) */
  first_order: boolean;
  /** times each `window` rule has applied to this customer: today (in the location's zone) and ever */
  uses: ReadonlyMap<number, { today: number; total: number }>;
  /** the customer's tier and its earn multiplier (issue 30); absent or null: no tier, or tiers are off */
  tier?: { name: string; multiplier: number } | null;
}

/** The label of a tier's part in a breakdown ("Brew tier ×1.5"). */
export const tierLabel = (tier: { name: string; multiplier: number }) => `${tier.name} tier ×${tier.multiplier}`;

/**
 * The points a sale earns, as named parts: the base first, then each active rule that applies, in the
 * order of RULE_KINDS (multiplier, bonus, window, first_order) and then of the list given (the order they
 * were made), then the customer's tier (`rule_id` null, labelled by tierLabel). Parts of 0 points are left
 * out. Pure: the same answer in the provider and the console.
 */
export function earnBreakdown(rules: readonly RuleForEarning[], input: EarnInput): EarnPart[] {
  const parts: EarnPart[] = [];
  if (input.base > 0) parts.push({ rule_id: null, label: BASE_LABEL, points: input.base });
  const ppa = input.points_per_amount;
  const qualifies = (r: { product_ids: number[]; category_ids: number[] }, l: EarnInput['lines'][number]) =>
    r.product_ids.includes(l.product_id) || (l.category_id !== null && r.category_ids.includes(l.category_id));
  const push = (r: RuleForEarning, points: number) => {
    if (points > 0) parts.push({ rule_id: r.id, label: r.name, points });
  };
  const byKind = (kind: RuleKind) => rules.filter((r) => r.kind === kind);
  for (const r of byKind('multiplier')) {
    if (r.kind !== 'multiplier' || ppa <= 0) continue;
    const amount = input.lines.filter((l) => qualifies(r, l)).reduce((s, l) => s + l.price * l.qty, 0);
    push(r, Math.floor(Math.floor(amount / ppa) * (r.multiplier - 1) + 1e-9));
  }
  for (const r of byKind('bonus')) {
    if (r.kind !== 'bonus') continue;
    push(r, r.points * input.lines.filter((l) => qualifies(r, l)).reduce((s, l) => s + l.qty, 0));
  }
  for (const r of byKind('window')) {
    if (r.kind !== 'window') continue;
    if (!r.days.includes(input.at.weekday) || input.at.minutes < minutesOf(r.start) || input.at.minutes >= minutesOf(r.end)) continue;
    const used = input.uses.get(r.id) ?? { today: 0, total: 0 };
    if (r.limit_per_day > 0 && used.today >= r.limit_per_day) continue;
    if (r.limit_total > 0 && used.total >= r.limit_total) continue;
    push(r, r.multiplier !== null ? Math.floor(input.base * (r.multiplier - 1) + 1e-9) : (r.points ?? 0));
  }
  if (input.first_order) for (const r of byKind('first_order')) if (r.kind === 'first_order') push(r, r.points);
  // last, the customer's tier: (multiplier − 1) × the base, like every multiplier (never compounding)
  const tier = input.tier;
  if (tier && tier.multiplier > 1) {
    const points = Math.floor(input.base * (tier.multiplier - 1) + 1e-9);
    if (points > 0) parts.push({ rule_id: null, label: tierLabel(tier), points });
  }
  return parts;
}

/** When `at` is in `timeZone` (an IANA name): its weekday and minutes since midnight, as EarnInput's `at`. */
export function zonedAt(at: Date, timeZone: string): EarnInput['at'] {
  // a formatter per zone, made once (intl.ts): making one is most of the cost of reading the time
  const parts = dateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { weekday: part('weekday').toLowerCase().slice(0, 3) as Weekday, minutes: Number(part('hour')) * 60 + Number(part('minute')) };
}

/** The total of a breakdown. */
export const breakdownTotal = (parts: readonly EarnPart[]) => parts.reduce((s, p) => s + p.points, 0);
