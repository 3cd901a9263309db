import { sql } from 'kysely';
import type { TipSettings } from '#contract/tips-rules';
import type { Database } from '../../db';

/** SQL of tips (issue 51): the owner's settings in the merchant's rules, and the tips of paid orders per location and day. */

/** The merchant's rules' `tips`, locked for the rest of the transaction (one change at a time); undefined: none saved yet. */
export async function lockTipRules(trx: Database, merchantId: string): Promise<{ found: boolean; tips: Partial<TipSettings> | null }> {
  const { rows } = await sql<{ tips: Partial<TipSettings> | null }>`
    select rules -> 'tips' as tips from merchants where id = ${merchantId} for update`.execute(trx);
  return { found: rows.length > 0, tips: rows[0]?.tips ?? null };
}

/** Writes the settings as the rules' `tips`, every other rule kept (JSON merged in SQL). */
export async function saveTipRules(trx: Database, merchantId: string, tips: TipSettings): Promise<void> {
  await sql`update merchants set rules = rules || jsonb_build_object('tips', ${JSON.stringify(tips)}::jsonb) where id = ${merchantId}`.execute(trx);
}

export interface TipDayRow {
  day: string;
  location_id: number;
  location: string;
  orders: number;
  tips: number;
}

/**
 * The tips of orders paid from `start` to before `end` and not cancelled, per day (in `timeZone`) and
 * location: newest day first, then by location's name. Read through the tips' partial index.
 */
export async function tipsPerDay(db: Database, q: { start: Date; end: Date; timeZone: string; locationId?: number }): Promise<TipDayRow[]> {
  const { rows } = await sql<{ day: string; location_id: number; location: string | null; orders: number; tips: string | number }>`
    select to_char(o.paid_at at time zone ${q.timeZone}, 'YYYY-MM-DD') as day, o.location_id, l.name as location,
      count(*)::integer as orders, sum(o.tip) as tips
    from orders o
    left join locations l on l.id = o.location_id
    where o.tip > 0 and o.paid_at is not null and o.paid_at >= ${q.start} and o.paid_at < ${q.end} and o.status <> 'cancelled'
      ${q.locationId !== undefined ? sql`and o.location_id = ${q.locationId}` : sql``}
    group by 1, 2, 3
    order by 1 desc, 3, 2`.execute(db);
  return rows.map((r) => ({ day: r.day, location_id: r.location_id, location: r.location ?? '', orders: r.orders, tips: Number(r.tips) }));
}
