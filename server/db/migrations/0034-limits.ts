import type { Kysely } from 'kysely';
import { execScript } from '../script';

/**
 * Limits per client and per customer (server/provider/http/use-limit.ts): one row per counted use of a
 * costly or probing call (a wallet card built, a "Forgot your password?" asked), kept a day at most and
 * purged hourly. Unlogged, like call_nonces: a count lost in a crash of PostgreSQL itself only lets a
 * client start its window again.
 *
 * A counter earn may name the app order it is for (`order_id`): at most one earn not undone per order,
 * and none for an order that earned its points in the app (counter/order-link.ts).
 */
/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    create unlogged table use_counts (
      id bigserial primary key,
      scope text not null,
      key text not null,
      at timestamptz not null
    );
    create index use_counts_key_idx on use_counts (scope, key, at);
    create index use_counts_at_idx on use_counts (at);
    alter table counter_earns add column order_id integer references orders (id);
    create unique index counter_earns_order_once on counter_earns (order_id) where order_id is not null and undone_at is null
  `);
}

/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    drop index if exists counter_earns_order_once;
    alter table counter_earns drop column if exists order_id;
    drop table if exists use_counts
  `);
}
