/** The calls of the counter, declared once (api.ts); their schemas are in counter.ts, their words in counter.spec.ts. */
import { call } from './api';
import type {
  CounterCodeBody,
  CounterEarnBody,
  CounterEarnData,
  CounterEarnQuoteBody,
  CounterEarnQuoteData,
  CounterEarnsData,
  CounterEarnUndoBody,
  CounterLookupData,
  CounterMemberBody,
  CounterMemberData,
  CounterMemberRedeemBody,
  CounterMemberRedeemData,
  CounterMemberRewardsBody,
  CounterMemberRewardsData,
  CounterRecentData,
  CounterRedeemData,
  CounterUndoBody,
  CounterUndoData,
  TillEarnBody,
} from './counter';

export const counterApi = {
  lookup: call.staff.post<CounterLookupData, CounterCodeBody>('merchant/counter/lookup'),
  redeem: call.staff.post<CounterRedeemData, CounterCodeBody>('merchant/counter/redeem', { status: 201 }),
  undo: call.staff.post<CounterUndoData, CounterUndoBody>('merchant/counter/undo'),
  recent: call.staff.get<CounterRecentData>('merchant/counter/recent'),
  member: call.staff.post<CounterMemberData, CounterMemberBody>('merchant/counter/member'),
  earn: call.staff.post<CounterEarnData, CounterEarnBody>('merchant/counter/earn', { status: 201, idempotent: true }),
  earnQuote: call.staff.post<CounterEarnQuoteData, CounterEarnQuoteBody>('merchant/counter/earn/quote'),
  undoEarn: call.staff.post<CounterEarnData, CounterEarnUndoBody>('merchant/counter/earn/undo'),
  earns: call.staff.get<CounterEarnsData>('merchant/counter/earns'),
  memberRewards: call.staff.post<CounterMemberRewardsData, CounterMemberRewardsBody>('merchant/counter/member/rewards'),
  memberRedeem: call.staff.post<CounterMemberRedeemData, CounterMemberRedeemBody>('merchant/counter/member/redeem', { status: 201, idempotent: true }),
};

/** The till's call (issue 52): an API key with `points:earn` records a purchase for a member. */
export const counterMachineApi = {
  earn: call.merchantKey.post<CounterEarnData, TillEarnBody>('merchant/till/earn', { status: 201, idempotent: true, scope: 'points:earn' }),
};
