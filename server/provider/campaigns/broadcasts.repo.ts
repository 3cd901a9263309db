import { sql } from 'kysely';
import type { ShopWords } from '#contract/translations';
import type { Database } from '../../db';
import { CANDIDATE_BATCH, subscribed } from './campaigns.repo';

/** SQL of one-off broadcasts: who one reaches, the broadcasts, and their messages (migration 0042). */

/**
 * Customers a broadcast may reach: those the campaigns may (they take offers and were not erased), of
 * one tier (its position; no tier row: the first) when `tier` is given.
 */
function reachable(tier: number | null) {
  return sql<boolean>`${subscribed}
    and (${tier}::int is null or coalesce((select t.position from customer_tiers t where t.customer_id = c.id), 0) = ${tier}::int)`;
}

/** How many customers a broadcast to `tier` (null: all) would reach now. */
export async function countAudience(db: Database, tier: number | null): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from customers c where ${reachable(tier)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** Whether the customer may still be reached (re-checked under their lock): offers on, not erased. */
export async function stillReachable(db: Database, customerId: number, tier: number | null): Promise<boolean> {
  const { rows } = await sql<{ id: number }>`select c.id from customers c where c.id = ${customerId} and ${reachable(tier)}`.execute(db);
  return rows.length > 0;
}

export type BroadcastRow = Awaited<ReturnType<typeof sendingBroadcasts>>[number];

export async function insertBroadcast(
  trx: Database,
  b: { staffId: number; title: string; body: string; translations: ShopWords; tier: number | null; rewardId: number | null; audience: number; now: Date },
): Promise<number> {
  const row = await trx
    .insertInto('broadcasts')
    .values({
      staff_id: b.staffId,
      title: b.title,
      body: b.body,
      translations: JSON.stringify(b.translations),
      tier_position: b.tier,
      reward_id: b.rewardId,
      audience: b.audience,
      created_at: b.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The broadcasts still reaching customers, oldest first. */
export async function sendingBroadcasts(db: Database) {
  return db
    .selectFrom('broadcasts')
    .select(['id', 'title', 'body', 'translations', 'tier_position', 'reward_id', 'created_at'])
    .where('status', '=', 'sending')
    .orderBy('id')
    .execute();
}

/** The next customers a broadcast has not reached, after `afterId`: those who were customers when it was sent. */
export async function broadcastCandidates(db: Database, b: BroadcastRow, afterId: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    select c.id from customers c
    where ${reachable(b.tier_position)} and c.created_at <= ${b.created_at} and c.id > ${afterId}
      and not exists (select 1 from broadcast_sends s where s.broadcast_id = ${b.id} and s.customer_id = c.id)
    order by c.id limit ${CANDIDATE_BATCH}
  `.execute(db);
  return rows.map((r) => r.id);
}

/** Records the message before it is written; null when this customer has it already (a retried run, another instance). */
export async function recordBroadcastSend(trx: Database, s: { broadcastId: number; customerId: number; now: Date }): Promise<number | null> {
  const row = await trx
    .insertInto('broadcast_sends')
    .values({ broadcast_id: s.broadcastId, customer_id: s.customerId, sent_at: s.now })
    .onConflict((oc) => oc.columns(['broadcast_id', 'customer_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function completeBroadcastSend(trx: Database, sendId: number, s: { notificationId: number; voucherId: number | null }): Promise<void> {
  await trx.updateTable('broadcast_sends').set({ notification_id: s.notificationId, voucher_id: s.voucherId }).where('id', '=', sendId).execute();
}

export async function markBroadcastEmailed(db: Database, sendId: number): Promise<void> {
  await db.updateTable('broadcast_sends').set({ channel: 'email' }).where('id', '=', sendId).execute();
}

export async function finishBroadcast(db: Database, id: number, now: Date): Promise<void> {
  await db.updateTable('broadcasts').set({ status: 'sent', finished_at: now }).where('id', '=', id).where('status', '=', 'sending').execute();
}

/** The latest broadcasts, newest first, with their messages sent and read in the app. */
export async function broadcastList(db: Database, limit: number, id?: number) {
  let q = db
    .selectFrom('broadcasts as b')
    .leftJoin('staff as st', 'st.id', 'b.staff_id')
    .leftJoin('rewards as r', 'r.id', 'b.reward_id')
    .select((eb) => [
      'b.id',
      'b.title',
      'b.body',
      'b.translations',
      'b.tier_position',
      'b.status',
      'b.audience',
      'b.created_at',
      'st.name as staff_name',
      'r.title as reward_title',
      eb.selectFrom('broadcast_sends as s').whereRef('s.broadcast_id', '=', 'b.id').select(eb.fn.countAll<number>().as('n')).as('sent'),
      eb
        .selectFrom('broadcast_sends as s')
        .innerJoin('notifications as n', 'n.id', 's.notification_id')
        .whereRef('s.broadcast_id', '=', 'b.id')
        .where('n.read_at', 'is not', null)
        .select(eb.fn.countAll<number>().as('n'))
        .as('opened'),
    ])
    .orderBy('b.id', 'desc')
    .limit(limit);
  if (id !== undefined) q = q.where('b.id', '=', id);
  return q.execute();
}
