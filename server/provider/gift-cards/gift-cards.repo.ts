import type { Database } from '../../db';
import type { DB, GiftCardSettingsTable, GiftCardTable } from '../../db/schema';
import type { ExpressionBuilder, Insertable, Selectable } from 'kysely';

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
