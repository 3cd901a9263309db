import type { Kysely } from 'kysely';
import { execScript } from '../script';

/**
 * Unpaid orders' holds: an order paid online holds its pickup slot (and its voucher) only until
 * `hold_until`, 10 minutes after it was placed; the job runner then cancels it as unpaid and gives its
 * slot back, and writes `hold_released_at`, which tells a payment arriving later that the order was let
 * go for want of payment, not cancelled by staff (such a payment places it again when a slot is free).
 * The index finds the orders whose hold has ended, and a customer's unpaid orders still held (at most
 * a few at once). Orders already waiting for payment when this runs get a hold ending 10 minutes after
 * the migration.
 */
/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    alter table orders add column hold_until timestamptz;
    alter table orders add column hold_released_at timestamptz;
    update orders set hold_until = now() + interval '10 minutes' where status = 'pending_payment';
    create index orders_unpaid_due on orders (hold_until) where status = 'pending_payment';
    create index orders_unpaid_of on orders (customer_id) where status = 'pending_payment'
  `);
}
