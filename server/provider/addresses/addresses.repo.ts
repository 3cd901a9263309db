import type { Selectable } from 'kysely';
import type { Database } from '../../db';
import type { AddressTable } from '../../db/schema';
import type { Address } from '#contract';

/** SQL of a customer's saved addresses. Every query is scoped by customer: no id alone reaches a row. */

type AddressRow = Selectable<AddressTable>;

export function toAddress(r: AddressRow): Address {
  return {
    id: r.id,
    label: r.label,
    recipient: r.recipient,
    phone: r.phone,
    line1: r.line1,
    city: r.city,
    postal_code: r.postal_code,
    lat: r.lat,
    lng: r.lng,
    note: r.note,
    is_default: r.is_default,
  };
}

/** The default first, then the newest. */
export async function listAddresses(db: Database, customerId: number): Promise<Address[]> {
  const rows = await db.selectFrom('addresses').selectAll().where('customer_id', '=', customerId).orderBy('is_default', 'desc').orderBy('id', 'desc').execute();
  return rows.map(toAddress);
}

export async function findAddress(db: Database, customerId: number, id: number): Promise<Address | undefined> {
  const row = await db.selectFrom('addresses').selectAll().where('customer_id', '=', customerId).where('id', '=', id).executeTakeFirst();
  return row ? toAddress(row) : undefined;
}

export async function countAddresses(db: Database, customerId: number): Promise<number> {
  const row = await db
    .selectFrom('addresses')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface AddressValues {
  label: string;
  recipient: string;
  phone: string;
  line1: string;
  city: string;
  postal_code: string;
  lat: number;
  lng: number;
  note: string | null;
}

export async function insertAddress(trx: Database, customerId: number, a: AddressValues, isDefault: boolean, at: Date): Promise<number> {
  const row = await trx
    .insertInto('addresses')
    .values({ customer_id: customerId, ...a, is_default: isDefault, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAddress(trx: Database, customerId: number, id: number, a: Partial<AddressValues> & { is_default?: boolean }): Promise<void> {
  if (Object.keys(a).length === 0) return;
  await trx.updateTable('addresses').set(a).where('customer_id', '=', customerId).where('id', '=', id).execute();
}

/** Clears the default flag on all of a customer's addresses (before another becomes the default). */
export async function clearDefault(trx: Database, customerId: number): Promise<void> {
  await trx.updateTable('addresses').set({ is_default: false }).where('customer_id', '=', customerId).where('is_default', '=', true).execute();
}

export async function deleteAddress(trx: Database, customerId: number, id: number): Promise<boolean> {
  const res = await trx.deleteFrom('addresses').where('customer_id', '=', customerId).where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

/** Makes the newest of the customer's addresses (other than `exceptId`) the default; null when none is left. */
export async function promoteNewest(trx: Database, customerId: number, exceptId?: number): Promise<number | null> {
  let q = trx.selectFrom('addresses').select('id').where('customer_id', '=', customerId);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  const newest = await q.orderBy('id', 'desc').limit(1).executeTakeFirst();
  if (!newest) return null;
  await clearDefault(trx, customerId);
  await trx.updateTable('addresses').set({ is_default: true }).where('id', '=', newest.id).execute();
  return newest.id;
}
