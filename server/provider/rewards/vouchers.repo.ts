import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../db';
import { type Clock, DAY } from '../../lib/clock';
import type { Voucher } from '#contract';
import type { Language } from '#contract/languages';
import { inLanguage } from '#contract/translations';
import { takeStock } from './rewards.repo';

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
  source: 'redeem' | 'wheel' | 'birthday' | 'stamps' | 'referral' | 'tier' | 'campaign',
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

/**
 * A catalogue reward given as a voucher without points (a birthday, a full stamp card, a tier's welcome, a
 * wheel prize, a campaign's message), in the caller's transaction: one unit of a limited stock taken first. Null, with nothing
 * written, when there is no such reward (retired) or none is left.
 */
export async function giftVoucher(
  trx: Database,
  clock: Clock,
  customerId: number,
  reward: { id: number; valid_days: number; stock: number | null } | undefined,
  source: 'wheel' | 'birthday' | 'stamps' | 'tier' | 'campaign',
): Promise<number | null> {
  if (!reward || (reward.stock !== null && !(await takeStock(trx, reward.id)))) return null;
  return issueVoucher(trx, clock, customerId, reward, source);
}

/**
 * `count` vouchers of one catalogue reward given at once (a sale that fills several stamp cards), in two
 * statements whatever the count: the units of a limited stock taken (as many as are left, at most
 * `count`), then the vouchers written in one insert. Answers their ids, fewer than `count` (none) when
 * the stock ran short or the reward is retired.
 */
