/** Receipts (issue 51): the customer's choice of how receipts reach them, and a receipt by its signed link. */
import type { ReceiptChoice } from '#contract/receipts';
import { receiptsApi } from '#contract/receipts.calls';
import { callApi } from './client';
import { useCall } from './use-call';
import { useMutation } from './mutation';

/** A receipt by its link's token (no session needed); null: nothing to read yet. Read once: a receipt does not change. */
export const useReceipt = (token: string | null) =>
  useCall(receiptsApi.view, token ? { token } : null, { revalidateOnFocus: false, shouldRetryOnError: false });

/** How the customer's receipts reach them. */
export const useReceiptSettings = () => useCall(receiptsApi.settings);

/** Sets how receipts reach the customer: the choice reads again. */
export const useChooseReceipts = () =>
  useMutation((receipts: ReceiptChoice) => callApi(receiptsApi.choose, { receipts }), { refreshes: [receiptsApi.settings.path] });
