import { sql } from 'kysely';
import type { Database } from '../../db';

/** The merchant's row, locked for the rest of the transaction: one settings change at a time. */
export async function lockMerchant(trx: Database, merchantId: string) {
  return trx.selectFrom('merchants').select(['settings', 'rules']).where('id', '=', merchantId).forUpdate().executeTakeFirst();
}

/**
 * Merges `settings` into the shop's words and `rules` into its rules, keeping every other key (the
 * theme's, the wheel's): JSON objects merged in SQL, not rewritten whole.
 */
export async function mergeMerchant(
  trx: Database,
  merchantId: string,
  patch: { settings: Record<string, unknown>; rules: Record<string, unknown> },
): Promise<void> {
  await trx
    .updateTable('merchants')
    .set({
      settings: sql`settings || ${JSON.stringify(patch.settings)}::jsonb`,
      rules: sql`rules || ${JSON.stringify(patch.rules)}::jsonb`,
    })
    .where('id', '=', merchantId)
    .execute();
}

/** Whether any money has moved in the shop: a wallet entry, an order or a payment exists. */
export async function moneyHasMoved(db: Database): Promise<boolean> {
  const { rows } = await sql<{ moved: boolean }>`
    select exists (select 1 from wallet_ledger) or exists (select 1 from orders) or exists (select 1 from payments) as moved
  `.execute(db);
  return rows[0]!.moved;
}
