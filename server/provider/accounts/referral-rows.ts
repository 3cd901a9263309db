import type { Database } from '../../db';

/**
 * A friend's sign-up with a referral code (auth/register, auth/google, a NEW account only), recorded as
 * a plain row in the sign-up's transaction: the referrals area (above) takes it from there. A code that
 * is no customer's, or the new customer's own, records nothing, and never fails the sign-up. Returns
 * the referral's id, or null.
 */
export async function recordReferralSignUp(trx: Database, friendId: number, code: string | undefined, now: Date): Promise<number | null> {
  const normalised = code?.trim().toUpperCase();
  if (!normalised || !/^[A-Z0-9]{6,12}$/.test(normalised)) return null;
  const referrer = await trx.selectFrom('customers').select('id').where('referral_code', '=', normalised).executeTakeFirst();
  if (!referrer || referrer.id === friendId) return null;
  const row = await trx
    .insertInto('referrals')
    .values({ referrer_id: referrer.id, friend_id: friendId, signed_up_at: now })
    .onConflict((oc) => oc.column('friend_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id ?? null;
}
