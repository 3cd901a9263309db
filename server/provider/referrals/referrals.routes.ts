import { referralsConsoleSpec, referralsSpec } from '#contract/referrals.spec';
import { Router } from 'express';
import { clientKey } from '../http/client-key';
import type { ProviderContext } from '../context';
import { mount } from '../http/mount';
import { clientIp } from '../http/session';
import { approveReferral, rejectReferral, reviewQueue } from './referral-review.service';
import { listReferrals, lookupReferral, referralStatus, voidReferral } from './referrals.service';

/** The customer's referral link (`referral/…`), and the console's list, void and review queue (`merchant/loyalty/referrals…`). */
export function referralsRoutes(ctx: ProviderContext): Router {
  return Router().use(
    mount(ctx, referralsSpec, {
      status: async (_, at) => referralStatus(ctx, at.customerId()),
      lookup: async (query, at) => lookupReferral(ctx, query.code, clientKey(clientIp(at.req))),
    }),
    mount(ctx, referralsConsoleSpec, {
      referrals: () => listReferrals(ctx),
      void: async (body, at) => ({ referral: await voidReferral(ctx, at.staff(), body) }),
      review: () => reviewQueue(ctx),
      approve: async (body, at) => approveReferral(ctx, at.staff(), body.id),
      reject: async (body, at) => rejectReferral(ctx, at.staff(), body.id),
    }),
  );
}
