/** The menu (shop/catalog) and the merchant's product edits. Part of the contract (src/contract): free of React, of the browser and of Express. */
import { z } from 'zod';
import { id } from './fields';

export interface Product {
  id: number;
  name: string;
  description: string;
  price: number;
  image: string;
  available: boolean;
}
export interface Category {
  id: number;
  name: string;
  products: Product[];
}
export interface CatalogData {
  categories: Category[];
}

export const merchantProductBody = z
  .object({
    product_id: id,
    price: z.number().int('must be a whole number of minor units').min(0).max(100_000_000).optional(),
    available: z.boolean().optional(),
  })
  .refine((b) => b.price !== undefined || b.available !== undefined, {
    message: 'give price or available',
    path: ['price'],
  });
export type MerchantProductBody = z.infer<typeof merchantProductBody>;
