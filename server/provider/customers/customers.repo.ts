import type { CustomerSummary } from '#contract';
import type { Database } from '../../db';

/** SQL of the console's look-up: customers found by name, e-mail or phone digits, and one customer's summary. */

const SUMMARY = ['id', 'name', 'phone', 'email', 'points', 'wallet_balance', 'created_at'] as const;

type SummaryRow = { id: number; name: string; phone: string | null; email: string | null; points: number; wallet_balance: number; created_at: Date };
const toSummary = (r: SummaryRow): CustomerSummary => ({ ...r, created_at: r.created_at.toISOString() });

/** `text` anywhere, the SQL wildcards in it plain text. */
const likeText = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Customers, newest first, whose name or e-mail holds `q` (any case) or whose phone holds one of
 * `phoneDigits`; every customer when `q` is empty.
 */
export async function searchCustomers(db: Database, q: string, phoneDigits: string[], offset: number, limit: number): Promise<CustomerSummary[]> {
  // members only: a guest at a table (migration 0064) is no customer of the console's lists
  let query = db.selectFrom('customers').select(SUMMARY).where('guest_location_id', 'is', null).orderBy('id', 'desc').offset(offset).limit(limit);
  if (q) {
    query = query.where((eb) =>
      eb.or([eb('name', 'ilike', likeText(q)), eb('email', 'ilike', likeText(q)), ...phoneDigits.map((d) => eb('phone', 'like', likeText(d)))]),
    );
  }
  return (await query.execute()).map(toSummary);
}

export async function customerSummary(db: Database, customerId: number): Promise<CustomerSummary | null> {
  const row = await db.selectFrom('customers').select(SUMMARY).where('id', '=', customerId).executeTakeFirst();
  return row ? toSummary(row) : null;
}
