import { randomInt } from 'node:crypto';
import { REFERRAL_PHONE_BLOCK_DIGITS, REFERRAL_SIGNALS, type ReferralSignal } from '#contract/referrals';
import { sql, type Updateable } from 'kysely';
import type { Database } from '../../db';
import type { DB } from '../../db/schema';

/** Referral codes are read aloud and typed: no 0/O, 1/I/L, nor U. */
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
export const REFERRAL_CODE_LENGTH = 8;

export function newReferralCode(): string {
  let s = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i++) s += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return s;
}

/**
 * The customer's referral code, made on first use: a random one not taken, set only while the customer
 * has none (two first calls at once keep one code). 30^8 codes: a clash is rare, and tried again.
 */
export async function referralCodeOf(db: Database, customerId: number): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await db.selectFrom('customers').select('referral_code').where('id', '=', customerId).executeTakeFirstOrThrow();
    if (row.referral_code) return row.referral_code;
    const code = newReferralCode();
    const taken = await db.selectFrom('customers').select('id').where('referral_code', '=', code).executeTakeFirst();
    if (taken) continue;
    try {
      await db.updateTable('customers').set({ referral_code: code }).where('id', '=', customerId).where('referral_code', 'is', null).execute();
    } catch {
      // the unique index: someone took it between our look and our write
    }
  }
  throw new Error('could not make a referral code');
}

export function findReferrerByCode(db: Database, code: string) {
  return db.selectFrom('customers').select(['id', 'name']).where('referral_code', '=', code).executeTakeFirst();
}

export type ReferralRow = NonNullable<Awaited<ReturnType<typeof findReferralOfFriend>>>;

export function findReferralOfFriend(db: Database, friendId: number) {
  return db.selectFrom('referrals').selectAll().where('friend_id', '=', friendId).executeTakeFirst();
}

/** What referralOrderPaid reads of a customer's referral as a friend. */
export type ReferralFacts = Pick<ReferralRow, 'id' | 'status' | 'referrer_id' | 'friend_id'>;

/**
 * The customer's referral as a friend (ReferralFacts, or null: none) as one JSON value, for a statement
 * that reads it with others: its columns named, so the statement may be named (server/db/prepared.ts).
 */
export function referralOfFriendJson(friendId: number) {
  return sql<ReferralFacts | null>`(select json_build_object('id', r.id, 'status', r.status, 'referrer_id', r.referrer_id, 'friend_id', r.friend_id) from referrals as r where r.friend_id = ${friendId}::integer)`;
}

export function lockReferral(trx: Database, id: number) {
  return trx.selectFrom('referrals').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export type ReferralPatch = Omit<Updateable<DB['referrals']>, 'id'>;

export async function updateReferral(trx: Database, id: number, patch: ReferralPatch): Promise<void> {
  await trx.updateTable('referrals').set(patch).where('id', '=', id).execute();
}

/** The patch applied only while the referral is still in `status` (a concurrent change wins). */
export async function updateReferralIn(trx: Database, id: number, status: ReferralRow['status'], patch: ReferralPatch): Promise<void> {
  await trx.updateTable('referrals').set(patch).where('id', '=', id).where('status', '=', status).execute();
}

/** The two customers of a referral, unlocked (to lock them first, in order). */
export function referralPair(db: Database, id: number) {
  return db.selectFrom('referrals').select(['referrer_id', 'friend_id']).where('id', '=', id).executeTakeFirst();
}

/** The points a referral gave its referrer and friend. */
export function referralPoints(db: Database, id: number) {
  return db.selectFrom('referrals').select(['referrer_points', 'friend_points']).where('id', '=', id).executeTakeFirstOrThrow();
}

/** The names of a referral's two customers, by id ('' for one without a name). */
export async function pairNames(db: Database, r: { referrer_id: number; friend_id: number }): Promise<(id: number) => string> {
  const names = await db.selectFrom('customers').select(['id', 'name']).where('id', 'in', [r.referrer_id, r.friend_id]).execute();
  return (id) => names.find((n) => n.id === id)?.name ?? '';
}

/** Whether the friend paid with a card the referrer used (the gateway's fingerprint): the same payer, refused outright. */
export async function sameCard(db: Database, referrerId: number, friendId: number): Promise<boolean> {
  const card = await db
    .selectFrom('payments as f')
    .innerJoin('payments as r', 'r.card_fingerprint', 'f.card_fingerprint')
    .select('f.id')
    .where('f.customer_id', '=', friendId)
    .where('f.status', '=', 'paid')
    .where('r.customer_id', '=', referrerId)
    .where('f.card_fingerprint', 'is not', null)
    .executeTakeFirst();
  return card !== undefined;
}

/** Whether two phone numbers (E.164) are one block: the same length, equal but for the last REFERRAL_PHONE_BLOCK_DIGITS digits. */
export function samePhoneBlock(a: string | null, b: string | null): boolean {
  if (!a || !b || a.length !== b.length || a.length <= REFERRAL_PHONE_BLOCK_DIGITS + 4) return false;
  return a.slice(0, -REFERRAL_PHONE_BLOCK_DIGITS) === b.slice(0, -REFERRAL_PHONE_BLOCK_DIGITS);
}

/**
 * The fraud signals between a referrer and a friend, in REFERRAL_SIGNALS' order (empty: none): each kind of
 * sighting (device cookie, address, user agent with address, push endpoint) the friend was ever seen with
 * that the referrer was seen with too, and their phone numbers' block.
 */
export async function fraudSignals(db: Database, referrerId: number, friendId: number): Promise<ReferralSignal[]> {
  const shared = await db
    .selectFrom('customer_devices as f')
    .innerJoin('customer_devices as r', (j) => j.onRef('r.device_hash', '=', 'f.device_hash').onRef('r.kind', '=', 'f.kind'))
    .select('f.kind')
    .distinct()
    .where('f.customer_id', '=', friendId)
    .where('r.customer_id', '=', referrerId)
    .execute();
  const phones = await db.selectFrom('customers').select(['id', 'phone']).where('id', 'in', [referrerId, friendId]).execute();
  const phoneOf = (id: number) => phones.find((p) => p.id === id)?.phone ?? null;
  const found = new Set<ReferralSignal>(shared.map((s) => s.kind));
  if (samePhoneBlock(phoneOf(referrerId), phoneOf(friendId))) found.add('phone_block');
  return REFERRAL_SIGNALS.filter((s) => found.has(s));
}

/**
 * The friend's first order of at least `minTotal` whose points were credited (completed, past the hold,
 * never cancelled since), or undefined.
 */
export function firstCreditedOrder(db: Database, friendId: number, minTotal: number) {
  return db
    .selectFrom('points_pending')
    .innerJoin('orders', 'orders.id', 'points_pending.order_id')
    .select(['points_pending.order_id', 'points_pending.settled_at'])
    .where('points_pending.customer_id', '=', friendId)
    .where('points_pending.status', '=', 'credited')
    .where('orders.total', '>=', minTotal)
    .orderBy('points_pending.settled_at')
    .orderBy('points_pending.id')
    .executeTakeFirst();
}

/** The friend's earliest paid order of at least `minTotal` still standing (paid, not cancelled), or undefined. */
export function firstStandingPaidOrder(db: Database, friendId: number, minTotal: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'paid_at'])
    .where('customer_id', '=', friendId)
    .where('paid_at', 'is not', null)
    .where('status', 'not in', ['pending_payment', 'cancelled'])
    .where('total', '>=', minTotal)
    .orderBy('paid_at')
    .orderBy('id')
    .executeTakeFirst();
}

