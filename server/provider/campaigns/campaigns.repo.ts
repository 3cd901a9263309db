import { sql } from 'kysely';
import { offersOff } from '../consents/consents';
import type { CampaignKind } from '#contract/campaigns';
import { withWordsColumn } from '../../lib/words-column';
import type { Database } from '../../db';
import type { ShopWords } from '#contract/translations';
import { DAY, HOUR } from '../../lib/clock';

/** SQL of automatic campaigns: their settings, who each one reaches, the messages sent, and who unsubscribed. */

export type CampaignRow = Awaited<ReturnType<typeof campaignRows>>[number];

export async function campaignRows(db: Database) {
  return db
    .selectFrom('campaigns as c')
    .leftJoin('rewards as r', 'r.id', 'c.reward_id')
    .select([
      'c.kind',
      'c.enabled',
      'c.title',
      'c.body',
      'c.translations',
      'c.reward_id',
      'c.timing',
      'c.enabled_at',
      'c.updated_at',
      'r.title as reward_title',
      'r.active as reward_active',
    ])
    .execute();
}

export async function lockCampaign(trx: Database, kind: CampaignKind) {
  return trx.selectFrom('campaigns').selectAll().where('kind', '=', kind).forUpdate().executeTakeFirstOrThrow();
}

export async function saveCampaign(
  trx: Database,
  c: {
    kind: CampaignKind;
    enabled: boolean;
    title: string;
    body: string;
    reward_id: number | null;
    timing: number;
    enabled_at: Date | null;
    now: Date;
    /** left out: kept as they are */
    translations?: ShopWords;
  },
): Promise<void> {
  const { kind, now, ...fields } = c;
  await trx
    .updateTable('campaigns')
    .set({ ...withWordsColumn(fields), updated_at: now })
    .where('kind', '=', kind)
    .execute();
}

export async function activeRewardChoices(db: Database) {
  return db.selectFrom('rewards').select(['id', 'title']).where('active', '=', true).orderBy('position').orderBy('id').execute();
}

export async function rewardById(db: Database, id: number) {
  return db.selectFrom('rewards').select(['id', 'title', 'active', 'valid_days', 'stock']).where('id', '=', id).executeTakeFirst();
}

/**
 * Each campaign's sent messages, those read in the app (the notification read, or an opened mark), and
 * the orders placed within `orderDays` after one of its messages (an order counted once per campaign).
 */
export async function campaignStats(db: Database, orderDays: number): Promise<Map<string, { sent: number; opened: number; orders: number }>> {
  const { rows } = await sql<{ campaign: string; sent: number | string; opened: number | string; orders: number | string }>`
    select s.campaign,
      count(*) as sent,
      count(*) filter (where s.opened_at is not null or n.read_at is not null) as opened,
      (select count(distinct o.id) from campaign_sends s2 join orders o on o.customer_id = s2.customer_id
        and o.created_at > s2.sent_at and o.created_at <= s2.sent_at + ${`${orderDays} days`}::interval
        and o.status not in ('pending_payment', 'cancelled')
        where s2.campaign = s.campaign) as orders
    from campaign_sends s
    left join notifications n on n.id = s.notification_id
    group by s.campaign
  `.execute(db);
  return new Map(rows.map((r) => [r.campaign, { sent: Number(r.sent), opened: Number(r.opened), orders: Number(r.orders) }]));
}

