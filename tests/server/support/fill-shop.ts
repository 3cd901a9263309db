/**
 * A filled shop for the backup and upgrade suites: the demo seed, then scripts/seed-volume.ts's busy
 * months (customers, orders, wallets, points, vouchers, spins), then a few rows of every loyalty feature
 * the volume seed leaves out (stamp cards and their events, tiers reached, referrals, push subscriptions,
 * wallet passes, campaign sends), tied to the customers it made. And what a restored or upgraded copy of
 * it must keep: every balance equal to its ledger, every table's rows.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../../server/db';
import { seed } from '../../../server/db/seed';
import { seedVolume } from '../../../scripts/seed-volume.ts';

/** Fills `db` (migrated, empty) with a small busy shop as of `now`. */
export async function fillShop(db: Database, o: { orders: number; now: Date }): Promise<void> {
  await seed(db);
  await seedVolume(db, { orders: o.orders, now: o.now });
  const customers = (await db.selectFrom('customers').select('id').orderBy('id').execute()).map((c) => c.id);
  const reward = await db.selectFrom('rewards').select('id').orderBy('id').executeTakeFirstOrThrow();
  const voucher = await db.selectFrom('vouchers').select(['id', 'customer_id']).orderBy('id').executeTakeFirstOrThrow();
  const now = o.now;
  await db.transaction().execute(async (trx) => {
    const program = await trx
      .insertInto('stamp_programs')
      .values({
        name: 'Coffee card',
        product_ids: JSON.stringify([]),
        category_ids: JSON.stringify([]),
        per: 'visit',
        stamps_needed: 8,
        reward_id: reward.id,
        expiry_days: 90,
        status: 'active',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [i, customer] of customers.slice(0, 12).entries()) {
      const stamps = 1 + (i % 7);
      const card = await trx
        .insertInto('stamp_cards')
        .values({
          program_id: program.id,
          customer_id: customer,
          stamps,
          started_at: now,
          expires_at: new Date(now.getTime() + 90 * 86_400_000),
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('stamp_events')
        .values({
          card_id: card.id,
          program_id: program.id,
          customer_id: customer,
          order_id: null,
          earn_id: null,
          stamps,
          stamps_after: stamps,
          created_at: now,
        })
        .execute();
      await trx
        .insertInto('customer_tiers')
        .values({ customer_id: customer, position: 1 + (i % 2), reached_at: now, held_until: null, notice_sent_at: null, updated_at: now })
        .execute();
      await trx
        .insertInto('push_subscriptions')
        .values({
          customer_id: customer,
          endpoint: `https://push.example/${randomBytes(8).toString('hex')}`,
          p256dh: randomBytes(65).toString('base64url'),
          auth: randomBytes(16).toString('base64url'),
          created_at: now,
        })
        .execute();
      await trx
        .insertInto('wallet_passes')
        .values({ customer_id: customer, serial: randomBytes(16).toString('hex'), auth_token_hash: randomBytes(32).toString('hex'), created_at: now })
        .execute();
    }
    for (let i = 12; i + 1 < Math.min(customers.length, 24); i += 2) {
      await trx
        .insertInto('referrals')
        .values({
          referrer_id: customers[i]!,
          friend_id: customers[i + 1]!,
          status: i % 4 === 0 ? 'signed_up' : 'rewarded',
          signed_up_at: now,
          rewarded_at: i % 4 === 0 ? null : now,
          referrer_points: i % 4 === 0 ? null : 50,
          friend_points: i % 4 === 0 ? null : 50,
        })
        .execute();
    }
    await trx.updateTable('campaigns').set({ enabled: true, enabled_at: now, updated_at: now }).where('kind', '=', 'welcome').execute();
    await trx
      .insertInto('campaign_sends')
      .values({ campaign: 'welcome', customer_id: voucher.customer_id, period: 'once', notification_id: null, voucher_id: voucher.id, sent_at: now })
      .execute();
  });
}

/** What must hold in any copy of a shop: the number of customers whose balance is not their ledger's sum, and vouchers that are wrong. */
export async function balanceProblems(db: Database): Promise<{ wallet: number; points: number; vouchers: number; customers: number }> {
  const one = async (q: ReturnType<typeof sql<{ n: number }>>) => Number((await q.execute(db)).rows[0]!.n);
  return {
    customers: await one(sql<{ n: number }>`select count(*)::int as n from customers`),
    wallet: await one(sql<{ n: number }>`
      select count(*)::int as n from customers c
      where c.wallet_balance <> coalesce((select sum(amount) from wallet_ledger l where l.customer_id = c.id), 0)`),
    points: await one(sql<{ n: number }>`
      select count(*)::int as n from customers c
      where c.points <> coalesce((select sum(points) from points_ledger l where l.customer_id = c.id), 0)`),
    // a voucher belongs to a customer and a reward that exist, and a used one has its time
    vouchers: await one(sql<{ n: number }>`
      select count(*)::int as n from vouchers v
      where not exists (select 1 from customers c where c.id = v.customer_id) or not exists (select 1 from rewards r where r.id = v.reward_id)
         or (v.status = 'used' and v.used_at is null)`),
  };
}

/** Every table of the shop (schema public) with its row count and an md5 of its rows in a fixed order. */
export async function tableFingerprints(db: Database): Promise<Record<string, string>> {
  const tables = await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = 'public' order by 1`.execute(db);
  const out: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const r = await sql<{
      n: number;
      h: string | null;
    }>`select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as h from ${sql.table(name)} t`.execute(db);
    out[name] = `${r.rows[0]!.n}:${r.rows[0]!.h ?? ''}`;
  }
  return out;
}

/** Each customer's wallet and points, and each voucher's status: what an upgrade must keep exactly. */
export async function balancesOf(db: Database): Promise<{ customers: Array<[number, number, number]>; vouchers: Record<string, number> }> {
  const customers = await db.selectFrom('customers').select(['id', 'wallet_balance', 'points']).orderBy('id').execute();
  const vouchers = await sql<{ status: string; n: number }>`select status, count(*)::int as n from vouchers group by 1 order by 1`.execute(db);
  return { customers: customers.map((c) => [c.id, c.wallet_balance, c.points]), vouchers: Object.fromEntries(vouchers.rows.map((v) => [v.status, v.n])) };
}
