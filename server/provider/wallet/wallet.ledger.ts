import { sql } from 'kysely';
import type { Database } from '../../db';
import type { Clock } from '../../lib/clock';
import type { WalletEntryType } from '#contract';
import { AppError } from '../http/errors';
import { lockCustomer } from '../accounts/accounts.repo';
import { errors } from '../i18n/errors';

/**
 * The wallet ledger: append-only; customers.wallet_balance is the running balance (and gift_balance the
 * part of it that is gift money), changed in the same statement as its entry under the customer's row lock.
 * Call inside a transaction.
 */
export async function postWalletEntry(trx: Database, clock: Clock, customerId: number, entry: WalletEntry): Promise<number> {
  return (await postWalletMove(trx, clock, customerId, entry)).balance;
}

/** postWalletEntry, answering also how much of the entry was gift money (with its sign). */
export async function postWalletMove(trx: Database, clock: Clock, customerId: number, entry: WalletEntry): Promise<{ balance: number; gift: number }> {
  // one statement: the balance moved (its UPDATE takes the row lock; a concurrent entry waits for it and
  // is checked against the balance this one leaves) and the entry written with the balance it left
  const { rows } = await sql<{
    balance_after: string | number;
    gift_amount: string | number;
  }>`with ${walletEntryWrites(clock, customerId, entry)} select balance_after, gift_amount from w`.execute(trx);
  const row = rows[0];
  if (row === undefined) return insufficientBalance(trx, customerId, entry.amount);
  return { balance: Number(row.balance_after), gift: Number(row.gift_amount) };
}

/**
 * One movement of the wallet. `gift`: how much of it is gift money (gift cards, kept apart from top-ups):
 * for a credit, that much of it (default: all of a `gift` entry, none of any other); for a debit, exactly
 * that much of the gift money taken (a card's refund taking back its unspent value), and without it the
 * gift money is spent first, then the customer's own. Every entry records its part in `gift_amount`.
 */
type WalletEntry = { type: WalletEntryType; amount: number; reason: string; ref?: string | null; gift?: number };

/** The change to customers.gift_balance an entry makes, as SQL over the balance before it (`before`). */
function giftMove(entry: WalletEntry) {
  if (entry.amount >= 0) return sql`${entry.gift ?? (entry.type === 'gift' ? entry.amount : 0)}::bigint`;
  if (entry.gift !== undefined) return sql`${-entry.gift}::bigint`;
  return sql`-least(locked.gift_before, ${-entry.amount}::bigint)`;
}

/**
 * postWalletEntry's writes as CTEs (`locked`, the gift balance before, under the customer's row lock;
 * `moved`, the balances; `w`, the entry, returning balance_after), for a statement that writes them with
 * others. `gate`: a CTE of that statement without whose row nothing is moved (an order's INSERT, which
 * writes nothing when its number is taken). No row in `w` (the gate's row there): the balance (or the
 * gift money an entry names) is too low (insufficientBalance).
 */
export function walletEntryWrites(clock: Clock, customerId: number, entry: WalletEntry, gate?: string) {
  // `locked` is read in the UPDATE's FROM, so it runs first and takes the row lock; after waiting for a
  // concurrent entry it reads the balance that entry left, which the UPDATE then moves from. The lock is
  // the one an UPDATE takes (no key update): a row that references the customer (a card, an order) holds
  // a key share lock on it, which this must not wait for, or two such transactions would deadlock
  const takesGift = entry.amount < 0 && entry.gift !== undefined ? sql` and locked.gift_before >= ${entry.gift}::bigint` : sql``;
  return sql`locked as (
      select gift_balance as gift_before from customers where id = ${customerId}::integer for no key update
    ),
    moved as (
      update customers set wallet_balance = wallet_balance + ${entry.amount}::bigint, gift_balance = locked.gift_before + ${giftMove(entry)}
      from locked
      where id = ${customerId}::integer and wallet_balance + ${entry.amount}::bigint >= 0${takesGift}${gate ? sql` and exists (select 1 from ${sql.table(gate)})` : sql``}
      returning wallet_balance, gift_balance - locked.gift_before as gift_amount
    ),
    w as (
      insert into wallet_ledger (customer_id, type, amount, balance_after, reason, ref, created_at, gift_amount)
      select ${customerId}::integer, ${entry.type}::text, ${entry.amount}::bigint, wallet_balance, ${entry.reason}::text, ${entry.ref ?? null}::text, ${clock.now()}::timestamptz, gift_amount
      from moved
      returning id, balance_after, gift_amount
    )${autoReloadCrossing(clock, customerId, entry)}`;
}

/** What a wallet spend is: an order paid from it, an eGift bought with it. */
const SPENDS: readonly WalletEntryType[] = ['order', 'gift_card'];

/**
 * The one hook of auto-reload (issue 49) in every wallet spend: a CTE of the spend's own statement that
 * queues ONE reload when this entry took the balance from at or above the customer's line to below it
 * (auto-reload on, not paused, a card saved). Keyed by the entry that crossed (unique by customer and
 * crossing), and refused while another reload waits or is being charged (a partial unique index), so
 * parallel spends, which the customer's row lock orders, queue one: only one of them crosses. The
 * reload itself runs later (payments/auto-reload.ts), after the spend commits.
 */
function autoReloadCrossing(clock: Clock, customerId: number, entry: WalletEntry) {
  if (entry.amount >= 0 || !SPENDS.includes(entry.type)) return sql``;
  return sql`,
    reload as (
      insert into auto_reload_runs (customer_id, crossing, amount, created_at)
      select ${customerId}::integer, 'ledger:' || w.id, a.amount, ${clock.now()}::timestamptz
      from w join auto_reloads a on a.customer_id = ${customerId}::integer
      where a.enabled and a.paused is null
        and w.balance_after < a.threshold and w.balance_after - ${entry.amount}::bigint >= a.threshold
        and exists (select 1 from saved_cards c where c.customer_id = ${customerId}::integer)
      on conflict do nothing
      returning id
    )`;
}

/** 409 INSUFFICIENT_BALANCE: an entry of `amount` would take the balance below zero (404 when the customer is gone). */
export async function insufficientBalance(trx: Database, customerId: number, amount: number): Promise<never> {
  const customer = await lockCustomer(trx, customerId); // not found: 404
  throw new AppError('INSUFFICIENT_BALANCE', errors.walletTooLow, undefined, {
    balance: customer.wallet_balance,
    needed: -amount,
  });
}

/**
 * The gift money the customer's debits under `ref` took (an order's), as a positive amount: a refund of
 * them gives that much back as gift money and the rest as the customer's own.
 */
export async function giftSpentOn(trx: Database, customerId: number, ref: string): Promise<number> {
  const row = await trx
    .selectFrom('wallet_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('gift_amount'), eb.lit(0)).as('gift'))
    .where('customer_id', '=', customerId)
    .where('ref', '=', ref)
    .where('amount', '<', 0)
    .executeTakeFirstOrThrow();
  return -Number(row.gift);
}
