/**
 * The counter (merchant console, staff and owners): a voucher's rotating code looked up and redeemed
 * once, undone within 2 minutes; a customer found by their member card or phone and given points for a
 * walk-in sale, or a reward for their points, each undone within 2 minutes. The orders board is its own
 * area (board.ts).
 */
import useSWR from 'swr';
import { staffApi } from '#contract/staff.calls';
import { counterApi } from '#contract/counter.calls';
import { callApi } from './client';
import { useCall } from './use-call';
import { useMutation } from './mutation';

export const useCounterRecent = () => useCall(counterApi.recent, undefined, { refreshInterval: 15_000 });

/** `locationId`: the counter's location (null: none chosen, the member's only one) */
const at = <B extends object>(body: B, locationId: number | null) => (locationId === null ? body : { ...body, location_id: locationId });
export const useCounterLookup = () => useMutation((code: string, locationId: number | null = null) => callApi(counterApi.lookup, at({ code }, locationId)), {});
export const useCounterRedeem = () =>
  useMutation((code: string, locationId: number | null = null) => callApi(counterApi.redeem, at({ code }, locationId)), {
    refreshes: [counterApi.recent.path, staffApi.audit.path],
  });
export const useCounterUndo = () =>
  useMutation((id: number) => callApi(counterApi.undo, { redemption_id: id }), { refreshes: [counterApi.recent.path, staffApi.audit.path] });

export const useCounterEarns = () => useCall(counterApi.earns, undefined, { refreshInterval: 15_000 });

/** How the counter finds a customer: their member card's code (scanned or typed), or their phone number as they say it. */
export type MemberFind = { code: string } | { phone: string };
export const useCounterMember = () => useMutation((find: MemberFind, locationId: number | null = null) => callApi(counterApi.member, at(find, locationId)), {});

const EARNED = [counterApi.earns.path, staffApi.audit.path];
/** Points for a walk-in sale; `key` is the attempt's idempotency key (useKeyedAction), so a double tap gives points once. */
export const useCounterEarn = () =>
  useMutation(
    (key: string, customerId: number, amount: number, locationId: number | null = null) =>
      callApi(counterApi.earn, at({ customer_id: customerId, amount, idempotency_key: key }, locationId)),
    // a cap's refusal is written in Activity
    { refreshes: EARNED, refusals: { LIMIT_REACHED: { refreshes: [staffApi.audit.path] } } },
  );
/** What a sale of `amount` earns the customer now, as the provider counts it (tier, rules, caps); null arguments: nothing asked. */
export const useCounterEarnQuote = (customerId: number | null, amount: number | null, locationId: number | null) =>
  useSWR(customerId !== null && amount !== null ? [counterApi.earnQuote.path, customerId, amount, locationId] : null, async () => ({
    ...(await callApi(counterApi.earnQuote, at({ customer_id: customerId!, amount: amount! }, locationId))),
    amount: amount!,
  }));
export const useCounterUndoEarn = () => useMutation((id: number) => callApi(counterApi.undoEarn, { earn_id: id }), { refreshes: EARNED });

/** What a customer found at the counter can have for their points now. */
export const useCounterMemberRewards = () =>
  useMutation((customerId: number, locationId: number | null = null) => callApi(counterApi.memberRewards, at({ customer_id: customerId }, locationId)), {});
/** A reward for the customer's points, handed over at once; `key` is the attempt's idempotency key (useKeyedAction). */
export const useCounterMemberRedeem = () =>
  useMutation(
    (key: string, customerId: number, code: string, reward: string, locationId: number | null = null) =>
      callApi(counterApi.memberRedeem, at({ code, customer_id: customerId, reward, idempotency_key: key }, locationId)),
    { refreshes: [counterApi.recent.path, staffApi.audit.path] },
  );
