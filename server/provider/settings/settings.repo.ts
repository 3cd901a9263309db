import { sql } from 'kysely';
import type { Database } from '../../db';

/** The merchant's row: its settings and its rules (the overrides of the defaults). */
export async function readMerchant(db: Database, merchantId: string) {
  return db.selectFrom('merchants').selectAll().where('id', '=', merchantId).executeTakeFirst();
}

/** Midnight of today in the merchant's time zone, as an instant: where the merchant's day begins. */
export async function startOfDay(db: Database, now: Date, timeZone: string): Promise<Date> {
  const { rows } = await sql<{
    start: Date;
  }>`select (date_trunc('day', ${now}::timestamptz at time zone ${timeZone}) at time zone ${timeZone}) as start`.execute(db);
  return new Date(rows[0]!.start);
}

/** Asks the database the smallest question: it answers, or this throws. */
export async function pingDatabase(db: Database): Promise<void> {
  await sql`select 1`.execute(db);
}

/** The instants that bound the days `from`..`to` (both included) in the merchant's time zone (the dashboard's exports, the gift card report). */
export async function dayBounds(db: Database, from: string, to: string, timeZone: string): Promise<{ start: Date; end: Date }> {
  const { rows } = await sql<{ start: Date; end: Date }>`
    select (${from}::date::timestamp at time zone ${timeZone}) as start, ((${to}::date + 1)::timestamp at time zone ${timeZone}) as "end"`.execute(db);
  return { start: new Date(rows[0]!.start), end: new Date(rows[0]!.end) };
}

/** Whether the owner turned gift cards on (gift-cards/ keeps the rest of their settings). */
export async function giftCardsOn(db: Database): Promise<boolean> {
  const row = await db.selectFrom('gift_card_settings').select('enabled').where('id', '=', 1).executeTakeFirst();
  return row?.enabled ?? false;
}
