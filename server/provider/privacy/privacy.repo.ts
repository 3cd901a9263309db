import type { Database } from '../../db';
import { notFound } from '../http/errors';

/** Every row one customer's data export reads (privacy.service.ts shapes them), oldest first. */
export async function exportRows(db: Database, customerId: number) {
  const customer = await db.selectFrom('customers').selectAll().where('id', '=', customerId).where('erased_at', 'is', null).executeTakeFirst();
  if (!customer) throw notFound('Customer');
  const tierRow = await db
    .selectFrom('customer_tiers as ct')
    .innerJoin('tiers as t', 't.position', 'ct.position')
    .select('t.name')
    .where('ct.customer_id', '=', customerId)
    .executeTakeFirst();
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'name', 'status', 'fulfilment', 'payment_method', 'subtotal', 'discount', 'delivery_fee', 'total', 'points_earned', 'address', 'created_at', 'paid_at'])
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
    pending: await db.selectFrom('points_pending').select(['points', 'reason', 'status', 'available_at', 'created_at']).where('customer_id', '=', customerId).orderBy('id').execute(),
    wallet: await db.selectFrom('wallet_ledger').select(['type', 'amount', 'balance_after', 'reason', 'created_at']).where('customer_id', '=', customerId).orderBy('id').execute(),
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
    notifications: await db.selectFrom('notifications').select(['type', 'title', 'body', 'read_at', 'created_at']).where('customer_id', '=', customerId).orderBy('id').execute(),
    spins: await db.selectFrom('wheel_spins').select(['free', 'cost_points', 'prize', 'created_at']).where('customer_id', '=', customerId).orderBy('id').execute(),
    devices: await db.selectFrom('customer_devices').select(['kind', 'first_seen_at', 'last_seen_at']).where('customer_id', '=', customerId).orderBy('first_seen_at').execute(),
    pushSubscriptions: await db.selectFrom('push_subscriptions').select(['endpoint', 'created_at', 'last_success_at']).where('customer_id', '=', customerId).orderBy('id').execute(),
    walletPasses: await db.selectFrom('wallet_passes').select(['created_at', 'revocations']).where('customer_id', '=', customerId).execute(),
    consents: await db.selectFrom('consents').select(['purpose', 'channel', 'granted', 'source', 'created_at']).where('customer_id', '=', customerId).orderBy('id').execute(),
  };
}
