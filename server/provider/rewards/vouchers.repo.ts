import { randomInt } from 'node:crypto';
import type { Database } from '../../db';
import { type Clock, DAY } from '../../lib/clock';
import type { Voucher } from '#contract';

// Crockford's base32 without look-alikes: codes are read aloud and typed at counters.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 16 symbols of 5 bits from the cryptographic RNG: 80 bits, unguessable; shown as XXXX-XXXX-XXXX-XXXX. */
export function newVoucherCode(): string {
  let s = '';
  for (let i = 0; i < 16; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return s.match(/.{4}/g)!.join('-');
}

export async function issueVoucher(
  trx: Database,
  clock: Clock,
  customerId: number,
  reward: { id: number; valid_days: number },
  source: 'redeem' | 'wheel',
  /** the points the redemption burned (a cancellation of the order they came from gives them back) */
  pointsPaid: number | null = null,
): Promise<number> {
  const now = clock.now();
  const row = await trx
    .insertInto('vouchers')
    .values({
      code: newVoucherCode(),
      customer_id: customerId,
      reward_id: reward.id,
      source,
      points_paid: pointsPaid,
      expires_at: new Date(now.getTime() + reward.valid_days * DAY),
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Vouchers past their date become `expired` (run before reading or using them). */
export async function expireVouchers(db: Database, clock: Clock, customerId?: number): Promise<number> {
  let q = db.updateTable('vouchers').set({ status: 'expired' }).where('status', '=', 'active').where('expires_at', '<=', clock.now());
  if (customerId !== undefined) q = q.where('customer_id', '=', customerId);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function loadVouchers(db: Database, where: { customerId: number; ids?: number[]; status?: Voucher['status'] | Array<Voucher['status']> }): Promise<Voucher[]> {
  let q = db
    .selectFrom('vouchers as v')
    .innerJoin('rewards as r', 'r.id', 'v.reward_id')
    .leftJoin('orders as o', 'o.id', 'v.cancelled_with_order')
    .leftJoin('products as p', 'p.id', 'r.product_id')
    .select([
      'p.name as free_product',
      'v.cancelled_at',
      'o.name as cancelled_with_order',
      'v.id',
      'v.code',
      'v.status',
      'v.expires_at',
      'v.created_at',
      'v.used_at',
      'r.name as reward_name',
      'r.title',
      'r.image',
      'r.description',
      'r.discount_amount',
    ])
    .where('v.customer_id', '=', where.customerId)
    .orderBy('v.id', 'desc');
  if (where.ids) q = q.where('v.id', 'in', where.ids.length ? where.ids : [-1]);
  if (where.status) q = q.where('v.status', 'in', Array.isArray(where.status) ? where.status : [where.status]);
  const rows = await q.execute();
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    status: r.status,
    expires_at: r.expires_at.toISOString(),
    created_at: r.created_at.toISOString(),
    used_at: r.used_at ? r.used_at.toISOString() : null,
    ...(r.status === 'cancelled' ? { cancelled_at: r.cancelled_at ? r.cancelled_at.toISOString() : null, cancelled_with_order: r.cancelled_with_order } : {}),
    reward: { name: r.reward_name, title: r.title, image: r.image, description: r.description, discount_amount: r.discount_amount, free_product: r.free_product },
  }));
}

/** A voucher's status for its rotating code: the customer's own only. */
export function findOwnVoucher(db: Database, customerId: number, voucherId: number): Promise<{ id: number; status: Voucher['status']; used_at: Date | null } | undefined> {
  return db.selectFrom('vouchers').select(['id', 'status', 'used_at']).where('id', '=', voucherId).where('customer_id', '=', customerId).executeTakeFirst();
}

// ---------------------------------------------------------------------------------------------
// The rotating codes' secret and the short codes handed out (voucher-codes.ts)
// ---------------------------------------------------------------------------------------------

/** A secret by its name: made with `fresh` by the first instance to ask, read by the others. */
export async function readOrMakeSecret(db: Database, name: string, fresh: Buffer): Promise<Uint8Array> {
  await db.insertInto('merchant_secrets').values({ name, secret: fresh, created_at: new Date() }).onConflict((oc) => oc.column('name').doNothing()).execute();
  const row = await db.selectFrom('merchant_secrets').select('secret').where('name', '=', name).executeTakeFirstOrThrow();
  return row.secret;
}

export async function insertShortCodes(db: Database, codes: { short_code: string; step: number; voucher_id: number }[]): Promise<void> {
  await db
    .insertInto('voucher_short_codes')
    .values(codes)
    .onConflict((oc) => oc.columns(['short_code', 'step']).doNothing())
    .execute();
}

/** The vouchers a short code was handed out for between two steps, the latest step first. */
export function findShortCodes(db: Database, shortCode: string, fromStep: number, toStep: number): Promise<{ voucher_id: number; step: number }[]> {
  return db
    .selectFrom('voucher_short_codes')
    .select(['voucher_id', 'step'])
    .where('short_code', '=', shortCode)
    .where('step', '>=', fromStep)
    .where('step', '<=', toStep)
    .orderBy('step', 'desc')
    .execute();
}

export async function deleteShortCodesBefore(db: Database, step: number): Promise<void> {
  await db.deleteFrom('voucher_short_codes').where('step', '<', step).execute();
}
