import type { Kysely } from 'kysely';
import { execScript } from '../script';

/**
 * Pay at the counter (issue 54): a dine-in order may be paid at the till (`payment_method` counter). It is
 * made at once (written `preparing`) with `paid_at` null until staff mark it paid, in cash or by card
 * (`counter_paid_with`). Only a dine-in order is paid this way; only a counter order says how it was paid.
 */
/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    alter table orders drop constraint if exists orders_payment_method_check;
    alter table orders add constraint orders_payment_method_check check (payment_method in ('wallet', 'gateway', 'counter'));
    alter table orders add constraint orders_counter_dine_in_check check (payment_method <> 'counter' or fulfilment = 'dine_in');
    alter table orders add column counter_paid_with text check (counter_paid_with in ('cash', 'card'));
    alter table orders add constraint orders_counter_paid_only_check check (counter_paid_with is null or (payment_method = 'counter' and paid_at is not null))
  `);
}

/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    alter table orders drop constraint if exists orders_counter_paid_only_check;
    alter table orders drop column if exists counter_paid_with;
    alter table orders drop constraint if exists orders_counter_dine_in_check;
    alter table orders drop constraint if exists orders_payment_method_check;
    alter table orders add constraint orders_payment_method_check check (payment_method in ('wallet', 'gateway'))
  `);
}
