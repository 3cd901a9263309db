import { sql } from 'kysely';
import type { Database } from '../../db';
import type { Clock } from '../../lib/clock';
import type { WalletEntryType } from '#contract';
import { AppError } from '../http/errors';
import { lockCustomer } from '../accounts/accounts.repo';

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
  // one statement: the balance moved (its UPDATE takes the row lock; a concurrent entry waits for it and
  // is checked against the balance this one leaves) and the entry written with the balance it left
  const { rows } = await sql<{ balance_after: number }>`
    with moved as (
      update customers set wallet_balance = wallet_balance + ${entry.amount}::bigint
      where id = ${customerId}::integer and wallet_balance + ${entry.amount}::bigint >= 0
      returning wallet_balance
    )
    insert into wallet_ledger (customer_id, type, amount, balance_after, reason, ref, created_at)
    select ${customerId}::integer, ${entry.type}::text, ${entry.amount}::bigint, wallet_balance, ${entry.reason}::text, ${entry.ref ?? null}::text, ${clock.now()}::timestamptz
    from moved
    returning balance_after`.execute(trx);
  const balance = rows[0]?.balance_after;
  if (balance === undefined) {
    const customer = await lockCustomer(trx, customerId); // not found: 404
    throw new AppError('INSUFFICIENT_BALANCE', 'Your wallet balance is too low for this order. Top up and try again.', undefined, {
      balance: customer.wallet_balance,
      needed: -entry.amount,
    });
  }
  return balance;
}
