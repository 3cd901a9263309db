/**
 * The owner's review queue (src/contract/referrals.ts `review`, `approve`, `reject`): referrals whose
 * friend's qualifying order was completed while a fraud signal matched are held (`review`, settleReferral)
 * instead of rewarded. Approving rewards both as the automatic decision would (the monthly cap applies);
 * rejecting rewards neither (`refused`). Each takes the two customers' row locks (lower id first), then
 * the referral's, and re-reads it: only a referral still held is decided, so two approvals at once
 * reward once (the second is 409). Both are audited.
 */
import type { Referral, ReferralReviewData } from '#contract/referrals';
import type { Database } from '../../db';
import type { ProviderContext } from '../context';
import { AppError, notFound } from '../http/errors';
import type { StaffOfRequest } from '../http/staff-session';
import { getMerchant } from '../settings/settings.service';
import { insertAudit } from '../staff/staff.repo';
import { consoleReferrals, lockReferral, pairNames, referralPair, referralPoints, updateReferral, type ReferralRow } from './referrals.repo';
import { giving, lockPair, refOf, rewardReferral, toReferral } from './referrals.service';

/** `merchant/loyalty/referrals/review`: the referrals held, oldest first, at most 200. */
export async function reviewQueue(ctx: ProviderContext): Promise<ReferralReviewData> {
  return { referrals: (await consoleReferrals(ctx.db, { review: true })).map(toReferral) };
}

const notHeld = (status: string) =>
  new AppError('INVALID_TRANSITION', 'This referral is not waiting for review any more: it was decided already.', undefined, { status });

/** The referral `id`, locked with its two customers, still held for review (else 404 or 409). */
async function lockHeld(trx: Database, id: number): Promise<ReferralRow> {
  const found = await referralPair(trx, id);
  if (!found) throw notFound('Referral');
  await lockPair(trx, found.referrer_id, found.friend_id);
  const r = (await lockReferral(trx, id))!;
  if (r.status !== 'review') throw notHeld(r.status);
  return r;
}

async function audit(
  trx: Database,
  staff: StaffOfRequest,
  r: ReferralRow,
  action: 'referral.approve' | 'referral.reject',
  after: Record<string, unknown>,
  now: Date,
): Promise<void> {
  const nameOf = await pairNames(trx, r);
  await insertAudit(trx, {
    staffId: staff.id,
    action,
    target: refOf(r.id),
    before: { status: r.status, signals: r.signals ?? [] },
    after: { ...after, referrer: nameOf(r.referrer_id), friend: nameOf(r.friend_id) },
    now,
  });
}

async function answer(ctx: ProviderContext, id: number): Promise<{ referral: Referral }> {
  const [row] = await consoleReferrals(ctx.db, { id });
  return { referral: toReferral(row!) };
}

/**
 * `merchant/loyalty/referrals/approve` (owners): both rewarded (or the friend alone over the referrer's
 * monthly cap). 409 CONFLICT, still held, while referrals are off or the reward cannot be given.
 */
export async function approveReferral(ctx: ProviderContext, staff: StaffOfRequest, id: number): Promise<{ referral: Referral }> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const r = await lockHeld(trx, id);
    const { rules } = await getMerchant(trx, ctx.merchantId);
    const off = () =>
      new AppError(
        'CONFLICT',
        'Referrals give nothing right now (turned off, or the reward is retired or sold out): the referral stays in the queue. Check the referral reward in Settings.',
      );
    if (!giving(rules) || r.order_id === null) throw off();
    const decided = await rewardReferral(trx, ctx, rules, r, r.order_id, { reviewed_at: now, reviewed_by: staff.id });
    if (!decided) throw off();
    const given = await referralPoints(trx, id);
    await audit(trx, staff, r, 'referral.approve', { status: decided, ...given }, now);
  });
  return answer(ctx, id);
}

/** `merchant/loyalty/referrals/reject` (owners): refused, nobody rewarded. */
export async function rejectReferral(ctx: ProviderContext, staff: StaffOfRequest, id: number): Promise<{ referral: Referral }> {
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const r = await lockHeld(trx, id);
    await updateReferral(trx, r.id, { status: 'refused', reason: 'rejected on review', reviewed_at: now, reviewed_by: staff.id });
    await audit(trx, staff, r, 'referral.reject', { status: 'refused' }, now);
  });
  return answer(ctx, id);
}
