import type { Database } from '../../db';

/**
 * The record of every yes or no to offers (issue 45; migration 0038): what for, by which channel, given
 * where and when. The choice itself stays where it is read (campaign_unsubscribes, push_preferences);
 * this is its history, shown in the customer's data and erased with the account.
 */
export type ConsentSource = 'sign_up' | 'sign_up_default' | 'profile' | 'push_settings' | 'email_link';

export async function recordConsent(
  db: Database,
  customerId: number,
  c: { channel: 'all' | 'push'; granted: boolean; source: ConsentSource },
  now: Date,
): Promise<void> {
  await db
    .insertInto('consents')
    .values({ customer_id: customerId, purpose: 'offers', channel: c.channel, granted: c.granted, source: c.source, created_at: now })
    .execute();
}

/**
 * Offers off for a customer: the row campaigns read (campaign_unsubscribes; `via` where they said so),
 * kept once. Here, below auth, because a new account may start without offers (issue 46).
 */
export async function offersOff(db: Database, customerId: number, via: 'app' | 'email', now: Date): Promise<void> {
  await db
    .insertInto('campaign_unsubscribes')
    .values({ customer_id: customerId, via, created_at: now })
    .onConflict((oc) => oc.column('customer_id').doNothing())
    .execute();
}
