import type { Kysely } from 'kysely';
import { execScript } from '../script';

/**
 * A cancelled order's points (issue 24): what its cancellation took back (the rest is the shortfall:
 * points already spent that no unused voucher could give back), and vouchers cancelled with it. A
 * voucher keeps the points its redemption burned (`points_paid`; null for a wheel prize), so a
 * cancellation can give exactly those back. Existing rows: a redeemed voucher paid its reward's cost,
 * and a cancelled order took back what its `adjust` entries say.
 */
/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    alter table orders add column points_taken_back integer not null default 0 check (points_taken_back >= 0);
    alter table vouchers drop constraint vouchers_status_check;
    alter table vouchers add constraint vouchers_status_check check (status in ('active', 'used', 'expired', 'cancelled'));
    alter table vouchers add column points_paid integer check (points_paid >= 0);
    alter table vouchers add column cancelled_at timestamptz;
    alter table vouchers add column cancelled_with_order integer references orders (id);
    update vouchers v set points_paid = r.points_cost from rewards r where r.id = v.reward_id and v.source = 'redeem';
    update orders o set points_taken_back = least(o.points_earned, coalesce((
      select -sum(l.points) from points_ledger l where l.customer_id = o.customer_id and l.ref = 'order:' || o.name and l.type = 'adjust' and l.points < 0
    ), 0)) where o.status = 'cancelled' and o.points_earned > 0
  `);
}

/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    update vouchers set status = 'expired' where status = 'cancelled';
    alter table vouchers drop column if exists cancelled_with_order;
    alter table vouchers drop column if exists cancelled_at;
    alter table vouchers drop column if exists points_paid;
    alter table vouchers drop constraint vouchers_status_check;
    alter table vouchers add constraint vouchers_status_check check (status in ('active', 'used', 'expired'));
    alter table orders drop column if exists points_taken_back
  `);
}
