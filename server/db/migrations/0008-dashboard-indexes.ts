import type { Kysely } from 'kysely';
import { execScript } from '../script';

/**
 * The owner's dashboard at volume (issue 14): every figure reads a period of time, so each table it
 * counts gets an index on that time, carrying the columns the figure sums (an index-only scan reads
 * none of the wide rows: a ledger entry's reason, an order's address). Measured with `npm run
 * seed-volume` (100,000 orders, 1,000,000 ledger entries) in `BENCH_ONLY=dashboard npm run bench`.
 * A spin's prize kind is its own stored column (kept by PostgreSQL from the prize), so counting the
 * prizes of a month reads the index, not every spin's JSON.
 */
/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    create index orders_paid_idx on orders (paid_at) include (customer_id, total) where status <> 'cancelled' and paid_at is not null;
    create index orders_customer_paid_idx on orders (customer_id, paid_at) where status <> 'cancelled' and paid_at is not null;
    create index points_ledger_created_idx on points_ledger (created_at) include (type, points);
    alter table wheel_spins add column prize_type text generated always as (prize->>'type') stored;
    create index wheel_spins_created_idx on wheel_spins (created_at) include (prize_type);
    create index vouchers_created_idx on vouchers (created_at);
    create index customers_created_idx on customers (created_at);
    create index payments_topups_settled_idx on payments (settled_at) include (amount) where kind = 'topup' and status = 'paid';
    drop index points_ledger_lots_idx;
    create index points_ledger_lots_idx on points_ledger (expires_at) include (remaining) where remaining > 0;
  `);
}

/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    drop index if exists points_ledger_lots_idx;
    create index points_ledger_lots_idx on points_ledger (expires_at) where remaining > 0;
    drop index if exists payments_topups_settled_idx;
    drop index if exists customers_created_idx;
    drop index if exists vouchers_created_idx;
    drop index if exists wheel_spins_created_idx;
    alter table wheel_spins drop column if exists prize_type;
    drop index if exists points_ledger_created_idx;
    drop index if exists orders_customer_paid_idx;
    drop index if exists orders_paid_idx;
  `);
}
