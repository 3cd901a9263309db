import { sql } from 'kysely';
import type { Database } from '../../db';
import { localTime } from '../http/csv';

/** SQL of single-use codes (migration 0048): their batches, the codes themselves, and a code's use. */

/** An offer's batches, newest first (or one batch), with how many of each are used. */
export async function codeBatches(db: Database, q: { offerId?: number; batchId?: number }) {
  let query = db
    .selectFrom('offer_code_batches as b')
    .select(['b.id', 'b.offer_id', 'b.prefix', 'b.count', 'b.created_at'])
    .select((eb) =>
      eb
        .selectFrom('offer_single_codes as c')
        .select(sql<number>`count(*)::integer`.as('n'))
        .whereRef('c.batch_id', '=', 'b.id')
        .where('c.order_id', 'is not', null)
        .as('used'),
    )
    .orderBy('b.id', 'desc');
  if (q.offerId !== undefined) query = query.where('b.offer_id', '=', q.offerId);
  if (q.batchId !== undefined) query = query.where('b.id', '=', q.batchId);
  return (await query.execute()).map((r) => ({ ...r, used: r.used ?? 0 }));
}

/** Whether an offer has this id (archived ones too). */
export async function offerExists(db: Database, offerId: number): Promise<boolean> {
  return (await db.selectFrom('offers').select('id').where('id', '=', offerId).executeTakeFirst()) !== undefined;
}

export async function insertBatch(trx: Database, b: { offerId: number; prefix: string; count: number; staffId: number; now: Date }): Promise<number> {
  const row = await trx
    .insertInto('offer_code_batches')
    .values({ offer_id: b.offerId, prefix: b.prefix, count: b.count, created_by: b.staffId, created_at: b.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** These codes added to a batch; the ones some code already has are left out: how many were added. */
export async function insertCodes(trx: Database, batch: { id: number; offerId: number }, codes: readonly string[]): Promise<number> {
  const rows = await trx
    .insertInto('offer_single_codes')
    .values(codes.map((code) => ({ batch_id: batch.id, offer_id: batch.offerId, code })))
    .onConflict((oc) => oc.column('code').doNothing())
    .returning('id')
    .execute();
  return rows.length;
}

/** Whether a single-use code has this text (a known code, not a guess). */
export async function singleCodeExists(db: Database, code: string): Promise<boolean> {
  return (await db.selectFrom('offer_single_codes').select('id').where('code', '=', code).executeTakeFirst()) !== undefined;
}

/** A page of a batch's codes for its CSV, after the id `after`: the code, when it was used (local time) and the order's name. */
export async function batchCodesPage(db: Database, batchId: number, after: number, limit: number, timeZone: string) {
  return db
    .selectFrom('offer_single_codes as c')
    .leftJoin('orders as o', 'o.id', 'c.order_id')
    .select(['c.id', 'c.code', 'o.name as order', localTime('c.used_at', timeZone).as('used_at')])
    .where('c.batch_id', '=', batchId)
    .where('c.id', '>', after)
    .orderBy('c.id')
    .limit(limit)
    .execute();
}

/**
 * A single-use code taken by an order, in its transaction (the code's row locked by offerAtCheckout):
 * false when it is used already (nothing changed).
 */
export async function takeSingleCode(trx: Database, codeId: number, orderId: number, now: Date): Promise<boolean> {
  const r = await trx
    .updateTable('offer_single_codes')
    .set({ order_id: orderId, used_at: now })
    .where('id', '=', codeId)
    .where('order_id', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