/** How many of a referrer's referrals gave them a reward since `since`. */
export async function rewardedSince(db: Database, referrerId: number, since: Date): Promise<number> {
  const row = await db
    .selectFrom('referrals')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('referrer_id', '=', referrerId)
    .where('status', '=', 'rewarded')
    .where('rewarded_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Friends (after `afterId`) whose referral is still open while an order of theirs of at least `minTotal` has had its points credited: due a decision. */
export async function friendsDue(db: Database, afterId: number, limit: number, minTotal: number): Promise<number[]> {
  const rows = await db
    .selectFrom('referrals')
    .select('friend_id')
    .where('status', 'in', ['signed_up', 'ordered'])
    .where('friend_id', '>', afterId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('points_pending')
          .innerJoin('orders', 'orders.id', 'points_pending.order_id')
          .select('points_pending.id')
          .whereRef('points_pending.customer_id', '=', 'referrals.friend_id')
          .where('points_pending.status', '=', 'credited')
          .where('orders.total', '>=', minTotal),
      ),
    )
    .orderBy('friend_id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.friend_id);
}

/** A referrer's referrals with the friends' names, newest first. */
export function referralsOfReferrer(db: Database, referrerId: number) {
  return db
    .selectFrom('referrals')
    .innerJoin('customers as f', 'f.id', 'referrals.friend_id')
    .select(['referrals.id', 'referrals.status', 'referrals.signed_up_at', 'referrals.rewarded_at', 'f.name as friend_name'])
    .where('referrals.referrer_id', '=', referrerId)
    .orderBy('referrals.id', 'desc')
    .limit(200)
    .execute();
}

const consoleColumns = [
  'referrals.id',
  'referrals.status',
  'referrals.reason',
  'referrals.signed_up_at',
  'referrals.rewarded_at',
  'referrals.voided_at',
  'referrals.referrer_id',
  'referrals.friend_id',
  'referrals.signals',
  'r.name as referrer_name',
  'f.name as friend_name',
  'o.name as order_name',
  'o.total as order_total',
] as const;

/**
 * Every referral for the console, newest first (at most `limit`), or one by id, or those held for
 * review (`review`: oldest first, the queue's order).
 */
export function consoleReferrals(db: Database, o: { limit?: number; id?: number; review?: boolean } = {}) {
  let q = db
    .selectFrom('referrals')
    .innerJoin('customers as r', 'r.id', 'referrals.referrer_id')
    .innerJoin('customers as f', 'f.id', 'referrals.friend_id')
    .leftJoin('orders as o', 'o.id', 'referrals.order_id')
    .select([...consoleColumns])
    .orderBy('referrals.id', o.review ? 'asc' : 'desc');
  if (o.id !== undefined) q = q.where('referrals.id', '=', o.id);
  if (o.review) q = q.where('referrals.status', '=', 'review');
  return q.limit(o.limit ?? 200).execute();
}

export async function referralTotals(db: Database): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('referrals')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

/** Cancels a voucher not used yet (a voided referral's); false when it was used, expired or cancelled already. */
export async function cancelUnusedVoucher(trx: Database, voucherId: number, now: Date): Promise<boolean> {
  const r = await trx
    .updateTable('vouchers')
    .set({ status: 'cancelled', cancelled_at: now })
    .where('id', '=', voucherId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
