/**
 * The spec of the referrals calls: their declarations (referrals.calls.ts) joined to their schemas
 * (referrals.ts), error codes and OpenAPI words by `describe` (api-spec.ts). The provider mounts its
 * handlers from it (server/provider/http/mount.ts); endpoints.ts documents it.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { describe } from './api-spec';
import {
  referralLookupQuery,
  referralVoidBody,
  referralReviewBody,
  referralStatusAnswer,
  referralLookupAnswer,
  referralOnlyAnswer,
  referralsConsoleAnswer,
  referralReviewAnswer,
} from './referrals';
import { referralsApi, referralsConsoleApi } from './referrals.calls';

export const referralsSpec = /* @__PURE__ */ describe('Points', referralsApi, {
  status: {
    summary: "The customer's referral link and the friends they brought",
    description:
      "The code and the link's path, what both get, the monthly cap and how much of it is used, and each friend who signed up with the code and where that stands.",
    data: referralStatusAnswer,
    answer: 'The referral status.',
    message: 'Your referrals.',
  },
  lookup: {
    summary: 'Who a referral code is from',
    description:
      "Anyone (the register page, before signing up). The first name of the customer whose code it is and what both would get; 404 for a code that is not a customer's. Rate limited like the other open calls.",
    query: referralLookupQuery,
    data: referralLookupAnswer,
    answer: 'The referrer.',
    message: 'Referral code found.',
    errors: ['NOT_FOUND'],
  },
});

export const referralsConsoleSpec = /* @__PURE__ */ describe('Merchant console', referralsConsoleApi, {
  referrals: {
    summary: 'The referrals',
    description: 'Staff. Every referral, newest first (at most 200), with who brought whom, where it stands and why, and the totals.',
    inContract: false,
    data: referralsConsoleAnswer,
    answer: 'The referrals.',
    message: 'Referrals loaded.',
  },
  void: {
    summary: 'Void a referral',
    description:
      'Owners only. With a reason. A referral not rewarded yet will never be; a rewarded one has what it gave taken back as far as it can be (points still in the balances, vouchers not used). Already void: 409 INVALID_TRANSITION. Audited (`referral.void`).',
    inContract: false,
    body: referralVoidBody,
    data: referralOnlyAnswer,
    answer: 'The referral as it is now.',
    message: 'Referral voided.',
    errors: ['NOT_FOUND', 'INVALID_TRANSITION'],
  },
  review: {
    summary: 'The referrals held for review',
    description:
      "Owners only. The referrals whose friend's qualifying order was completed while a fraud signal matched (the same device, client address, user agent with address, push endpoint or phone-number block as the referrer's), oldest first, with the signals.",
    inContract: false,
    data: referralReviewAnswer,
    answer: 'The review queue.',
    message: 'Referrals to review loaded.',
  },
  approve: {
    summary: 'Approve a referral held for review',
    description:
      'Owners only. Rewards both as an automatic decision would (the monthly cap applies). Not held for review (decided already, or approved twice at once): 409 INVALID_TRANSITION; referrals off or the reward retired or sold out: 409 CONFLICT, and it stays held. Audited (`referral.approve`).',
    inContract: false,
    body: referralReviewBody,
    data: referralOnlyAnswer,
    answer: 'The referral as it is now.',
    message: 'Referral approved: both are rewarded.',
    errors: ['NOT_FOUND', 'INVALID_TRANSITION', 'CONFLICT'],
  },
  reject: {
    summary: 'Reject a referral held for review',
    description: 'Owners only. Rewards neither: the referral is refused. Not held for review: 409 INVALID_TRANSITION. Audited (`referral.reject`).',
    inContract: false,
    body: referralReviewBody,
    data: referralOnlyAnswer,
    answer: 'The referral as it is now.',
    message: 'Referral rejected: neither is rewarded.',
    errors: ['NOT_FOUND', 'INVALID_TRANSITION'],
  },
});
