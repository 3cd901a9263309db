import type { Kysely } from 'kysely';
import { execScript } from '../script';

/**
 * Every published wheel configuration (issue 14): its version (the segments of that `odds_version`
 * stay in wheel_segments, and every spin names its version), the spin cost and free spins of its time,
 * when and by whom it was published. The seed's first version has no row: it was never published.
 */
/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    create table wheel_versions (
      version integer primary key,
      spin_cost_points integer not null check (spin_cost_points >= 0),
      free_spins_per_day integer not null check (free_spins_per_day >= 0),
      published_at timestamptz not null,
      published_by integer references staff (id)
    );
  `);
}
