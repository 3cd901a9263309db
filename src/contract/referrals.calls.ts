/** The calls of referrals, declared once (api.ts); their schemas are in referrals.ts, their words in referrals.spec.ts. */
import { call, consoleCalls } from './api';
import type {
  ReferralData,
  ReferralLookupData,
  ReferralLookupQuery,
  ReferralReviewData,
  ReferralReviewInput,
  ReferralsConsoleData,
  ReferralStatusData,
  ReferralVoidInput,
} from './referrals';

export const referralsApi = {
  /** the customer's own link and code, and the friends they brought */
  status: call.customer.get<ReferralStatusData>('referral/status'),
  /** who invited: the register page says "Ana invited you" before the friend signs up */
  lookup: call.anyone.get<ReferralLookupData, ReferralLookupQuery>('referral/lookup'),
};

/** console calls: the customer app's build drops them */
export const referralsConsoleApi = consoleCalls(() => ({
  referrals: call.staff.get<ReferralsConsoleData>('merchant/loyalty/referrals'),
  void: call.owner.post<ReferralData, ReferralVoidInput>('merchant/loyalty/referrals/void'),
  /** the referrals held for review (a fraud signal matched), and the owner's decision on one */
  review: call.owner.get<ReferralReviewData>('merchant/loyalty/referrals/review'),
  approve: call.owner.post<ReferralData, ReferralReviewInput>('merchant/loyalty/referrals/approve'),
  reject: call.owner.post<ReferralData, ReferralReviewInput>('merchant/loyalty/referrals/reject'),
}));
