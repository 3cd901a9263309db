import type { Database } from '../../db';
import type { AppNotification, NotificationType } from '#contract';

/** SQL of a customer's notifications; every query is scoped by customer. */

export async function notificationPage(db: Database, customerId: number, offset: number, limit: number): Promise<AppNotification[]> {
  const rows = await db
    .selectFrom('notifications')
    .select(['id', 'type', 'title', 'body', 'link', 'read_at', 'created_at'])
    .where('customer_id', '=', customerId)
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    type: r.type as NotificationType,
    title: r.title,
    body: r.body,
    link: r.link,
    read: r.read_at !== null,
    created_at: r.created_at.toISOString(),
  }));
}

export async function countUnread(db: Database, customerId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('customer_id', '=', customerId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks the customer's own notifications read: the given ids (others' ids match nothing), or all. */
export async function markRead(db: Database, customerId: number, at: Date, ids: number[] | 'all'): Promise<number> {
  let q = db.updateTable('notifications').set({ read_at: at }).where('customer_id', '=', customerId).where('read_at', 'is', null);
  if (ids !== 'all') q = q.where('id', 'in', ids.length ? ids : [-1]);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/**
 * Several notifications in one insert (returning their ids: one statement numbers its rows in the order of
 * its values), for notify.ts to run or write with others.
 */
export function notificationsInsert(trx: Database, rows: NewNotification[]) {
  return trx.insertInto('notifications').values(rows.map(notificationValues)).returning('id');
}

export type NewNotification = { customerId: number; type: NotificationType; title: string; body: string; link: string | null; now: Date };

/** A new notification's columns. */
export const notificationValues = (row: NewNotification) => ({
  customer_id: row.customerId,
  type: row.type,
  title: row.title,
  body: row.body,
  link: row.link,
  created_at: row.now,
});

/**
 * The customer's unread notices of these types and links, older than the new ones (`newIds`), read as of
 * `at`: a newer word on the same thing replaced them.
 */
export async function markSupersededRead(
  trx: Database,
  customerId: number,
  about: Array<{ type: NotificationType; link: string }>,
  newIds: number[],
  at: Date,
): Promise<void> {
  await trx
    .updateTable('notifications')
    .set({ read_at: at })
    .where('customer_id', '=', customerId)
    .where('read_at', 'is', null)
    .where((eb) => eb.or(about.map((a) => eb.and([eb('type', '=', a.type), eb('link', '=', a.link)]))))
    .$if(newIds.length > 0, (q) => q.where('id', 'not in', newIds))
    .execute();
}