/** Customers offers may reach now (`subscribed`): the console's "N customers get them". */
export async function countSubscribers(db: Database): Promise<number> {
  const { rows } = await sql<{ n: number | string }>`select count(*) as n from customers c where ${subscribed}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

// the customer's choice

export async function isUnsubscribed(db: Database, customerId: number): Promise<boolean> {
  return (await db.selectFrom('campaign_unsubscribes').select('customer_id').where('customer_id', '=', customerId).executeTakeFirst()) !== undefined;
}

export const unsubscribe = offersOff;

export async function resubscribe(db: Database, customerId: number): Promise<void> {
  await db.deleteFrom('campaign_unsubscribes').where('customer_id', '=', customerId).execute();
}

// who each campaign reaches (candidates; each is checked again under the customer's lock)

const BATCH = 200;
/**
 * Customers (`c`) offers may reach: no unsubscribe row, and not erased (erasure deletes that row with
 * the rest, so an erased account would otherwise look subscribed again).
 */
export const subscribed = sql<boolean>`not exists (select 1 from campaign_unsubscribes u where u.customer_id = c.id) and c.erased_at is null and c.guest_location_id is null`;
/** an order that counts: placed and not cancelled */
const COUNTED = sql`o.status not in ('pending_payment', 'cancelled')`;

export interface Candidate {
  id: number;
  /** the period the message is once for */
  period: string;
  /** kind-specific: the reward within reach (nearly there) */
  reward_id?: number;
}

/** Welcome: signed up since the campaign was turned on, `delayHours` ago or more, within the 14 days after. */
export async function welcomeCandidates(db: Database, now: Date, delayHours: number, since: Date, afterId: number): Promise<Candidate[]> {
  const due = new Date(now.getTime() - delayHours * HOUR);
  const { rows } = await sql<{ id: number }>`
    select c.id from customers c
    where c.created_at >= ${since} and c.created_at <= ${due} and c.created_at > ${new Date(due.getTime() - 14 * DAY)}
      and ${subscribed} and c.id > ${afterId}
      and not exists (select 1 from campaign_sends s where s.campaign = 'welcome' and s.customer_id = c.id)
    order by c.id limit ${BATCH}
  `.execute(db);
  return rows.map((r) => ({ id: r.id, period: 'once' }));
}

/** Win-back: ordered before, and not in the last `days` days; once per lapse (the period is their last order). */
export async function winBackCandidates(db: Database, now: Date, days: number, afterId: number): Promise<Candidate[]> {
  const { rows } = await sql<{ id: number; last_order: number }>`
    select c.id, (select o.id from orders o where o.customer_id = c.id and ${COUNTED} order by o.created_at desc, o.id desc limit 1) as last_order
    from customers c
    where ${subscribed} and c.id > ${afterId}
      and exists (select 1 from orders o where o.customer_id = c.id and ${COUNTED})
      and not exists (select 1 from orders o where o.customer_id = c.id and ${COUNTED} and o.created_at > ${new Date(now.getTime() - days * DAY)})
    order by c.id limit ${BATCH}
  `.execute(db);
  return rows.map((r) => ({ id: r.id, period: `lapse:${r.last_order}` }));
}

/** The last counted order of a customer (win-back's re-check under the lock). */
export async function lastOrder(db: Database, customerId: number) {
  return sql<{ id: number; created_at: Date }>`
    select o.id, o.created_at from orders o where o.customer_id = ${customerId} and ${COUNTED} order by o.created_at desc, o.id desc limit 1
  `
    .execute(db)
    .then((r) => r.rows[0]);
}

/**
 * Nearly there: the cheapest active reward (in stock) the customer cannot yet afford, within `within`
 * points; none told about that reward in the last `days` days.
 */
export async function nearlyThereCandidates(db: Database, now: Date, within: number, days: number, afterId: number): Promise<Candidate[]> {
  const since = new Date(now.getTime() - days * DAY);
  const { rows } = await sql<{ id: number; reward_id: number }>`
    select x.id, x.reward_id from (
      select c.id, (
        select r.id from rewards r
        where r.active and (r.stock is null or r.stock > 0) and r.points_cost > c.points and r.points_cost - c.points <= ${within}
        order by r.points_cost, r.id limit 1
      ) as reward_id
      from customers c
      where ${subscribed} and c.id > ${afterId}
    ) x
    where x.reward_id is not null
      and not exists (select 1 from campaign_sends s where s.campaign = 'nearly_there' and s.customer_id = x.id
        and s.period like 'reward:' || x.reward_id || ':%' and s.sent_at > ${since})
    order by x.id limit ${BATCH}
  `.execute(db);
  return rows.map((r) => ({ id: r.id, period: `reward:${r.reward_id}:${now.toISOString().slice(0, 10)}`, reward_id: r.reward_id }));
}

/** Whether the customer was told about this reward by nearly there since `since`. */
export async function toldAboutReward(db: Database, customerId: number, rewardId: number, since: Date): Promise<boolean> {
  const row = await db
    .selectFrom('campaign_sends')
    .select('id')
    .where('campaign', '=', 'nearly_there')
    .where('customer_id', '=', customerId)
    .where('period', 'like', `reward:${rewardId}:%`)
    .where('sent_at', '>', since)
    .executeTakeFirst();
  return row !== undefined;
}

/** The cheapest reward within reach of a balance (nearly there's re-check under the lock). */
export async function rewardWithinReach(db: Database, points: number, within: number) {
  return db
    .selectFrom('rewards')
    .select(['id', 'title', 'points_cost'])
    .where('active', '=', true)
    .where((eb) => eb.or([eb('stock', 'is', null), eb('stock', '>', 0)]))
    .where('points_cost', '>', points)
    .where('points_cost', '<=', points + within)
    .orderBy('points_cost')
    .orderBy('id')
    .executeTakeFirst();
}

/** Points expiring: points in lots expiring within `days` days not yet announced. */
export async function expiringCandidates(db: Database, now: Date, days: number, afterId: number): Promise<Candidate[]> {
  const { rows } = await sql<{ id: number }>`
    select distinct c.id from customers c join points_ledger l on l.customer_id = c.id
    where l.remaining > 0 and l.expires_at > ${now} and l.expires_at <= ${new Date(now.getTime() + days * DAY)} and l.expiry_notified = false
      and ${subscribed} and c.id > ${afterId}
    order by c.id limit ${BATCH}
  `.execute(db);
  return rows.map((r) => ({ id: r.id, period: '' }));
}

/** Birthday: born on one of these days (month, day), no message for the year yet. */
export async function birthdayCandidates(db: Database, days: Array<{ month: number; day: number; year: number }>, afterId: number): Promise<Candidate[]> {
  if (days.length === 0) return [];
  const values = sql.join(days.map((d) => sql`(${d.month}::int, ${d.day}::int, ${d.year}::int)`));
  const { rows } = await sql<{ id: number; year: number }>`
    select c.id, v.year from customers c join (values ${values}) as v (month, day, year) on c.birth_month = v.month and c.birth_day = v.day
    where ${subscribed} and c.id > ${afterId}
      and not exists (select 1 from campaign_sends s where s.campaign = 'birthday' and s.customer_id = c.id and s.period = 'year:' || v.year)
    order by c.id limit ${BATCH}
  `.execute(db);
  return rows.map((r) => ({ id: r.id, period: `year:${r.year}` }));
}

export const CANDIDATE_BATCH = BATCH;

// the messages

/** Records the message before it is written; null when this period's message exists (another run, another instance). */
export async function recordSend(trx: Database, s: { campaign: CampaignKind; customerId: number; period: string; now: Date }): Promise<number | null> {
  const row = await trx
    .insertInto('campaign_sends')
    .values({ campaign: s.campaign, customer_id: s.customerId, period: s.period, sent_at: s.now })
    .onConflict((oc) => oc.columns(['campaign', 'customer_id', 'period']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function completeSend(trx: Database, sendId: number, s: { notificationId: number | null; voucherId: number | null }): Promise<void> {
  await trx.updateTable('campaign_sends').set({ notification_id: s.notificationId, voucher_id: s.voucherId }).where('id', '=', sendId).execute();
}

export async function markEmailed(db: Database, sendId: number): Promise<void> {
  await db.updateTable('campaign_sends').set({ channel: 'email' }).where('id', '=', sendId).execute();
}

/** Whether a campaign of this kind is on (none yet: off). */
export async function campaignOn(db: Database, kind: CampaignKind): Promise<boolean> {
  return (await db.selectFrom('campaigns').select('enabled').where('kind', '=', kind).executeTakeFirst())?.enabled ?? false;
}

/** Whether the customer's row is there: an unsubscribe link may outlive its customer. */
export async function customerExists(db: Database, id: number): Promise<boolean> {
  return Boolean(await db.selectFrom('customers').select('id').where('id', '=', id).executeTakeFirst());
}
