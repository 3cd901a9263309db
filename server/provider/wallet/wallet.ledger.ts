import type { Database } from '../../db';
import type { Clock } from '../../lib/clock';
import type { WalletEntryType } from '../../../src/api/contract';
import { AppError } from '../http/errors';
import { lockCustomer } from '../customers/customers.repo';

/**
 * The wallet ledger: append-only; customers.wallet_balance is the running balance, changed in the
 * same transaction as its entry under the customer's row lock (taken by the UPDATE that moves it).
 * Call inside a transaction.
 */
export async function postWalletEntry(
  trx: Database,
  clock: Clock,
  customerId: number,
  entry: { type: WalletEntryType; amount: number; reason: string; ref?: string | null },
): Promise<number> {
  // one statement takes the row lock, checks the balance stays at or above zero and moves it; a
  // concurrent entry waits for the lock and is checked against the balance this one leaves
  const moved = await trx
    .updateTable('customers')
    .set((eb) => ({ wallet_balance: eb('wallet_balance', '+', entry.amount) }))
    .where('id', '=', customerId)
    .where((eb) => eb(eb('wallet_balance', '+', entry.amount), '>=', 0))
    .returning('wallet_balance')
    .executeTakeFirst();
  if (!moved) {
    const customer = await lockCustomer(trx, customerId); // not found: 404
    throw new AppError(409, 'INSUFFICIENT_BALANCE', 'Your wallet balance is too low for this order. Top up and try again.', undefined, {
      balance: customer.wallet_balance,
      needed: -entry.amount,
    });
  }
  const balance = moved.wallet_balance;
  await trx
    .insertInto('wallet_ledger')
    .values({
      customer_id: customerId,
      type: entry.type,
      amount: entry.amount,
      balance_after: balance,
      reason: entry.reason,
      ref: entry.ref ?? null,
      created_at: clock.now(),
    })
    .execute();
  return balance;
}
