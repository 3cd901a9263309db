/**
 * Tips at checkout (issue 51): the owner's settings and the rules both the provider and the app apply,
 * free of zod (the customer app imports it). Money in minor units. A percentage preset is a share of the
 * items' subtotal after discounts (never of the delivery fee, never of an earlier tip), rounded half-up
 * to the minor unit, and capped at the most a tip may be. A tip earns no points and takes no discount.
 */

/** Presets are percentages of the subtotal after discounts, or fixed amounts. */
export const TIP_KINDS = ['percent', 'amount'] as const;
export type TipKind = (typeof TIP_KINDS)[number];
/** At most this many presets. */
export const TIP_PRESETS_MAX = 4;
/** The largest percentage a preset may be. */
export const TIP_PERCENT_MAX = 100;
/** The largest tip an owner may allow, in minor units. */
export const TIP_MAX_LIMIT = 100_000_000;

export interface TipSettings {
  /** tips are taken at checkout (off by default) */
  enabled: boolean;
  kind: TipKind;
  /** up to TIP_PRESETS_MAX, ascending: whole percents (kind percent) or minor units (kind amount) */
  presets: number[];
  /** whether the customer may type an amount of their own */
  custom: boolean;
  /** the most a tip may be, in minor units (a percentage preset is capped at it) */
  max: number;
}

/** What a shop starts with: off; when turned on, 10, 15 and 20 % and a custom amount. */
export const TIPS_DEFAULT: TipSettings = { enabled: false, kind: 'percent', presets: [10, 15, 20], custom: true, max: 100_000 };

/** A percentage of `base` (minor units), rounded half-up to the minor unit. */
export const percentOf = (base: number, percent: number): number => Math.floor((Math.max(0, base) * percent + 50) / 100);

/** The presets' amounts for an order whose items come to `base` after discounts, each capped at the max. */
export function tipPresetAmounts(s: TipSettings, base: number): number[] {
  return s.presets.map((p) => Math.min(s.kind === 'percent' ? percentOf(base, p) : p, s.max));
}

/**
 * Why `tip` cannot be given on an order whose items come to `base` after discounts, or null when it can:
 * 0 always; otherwise tips must be on, and the tip one of the presets' amounts or, when custom amounts
 * are allowed, a whole amount up to the max.
 */
export function tipProblem(s: TipSettings, base: number, tip: number): string | null {
  if (tip === 0) return null;
  if (!s.enabled) return 'cannot be given: this shop does not take tips';
  if (tipPresetAmounts(s, base).includes(tip)) return null;
  if (!s.custom) return 'must be one of the tip choices shown';
  if (tip > s.max) return `must be at most ${s.max} minor units`;
  return null;
}

/** The rules between the settings' fields, each problem named by its field (empty: none). */
export function tipSettingsProblems(s: Pick<TipSettings, 'kind' | 'presets' | 'max' | 'custom' | 'enabled'>): Partial<Record<keyof TipSettings, string>> {
  const out: Partial<Record<keyof TipSettings, string>> = {};
  if (s.kind === 'percent' && s.presets.some((p) => p > TIP_PERCENT_MAX)) out.presets = `must each be at most ${TIP_PERCENT_MAX} %`;
  else if (s.kind === 'amount' && s.presets.some((p) => p > s.max)) out.presets = 'must each be at most the largest tip';
  if (s.enabled && s.presets.length === 0 && !s.custom) out.presets = 'must have at least 1 choice, or allow a custom amount';
  return out;
}
