import type { Kysely } from 'kysely';
import { execScript } from '../script';

/**
 * Referral fraud checks beyond the device cookie: what a customer was seen with is kept as one kind of
 * sighting each in `customer_devices` (`device`: the gateway's device cookie, as before; `address`: the
 * client address, an IPv4 address or an IPv6 /64; `agent`: the user agent together with that address;
 * `push`: a browser's push endpoint), every value a keyed hash. A referral whose friend shares one with
 * the referrer (or the phone number's block) is held for the owner (`review`, the signals matched in
 * `signals`), who approves (both rewarded) or rejects it (`refused`): `reviewed_at`, `reviewed_by`.
 */
/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function up(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    alter table customer_devices add column kind text not null default 'device' check (kind in ('device', 'address', 'agent', 'push'));

    alter table referrals drop constraint referrals_status_check;
    alter table referrals add constraint referrals_status_check check (status in ('signed_up', 'ordered', 'review', 'rewarded', 'capped', 'refused', 'void'));
    alter table referrals add column signals jsonb;
    alter table referrals add column reviewed_at timestamptz;
    alter table referrals add column reviewed_by integer references staff (id);
    create index referrals_review_idx on referrals (id) where status = 'review'
  `);
}

/** @public read by the migrator through `import * as` (server/db/index.ts) */
export async function down(db: Kysely<unknown>): Promise<void> {
  await execScript(db, `
    update referrals set status = 'refused', reason = 'held for review' where status = 'review';
    drop index if exists referrals_review_idx;
    alter table referrals drop column if exists reviewed_by;
    alter table referrals drop column if exists reviewed_at;
    alter table referrals drop column if exists signals;
    alter table referrals drop constraint referrals_status_check;
    alter table referrals add constraint referrals_status_check check (status in ('signed_up', 'ordered', 'rewarded', 'capped', 'refused', 'void'));
    delete from customer_devices where kind <> 'device';
    alter table customer_devices drop column if exists kind
  `);
}
