import type { Kysely } from 'kysely';
import { execScript } from '../script';

/**
 * A catalogue a café can run (issue 27): a product is archived (hidden from customers, kept for the
 * orders that name it) rather than removed; one that no order names can be deleted, which the index on
 * `order_items (product_id)` answers without reading every order. A reward can be a free product (the
 * product, once, at 0) rather than an amount off: never both.
 */
/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    alter table products add column archived_at timestamptz;
    create index order_items_product_idx on order_items (product_id);
    alter table rewards add column product_id integer references products (id);
    alter table rewards add constraint rewards_product_or_discount check (product_id is null or discount_amount = 0)
  `);
}

/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    alter table rewards drop constraint if exists rewards_product_or_discount;
    alter table rewards drop column if exists product_id;
    drop index if exists order_items_product_idx;
    alter table products drop column if exists archived_at
  `);
}
