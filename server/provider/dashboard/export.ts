import type { Response } from 'express';
import { sql } from 'kysely';
import { moneyInput } from '#contract/money';
import type { Database } from '../../db';

/**
 * The owner's CSV exports: orders, and points and wallet ledger entries, of a period of the merchant's
 * days. Written as they are read, a page of rows at a time (never the whole period in memory), RFC 4180
 * quoting, and no cell a spreadsheet would run as a formula (see csvCell). What a spreadsheet shows as
 * it is: amounts in the currency's major unit (`210.50`, a dot, no grouping) beside a currency column,
 * dates and times in the shop's time zone as `2026-11-20 14:05:00` (the zone named in the header), and
 * each customer's name and phone.
 */

const PAGE = 2_000;

/**
 * A text that a spreadsheet cannot run: an apostrophe before every = + - @ that starts the text or
 * follows a comma, a semicolon, a tab or a line break. The file's cells are comma-separated and quoted,
 * but a spreadsheet set to `;` (most of continental Europe) or a tab reads a name such as `Ana;=1+2;`
 * across the commas and quotes, and would start a new cell at every such separator; a leading tab or
 * carriage return is marked too.
 */
function inert(text: string): string {
  return text.replace(/(^|[,;\t\r\n])([=+\-@])/g, "$1'$2").replace(/^[\t\r]/, "'$&");
}

/** A number written as it is, unquoted (an amount in major units keeps its zeros: `210.50`). */
class Plain {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/** One CSV cell: numbers as they are, every text quoted (RFC 4180) and made inert. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  if (value instanceof Plain) return value.text;
  const text = value instanceof Date ? value.toISOString() : String(value);
  return `"${inert(text).replace(/"/g, '""')}"`;
}

const line = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

export interface ExportRules {
  timezone: string;
  currency: string;
  locale: string;
}

/** Minor units → the major unit, as a number cell (`21050` → `210.50` for PHP, `5000` → `5000` for IDR). */
const major = (amount: number | null, r: ExportRules) => (amount === null ? null : new Plain(moneyInput(amount, r.currency, r.locale)));

/** An instant as the shop's clock showed it, `YYYY-MM-DD HH:MM:SS`, computed by PostgreSQL's time zone data. */
const local = (column: string, timeZone: string) => sql<string | null>`to_char(${sql.ref(column)} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`;

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

const REFUND_TO = { wallet: 'wallet', gateway: 'card' } as const;

export async function exportOrders(db: Database, res: Response, q: { from: string; to: string }, rules: ExportRules): Promise<void> {
  const tz = rules.timezone;
  const { start, end } = await bounds(db, q.from, q.to, tz);
  begin(res, `orders-${q.from}-to-${q.to}.csv`);
  res.write(
    line([
      'order',
      `placed_at (${tz})`,
      `paid_at (${tz})`,
      'status',
      'fulfilment',
      'payment_method',
      'customer_id',
      'customer',
      'customer_phone',
      'items',
      'currency',
      'subtotal',
      'discount',
      'delivery_fee',
      'total',
      'refund',
      'refund_to',
      'refund_status',
      'points_earned',
      'points_taken_back',
      'cancel_reason',
    ]),
  );
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom('orders as o')
      .innerJoin('customers as c', 'c.id', 'o.customer_id')
      .leftJoin('order_refunds as f', 'f.order_id', 'o.id')
      .select(['o.id', 'o.name', 'o.status', 'o.fulfilment', 'o.payment_method', 'o.customer_id', 'c.name as customer', 'c.phone', 'o.subtotal', 'o.discount', 'o.delivery_fee', 'o.total', 'o.points_earned', 'o.points_taken_back', 'o.cancel_reason'])
      .select(['f.amount as refund', 'f.method as refund_method', 'f.status as refund_status'])
      .select([local('o.created_at', tz).as('placed_at'), local('o.paid_at', tz).as('paid_at')])
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
      res.write(
        line([
          r.name,
          r.placed_at,
          r.paid_at,
          r.status,
          r.fulfilment,
          r.payment_method,
          r.customer_id,
          r.customer,
          r.phone,
          r.items,
          rules.currency,
          major(r.subtotal, rules),
          major(r.discount, rules),
          major(r.delivery_fee, rules),
          major(r.total, rules),
          major(r.refund, rules),
          r.refund_method ? REFUND_TO[r.refund_method] : null,
          r.refund_status,
          r.points_earned,
          r.status === 'cancelled' ? r.points_taken_back : null,
          r.cancel_reason,
        ]),
      );
    }
    if (rows.length < PAGE) break;
    after = rows.at(-1)!.id;
  }
  res.end();
}

export async function exportLedger(db: Database, res: Response, q: { from: string; to: string }, rules: ExportRules): Promise<void> {
  const tz = rules.timezone;
  const { start, end } = await bounds(db, q.from, q.to, tz);
  begin(res, `ledger-${q.from}-to-${q.to}.csv`);
  res.write(line(['ledger', 'id', `created_at (${tz})`, 'customer_id', 'customer', 'customer_phone', 'type', 'change', 'balance_after', 'unit', 'reason', 'ref']));
  for (const ledger of ['points', 'wallet'] as const) {
    const points = ledger === 'points';
    let after = 0;
    for (;;) {
      const { rows } = await sql<{ id: number; at: string; customer_id: number; customer: string; phone: string | null; type: string; change: number; balance_after: number; reason: string; ref: string | null }>`
        select l.id, ${local('l.created_at', tz)} as at, l.customer_id, c.name as customer, c.phone, l.type,
          ${sql.ref(points ? 'l.points' : 'l.amount')} as change, l.balance_after, l.reason, l.ref
        from ${sql.table(points ? 'points_ledger' : 'wallet_ledger')} l join customers c on c.id = l.customer_id
        where l.created_at >= ${start} and l.created_at < ${end} and l.id > ${after}
        order by l.id limit ${PAGE}`.execute(db);
      for (const r of rows) {
        res.write(
          line([
            ledger,
            r.id,
            r.at,
            r.customer_id,
            r.customer,
            r.phone,
            r.type,
            points ? r.change : major(r.change, rules),
            points ? r.balance_after : major(r.balance_after, rules),
            points ? 'points' : rules.currency,
            r.reason,
            r.ref,
          ]),
        );
      }
      if (rows.length < PAGE) break;
      after = rows.at(-1)!.id;
    }
  }
  res.end();
}
