/**
 * The shop: the menu customers browse (shop/catalog), the schemas of the area's calls (shop.calls.ts
 * declares them; shop.spec.ts describes them).
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { int, money } from './answer-fields';
import { optionGroupAnswer } from './options';
import { languageQuery } from './translations';

export const productAnswer = z
  .object({
    id: int(),
    name: z.string(),
    description: z.string(),
    price: money(),
    image: z.string(),
    available: z.boolean(),
    option_groups: z.array(optionGroupAnswer).optional().meta({
      description:
        "the choices the customer makes (Size, Milk, Extras), in order; absent or empty: none. A line's price is `price` plus its chosen options' `price_delta`s",
    }),
  })
  .meta({ id: 'Product' });
export type Product = z.infer<typeof productAnswer>;

const categoryAnswer = z.object({ id: int(), name: z.string(), products: z.array(productAnswer) });
export type Category = z.infer<typeof categoryAnswer>;
/** `shop/catalog`: `lang`, the reader's language (an unknown code: 400). */
export const catalogQuery = z.object({ lang: languageQuery });
export type CatalogQuery = z.input<typeof catalogQuery>;
export const catalogAnswer = z.object({ categories: z.array(categoryAnswer) });
export type CatalogData = z.infer<typeof catalogAnswer>;
