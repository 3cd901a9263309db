/**
 * Product options (modifier groups): a product has groups such as Size (one of: Regular, Large +₱20),
 * Milk (one of: Whole, Oat +₱25), Extras (any of, up to 3: Extra shot +₱30). A group is shared by the
 * products it is attached to (`option_group_ids` of a product, menu.ts). What customers see of them is
 * `optionGroupAnswer` inside each product of the catalog (shop.ts); what an order keeps of them is
 * `orderItemOptionAnswer` (orders.ts). The schemas of the owner's editor calls (options.calls.ts
 * declares them; options.spec.ts describes them).
 *
 * The rules an order's choices obey (the provider checks them; the app's option sheet shows them):
 * - `min_choices` 0: optional; 1 or more: required, at least that many chosen;
 * - at most `max_choices` chosen (1: "one of", a radio group; more: "any of, up to N");
 * - an option of another group, or of a group the product does not have: refused;
 * - a sold-out option (`available: false`): refused (PRODUCT_UNAVAILABLE naming the line);
 * - a line whose `options` are left out takes the product's defaults (`is_default`).
 * A line's price is the product's price plus the chosen options' `price_delta`s.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { int, money } from './answer-fields';
import { id, minorUnits } from './fields';
import { translatedText, translationsAnswer, translationsInput } from './translations';

/** The most groups a product can have, and options a group can hold. */
export const OPTION_LIMITS = { groupsPerProduct: 10, optionsPerGroup: 20, choices: 10 } as const;

const optionName = z.string().trim().min(1, 'is required').max(40, 'must be at most 40 characters');
/** a group's or an option's name in other languages (translations.ts); left out: kept as it is (a new one: none) */
const optionTranslations = translationsInput({ name: translatedText(40) }).optional();

const optionInput = z.object({
  /** an option the group has already: keeps its id (orders name it); absent: a new option */
  id: id.optional(),
  name: optionName,
  price_delta: minorUnits.default(0),
  is_default: z.boolean({ error: 'must be true or false' }).default(false),
  available: z.boolean({ error: 'must be true or false' }).default(true),
  translations: optionTranslations,
});

/** `merchant/menu/option-group/create`: a group and its options, in the order they are listed. */
export const optionGroupBody = z
  .object({
    name: optionName,
    translations: optionTranslations,
    min_choices: z.number().int('must be a whole number').min(0, 'must be 0 or more').max(OPTION_LIMITS.choices, `must be at most ${OPTION_LIMITS.choices}`),
    max_choices: z.number().int('must be a whole number').min(1, 'must be at least 1').max(OPTION_LIMITS.choices, `must be at most ${OPTION_LIMITS.choices}`),
    options: z
      .array(optionInput)
      .min(1, 'add at least one option')
      .max(OPTION_LIMITS.optionsPerGroup, `must be at most ${OPTION_LIMITS.optionsPerGroup} options`),
  })
  .superRefine((g, ctx) => {
    if (g.min_choices > g.max_choices) ctx.addIssue({ code: 'custom', path: ['min_choices'], message: 'must not be more than the most choices' });
    if (g.min_choices > g.options.length) ctx.addIssue({ code: 'custom', path: ['min_choices'], message: 'must not be more than the number of options' });
    const defaults = g.options.filter((o) => o.is_default).length;
    if (defaults > g.max_choices)
      ctx.addIssue({ code: 'custom', path: ['options'], message: `can have at most ${g.max_choices} default${g.max_choices === 1 ? '' : 's'}` });
    const seen = new Set<string>();
    g.options.forEach((o, n) => {
      const key = o.name.toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['options', n, 'name'], message: 'is already an option of this group' });
      seen.add(key);
    });
  });
export type OptionGroupInput = z.input<typeof optionGroupBody>;
/**
 * `merchant/menu/option-group/update`: the whole group as it is to be. An option listed with its `id`
 * keeps it; one without is new; one of the group not listed is removed (orders keep what they named).
 */
export const optionGroupUpdateBody = z.intersection(z.object({ id }), optionGroupBody);
export type OptionGroupUpdateInput = z.input<typeof optionGroupUpdateBody>;
/** `merchant/menu/option/availability`: an option's sold-out switch. */
export const optionAvailabilityBody = z.object({ id, available: z.boolean({ error: 'must be true or false' }) });
export type OptionAvailabilityInput = z.infer<typeof optionAvailabilityBody>;
export const optionGroupDeleteBody = z.object({ id });

/** An option as customers (the catalog) and the editor see it. */
export const optionAnswer = z
  .object({
    id: int(),
    name: z.string(),
    price_delta: money().meta({ description: "added to the product's price when chosen" }),
    is_default: z.boolean(),
    available: z.boolean().meta({ description: 'false: sold out (shown, cannot be chosen)' }),
  })
  .meta({ id: 'ProductOption' });
export type ProductOption = z.infer<typeof optionAnswer>;

export const optionGroupAnswer = z
  .object({
    id: int(),
    name: z.string(),
    min_choices: int().meta({ description: '0: optional; 1 or more: required' }),
    max_choices: int().meta({ description: '1: one of; more: any of, up to this many' }),
    options: z.array(optionAnswer),
  })
  .meta({ id: 'OptionGroup' });
export type OptionGroup = z.infer<typeof optionGroupAnswer>;

/** A group in the editor: the products it is attached to, its and its options' words in other languages. */
const editorOptionGroup = optionGroupAnswer
  .extend({
    product_ids: z.array(int()),
    translations: translationsAnswer(),
    options: z.array(optionAnswer.extend({ translations: translationsAnswer() })),
  })
  .meta({ id: 'EditorOptionGroup' });
export type EditorOptionGroup = z.infer<typeof editorOptionGroup>;
export const optionGroupsAnswer = z.object({ groups: z.array(editorOptionGroup) });
export type OptionGroupsData = z.infer<typeof optionGroupsAnswer>;
export const optionGroupOnlyAnswer = z.object({ group: editorOptionGroup });
export type OptionGroupData = z.infer<typeof optionGroupOnlyAnswer>;

/** What an order line keeps of a chosen option: its words and price as they were when ordered. */
export const orderItemOptionAnswer = z.object({ group: z.string(), name: z.string(), price_delta: money() }).meta({ id: 'OrderItemOption' });
export type OrderItemOption = z.infer<typeof orderItemOptionAnswer>;

/** The options of a basket's line: the chosen options' ids (absent: the product's defaults). */
export const lineOptionsInput = z
  .array(id)
  .max(OPTION_LIMITS.optionsPerGroup * OPTION_LIMITS.groupsPerProduct, 'has too many options')
  .refine((ids) => new Set(ids).size === ids.length, 'names an option twice')
  .optional();
