import { sql, type Kysely } from 'kysely';
import { execScript } from '../script';

/**
 * Wallet passes (issue 31): a customer's pass (one per customer: an unguessable serial number, the hash of
 * its Apple authentication token, whether a Google Wallet object was offered), the Apple devices registered
 * for it (their push tokens), and the change tracking: a trigger on the rows a pass shows (the customer's
 * points and name, their tier, their stamp cards) bumps the pass's `version` from one sequence and moves
 * `changed_at` on by at least a whole second (Last-Modified has seconds only). The push job sends a pass
 * whose version is past the version it last pushed (`apple_pushed`, `google_pushed`), taking its rows with
 * `for update skip locked`, so two instances never push one change twice.
 */
/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    create sequence wallet_pass_versions;

    create table wallet_passes (
      customer_id integer primary key references customers (id) on delete cascade,
      serial text not null unique,
      auth_token_hash text,
      version bigint not null default nextval('wallet_pass_versions'),
      changed_at timestamptz not null default date_trunc('second', now()),
      apple_pushed bigint not null default 0,
      google_object boolean not null default false,
      google_pushed bigint not null default 0,
      created_at timestamptz not null
    );
    create index wallet_passes_apple_due on wallet_passes (customer_id) where version > apple_pushed;
    create index wallet_passes_google_due on wallet_passes (customer_id) where google_object and version > google_pushed;

    create table wallet_pass_devices (
      device_id text not null,
      serial text not null references wallet_passes (serial) on delete cascade,
      push_token text not null,
      created_at timestamptz not null,
      primary key (device_id, serial)
    );
    create index wallet_pass_devices_serial on wallet_pass_devices (serial)
  `);
  // one statement each: the function's body holds semicolons (execScript splits on them)
  await sql
    .raw(
      `create function wallet_pass_touch(customer integer) returns void language plpgsql as $$ begin update wallet_passes set version = nextval('wallet_pass_versions'), changed_at = date_trunc('second', greatest(now(), changed_at + interval '1 second')) where customer_id = customer; end $$`,
    )
    .execute(db);
  await sql.raw(`create function wallet_pass_changed() returns trigger language plpgsql as $$ begin perform wallet_pass_touch(new.customer_id); return null; end $$`).execute(db);
  await sql.raw(`create function wallet_pass_customer_changed() returns trigger language plpgsql as $$ begin perform wallet_pass_touch(new.id); return null; end $$`).execute(db);
  await execScript(db, `
    create trigger wallet_pass_customers after update of points, name on customers
      for each row when (old.points is distinct from new.points or old.name is distinct from new.name)
      execute function wallet_pass_customer_changed();
    create trigger wallet_pass_tiers after insert or update of position on customer_tiers
      for each row execute function wallet_pass_changed();
    create trigger wallet_pass_stamps after insert or update of stamps, status on stamp_cards
      for each row execute function wallet_pass_changed()
  `);
}

/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    drop trigger wallet_pass_stamps on stamp_cards;
    drop trigger wallet_pass_tiers on customer_tiers;
    drop trigger wallet_pass_customers on customers;
    drop function wallet_pass_customer_changed();
    drop function wallet_pass_changed();
    drop function wallet_pass_touch(integer);
    drop table wallet_pass_devices;
    drop table wallet_passes;
    drop sequence wallet_pass_versions
  `);
}
