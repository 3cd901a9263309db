import type { Database } from '../../db';
import type { WalletEntry } from '#contract';

/** Reads of the wallet ledger (writes go through postWalletEntry in wallet.ledger.ts only) and of top-ups. */

export async function walletBalance(db: Database, customerId: number): Promise<number> {
  return (await walletBalances(db, customerId)).balance;
}

/** The balance and the part of it that is gift money. */
export async function walletBalances(db: Database, customerId: number): Promise<{ balance: number; gift_balance: number }> {
  const row = await db.selectFrom('customers').select(['wallet_balance', 'gift_balance']).where('id', '=', customerId).executeTakeFirst();
  return { balance: row?.wallet_balance ?? 0, gift_balance: row?.gift_balance ?? 0 };
}

/** Newest first; `limit` one more than a page tells whether there is a next one. */
export async function walletEntries(db: Database, customerId: number, limit: number, offset: number): Promise<WalletEntry[]> {
  const rows = await db
    .selectFrom('wallet_ledger')
    .select(['id', 'type', 'amount', 'gift_amount', 'balance_after', 'reason', 'created_at'])
    .where('customer_id', '=', customerId)
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    amount: r.amount,
    gift_amount: r.gift_amount,
    balance_after: r.balance_after,
    reason: r.reason,
    created_at: r.created_at.toISOString(),
  }));
}

/**
 * One of the customer's own top-ups (anyone else's is not there). A top-up is a payment: payments/
 * writes and settles it (the wallet starts it through payment-port.ts); the wallet only reads it back.
 */
export async function findCustomerTopup(db: Database, customerId: number, id: string) {
  return db
    .selectFrom('payments')
    .select(['id', 'amount', 'status', 'created_at'])
    .where('id', '=', id)
    .where('customer_id', '=', customerId)
    .where('kind', '=', 'topup')
    .executeTakeFirst();
}
