import { moneyInput } from '#contract/money';
import type { Database } from '../../db';
import { stateOf } from '../gift-cards/gift-cards.service';
import { outstandingGiftBalance } from '../gift-cards/report';
import { Plain, line, type OpenCsv } from '../http/csv';
import { dayBounds } from '../settings/settings.repo';
import { giftCardsPage, ledgerPage, ordersPage } from './dashboard.repo';

/**
 * The owner's CSV exports: orders, points and wallet ledger entries, and gift cards sold, of a period of the merchant's
 * days. Written as they are read, a page of rows at a time (never the whole period in memory), RFC 4180
 * quoting, and no cell a spreadsheet would run as a formula (see csvCell). What a spreadsheet shows as
 * it is: amounts in the currency's major unit (`210.50`, a dot, no grouping) beside a currency column,
 * dates and times in the shop's time zone as `2026-11-20 14:05:00` (the zone named in the header), and
 * each customer's name and phone. The orders of one location (`location_id`) or all, each naming its
 * location and pickup time; the ledgers are the shop's whatever the location (points and the wallet
 * belong to no location).
 */

const PAGE = 2_000;

export interface ExportRules {
  timezone: string;
  currency: string;
  locale: string;
}

/** Minor units → the major unit, as a number cell (`21050` → `210.50` for PHP, `5000` → `5000` for IDR). */
const major = (amount: number | null, r: ExportRules) => (amount === null ? null : new Plain(moneyInput(amount, r.currency, r.locale)));

const REFUND_TO = { wallet: 'wallet', gateway: 'card' } as const;

export async function exportOrders(db: Database, open: OpenCsv, q: { from: string; to: string; location_id?: number }, rules: ExportRules): Promise<void> {
  const tz = rules.timezone;
  const { start, end } = await dayBounds(db, q.from, q.to, tz);
  const res = open(`orders-${q.from}-to-${q.to}.csv`);
  res.write(
    line([
      'order',
      `placed_at (${tz})`,
      `paid_at (${tz})`,
      'status',
      'fulfilment',
      'location',
      `pickup_at (${tz})`,
      'table',
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
      'tip',
      'tax',
      'tax_mode',
    ]),
  );
  let after = 0;
  for (;;) {
    const rows = await ordersPage(db, { start, end, after, limit: PAGE, timeZone: tz, locationId: q.location_id });
    for (const r of rows) {
      res.write(
        line([
          r.name,
          r.placed_at,
          r.paid_at,
          r.status,
          r.fulfilment,
          r.location,
          r.pickup_at,
          r.table_label,
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
          major(r.tip, rules),
          r.taxes
            ? major(
                r.taxes.lines.reduce((sum, l) => sum + l.amount, 0),
                rules,
              )
            : null,
          r.taxes ? (r.taxes.included ? 'included' : 'added') : null,
        ]),
      );
    }
    if (rows.length < PAGE) break;
    after = rows.at(-1)!.id;
  }
  res.end();
}

export async function exportLedger(db: Database, open: OpenCsv, q: { from: string; to: string }, rules: ExportRules): Promise<void> {
  const tz = rules.timezone;
  const { start, end } = await dayBounds(db, q.from, q.to, tz);
  const res = open(`ledger-${q.from}-to-${q.to}.csv`);
  res.write(
    line(['ledger', 'id', `created_at (${tz})`, 'customer_id', 'customer', 'customer_phone', 'type', 'change', 'balance_after', 'unit', 'reason', 'ref']),
  );
  for (const ledger of ['points', 'wallet'] as const) {
    const points = ledger === 'points';
    let after = 0;
    for (;;) {
      const rows = await ledgerPage(db, ledger, { start, end, after, limit: PAGE, timeZone: tz });
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

/**
 * The gift cards sold in the period, one row each (the number's last four characters only, no recipient's
 * contact), and a last row `outstanding`: the outstanding gift-card balance when the file was made, the
 * liability the cards leave (the dashboard's figure).
 */
export async function exportGiftCards(db: Database, open: OpenCsv, q: { from: string; to: string }, rules: ExportRules, now: Date): Promise<void> {
  const tz = rules.timezone;
  const { start, end } = await dayBounds(db, q.from, q.to, tz);
  const res = open(`gift-cards-${q.from}-to-${q.to}.csv`);
  res.write(
    line([
      'card',
      `sold_at (${tz})`,
      `delivered_at (${tz})`,
      `claimed_at (${tz})`,
      `refunded_at (${tz})`,
      `expires_at (${tz})`,
      'state',
      'currency',
      'amount',
      'paid_with_gift_money',
      'buyer_id',
      'buyer',
      'claimed_by_id',
      'claimed_by',
    ]),
  );
  let after = 0;
  for (;;) {
    const rows = await giftCardsPage(db, { start, end, after, limit: PAGE, timeZone: tz });
    for (const r of rows) {
      res.write(
        line([
          `…${r.number.slice(-4)}`,
          r.sold_at,
          r.delivered_local,
          r.claimed_at,
          r.refunded_at,
          r.expires_local,
          stateOf(r, now),
          rules.currency,
          major(r.amount, rules),
          major(r.paid_gift, rules),
          r.buyer_id,
          r.buyer,
          r.claimed_by,
          r.claimer,
        ]),
      );
    }
    if (rows.length < PAGE) break;
    after = rows.at(-1)!.id;
  }
  const owed = await outstandingGiftBalance(db);
  res.write(line(['outstanding', null, null, null, null, null, 'unclaimed cards and gift money in wallets, now', rules.currency, major(owed.total, rules)]));
  res.end();
}
