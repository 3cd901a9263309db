import type { Database } from '../../db';
import { notFound } from '../http/errors';

/** The name an erased account keeps: its orders and ledgers still add up, but name nobody. */
export const ERASED_NAME = 'Deleted customer';

/** The customer's orders and their lines, for the export, oldest first. */
async function orderRows(db: Database, customerId: number) {
  const orders = await db
    .selectFrom('orders')
    .select([
      'id',
      'name',
      'status',
      'fulfilment',
      'payment_method',
      'subtotal',
      'discount',
      'delivery_fee',
      'tip',
      'total',
      'points_earned',
      'address',
      'created_at',
      'paid_at',
    ])
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();
  const items =
    orders.length === 0
      ? []
      : await db
          .selectFrom('order_items')
          .select(['order_id', 'name', 'price', 'qty'])
          .where(
            'order_id',
            'in',
            orders.map((o) => o.id),
          )
          .orderBy('id')
          .execute();
  return { orders, items };
}

/** Every row one customer's data export reads (privacy.service.ts shapes them), oldest first. */
/** The customer's gift cards (sent, received), the offers their orders used, their ratings of orders and their saved card. */
async function giftsOffersFeedbackRows(db: Database, customerId: number) {
  return {
    giftCardsSent: await db
      .selectFrom('gift_cards')
      .select([
        'number',
        'amount',
        'design',
        'message',
        'from_name',
        'to_name',
        'to_phone',
        'to_email',
        'status',
        'deliver_at',
        'delivered_at',
        'claimed_at',
        'refunded_at',
        'expires_at',
        'created_at',
      ])
      .where('buyer_id', '=', customerId)
      .orderBy('id')
      .execute(),
    giftCardsReceived: await db
      .selectFrom('gift_cards')
      .select(['amount', 'from_name', 'message', 'claimed_at'])
      .where('claimed_by', '=', customerId)
      .orderBy('claimed_at')
      .execute(),
    feedback: await db
      .selectFrom('feedback as f')
      .innerJoin('orders as o', 'o.id', 'f.order_id')
      .select(['o.name as order', 'f.rating', 'f.reasons', 'f.comment', 'f.reply', 'f.created_at'])
      .where('f.customer_id', '=', customerId)
      .orderBy('f.id')
      .execute(),
    savedCard: await db
      .selectFrom('saved_cards as c')
      .leftJoin('auto_reloads as a', 'a.customer_id', 'c.customer_id')
      .select(['c.brand', 'c.last4', 'c.exp_month', 'c.exp_year', 'c.created_at', 'a.enabled', 'a.threshold', 'a.amount', 'a.paused'])
      .where('c.customer_id', '=', customerId)
      .executeTakeFirst(),
    offers: await db
      .selectFrom('offer_uses as u')
      .innerJoin('orders as o', 'o.id', 'u.order_id')
      .select(['o.offer_title as offer', 'o.offer_code as code', 'o.name as order', 'u.discount', 'u.state', 'u.created_at', 'u.given_back_at'])
      .where('u.customer_id', '=', customerId)
      .orderBy('u.id')
      .execute(),
  };
}

