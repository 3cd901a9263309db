import type { CounterRedeemData } from '#contract/counter';
import { to } from '#contract/routes';
import { sayToCustomer } from '../accounts/language';
import type { ProviderContext } from '../context';
import { voucher as voucherWords } from '../i18n/messages';
import { getMerchant } from '../settings/settings.service';
import { AppError, notFound } from '../http/errors';
import type { StaffOfRequest } from '../http/staff-session';
import { assertInScope, locationScope } from '../locations/access';
import { notify } from '../notifications/notify';
import { insertAudit } from '../staff/staff.repo';
import { customerName, findRedemption, lockRedemption, markRedemptionUndone, restoreVoucher } from './counter.repo';
import { counterVoucher, toRedemption, UNDO_MS } from './counter.service';
import { undoIssued } from './member-redeem.service';

/**
 * Undoes a counter redemption: within 2 minutes any staff member, later an owner only. A voucher the
 * customer showed is usable again; a reward redeemed from the member card is cancelled, its points and
 * stock back (member-redeem.service.ts), by a member who works where it was handed over.
 */
export async function undo(ctx: ProviderContext, staff: StaffOfRequest, redemptionId: number): Promise<CounterRedeemData & { issued: boolean }> {
  // read before the transaction: PGlite has one connection, which the transaction holds
  const scope = await locationScope(ctx.db, staff);
  const r = await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.clock.now();
    const r = await lockRedemption(trx, redemptionId);
    if (!r) throw notFound('Redemption');
    if (r.issued) assertInScope(scope, r.location_id);
    if (r.undone_at) throw new AppError('INVALID_TRANSITION', 'This redemption was undone already.');
    if (now.getTime() > r.redeemed_at.getTime() + UNDO_MS && staff.role !== 'owner') {
      throw new AppError('ROLE_FORBIDDEN', 'Only an owner can undo a redemption after 2 minutes. Ask an owner of this shop.');
    }
    if (r.issued) {
      await undoIssued(trx, ctx, staff, r, now);
      return r;
    }
    await markRedemptionUndone(trx, redemptionId, staff.id, now);
    const back = await restoreVoucher(trx, r.voucher_id, now);
    const v = await counterVoucher(trx, now, r.voucher_id);
    const say = await sayToCustomer(trx, (await getMerchant(trx, ctx.merchantId)).rules, back.customer_id);
    await notify(trx, ctx.clock, back.customer_id, {
      type: 'reward',
      title: say(voucherWords.backTitle),
      body: say(back.status === 'active' ? voucherWords.backBody : voucherWords.backExpiredBody, { reward: v.reward.title }),
      link: to.voucher(r.voucher_id, back.status === 'active' ? 'active' : 'expired'),
    });
    await insertAudit(trx, {
      staffId: staff.id,
      action: 'voucher.undo',
      target: `voucher:${r.voucher_id}`,
      before: { status: 'used', redemption: redemptionId },
      after: { status: back.status, reward_title: v.reward.title, customer: await customerName(trx, back.customer_id) },
      now,
    });
    return r;
  });
  const redemption = await findRedemption(ctx.db, redemptionId);
  return { voucher: await counterVoucher(ctx.db, ctx.clock.now(), r.voucher_id), redemption: toRedemption(redemption), issued: r.issued };
}
