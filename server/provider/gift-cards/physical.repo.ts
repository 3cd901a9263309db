import { sql, type Insertable } from 'kysely';
import type { Database } from '../../db';
import type { GiftCardLedgerTable, GiftCardTable } from '../../db/schema';
import { localTime } from '../http/csv';

/** Physical gift cards' SQL (issue 49): batches of printed numbers, and the ledger of a card's value. */

export async function insertBatch(trx: Database, b: { label: string; count: number; staffId: number; now: Date }): Promise<number> {
  const row = await trx
    .insertInto('gift_card_batches')
    .values({ label: b.label, count: b.count, created_by: b.staffId, created_at: b.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A batch's cards, all at once (at most GIFT_BATCH_MAX rows). */
export async function insertBatchCards(trx: Database, cards: Insertable<GiftCardTable>[]): Promise<void> {
  await trx.insertInto('gift_cards').values(cards).execute();
}

/** Batches newest first (or one), with how many of their cards were activated. */
export async function batches(db: Database, batchId?: number) {
  let q = db
    .selectFrom('gift_card_batches as b')
    .select(['b.id', 'b.label', 'b.count', 'b.created_at'])
    .select((eb) =>
      eb
        .selectFrom('gift_cards as g')
        .whereRef('g.batch_id', '=', 'b.id')
        .where('g.activated_at', 'is not', null)
        .select(sql<number>`count(*)::int`.as('n'))
        .as('activated'),
    )
    .orderBy('b.id', 'desc');
  if (batchId !== undefined) q = q.where('b.id', '=', batchId);
  return q.execute();
}

/** A page of a batch's cards after `after`, in order, their activation in the shop's time. */
export async function batchCardsPage(db: Database, batchId: number, after: number, limit: number, timeZone: string) {
  return db
    .selectFrom('gift_cards')
    .select(['id', 'number', 'status', 'amount', 'spent', 'expires_at'])
    .select(localTime('activated_at', timeZone).as('activated_local'))
    .where('batch_id', '=', batchId)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Activates a printed card (the caller holds its row lock and checked it is inactive). */
export async function markActivated(trx: Database, id: number, a: { amount: number; staffId: number; now: Date; expiresAt: Date | null }) {
  return trx
    .updateTable('gift_cards')
    .set({ status: 'active', amount: a.amount, activated_by: a.staffId, activated_at: a.now, delivered_at: a.now, deliver_at: a.now, expires_at: a.expiresAt })
    .where('id', '=', id)
    .where('status', '=', 'inactive')
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Takes `amount` off an active card; the database's check keeps it from going below zero. */
export async function addSpent(trx: Database, id: number, amount: number) {
  return trx
    .updateTable('gift_cards')
    .set((eb) => ({ spent: eb('spent', '+', amount) }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** One movement of a physical card's value. */
export async function insertCardEntry(trx: Database, e: Insertable<GiftCardLedgerTable>): Promise<void> {
  await trx.insertInto('gift_card_ledger').values(e).execute();
}

/** A member the counter adds a card to: their id and name, unless their account was erased. */
export function liveMember(db: Database, id: number) {
  return db.selectFrom('customers').select(['id', 'name']).where('id', '=', id).where('erased_at', 'is', null).executeTakeFirst();
}
