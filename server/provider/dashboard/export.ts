import type { Response } from 'express';
import { sql } from 'kysely';
import type { Database } from '../../db';

/**
 * The owner's CSV exports: orders, and points and wallet ledger entries, of a period of the merchant's
 * days. Written as they are read, a page of rows at a time (never the whole period in memory), RFC 4180
 * quoting, and no cell a spreadsheet would run as a formula (one starting with = + - @, a tab or a
 * carriage return gets an apostrophe in front).
 */

const PAGE = 2_000;

/** One CSV cell. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value !== 'number') text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const line = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** The instants that bound the days `from`..`to` (both included) in the merchant's time zone. */
async function bounds(db: Database, from: string, to: string, timeZone: string): Promise<{ start: Date; end: Date }> {
  const { rows } = await sql<{ start: Date; end: Date }>`
    select (${from}::date::timestamp at time zone ${timeZone}) as start, ((${to}::date + 1)::timestamp at time zone ${timeZone}) as "end"`.execute(db);
  return { start: new Date(rows[0]!.start), end: new Date(rows[0]!.end) };
}

function begin(res: Response, name: string): void {
  res.status(200);
  res.setHeader('content-type', 'text/csv; charset=utf-8');
  res.setHeader('content-disposition', `attachment; filename="${name}"`);
  res.setHeader('cache-control', 'no-store');
}

export async function exportOrders(db: Database, res: Response, q: { from: string; to: string }, timeZone: string): Promise<void> {
  const { start, end } = await bounds(db, q.from, q.to, timeZone);
  begin(res, `orders-${q.from}-to-${q.to}.csv`);
  res.write(line(['order', 'placed_at', 'paid_at', 'status', 'fulfilment', 'payment_method', 'customer_id', 'customer', 'items', 'subtotal', 'discount', 'delivery_fee', 'total', 'points_earned', 'cancel_reason']));
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('orders as o')
      .innerJoin('customers as c', 'c.id', 'o.customer_id')
      .select(['o.id', 'o.name', 'o.created_at', 'o.paid_at', 'o.status', 'o.fulfilment', 'o.payment_method', 'o.customer_id', 'c.name as customer', 'o.subtotal', 'o.discount', 'o.delivery_fee', 'o.total', 'o.points_earned', 'o.cancel_reason'])
      .select((eb) =>
        eb
          .selectFrom('order_items as i')
          .select(sql<string>`string_agg(i.qty || ' × ' || i.name, '; ' order by i.id)`.as('items'))
          .whereRef('i.order_id', '=', 'o.id')
          .as('items'),
      )
      .where('o.created_at', '>=', start)
      .where('o.created_at', '<', end)
      .where('o.id', '>', after)
      .orderBy('o.id')
      .limit(PAGE)
      .execute();
    for (const r of rows) {
      res.write(line([r.name, r.created_at, r.paid_at, r.status, r.fulfilment, r.payment_method, r.customer_id, r.customer, r.items, r.subtotal, r.discount, r.delivery_fee, r.total, r.points_earned, r.cancel_reason]));
    }
    if (rows.length < PAGE) break;
    after = rows.at(-1)!.id;
  }
  res.end();
}

export async function exportLedger(db: Database, res: Response, q: { from: string; to: string }, timeZone: string): Promise<void> {
  const { start, end } = await bounds(db, q.from, q.to, timeZone);
  begin(res, `ledger-${q.from}-to-${q.to}.csv`);
  res.write(line(['ledger', 'id', 'created_at', 'customer_id', 'type', 'change', 'balance_after', 'reason', 'ref']));
  for (const ledger of ['points', 'wallet'] as const) {
    let after = 0;
    for (;;) {
      const rows =
        ledger === 'points'
          ? await db.selectFrom('points_ledger').select(['id', 'created_at', 'customer_id', 'type', 'points as change', 'balance_after', 'reason', 'ref']).where('created_at', '>=', start).where('created_at', '<', end).where('id', '>', after).orderBy('id').limit(PAGE).execute()
          : await db.selectFrom('wallet_ledger').select(['id', 'created_at', 'customer_id', 'type', 'amount as change', 'balance_after', 'reason', sql<string | null>`null`.as('ref')]).where('created_at', '>=', start).where('created_at', '<', end).where('id', '>', after).orderBy('id').limit(PAGE).execute();
      for (const r of rows) res.write(line([ledger, r.id, r.created_at, r.customer_id, r.type, r.change, r.balance_after, r.reason, r.ref]));
      if (rows.length < PAGE) break;
      after = rows.at(-1)!.id;
    }
  }
  res.end();
}
