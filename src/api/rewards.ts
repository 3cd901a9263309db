/**
 * Rewards and vouchers: the catalogue, redeeming, the customer's vouchers and their rotating codes; and
 * the owner's reward catalogue in the merchant console (its hooks are functions only, so the customer
 * app's build, which never calls them, drops them).
 */
import { useCallback } from 'react';
import { customersApi } from '#contract/customers.calls';
import { staffApi } from '#contract/staff.calls';
import { wheelEditorApi } from '#contract/wheel.calls';
import { useSWRConfig } from 'swr';
import type { Customer, RewardFields, RewardListData, VoucherTab } from '#contract';
import { rewardsApi, rewardsEditorApi } from '#contract/rewards.calls';
import { shows } from './shows';
import { callApi, keyOf } from './client';
import type { Language } from '#contract/languages';
import { useCall } from './use-call';
import { useMutation } from './mutation';

/**
 * The reward catalogue; in `lang` (the customer app passes useLanguage(), src/i18n/language.ts) it has
 * the owner's titles and descriptions in that language where written. The key holds the language.
 */
const rewardsQuery = (lang?: Language) => (lang ? { lang } : {});
export const useRewards = (lang?: Language) => useCall(rewardsApi.list, rewardsQuery(lang));
/**
 * The customer's vouchers of one tab; `load` false (a guest at a table has no vouchers): nothing is asked. In `lang`
 * (as useRewards), each reward's title and description in that language where the owner wrote them.
 */
export const useVoucherStorage = (status: VoucherTab, load = true, lang?: Language) =>
  useCall(rewardsApi.storage, load ? { status, ...rewardsQuery(lang) } : null);

/** how often an open voucher asks the shop whether it was used (the issue: seen within 5 s) */
export const VOUCHER_CODE_POLL_MS = 4000;

/**
 * An active voucher's rotating code for the counter, asked again every few seconds while it is open:
 * the answer also says when a counter has used it. `null` asks nothing.
 */
const voucherCodeKey = (id: number) => keyOf(rewardsApi.voucherCode, { id });
export const useVoucherCode = (id: number | null) =>
  useCall(rewardsApi.voucherCode, id === null ? null : { id }, { refreshInterval: VOUCHER_CODE_POLL_MS, revalidateOnFocus: true, keepPreviousData: false });

/**
 * Reads a voucher's code into the cache before the page that shows it does, so its QR code is there at
 * once (not a grey square while it is asked for). Never throws: without it the page asks for it itself.
 */
export function usePreloadVoucherCode(): (id: number) => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: number) => {
      try {
        await mutate(voucherCodeKey(id), callApi(rewardsApi.voucherCode, { id }), { revalidate: false });
      } catch {
        // the page shows its own loading and error states for the code
      }
    },
    [mutate],
  );
}

const redeemReward = (name: string, idempotencyKey: string, lang?: Language) =>
  callApi(rewardsApi.redeem, { name, idempotency_key: idempotencyKey, ...rewardsQuery(lang) });

/**
 * Redeems a reward for a voucher: the points and the vouchers changed. A refusal that shows the page
 * was out of date (fewer points than shown, sold out, a higher tier's for now) writes what the refusal says at once, so the
 * page shows the reason in place, and reads it again. The voucher answered is in `lang` (as useVoucherStorage).
 */
export const useRedeemReward = (lang?: Language) =>
  useMutation((name: string, idempotencyKey: string) => redeemReward(name, idempotencyKey, lang), {
    refreshes: [...shows.points, ...shows.vouchers],
    refusals: {
      INSUFFICIENT_POINTS: {
        writes: (err) => {
          const points = (err.data as { points?: number } | null)?.points;
          return typeof points === 'number' ? [{ key: customersApi.profile.path, data: (c: Customer | undefined) => c && { ...c, points } }] : [];
        },
        refreshes: [customersApi.profile.path],
      },
      OUT_OF_STOCK: {
        writes: (_err, name) => [
          {
            key: keyOf(rewardsApi.list, rewardsQuery(lang)),
            data: (l: RewardListData | undefined) => l && { rewards: l.rewards.map((r) => (r.name === name ? { ...r, stock: 0 } : r)) },
          },
        ],
        refreshes: [rewardsApi.list.path],
      },
      // early access (issue 30): the customer's tier is below the reward's for now
      TIER_REQUIRED: {
        writes: (err, name) => {
          const tier = (err.data as { tier?: string } | null)?.tier;
          return typeof tier === 'string'
            ? [
                {
                  key: keyOf(rewardsApi.list, rewardsQuery(lang)),
                  data: (l: RewardListData | undefined) =>
                    l && { rewards: l.rewards.map((r) => (r.name === name ? { ...r, early_access: { tier, unlocked: false } } : r)) },
                },
              ]
            : [];
        },
        refreshes: [rewardsApi.list.path],
      },
    },
  });

// ---------------------------------------------------------------------------------------------
// The owner's reward catalogue (the merchant console)
// ---------------------------------------------------------------------------------------------

/** `load` false asks nothing (staff may not read the catalogue). */
export const useRewardsEditor = (load = true) => useCall(load ? rewardsEditorApi.list : null);

/** A change to the catalogue shows in the editor, the customers' catalogue, the wheel editor's prizes and the audit log. */
// a function, not a constant: the customer app's build, which never edits rewards, drops it with the console's calls it names
const rewardsChanged = () => ({ refreshes: [rewardsEditorApi.list.path, rewardsApi.list.path, wheelEditorApi.editor.path, staffApi.audit.path], wait: true });
export const useCreateReward = () => useMutation((fields: RewardFields) => callApi(rewardsEditorApi.create, fields), rewardsChanged());
export const useUpdateReward = () =>
  useMutation((name: string, fields: Partial<RewardFields>) => callApi(rewardsEditorApi.update, { name, ...fields }), rewardsChanged());
