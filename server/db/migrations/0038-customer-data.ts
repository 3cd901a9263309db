import { sql, type Kysely } from 'kysely';

/**
 * Each customer's data is theirs (issue 45): a deletion they (or the owner, for them) asked for waits
 * out the shop's cooling-off period (`erase_after`; signing in again cancels it), then the hourly job
 * erases the person (`erased_at`) and keeps the money records. `consents`: every yes or no to offers,
 * with its time and where it was given, shown in the customer's data.
 */
/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table customers add column deletion_requested_at timestamptz`.execute(db);
  await sql`alter table customers add column deletion_requested_by text`.execute(db);
  await sql`alter table customers add column erase_after timestamptz`.execute(db);
  await sql`alter table customers add column erased_at timestamptz`.execute(db);
  await sql`create index customers_erase_due on customers (erase_after) where erase_after is not null and erased_at is null`.execute(db);
  await sql`
    create table consents (
      id serial primary key,
      customer_id integer not null references customers (id) on delete cascade,
      purpose text not null,
      channel text not null,
      granted boolean not null,
      source text not null,
      created_at timestamptz not null
    )
  `.execute(db);
  await sql`create index consents_customer on consents (customer_id, id)`.execute(db);
}
