import { sql } from 'kysely';
import { PUSH_KINDS, type PushKind, type PushPreferences } from '#contract/push';
import type { Database } from '../../db';

/** The rows of web push: subscriptions, the customer's kinds, the delivery outbox (migration 0027). */

export const ALL_ON: PushPreferences = { order_status: true, points: true, rewards: true, expiring: true, campaigns: true };

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
  const row = await db.selectFrom('push_subscriptions').select((eb) => eb.fn.countAll<number>().as('n')).where('customer_id', '=', customerId).executeTakeFirstOrThrow();
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
    .where('id', 'not in', (eb) => eb.selectFrom('push_subscriptions').select('id').where('customer_id', '=', customerId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(keep))
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
