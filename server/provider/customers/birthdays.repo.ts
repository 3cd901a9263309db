import { sql } from 'kysely';
import type { Database } from '../../db';

/** SQL of birthdays: the customer's birth date, who has a birthday coming, and the gifts given (one a year). */

/**
 * Saves the birth date. The date's change time moves only when the day or month does (a year added
 * later does not move the birthday, so it does not restart the 30 days).
 */
export async function saveBirthDate(db: Database, customerId: number, b: { day: number; month: number; year: number | null }, now: Date): Promise<void> {
  await db
    .updateTable('customers')
    .set((eb) => ({
      birth_day: b.day,
      birth_month: b.month,
      birth_year: b.year,
      birthday_changed_at: eb
        .case()
        .when(eb.or([eb('birth_month', 'is', null), eb('birth_month', '<>', b.month), eb('birth_day', '<>', b.day)]))
        .then(now)
        .else(eb.ref('birthday_changed_at'))
        .end(),
    }))
    .where('id', '=', customerId)
    .execute();
}

export async function clearBirthDate(db: Database, customerId: number, now: Date): Promise<void> {
  await db
    .updateTable('customers')
    .set({ birth_day: null, birth_month: null, birth_year: null, birthday_changed_at: now })
    .where('id', '=', customerId)
    .execute();
}

/** A birthday the job looks for: customers born on `month`/`day` celebrate on the shop's date `on`, of `year`. */
export interface BirthdayOn {
  month: number;
  day: number;
  year: number;
  /** 'YYYY-MM-DD' */
  on: string;
}

export interface BirthdayCandidate {
  id: number;
  name: string;
  birth_month: number;
  birth_day: number;
  birthday_changed_at: Date | null;
  year: number;
  on: string;
}

/** Customers with one of these birthdays and no gift yet for its year. */
export async function customersWithBirthdays(db: Database, days: BirthdayOn[]): Promise<BirthdayCandidate[]> {
  if (days.length === 0) return [];
  const values = sql.join(days.map((d) => sql`(${d.month}::int, ${d.day}::int, ${d.year}::int, ${d.on}::text)`));
  const { rows } = await sql<BirthdayCandidate>`
    select c.id, c.name, c.birth_month, c.birth_day, c.birthday_changed_at, v.year, v.on_day as "on"
    from customers c
    join (values ${values}) as v (month, day, year, on_day) on c.birth_month = v.month and c.birth_day = v.day
    where not exists (select 1 from birthday_gifts g where g.customer_id = c.id and g.year = v.year)
    order by c.id
  `.execute(db);
  return rows.map((r) => ({ ...r, birthday_changed_at: r.birthday_changed_at === null ? null : new Date(r.birthday_changed_at) }));
}

/** Records the year's gift; false when there is one already (another instance, an earlier run). */
export async function recordGift(
  trx: Database,
  g: { customerId: number; year: number; kind: 'points' | 'voucher'; points: number | null; now: Date },
): Promise<number | null> {
  const row = await trx
    .insertInto('birthday_gifts')
    .values({ customer_id: g.customerId, year: g.year, kind: g.kind, points: g.points, created_at: g.now })
    .onConflict((oc) => oc.columns(['customer_id', 'year']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function setGiftVoucher(trx: Database, giftId: number, voucherId: number): Promise<void> {
  await trx.updateTable('birthday_gifts').set({ voucher_id: voucherId }).where('id', '=', giftId).execute();
}
