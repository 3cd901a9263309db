import type { Database } from '../../db';
import type { Clock } from '../../lib/clock';
import type { WalletEntryType } from '#contract';
import { AppError } from '../http/errors';
import { lockCustomer, moveBalance } from '../accounts/accounts.repo';

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
  // a concurrent entry waits for the row lock and is checked against the balance this one leaves
  const balance = await moveBalance(trx, customerId, 'wallet_balance', entry.amount);
  if (balance === null) {
    const customer = await lockCustomer(trx, customerId); // not found: 404
    throw new AppError('INSUFFICIENT_BALANCE', 'Your wallet balance is too low for this order. Top up and try again.', undefined, {
      balance: customer.wallet_balance,
      needed: -entry.amount,
    });
  }
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