export async function exportRows(db: Database, customerId: number) {
  const customer = await db.selectFrom('customers').selectAll().where('id', '=', customerId).where('erased_at', 'is', null).executeTakeFirst();
  if (!customer) throw notFound('Customer');
  const tierRow = await db
    .selectFrom('customer_tiers as ct')
    .innerJoin('tiers as t', 't.position', 'ct.position')
    .select('t.name')
    .where('ct.customer_id', '=', customerId)
    .executeTakeFirst();
  const { orders, items } = await orderRows(db, customerId);
  return {
    customer,
    tier: tierRow?.name ?? null,
    addresses: await db
      .selectFrom('addresses')
      .select(['label', 'recipient', 'phone', 'line1', 'city', 'postal_code', 'note', 'is_default', 'created_at'])
      .where('customer_id', '=', customerId)
      .orderBy('id')
      .execute(),
    orders,
    items,
    points: await db
      .selectFrom('points_ledger')
      .select(['type', 'points', 'balance_after', 'reason', 'expires_at', 'created_at'])
      .where('customer_id', '=', customerId)
      .orderBy('id')
      .execute(),
    pending: await db
      .selectFrom('points_pending')
      .select(['points', 'reason', 'status', 'available_at', 'created_at'])
      .where('customer_id', '=', customerId)
      .orderBy('id')
      .execute(),
    wallet: await db
      .selectFrom('wallet_ledger')
      .select(['type', 'amount', 'balance_after', 'reason', 'created_at'])
      .where('customer_id', '=', customerId)
      .orderBy('id')
      .execute(),
    vouchers: await db
      .selectFrom('vouchers as v')
      .innerJoin('rewards as r', 'r.id', 'v.reward_id')
      .select(['r.title as reward', 'v.status', 'v.source', 'v.created_at', 'v.expires_at', 'v.used_at'])
      .where('v.customer_id', '=', customerId)
      .orderBy('v.id')
      .execute(),
    stampCards: await db
      .selectFrom('stamp_cards as s')
      .innerJoin('stamp_programs as p', 'p.id', 's.program_id')
      .select(['p.name as card', 's.stamps', 's.status', 's.started_at', 's.filled_at', 's.created_at'])
      .where('s.customer_id', '=', customerId)
      .orderBy('s.id')
      .execute(),
    referrals: await db
      .selectFrom('referrals')
      .select(['referrer_id', 'status', 'signed_up_at', 'rewarded_at'])
      .where((eb) => eb.or([eb('referrer_id', '=', customerId), eb('friend_id', '=', customerId)]))
      .orderBy('id')
      .execute(),
    notifications: await db
      .selectFrom('notifications')
      .select(['type', 'title', 'body', 'read_at', 'created_at'])
      .where('customer_id', '=', customerId)
      .orderBy('id')
      .execute(),
    spins: await db
      .selectFrom('wheel_spins')
      .select(['free', 'cost_points', 'prize', 'created_at'])
      .where('customer_id', '=', customerId)
      .orderBy('id')
      .execute(),
    devices: await db
      .selectFrom('customer_devices')
      .select(['kind', 'first_seen_at', 'last_seen_at'])
      .where('customer_id', '=', customerId)
      .orderBy('first_seen_at')
      .execute(),
    pushSubscriptions: await db
      .selectFrom('push_subscriptions')
      .select(['endpoint', 'created_at', 'last_success_at'])
      .where('customer_id', '=', customerId)
      .orderBy('id')
      .execute(),
    walletPasses: await db.selectFrom('wallet_passes').select(['created_at', 'revocations']).where('customer_id', '=', customerId).execute(),
    ...(await giftsOffersFeedbackRows(db, customerId)),
    consents: await db
      .selectFrom('consents')
      .select(['purpose', 'channel', 'granted', 'source', 'created_at'])
      .where('customer_id', '=', customerId)
      .orderBy('id')
      .execute(),
  };
}

export function deletionRow(db: Database, customerId: number) {
  return db
    .selectFrom('customers')
    .select(['deletion_requested_at', 'erase_after', 'deletion_requested_by', 'erased_at', 'wallet_balance', 'points'])
    .where('id', '=', customerId)
    .executeTakeFirst();
}

export function markDeletionRequested(trx: Database, customerId: number, d: { at: Date; eraseAfter: Date; by: string }) {
  return trx
    .updateTable('customers')
    .set({ deletion_requested_at: d.at, erase_after: d.eraseAfter, deletion_requested_by: d.by })
    .where('id', '=', customerId)
    .returning(['deletion_requested_at', 'erase_after', 'deletion_requested_by', 'erased_at'])
    .executeTakeFirstOrThrow();
}

/** Every session the customer has, ended. */
export async function revokeSessions(trx: Database, customerId: number, now: Date): Promise<void> {
  await trx.updateTable('sessions').set({ revoked_at: now }).where('customer_id', '=', customerId).where('revoked_at', 'is', null).execute();
}

export async function clearDeletion(trx: Database, customerId: number): Promise<void> {
  await trx
    .updateTable('customers')
    .set({ deletion_requested_at: null, erase_after: null, deletion_requested_by: null })
    .where('id', '=', customerId)
    .execute();
}

/** Up to `limit` accounts whose cooling-off period has ended, not erased yet, the longest due first. */
export function accountsDueForErasure(db: Database, now: Date, limit: number) {
  return db.selectFrom('customers').select('id').where('erase_after', '<=', now).where('erased_at', 'is', null).orderBy('erase_after').limit(limit).execute();
}

