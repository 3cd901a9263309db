import type { Database } from '../../db';
import type { DB, GiftCardSettingsTable, GiftCardTable } from '../../db/schema';
import { sql, type ExpressionBuilder, type Insertable, type Selectable } from 'kysely';

/** Gift cards' SQL: the owner's settings row, the cards, and what a claim and a refund change. */

export type GiftCardRow = Selectable<GiftCardTable>;
export type GiftCardSettingsRow = Selectable<GiftCardSettingsTable>;

export async function settingsRow(db: Database): Promise<GiftCardSettingsRow | undefined> {
  return db.selectFrom('gift_card_settings').selectAll().where('id', '=', 1).executeTakeFirst();
}

export async function saveSettingsRow(trx: Database, row: Omit<GiftCardSettingsRow, 'id'>): Promise<void> {
  const values = { ...row, amounts: JSON.stringify(row.amounts), designs: JSON.stringify(row.designs) };
  await trx
    .insertInto('gift_card_settings')
    .values({ id: 1, ...values })
    .onConflict((oc) => oc.column('id').doUpdateSet(values))
    .execute();
}

/** A new card; its number unique (a collision of 80 random bits would fail the insert, never reuse a card). */
export async function insertCard(trx: Database, card: Insertable<GiftCardTable>): Promise<GiftCardRow> {
  return trx.insertInto('gift_cards').values(card).returningAll().executeTakeFirstOrThrow();
}

export async function setPaidGift(trx: Database, id: number, paidGift: number): Promise<void> {
  await trx.updateTable('gift_cards').set({ paid_gift: paidGift }).where('id', '=', id).execute();
}

export async function cardByNumber(db: Database, number: string): Promise<GiftCardRow | undefined> {
  return db.selectFrom('gift_cards').selectAll().where('number', '=', number).executeTakeFirst();
}

/** A card under its row lock: a claim, a refund and a delivery of one card take turns. */
export async function lockCardByNumber(trx: Database, number: string): Promise<GiftCardRow | undefined> {
  return trx.selectFrom('gift_cards').selectAll().where('number', '=', number).forUpdate().executeTakeFirst();
}

