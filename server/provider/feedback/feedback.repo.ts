import type { Insertable, Selectable } from 'kysely';
import type { Database } from '../../db';
import type { FeedbackTable } from '../../db/schema';
import { FEEDBACK_LOW_AT_MOST } from '#contract/feedback-rules';

/** Feedback's SQL: a rating written once per order, the console's list, a reply, the review link. */

export type FeedbackRow = Selectable<FeedbackTable>;

/** The rating, or nothing when the order has one already (its unique `order_id`: one wins, whatever arrives at once). */
export async function insertFeedback(db: Database, row: Insertable<FeedbackTable>): Promise<FeedbackRow | undefined> {
  return db
    .insertInto('feedback')
    .values(row)
    .onConflict((oc) => oc.column('order_id').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function feedbackOfOrder(db: Database, orderId: number): Promise<FeedbackRow | undefined> {
  return db.selectFrom('feedback').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

const listed = (db: Database) =>
  db
    .selectFrom('feedback as f')
    .innerJoin('orders as o', 'o.id', 'f.order_id')
    .innerJoin('customers as c', 'c.id', 'f.customer_id')
    .leftJoin('staff as s', 's.id', 'f.replied_by')
    .selectAll('f')
    .select(['o.name as order_name', 'o.total as order_total', 'c.name as customer_name', 's.name as replied_by_name']);

export type ListedFeedbackRow = Awaited<ReturnType<ReturnType<typeof listed>['executeTakeFirstOrThrow']>>;

/** Newest first; `low`: ratings that alert the owners only. */
export async function listFeedback(db: Database, o: { low: boolean; limit: number; offset: number }): Promise<ListedFeedbackRow[]> {
  let q = listed(db);
  if (o.low) q = q.where('f.rating', '<=', FEEDBACK_LOW_AT_MOST);
  return q.orderBy('f.created_at', 'desc').orderBy('f.id', 'desc').limit(o.limit).offset(o.offset).execute();
}

export async function listedFeedback(db: Database, id: number): Promise<ListedFeedbackRow | undefined> {
  return listed(db).where('f.id', '=', id).executeTakeFirst();
}

/** The average rating since `since`, and the low ratings not answered yet. */
export async function feedbackSummary(db: Database, since: Date): Promise<{ average: number | null; lowUnanswered: number }> {
  const row = await db
    .selectFrom('feedback')
    .select((eb) => [
      eb.fn.avg<string | number | null>(eb.case().when('created_at', '>=', since).then(eb.ref('rating')).end()).as('average'),
      eb.fn
        .count<string | number>('id')
        .filterWhere((w) => w.and([w('rating', '<=', FEEDBACK_LOW_AT_MOST), w('reply', 'is', null)]))
        .as('low_unanswered'),
    ])
    .executeTakeFirstOrThrow();
  return { average: row.average === null ? null : Math.round(Number(row.average) * 10) / 10, lowUnanswered: Number(row.low_unanswered) };
}

export async function setReply(db: Database, id: number, reply: string, staffId: number, at: Date): Promise<FeedbackRow | undefined> {
  return db.updateTable('feedback').set({ reply, replied_at: at, replied_by: staffId }).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function reviewUrl(db: Database): Promise<string | null> {
  const row = await db.selectFrom('feedback_settings').select('review_url').where('id', '=', 1).executeTakeFirst();
  return row?.review_url ?? null;
}

export async function saveReviewUrl(db: Database, url: string | null, at: Date): Promise<void> {
  await db
    .insertInto('feedback_settings')
    .values({ id: 1, review_url: url, updated_at: at })
    .onConflict((oc) => oc.column('id').doUpdateSet({ review_url: url, updated_at: at }))
    .execute();
}
