import type { ProviderContext } from '../context';
import { getMerchant } from '../settings/settings.service';
import { lockDueOrders } from './orders.repo';
import { stepOrder } from './lifecycle';
import { releaseEndedHolds } from './holds';

const BATCH = 50;

/**
 * Demo: moves paid orders through their statuses, one step per `demo_step_seconds`. Due orders are
 * taken with `for update skip locked`, so two servers running this job never step one order twice;
 * each step schedules the next until the order is completed.
 */
export async function advanceDemoOrders(ctx: ProviderContext): Promise<void> {
  const merchant = await getMerchant(ctx.db, ctx.merchantId);
  // bounded, so a zero step length cannot keep one run busy forever
  for (let round = 0; round < 20; round++) {
    const n = await ctx.db.transaction().execute(async (trx) => {
      const due = await lockDueOrders(trx, ctx.clock.now(), BATCH);
      for (const order of due) await stepOrder(trx, ctx, merchant, order);
      return due.length;
    });
    if (n < BATCH) return;
  }
}

/**
 * Unpaid orders whose hold has ended (holds.ts): cancelled as unpaid, their slots and vouchers given
 * back; run by the job runner every few seconds (jobs.ts). Answers how many were released.
 */
export async function releaseUnpaidOrders(ctx: ProviderContext): Promise<number> {
  return releaseEndedHolds(ctx, await getMerchant(ctx.db, ctx.merchantId));
}
