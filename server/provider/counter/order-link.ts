import { isPaid, type OrderStatus } from '#contract/order-lifecycle';
import type { Database } from '../../db';
import { AppError, validation } from '../http/errors';

/**
 * A counter earn for a purchase made as an app order (its number typed or scanned at the counter): the
 * earn names the order, so one purchase earns once.
 */

/**
 * The order an earn names, read before the earn's transaction (a refusal takes no idempotency key): 400 on
 * `order_number` when it is no order of this customer.
 */
export async function orderOfCustomer(db: Database, customerId: number, orderNumber: string): Promise<number> {
  const order = await db.selectFrom('orders').select(['id', 'customer_id']).where('name', '=', orderNumber.trim().toUpperCase()).executeTakeFirst();
  if (!order || order.customer_id !== customerId) throw validation({ order_number: 'is not an order of this customer' });
  return order.id;
}

/**
 * Links the earn to its order, in the earn's transaction under the customer's row lock, after the earn's
 * insert. 409 CONFLICT when the order earned its points in the app (paid, with points, not cancelled),
 * or another earn not undone names it already (a unique index holds that under concurrency too).
 */
export async function linkEarnToOrder(trx: Database, earnId: number, orderId: number): Promise<void> {
  const order = await trx.selectFrom('orders').select(['name', 'status', 'points_earned']).where('id', '=', orderId).executeTakeFirstOrThrow();
  if (isPaid(order.status as OrderStatus) && order.points_earned > 0)
    throw new AppError('CONFLICT', `Order ${order.name} earned its points in the app already.`);
  const taken = await trx.selectFrom('counter_earns').select('id').where('order_id', '=', orderId).where('undone_at', 'is', null).executeTakeFirst();
  if (taken) throw new AppError('CONFLICT', `Order ${order.name} earned points at the counter already.`);
  await trx.updateTable('counter_earns').set({ order_id: orderId }).where('id', '=', earnId).execute();
}
