import type { Kysely } from 'kysely';
import { execScript } from '../script';

/**
 * Guest orders at the table: a guest is a `customers` row with no phone and no Google account, bound to
 * the location whose table code started it (`guest_location_id`; null: a member). Its session carries the
 * location too (`sessions.guest_location_id`), so the session check knows a guest without another read.
 * A guest's order keeps the first name (`orders.guest_name`) and, once a member claims it within a day of
 * its payment, when (`claimed_at`): the order is then the member's, with the points it would have earned.
 */
/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    alter table customers add column guest_location_id integer references locations(id) on delete set null;
    alter table customers add constraint customers_guest_check check (guest_location_id is null or (phone is null and google_sub is null));
    alter table sessions add column guest_location_id integer;
    alter table orders add column guest_name text;
    alter table orders add column claimed_at timestamptz;
    alter table orders add constraint orders_claimed_guest_check check (claimed_at is null or guest_name is not null);
    create index customers_guest_idx on customers (created_at) where guest_location_id is not null
  `);
}

/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    drop index if exists customers_guest_idx;
    alter table orders drop constraint if exists orders_claimed_guest_check;
    alter table orders drop column if exists claimed_at;
    alter table orders drop column if exists guest_name;
    alter table sessions drop column if exists guest_location_id;
    alter table customers drop constraint if exists customers_guest_check;
    alter table customers drop column if exists guest_location_id
  `);
}
