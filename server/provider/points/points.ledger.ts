import { sql } from 'kysely';
import type { Database } from '../../db';
import type { PointsBreakdown, ReasonWords } from '../../db/schema';
import { pointsReason } from '../i18n/messages';
import { reasonOf } from './reasons';
import { type Clock, DAY } from '../../lib/clock';
import { AppError, notFound, said } from '../http/errors';
import { lockCustomer, moveBalance } from '../accounts/accounts.repo';
import { emitPointsEarned, emitPointsSpent, eventsWith, pointsExpiredEvent } from '../events/events.service';
import { errors } from '../i18n/errors';

/**
 * The points ledger: append-only entries; customers.points is the running balance, kept equal to
 * the sum of the ledger because both change in the same transaction under the customer's row lock.
 * Earned points form lots with `remaining` and `expires_at`; burns and expiries consume lots oldest first.
 * Call these only inside a transaction.
 */

export interface PointsChange {
  /** in English: the webhooks', the console's, and the history's when there are no `words` */
  reason: string;
  /** the reason's words, for the history in the reader's language (reasons.ts reasonOf) */
  words?: ReasonWords | null;
  ref?: string | null;
  /** the earning rules that made up an earn's points ({ label, points } each), kept on its entry */
  breakdown?: PointsBreakdown | null;
}

const wordsOf = (change: PointsChange) => (change.words ? JSON.stringify(change.words) : null);
const EXPIRED = reasonOf(pointsReason.expired);

export async function earnPoints(trx: Database, clock: Clock, customerId: number, points: number, change: PointsChange, expiryDays = 365): Promise<number> {
  if (!Number.isInteger(points) || points <= 0) return (await lockCustomer(trx, customerId)).points;
  const balance = await moveBalance(trx, customerId, 'points', points);
  if (balance === null) throw notFound('Customer');
  const now = clock.now();
  await trx
    .insertInto('points_ledger')
    .values({
      customer_id: customerId,
      type: 'earn',
      points,
      balance_after: balance,
      reason: change.reason,
      reason_words: wordsOf(change),
      ref: change.ref ?? null,
      breakdown: change.breakdown ? JSON.stringify(change.breakdown) : null,
      remaining: points,
      expires_at: new Date(now.getTime() + expiryDays * DAY),
      created_at: now,
    })
    .execute();
  await emitPointsEarned(trx, { customer_id: customerId, points, balance, reason: change.reason, ref: change.ref ?? null }, now);
  return balance;
}

/** Burns points (oldest lots first); INSUFFICIENT_POINTS when the balance is short. */
export async function burnPoints(trx: Database, clock: Clock, customerId: number, points: number, change: PointsChange): Promise<number> {
  const balance = await moveBalance(trx, customerId, 'points', -points);
  if (balance === null) {
    const customer = await lockCustomer(trx, customerId); // not found: 404
    throw new AppError('INSUFFICIENT_POINTS', said(errors.morePoints, { missing: points - customer.points }), undefined, {
      points: customer.points,
      needed: points,
    });
  }
  await consumeLots(trx, customerId, points);
  const now = clock.now();
  await trx
    .insertInto('points_ledger')
    .values({
      customer_id: customerId,
      type: 'burn',
      points: -points,
      balance_after: balance,
      reason: change.reason,
      reason_words: wordsOf(change),
      ref: change.ref ?? null,
      created_at: now,
    })
    .execute();
  // a burn is points spent (a reward, a spin); a take-back or the owner's correction is an adjustment, not spent
  await emitPointsSpent(trx, { customer_id: customerId, points, balance, reason: change.reason, ref: change.ref ?? null }, now);
  return balance;
}

async function consumeLots(trx: Database, customerId: number, points: number): Promise<void> {
  let left = points;
  const lots = await trx
    .selectFrom('points_ledger')
    .select(['id', 'remaining'])
    .where('customer_id', '=', customerId)
    .where('remaining', '>', 0)
    .orderBy('expires_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  for (const lot of lots) {
    if (left <= 0) break;
    const take = Math.min(left, lot.remaining ?? 0);
    await trx
      .updateTable('points_ledger')
      .set({ remaining: (lot.remaining ?? 0) - take })
      .where('id', '=', lot.id)
      .execute();
    left -= take;
  }
}