export async function lockCardById(trx: Database, id: number): Promise<GiftCardRow | undefined> {
  return trx.selectFrom('gift_cards').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** A gateway-paid card's payment settled: `active` (due at its time) or `void` (never sent). */
export async function markPaymentResult(trx: Database, id: number, status: 'active' | 'void'): Promise<void> {
  await trx.updateTable('gift_cards').set({ status }).where('id', '=', id).where('status', '=', 'awaiting_payment').execute();
}

export async function lockBuyersCard(trx: Database, buyerId: number, id: number): Promise<GiftCardRow | undefined> {
  return trx.selectFrom('gift_cards').selectAll().where('id', '=', id).where('buyer_id', '=', buyerId).forUpdate().executeTakeFirst();
}

export async function buyersCards(db: Database, buyerId: number, limit: number, offset: number): Promise<GiftCardRow[]> {
  return db.selectFrom('gift_cards').selectAll().where('buyer_id', '=', buyerId).orderBy('id', 'desc').limit(limit).offset(offset).execute();
}

/** Claims an active card for `customerId` (the caller holds its row lock and checked it). */
export async function markClaimed(trx: Database, id: number, customerId: number, now: Date): Promise<void> {
  await trx
    .updateTable('gift_cards')
    .set({ status: 'claimed', claimed_by: customerId, claimed_at: now })
    .where('id', '=', id)
    .where('status', '=', 'active')
    .execute();
}

export async function markRefunded(trx: Database, id: number, now: Date): Promise<GiftCardRow> {
  return trx.updateTable('gift_cards').set({ status: 'refunded', refunded_at: now }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** A card whose time has come, active, not sent, and not being sent by a run whose lease still holds. */
const due = (now: Date) => (eb: ExpressionBuilder<DB, 'gift_cards'>) =>
  eb.and([
    eb('delivered_at', 'is', null),
    eb('status', '=', 'active'),
    eb('deliver_at', '<=', now),
    eb.or([eb('sending_until', 'is', null), eb('sending_until', '<', now)]),
  ]);

/** The ids of cards due for delivery, oldest first. */
export async function dueCardIds(db: Database, now: Date, limit: number): Promise<number[]> {
  const rows = await db.selectFrom('gift_cards').select('id').where(due(now)).orderBy('deliver_at').limit(limit).execute();
  return rows.map((r) => r.id);
}

/**
 * Takes one due card for sending: leases it until `until` in one statement, so of two runs (or instances)
 * only one gets it; nothing when another run holds it, or it is no longer due. The run marks it delivered
 * once it is sent (markDelivered); a run that dies first leaves the lease to run out, and the card is sent
 * by a later run: at least once, never lost.
 */
export async function takeDueCard(db: Database, id: number, now: Date, until: Date): Promise<GiftCardRow | undefined> {
  return db.updateTable('gift_cards').set({ sending_until: until }).where('id', '=', id).where(due(now)).returningAll().executeTakeFirst();
}

/** The card's text or e-mail is out. */
export async function markDelivered(db: Database, id: number, now: Date): Promise<GiftCardRow | undefined> {
  return db
    .updateTable('gift_cards')
    .set({ delivered_at: now, sending_until: null })
    .where('id', '=', id)
    .where('delivered_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** A send that failed: the card is due again for the next run. */
export async function putBackDue(db: Database, id: number): Promise<void> {
  await db.updateTable('gift_cards').set({ sending_until: null }).where('id', '=', id).where('delivered_at', 'is', null).execute();
}

// ---------------------------------------------------------------------------------------------
// The owner's report and the liability (report.ts; the dashboard reads the liability too)
// ---------------------------------------------------------------------------------------------

/**
 * What the shop still owes for gift cards, now: what is left on the cards neither claimed nor refunded
 * (an expired one too: its buyer may still have it refunded; a printed card once sold, less what was
 * spent of it at the counter; one not sold yet is worth nothing), and customers' gift money not yet spent.
 */
export async function outstandingGiftRow(db: Database): Promise<{ unclaimed: number; unclaimed_count: number; in_wallets: number }> {
  const { rows } = await sql<{ unclaimed: string; unclaimed_count: string; in_wallets: string }>`
    select (select coalesce(sum(amount - spent), 0) from gift_cards where status = 'active') as unclaimed,
      (select count(*) from gift_cards where status = 'active') as unclaimed_count,
      (select coalesce(sum(gift_balance), 0) from customers where gift_balance > 0) as in_wallets`.execute(db);
  const r = rows[0]!;
  return { unclaimed: Number(r.unclaimed), unclaimed_count: Number(r.unclaimed_count), in_wallets: Number(r.in_wallets) };
}

/**
 * The period's cards sold, claimed and refunded (counts and value), and the gift money spent: what left
 * wallets as gift money (orders, cards bought for others), less what refunds gave back, and what was
 * spent of printed cards at the counter; a claim is gift money coming in, not spent. A printed card is
 * sold when it is activated at the counter (paid at the till), never when it is printed.
 */
export async function giftPeriodRow(db: Database, start: Date, end: Date) {
  const { rows } = await sql<Record<'sold' | 'sold_amount' | 'claimed' | 'claimed_amount' | 'refunded' | 'refunded_amount' | 'spent', string>>`
    select
      count(*) filter (where coalesce(activated_at, created_at) >= ${start} and coalesce(activated_at, created_at) < ${end} and status not in ('inactive', 'awaiting_payment', 'void')) as sold,
      coalesce(sum(amount) filter (where coalesce(activated_at, created_at) >= ${start} and coalesce(activated_at, created_at) < ${end} and status not in ('inactive', 'awaiting_payment', 'void')), 0) as sold_amount,
      count(*) filter (where claimed_at >= ${start} and claimed_at < ${end}) as claimed,
      coalesce(sum(amount - spent) filter (where claimed_at >= ${start} and claimed_at < ${end}), 0) as claimed_amount,
      count(*) filter (where refunded_at >= ${start} and refunded_at < ${end}) as refunded,
      coalesce(sum(amount) filter (where refunded_at >= ${start} and refunded_at < ${end}), 0) as refunded_amount,
      (select -coalesce(sum(gift_amount), 0) from wallet_ledger
        where created_at >= ${start} and created_at < ${end} and type <> 'gift' and gift_amount <> 0)
      + (select -coalesce(sum(amount), 0) from gift_card_ledger where created_at >= ${start} and created_at < ${end} and type = 'spend') as spent
    from gift_cards
    where coalesce(activated_at, created_at) >= ${start} and coalesce(activated_at, created_at) < ${end} or claimed_at >= ${start} and claimed_at < ${end} or refunded_at >= ${start} and refunded_at < ${end}`.execute(
    db,
  );
  const r = rows[0]!;
  const n = (k: keyof typeof r) => Number(r[k]);
  return {
    sold: { count: n('sold'), amount: n('sold_amount') },
    claimed: { count: n('claimed'), amount: n('claimed_amount') },
    refunded: { count: n('refunded'), amount: n('refunded_amount') },
    spent: n('spent'),
  };
}

/**
 * The last `limit` cards sold in the period, newest first (a card waiting for its payment, or whose payment
 * failed, was never sold; a printed card is sold when activated, not when printed).
 */
export async function cardsSoldIn(db: Database, start: Date, end: Date, limit: number): Promise<GiftCardRow[]> {
  const soldAt = sql<Date>`coalesce(activated_at, created_at)`;
  return db
    .selectFrom('gift_cards')
    .selectAll()
    .where(soldAt, '>=', start)
    .where(soldAt, '<', end)
    .where('status', 'not in', ['inactive', 'awaiting_payment', 'void'])
    .orderBy(soldAt, 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
