import { t } from '@lingui/core/macro';
/**
 * The rules of a product's options (src/contract/options.ts says them; the provider checks them), as
 * the option sheet, the cart and the checkout apply them. Pure: no React. A choice is the list of
 * chosen options' ids, across the product's groups.
 */
import type { OptionGroup, OrderItemOption, Product } from '#contract';

export const groupsOf = (p: Product): OptionGroup[] => p.option_groups ?? [];

const countIn = (g: OptionGroup, chosen: readonly number[]) => g.options.filter((o) => chosen.includes(o.id)).length;

/** Exactly one to choose: radios. Anything else (optional, or more than one): checkboxes. */
export const isOneOf = (g: OptionGroup) => g.min_choices === 1 && g.max_choices === 1;

/** The group's rule in words: "Choose 1", "Choose 1 to 3", "Optional · up to 3", "Optional". */
export function ruleText({ min_choices: min, max_choices: max }: OptionGroup): string {
  if (min === 0) return max === 1 ? t`Optional` : t`Optional · up to ${max}`;
  return min === max ? t`Choose ${min}` : t`Choose ${min} to ${max}`;
}

/** What the sheet starts with: the defaults that are not sold out. */
export const defaultsOf = (p: Product): number[] => groupsOf(p).flatMap((g) => g.options.filter((o) => o.is_default && o.available).map((o) => o.id));

/** Whether no more of the group can be chosen (a group of more than one). */
export const isFull = (g: OptionGroup, chosen: readonly number[]) => g.max_choices > 1 && countIn(g, chosen) >= g.max_choices;

/**
 * The choice after the customer picks (or unpicks) an option: one of replaces the group's choice, a
 * chosen one-of stays chosen, any of takes one more only below its most.
 */
export function toggle(p: Product, chosen: readonly number[], id: number): number[] {
  const g = groupsOf(p).find((x) => x.options.some((o) => o.id === id));
  if (!g) return [...chosen];
  if (chosen.includes(id)) return isOneOf(g) ? [...chosen] : chosen.filter((x) => x !== id);
  if (g.max_choices === 1) return [...chosen.filter((x) => !g.options.some((o) => o.id === x)), id];
  return isFull(g, chosen) ? [...chosen] : [...chosen, id];
}

/** The first group that still needs a choice. */
export const missingGroup = (p: Product, chosen: readonly number[]) => groupsOf(p).find((g) => countIn(g, chosen) < g.min_choices);

/** What to tell the customer about it: "Choose a Size", "Choose 2 of Sauces". */
export function missingText(g: OptionGroup): string {
  const { min_choices: count, name } = g;
  if (count > 1) return t`Choose ${count} of ${name}`;
  // English's article before the group's name; other languages say it their way
  return /^[aeiou]/i.test(name) ? t`Choose an ${name}` : t`Choose a ${name}`;
}

/** The chosen options as an order line keeps them, in the groups' order; `available` says if it can still be had. */
export function chosenOptions(p: Product, chosen: readonly number[]): (OrderItemOption & { available: boolean })[] {
  return groupsOf(p).flatMap((g) =>
    g.options.filter((o) => chosen.includes(o.id)).map((o) => ({ group: g.name, name: o.name, price_delta: o.price_delta, available: o.available })),
  );
}

/** The price of one: the product's price and the chosen options' deltas. */
export const unitPrice = (p: Product, chosen: readonly number[]) => chosenOptions(p, chosen).reduce((sum, o) => sum + o.price_delta, p.price);

/** The lowest price the product can be ordered at: each required group's cheapest choices. */
export const startPrice = (p: Product) =>
  groupsOf(p).reduce((sum, g) => {
    const deltas = g.options
      .filter((o) => o.available)
      .map((o) => o.price_delta)
      .sort((a, b) => a - b);
    return sum + deltas.slice(0, g.min_choices).reduce((a, b) => a + b, 0);
  }, p.price);
