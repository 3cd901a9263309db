import { sql, type Kysely } from 'kysely';

/**
 * Payments and messages connected from the console (issue 46): one row per service (stripe, twilio,
 * smtp) with its credentials sealed (AES-256-GCM, server/lib/secret-box.ts), what may be shown of them
 * (`hint`: a key's last 4 characters, a host), and who connected them when. A disconnected service
 * has no row. `updated_at` is what every instance compares to see a change without a restart.
 */
/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table channel_connections (
      service text primary key check (service in ('stripe', 'twilio', 'smtp')),
      sealed text not null,
      hint jsonb not null,
      connected_by integer references staff (id) on delete set null,
      connected_by_name text not null,
      connected_at timestamptz not null,
      updated_at timestamptz not null
    )
  `.execute(db);
}
