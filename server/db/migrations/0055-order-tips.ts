import type { Kysely } from 'kysely';
import { execScript } from '../script';

/**
 * Tips at checkout (issue 51): an order's tip in minor units, part of its total (paid with it, refunded
 * with it) but never of its subtotal, its discount or the points it earns. 0: no tip (every older
 * order). The tips report sums it per location and day among paid orders, through the paid-at index.
 */
/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    alter table orders add column tip bigint not null default 0 check (tip >= 0);
    create index orders_tips_idx on orders (paid_at) include (location_id, tip) where tip > 0 and paid_at is not null
  `);
}

/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    drop index if exists orders_tips_idx;
    alter table orders drop column if exists tip
  `);
}
