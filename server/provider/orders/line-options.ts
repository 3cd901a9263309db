import type { MessageDescriptor } from '@lingui/core';
import type { OptionGroup, Product, QuoteBody } from '#contract';
import type { Database } from '../../db';
import { AppError, validation, said } from '../http/errors';
import { optionNames } from '../shop/shop.repo';
import { errors } from '../i18n/errors';

/**
 * A basket line's options, checked by the rules of src/contract/options.ts: every chosen option must be
 * one of the product's groups', each group gets at least `min_choices` and at most `max_choices`, and a
 * sold-out option is refused; a line without `options` takes the product's defaults (those not sold out).
 * The line's unit price is the product's plus the chosen options' deltas.
 */

/** What an order line keeps of an option it chose (order_item_options). */
export interface ChosenOption {
  option_id: number;
  group: string;
  name: string;
  price_delta: number;
}

export interface LineChoice {
  options: ChosenOption[];
  /** what the options add to one */
  delta: number;
}

const a = (word: string) => (/^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`);

/** What is wrong with one line's choices (a fragment for its field, the whole sentence for the message), or the options it chose. */
function choose(
  product: Product,
  groups: OptionGroup[],
  chosen: number[] | undefined,
  nameOf: Map<number, string>,
): { field: string; words: MessageDescriptor } | Array<ChosenOption & { available: boolean }> {
  const ids = new Set(chosen ?? groups.flatMap((g) => g.options.filter((o) => o.is_default && o.available).map((o) => o.id)));
  const offered = new Set(groups.flatMap((g) => g.options.map((o) => o.id)));
  const foreign = [...ids].find((id) => !offered.has(id));
  const of = { product: product.name };
  if (foreign !== undefined) {
    const option = nameOf.get(foreign);
    return option === undefined
      ? { field: `An option that is no longer on the menu is not an option of ${product.name}`, words: said(errors.optionGone, of) }
      : { field: `${option} is not an option of ${product.name}`, words: said(errors.optionForeign, { ...of, option }) };
  }
  for (const g of groups) {
    const n = g.options.filter((o) => ids.has(o.id)).length;
    const group = { ...of, group: g.name };
    if (n > g.max_choices)
      return g.max_choices === 1
        ? { field: `choose only one ${g.name}`, words: said(errors.optionOnlyOne, group) }
        : { field: `choose at most ${g.max_choices} ${g.name}`, words: said(errors.optionAtMost, { ...group, max: g.max_choices }) };
    if (n < g.min_choices)
      return g.min_choices === 1
        ? { field: `choose ${a(g.name)}`, words: said(/^[aeiou]/i.test(g.name) ? errors.optionAn : errors.optionA, group) }
        : { field: `choose at least ${g.min_choices} ${g.name}`, words: said(errors.optionAtLeast, { ...group, min: g.min_choices }) };
  }
  return groups.flatMap((g) =>
    g.options.filter((o) => ids.has(o.id)).map((o) => ({ option_id: o.id, group: g.name, name: o.name, price_delta: o.price_delta, available: o.available })),
  );
}

/**
 * Every line's options, in the basket's order: 400 VALIDATION naming each bad line's `items.N.options`
 * ("Large is not an option of Espresso", "choose a Size", "choose at most 3 Extras"), then 409
 * PRODUCT_UNAVAILABLE for a sold-out option ("Oat milk is sold out").
 */
export async function lineChoices(
  db: Database,
  items: QuoteBody['items'],
  products: Map<number, Product>,
  groups: Map<number, OptionGroup[]>,
): Promise<LineChoice[]> {
  const offered = new Set([...groups.values()].flat().flatMap((g) => g.options.map((o) => o.id)));
  const strangers = items.flatMap((i) => (i.options ?? []).filter((id) => !offered.has(id)));
  const nameOf = await optionNames(db, strangers);
  const problems: Record<string, string> = {};
  let message: MessageDescriptor | undefined;
  const lines = items.map((item, n) => {
    const result = choose(products.get(item.product_id)!, groups.get(item.product_id) ?? [], item.options, nameOf);
    if (Array.isArray(result)) return result;
    problems[`items.${n}.options`] = result.field;
    message ??= result.words;
    return [];
  });
  if (message) throw validation(problems, message);
  return lines.map((options, n) => {
    const soldOut = options.find((o) => !o.available);
    if (soldOut) {
      const product = products.get(items[n]!.product_id)!;
      throw new AppError(
        'PRODUCT_UNAVAILABLE',
        said(errors.optionSoldOut, { option: soldOut.name, group: soldOut.group, product: product.name }),
        { [`items.${n}.options`]: `${soldOut.name} is sold out` },
        {
          product_id: product.id,
          name: product.name,
          option_id: soldOut.option_id,
        },
      );
    }
    return { options: options.map(({ available: _a, ...o }) => o), delta: options.reduce((s, o) => s + o.price_delta, 0) };
  });
}
