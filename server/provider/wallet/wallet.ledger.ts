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
export async function postWalletEntry(trx: Database, clock: Clock, customerId: number, entry: WalletEntry): Promise<number> {
  // one statement: the balance moved (its UPDATE takes the row lock; a concurrent entry waits for it and
  // is checked against the balance this one leaves) and the entry written with the balance it left
  const { rows } = await sql<{ balance_after: number }>`with ${walletEntryWrites(clock, customerId, entry)} select balance_after from w`.execute(trx);
  const balance = rows[0]?.balance_after;
  if (balance === undefined) return insufficientBalance(trx, customerId, entry.amount);
  return balance;
}

type WalletEntry = { type: WalletEntryType; amount: number; reason: string; ref?: string | null };

/**
 * postWalletEntry's writes as two CTEs (`moved`, the balance; `w`, the entry, returning balance_after),
 * for a statement that writes them with others. `gate`: a CTE of that statement without whose row
 * nothing is moved (an order's INSERT, which writes nothing when its number is taken). No row in `w`
 * (the gate's row there): the balance is too low (insufficientBalance).
 */
export function walletEntryWrites(clock: Clock, customerId: number, entry: WalletEntry, gate?: string) {
  return sql`moved as (
      update customers set wallet_balance = wallet_balance + ${entry.amount}::bigint
      where id = ${customerId}::integer and wallet_balance + ${entry.amount}::bigint >= 0${gate ? sql` and exists (select 1 from ${sql.table(gate)})` : sql``}
      returning wallet_balance
    ),
    w as (
      insert into wallet_ledger (customer_id, type, amount, balance_after, reason, ref, created_at)
      select ${customerId}::integer, ${entry.type}::text, ${entry.amount}::bigint, wallet_balance, ${entry.reason}::text, ${entry.ref ?? null}::text, ${clock.now()}::timestamptz
      from moved
      returning balance_after
    )`;
}

/** 409 INSUFFICIENT_BALANCE: an entry of `amount` would take the balance below zero (404 when the customer is gone). */
export async function insufficientBalance(trx: Database, customerId: number, amount: number): Promise<never> {
  const customer = await lockCustomer(trx, customerId); // not found: 404
  throw new AppError('INSUFFICIENT_BALANCE', 'Your wallet balance is too low for this order. Top up and try again.', undefined, {
    balance: customer.wallet_balance,
    needed: -amount,
  });
}