/**
 * Expires what is left of every lot past its date for one customer: one `expire` entry per lot.
 * Returns the points expired.
 */
export async function expireCustomerLots(trx: Database, clock: Clock, customerId: number): Promise<number> {
  const now = clock.now();
  const customer = await lockCustomer(trx, customerId);
  const lots = await trx
    .selectFrom('points_ledger')
    .select(['id', 'remaining'])
    .where('customer_id', '=', customerId)
    .where('remaining', '>', 0)
    .where('expires_at', '<=', now)
    .orderBy('expires_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  let balance = customer.points;
  let expired = 0;
  for (const lot of lots) {
    const pts = Math.min(lot.remaining ?? 0, balance);
    await trx.updateTable('points_ledger').set({ remaining: 0 }).where('id', '=', lot.id).execute();
    if (pts <= 0) continue;
    balance -= pts;
    expired += pts;
    await trx
      .insertInto('points_ledger')
      .values({
        customer_id: customerId,
        type: 'expire',
        points: -pts,
        balance_after: balance,
        reason: EXPIRED.reason,
        reason_words: JSON.stringify(EXPIRED.words),
        ref: `lot:${lot.id}`,
        created_at: now,
      })
      .execute();
  }
  if (expired > 0) {
    // points.expired written by the balance's own statement: the hourly job expiring many customers takes
    // no round trip more for its webhooks
    const event = pointsExpiredEvent({ customer_id: customerId, points: expired, balance, reason: EXPIRED.reason, ref: null }, now);
    const update = trx.updateTable('customers').set({ points: balance }).where('id', '=', customerId).returning('id');
    await sql`with c as (${update}), wh as (${eventsWith('c', [event])!}) select 1`.execute(trx);
  }
  return expired;
}

/**
 * A correction as an `adjust` entry (or `owner`: the owner's adjustment in the console), under the customer's row lock like every other change.
 * A take-back (points < 0) never takes the balance below 0: it takes what there is, and consumes
 * lots (the lot whose ref is `lotRef` first, then oldest first) so expiry never counts those points
 * again. A grant (points > 0) becomes a lot that expires like earned points.
 * Returns the points actually adjusted (0 when there was nothing to take).
 */
export async function adjustPoints(
  trx: Database,
  clock: Clock,
  customerId: number,
  points: number,
  change: PointsChange & { lotRef?: string; type?: 'adjust' | 'owner' },
  expiryDays = 365,
): Promise<number> {
  if (!Number.isInteger(points) || points === 0) return 0;
  const customer = await lockCustomer(trx, customerId);
  const now = clock.now();
  const delta = points > 0 ? points : -Math.min(-points, customer.points);
  if (delta === 0) return 0;
  if (delta < 0) {
    let left = -delta;
    if (change.lotRef) {
      const own = await trx
        .selectFrom('points_ledger')
        .select(['id', 'remaining'])
        .where('customer_id', '=', customerId)
        .where('ref', '=', change.lotRef)
        .where('remaining', '>', 0)
        .orderBy('id')
        .execute();
      for (const lot of own) {
        if (left <= 0) break;
        const take = Math.min(left, lot.remaining ?? 0);
        await trx
          .updateTable('points_ledger')
          .set({ remaining: (lot.remaining ?? 0) - take })
          .where('id', '=', lot.id)
          .execute();
        left -= take;
      }
    }
    if (left > 0) await consumeLots(trx, customerId, left);
  }
  const balance = customer.points + delta;
  await trx
    .insertInto('points_ledger')
    .values({
      customer_id: customerId,
      type: change.type ?? 'adjust',
      points: delta,
      balance_after: balance,
      reason: change.reason,
      reason_words: wordsOf(change),
      ref: change.ref ?? null,
      ...(delta > 0 ? { remaining: delta, expires_at: new Date(now.getTime() + expiryDays * DAY) } : {}),
      created_at: now,
    })
    .execute();
  await trx.updateTable('customers').set({ points: balance }).where('id', '=', customerId).execute();
  return delta;
}