/**
 * What the erased customer held ends (pending points voided, vouchers cancelled, stamp cards closed),
 * and the person goes: nothing left to find them by, or to reach them with.
 */
export async function eraseCustomerRows(trx: Database, row: { id: number; phone: string | null; email: string | null }, now: Date): Promise<void> {
  const customerId = row.id;
  await trx
    .updateTable('points_pending')
    .set({ status: 'voided', settled_at: now })
    .where('customer_id', '=', customerId)
    .where('status', '=', 'pending')
    .execute();
  await trx
    .updateTable('vouchers')
    .set({ status: 'cancelled', cancelled_at: now })
    .where('customer_id', '=', customerId)
    .where('status', '=', 'active')
    .execute();
  await trx.updateTable('stamp_cards').set({ status: 'closed' }).where('customer_id', '=', customerId).where('status', '=', 'open').execute();
  // the person: nothing left to find them by, or to reach them with
  await trx.updateTable('orders').set({ address: null }).where('customer_id', '=', customerId).execute();
  // their words about an order go; its rating stays in the shop's figures
  await trx.updateTable('feedback').set({ comment: '' }).where('customer_id', '=', customerId).execute();
  for (const table of [
    'sessions',
    'addresses',
    'notifications',
    'push_subscriptions',
    'push_preferences',
    'customer_devices',
    'wallet_passes',
    'consents',
    'campaign_unsubscribes',
    'email_codes',
    'customer_tiers',
    // a saved card (issue 49): its references and what it showed; the gateway's copy is detached by eraseAccount
    'auto_reloads',
    'saved_cards',
    'card_setups',
  ] as const) {
    await trx.deleteFrom(table).where('customer_id', '=', customerId).execute();
  }
  if (row.phone !== null) {
    await trx.deleteFrom('otp_codes').where('phone', '=', row.phone).execute();
    await trx.deleteFrom('registration_tokens').where('phone', '=', row.phone).execute();
    await trx.deleteFrom('dev_outbox').where('phone', '=', row.phone).execute();
  }
  if (row.email !== null) await trx.deleteFrom('dev_outbox').where('email', '=', row.email).execute();
  await trx
    .updateTable('customers')
    .set({
      phone: null,
      google_sub: null,
      name: ERASED_NAME,
      email: null,
      email_verified_at: null,
      birth_day: null,
      birth_month: null,
      birth_year: null,
      birthday_changed_at: null,
      referral_code: null,
      receipts: null,
      erased_at: now,
    })
    .where('id', '=', customerId)
    .execute();
}

/**
 * The gift cards the customer bought that were never sent (their time not come): refunded before the
 * wallet is written off, since nobody can be sent them once the recipient's contact is gone. Answers
 * each card's id, amount and the gift money it was paid with (the refund gives that back as gift money).
 */
export async function refundUnsentGiftCards(trx: Database, customerId: number, now: Date) {
  return trx
    .updateTable('gift_cards')
    .set({ status: 'refunded', refunded_at: now })
    .where('buyer_id', '=', customerId)
    .where('status', '=', 'active')
    .where('delivered_at', 'is', null)
    .returning(['id', 'amount', 'paid_gift'])
    .execute();
}

/** The name an erased buyer's cards keep: their recipients still see who a card is from, in words. */
export const ERASED_SENDER = 'Someone';

/**
 * The erased customer's gift cards lose what names or reaches a person: the cards they bought, the
 * recipient's contact, the message and their own name as sender (the recipient's first name stays: a card
 * not claimed yet still greets its holder); the cards they claimed, the contact they were sent to (theirs).
 * Amounts, states and times stay: the gift-card liability still adds up.
 */
export async function eraseGiftCardContacts(trx: Database, customerId: number, now: Date): Promise<void> {
  await trx
    .updateTable('gift_cards')
    .set({ to_phone: null, to_email: null, message: '', from_name: ERASED_SENDER, contact_erased_at: now })
    .where('buyer_id', '=', customerId)
    .execute();
  await trx.updateTable('gift_cards').set({ to_phone: null, to_email: null, contact_erased_at: now }).where('claimed_by', '=', customerId).execute();
}

/** The gateway's reference of the customer's saved card, if any (detached when the account is erased). */
export async function savedCardRef(db: Database, customerId: number): Promise<string | null> {
  return (await db.selectFrom('saved_cards').select('method_ref').where('customer_id', '=', customerId).executeTakeFirst())?.method_ref ?? null;
}
