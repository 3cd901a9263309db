import type { Database } from '../../db';
import type { Customer } from '../../../src/api/contract';
import { notFound } from '../http/errors';

/**
 * Locks the customer's row for the rest of the transaction. Every change to a balance (wallet,
 * points) or to a per-customer limit goes through this lock first, so concurrent calls for one
 * customer take turns and a balance is never read stale.
 */
export async function lockCustomer(trx: Database, customerId: number) {
  const row = await trx
    .selectFrom('customers')
    .selectAll()
    .where('id', '=', customerId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound('Customer');
  return row;
}

export async function getCustomer(db: Database, customerId: number): Promise<Customer> {
  const row = await db
    .selectFrom('customers')
    .select(['id', 'name', 'phone', 'email', 'points', 'wallet_balance'])
    .where('id', '=', customerId)
    .executeTakeFirst();
  if (!row) throw notFound('Customer');
  return row;
}
