/**
 * Physical gift cards (issue 49, merchant console): the owner's batches of numbers to print, and the
 * counter's sale, balance, partial spend and adding a card to a member's wallet. Functions only, so the
 * app's build drops the calls they name.
 */
import { giftCardsPhysicalApi } from '#contract/gift-cards-physical.calls';
import { staffApi } from '#contract/staff.calls';
import { apiUrl, callApi } from './client';
import { useCall } from './use-call';
import { useMutation } from './mutation';

export const useGiftCardBatches = () => useCall(giftCardsPhysicalApi.batches);
export const useCreateGiftCardBatch = () =>
  useMutation((label: string, count: number) => callApi(giftCardsPhysicalApi.createBatch, { label, count }), {
    refreshes: [giftCardsPhysicalApi.batches.path, staffApi.audit.path],
  });
/** A batch's CSV: a link the browser downloads (the staff session's cookie goes with it). */
export const giftCardBatchCsvUrl = (batchId: number) => apiUrl(giftCardsPhysicalApi.batchCsv.path, { batch_id: batchId });

export const useCheckGiftCard = () => useMutation((number: string) => callApi(giftCardsPhysicalApi.check, { number }), {});
/** `key` is the attempt's idempotency key (useKeyedAction): a double tap activates or spends once. */
export const useActivateGiftCard = () =>
  useMutation((key: string, number: string, amount: number) => callApi(giftCardsPhysicalApi.activate, { number, amount, idempotency_key: key }), {
    refreshes: [giftCardsPhysicalApi.batches.path],
  });
export const useSpendGiftCard = () =>
  useMutation((key: string, number: string, amount: number) => callApi(giftCardsPhysicalApi.spend, { number, amount, idempotency_key: key }), {});
export const useAddGiftCard = () =>
  useMutation((number: string, customerId: number) => callApi(giftCardsPhysicalApi.add, { number, customer_id: customerId }), {});
