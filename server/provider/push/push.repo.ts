import { sql } from 'kysely';
import { PUSH_KINDS, type PushKind, type PushPreferences } from '#contract/push';
import type { Database } from '../../db';

/** The rows of web push: subscriptions, the customer's kinds, the delivery outbox (migration 0027). */

export const ALL_ON: PushPreferences = { order_status: true, points: true, rewards: true, expiring: true, campaigns: true };

/** The customer's row, locked until commit: two tabs subscribing at once take turns. */
export async function lockSubscriber(trx: Database, customerId: number): Promise<void> {
  await trx.selectFrom('customers').select('id').where('id', '=', customerId).forUpdate().execute();
}

export async function preferencesOf(db: Database, customerId: number): Promise<PushPreferences> {
  const row = await db.selectFrom('push_preferences').select(PUSH_KINDS).where('customer_id', '=', customerId).executeTakeFirst();
  return row ?? ALL_ON;
}

export async function savePreferences(db: Database, customerId: number, prefs: PushPreferences, now: Date): Promise<void> {
  await db
    .insertInto('push_preferences')
    .values({ customer_id: customerId, ...prefs, updated_at: now })
    .onConflict((oc) => oc.column('customer_id').doUpdateSet({ ...prefs, updated_at: now }))
    .execute();
}

export async function countSubscriptions(db: Database, customerId: number): Promise<number> {
  const row = await db
    .selectFrom('push_subscriptions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One row per endpoint: a browser another customer subscribed on moves to this one, with its new keys. */
export async function upsertSubscription(db: Database, s: { customerId: number; endpoint: string; p256dh: string; auth: string; now: Date }): Promise<void> {
  await db
    .insertInto('push_subscriptions')
    .values({ customer_id: s.customerId, endpoint: s.endpoint, p256dh: s.p256dh, auth: s.auth, created_at: s.now })
    .onConflict((oc) => oc.column('endpoint').doUpdateSet({ customer_id: s.customerId, p256dh: s.p256dh, auth: s.auth, created_at: s.now, failures: 0 }))
    .execute();
}

/** Keeps the customer's newest `keep` subscriptions (browsers long gone never answer 410 to anyone). */
export async function trimSubscriptions(db: Database, customerId: number, keep: number): Promise<void> {
  await db
    .deleteFrom('push_subscriptions')
    .where('customer_id', '=', customerId)
    .where('id', 'not in', (eb) =>
      eb.selectFrom('push_subscriptions').select('id').where('customer_id', '=', customerId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(keep),
    )
    .execute();
}

export async function deleteSubscription(db: Database, customerId: number, endpoint: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('customer_id', '=', customerId).where('endpoint', '=', endpoint).execute();
}

/**
 * The outbox rows for a new notification: one per subscription of the customer who allows `kind`
 * (no preferences row: every kind on). One statement, in the notification's transaction.
 */
export async function enqueueDeliveries(trx: Database, o: { customerId: number; notificationId: number; kind: PushKind; now: Date }): Promise<void> {
  await sql`
    insert into push_deliveries (notification_id, subscription_id, kind, next_at, created_at)
    select ${o.notificationId}, s.id, ${o.kind}, ${o.now}, ${o.now}
    from push_subscriptions s
    left join push_preferences p on p.customer_id = s.customer_id
    where s.customer_id = ${o.customerId} and coalesce(p.${sql.ref(o.kind)}, true)
    on conflict (notification_id, subscription_id) do nothing`.execute(trx);
}

/**
 * Up to `limit` pending deliveries that are due, claimed until `lease` (`skip locked`: one instance
 * each) with their attempt counted, and read with their subscription and notification.
 */
export async function claimDeliveries(trx: Database, now: Date, lease: Date, limit: number) {
  const taken = await sql<{ id: number }>`
    update push_deliveries d set next_at = ${lease}, attempts = d.attempts + 1
    from (select id from push_deliveries where status = 'pending' and next_at <= ${now} order by next_at, id limit ${limit} for update skip locked) due
    where d.id = due.id
    returning d.id`.execute(trx);
  if (taken.rows.length === 0) return [];
  return trx
    .selectFrom('push_deliveries as d')
    .innerJoin('push_subscriptions as s', 's.id', 'd.subscription_id')
    .innerJoin('notifications as n', 'n.id', 'd.notification_id')
    .select([
      'd.id',
      'd.attempts',
      'd.kind',
      'd.created_at',
      'd.subscription_id',
      's.endpoint',
      's.p256dh',
      's.auth',
      'd.notification_id',
      'n.title',
      'n.body',
      'n.link',
    ])
    .where(
      'd.id',
      'in',
      taken.rows.map((r) => r.id),
    )
    .execute();
}

/** A claimed delivery: `attempts` as claimed, so one whose lease ran out and was claimed again is the new claim's to record. */
interface ClaimedDelivery {
  id: number;
  attempts: number;
  subscription_id: number;
}

function claimedDelivery(db: Database, d: ClaimedDelivery) {
  return db.updateTable('push_deliveries').where('id', '=', d.id).where('attempts', '=', d.attempts).where('status', '=', 'pending');
}

/** Sent: the delivery done, its subscription known to work. */
export async function recordSent(db: Database, d: ClaimedDelivery, now: Date): Promise<void> {
  await claimedDelivery(db, d).set({ status: 'sent', sent_at: now, last_error: null }).execute();
  await db.updateTable('push_subscriptions').set({ last_success_at: now, failures: 0 }).where('id', '=', d.subscription_id).execute();
}

/** Tried again at `nextAt`. */
export async function recordRetry(db: Database, d: ClaimedDelivery, nextAt: Date, error: string): Promise<void> {
  await claimedDelivery(db, d).set({ next_at: nextAt, last_error: error }).execute();
}

/** Given up: the delivery failed, and its subscription's failures counted. */
export async function recordFailed(db: Database, d: ClaimedDelivery, error: string): Promise<void> {
  await claimedDelivery(db, d).set({ status: 'failed', last_error: error }).execute();
  await db
    .updateTable('push_subscriptions')
    .set((eb) => ({ failures: eb('failures', '+', 1) }))
    .where('id', '=', d.subscription_id)
    .execute();
}

/** The browser unsubscribed or the push service forgot it: its deliveries go with it. */
export async function deleteSubscriptionById(db: Database, id: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

export async function expireDelivery(db: Database, id: number): Promise<void> {
  await db.updateTable('push_deliveries').set({ status: 'expired' }).where('id', '=', id).where('status', '=', 'pending').execute();
}

/** Finished deliveries older than `before`, and subscriptions failing `failures` times and quiet since `quiet`. */
export async function purgeDeliveries(db: Database, before: Date, failures: number, quiet: Date): Promise<void> {
  await db.deleteFrom('push_deliveries').where('status', '!=', 'pending').where('created_at', '<', before).execute();
  await db
    .deleteFrom('push_subscriptions')
    .where('failures', '>=', failures)
    .where((eb) => eb(eb.fn.coalesce('last_success_at', 'created_at'), '<', quiet))
    .execute();
}