export async function giftVouchers(
  trx: Database,
  clock: Clock,
  customerId: number,
  reward: { id: number; valid_days: number; stock: number | null } | undefined,
  source: 'stamps',
  count: number,
): Promise<number[]> {
  if (!reward || count <= 0) return [];
  let n = count;
  if (reward.stock !== null) {
    const { rows } = await sql<{ taken: number }>`
      with before as (select id, stock from rewards where id = ${reward.id} and stock is not null for update)
      update rewards r set stock = before.stock - least(before.stock, ${count}::int) from before where r.id = before.id
      returning least(before.stock, ${count}::int) as taken`.execute(trx);
    n = Math.max(0, Number(rows[0]?.taken ?? 0));
  }
  if (n === 0) return [];
  const now = clock.now();
  const expires = new Date(now.getTime() + reward.valid_days * DAY);
  const rows = await trx
    .insertInto('vouchers')
    .values(
      Array.from({ length: n }, () => ({
        code: newVoucherCode(),
        customer_id: customerId,
        reward_id: reward.id,
        source,
        points_paid: null,
        expires_at: expires,
        created_at: now,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/**
 * Vouchers the customer never used, cancelled at once (a reversed sale's: its stamp cards' and its tier
 * welcome's), their units back to their rewards' stock, in the caller's transaction. Answers the first
 * of them that could not be cancelled (used already), with its reward's title, and then cancels none:
 * the caller refuses, and its transaction rolls back.
 */
export async function cancelUnusedVouchers(trx: Database, voucherIds: readonly number[], now: Date): Promise<{ id: number; title: string } | null> {
  if (voucherIds.length === 0) return null;
  // every one locked first (a use at this moment finishes before, or waits for this transaction)
  const rows = await trx
    .selectFrom('vouchers as v')
    .innerJoin('rewards as r', 'r.id', 'v.reward_id')
    .select(['v.id', 'v.status', 'r.title'])
    .where('v.id', 'in', [...voucherIds])
    .orderBy('v.id')
    .forUpdate('v')
    .execute();
  const used = rows.find((v) => v.status === 'used');
  if (used) return { id: used.id, title: used.title };
  await sql`
    with cancelled as (
      update vouchers set status = 'cancelled', cancelled_at = ${now}
      where id in (${sql.join([...voucherIds])}) and status in ('active', 'expired') returning reward_id
    ), back as (select reward_id, count(*)::int as n from cancelled group by reward_id)
    update rewards r set stock = r.stock + back.n from back where r.id = back.reward_id and r.stock is not null`.execute(trx);
  return null;
}

/** Vouchers past their date become `expired` (run before reading or using them). */
export async function expireVouchers(db: Database, clock: Clock, customerId?: number): Promise<number> {
  let q = db.updateTable('vouchers').set({ status: 'expired' }).where('status', '=', 'active').where('expires_at', '<=', clock.now());
  if (customerId !== undefined) q = q.where('customer_id', '=', customerId);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/**
 * The customer's vouchers (these ids, of these statuses), newest first, each with its reward; in `language`, the
 * reward's title and description in it where the owner wrote them (its translations), else the default language's.
 */
export async function loadVouchers(
  db: Database,
  where: { customerId: number; ids?: number[]; status?: Voucher['status'] | Array<Voucher['status']>; language?: Language | undefined },
): Promise<Voucher[]> {
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
      'r.translations',
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
    reward: {
      name: r.reward_name,
      ...inLanguage({ title: r.title, description: r.description }, r.translations, where.language, ['title', 'description']),
      image: r.image,
      discount_amount: r.discount_amount,
      free_product: r.free_product,
    },
  }));
}

/** A voucher's status for its rotating code: the customer's own only. */
export function findOwnVoucher(
  db: Database,
  customerId: number,
  voucherId: number,
): Promise<{ id: number; status: Voucher['status']; used_at: Date | null } | undefined> {
  return db.selectFrom('vouchers').select(['id', 'status', 'used_at']).where('id', '=', voucherId).where('customer_id', '=', customerId).executeTakeFirst();
}

// ---------------------------------------------------------------------------------------------
// The rotating codes' secret and the short codes handed out (voucher-codes.ts): vouchers' and members'
// ---------------------------------------------------------------------------------------------

/** A secret by its name: made with `fresh` by the first instance to ask, read by the others. */
export async function readOrMakeSecret(db: Database, name: string, fresh: Buffer): Promise<Uint8Array> {
  await db
    .insertInto('merchant_secrets')
    .values({ name, secret: fresh, created_at: new Date() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('merchant_secrets').select('secret').where('name', '=', name).executeTakeFirstOrThrow();
  return row.secret;
}

/** Where each kind of rotating code keeps its short codes, and the column naming what a code is for. */
const SHORT_CODES = {
  voucher: { table: 'voucher_short_codes', subject: 'voucher_id' },
  member: { table: 'member_short_codes', subject: 'customer_id' },
} as const;
export type ShortCodeKind = keyof typeof SHORT_CODES;

export async function insertShortCodes(db: Database, kind: ShortCodeKind, codes: { short_code: string; step: number; subject_id: number }[]): Promise<void> {
  const { table, subject } = SHORT_CODES[kind];
  await sql`insert into ${sql.table(table)} (short_code, step, ${sql.ref(subject)})
    values ${sql.join(codes.map((c) => sql`(${c.short_code}, ${c.step}, ${c.subject_id})`))}
    on conflict (short_code, step) do nothing`.execute(db);
}

/** What a short code was handed out for between two steps, the latest step first. */
export async function findShortCodes(
  db: Database,
  kind: ShortCodeKind,
  shortCode: string,
  fromStep: number,
  toStep: number,
): Promise<{ subject_id: number; step: number }[]> {
  const { table, subject } = SHORT_CODES[kind];
  const { rows } = await sql<{ subject_id: number; step: number }>`select ${sql.ref(subject)} as subject_id, step from ${sql.table(table)}
    where short_code = ${shortCode} and step >= ${fromStep} and step <= ${toStep} order by step desc`.execute(db);
  return rows.map((r) => ({ subject_id: Number(r.subject_id), step: Number(r.step) }));
}

/** Forgets every kind's short codes of steps before this one. */
export async function deleteShortCodesBefore(db: Database, step: number): Promise<void> {
  for (const { table } of Object.values(SHORT_CODES)) await sql`delete from ${sql.table(table)} where step < ${step}`.execute(db);
}

/** How many times the customer turned their wallet cards off (0: never, or no card yet). */
export async function passRevocations(db: Database, customerId: number): Promise<number> {
  const row = await db.selectFrom('wallet_passes').select('revocations').where('customer_id', '=', customerId).executeTakeFirst();
  return row?.revocations ?? 0;
}
