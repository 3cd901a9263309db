import { CODE_STEP_SECONDS } from '#contract';
import { LAST_EARN_SHOWN_SECONDS, type MemberCardData } from '#contract/members';
import type { ProviderContext } from '../context';
import { getCustomer } from '../accounts/accounts.repo';
import { latestEarnOf } from '../counter/earns.repo';
import { SECOND } from '../../lib/clock';
import { memberCodesFor } from '../rewards/voucher-codes';

/**
 * The customer's member card (issue 29): the rotating codes staff scan or type at the counter (the
 * vouchers' scheme, rewards/voucher-codes.ts), the points balance, and the latest points the counter gave
 * in the last 10 minutes, not undone, so the app says "+18 points" while the customer is still there.
 */
export async function memberCard(ctx: ProviderContext, customerId: number): Promise<MemberCardData> {
  const customer = await getCustomer(ctx.db, customerId);
  const codes = await memberCodesFor(ctx, customerId);
  const since = new Date(ctx.clock.now().getTime() - LAST_EARN_SHOWN_SECONDS * SECOND);
  const last = await latestEarnOf(ctx.db, customerId, since);
  return {
    step_seconds: CODE_STEP_SECONDS,
    ...codes,
    points: customer.points,
    last_earn: last ? { id: last.id, points: last.points, at: last.created_at.toISOString(), location_name: last.location_name ?? null } : null,
  };
}
