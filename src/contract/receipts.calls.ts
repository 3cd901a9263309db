/**
 * The calls of receipts (issue 51), declared once (api.ts): the customer's choice of how receipts reach
 * them, and the receipt behind a signed link, which opens without signing in. Their schemas are in
 * receipts.ts, their words in receipts.spec.ts.
 */
import { call } from './api';
import type { ReceiptData, ReceiptQuery, ReceiptSettingsData, ReceiptSettingsInput } from './receipts';

export const receiptsApi = {
  settings: call.customer.get<ReceiptSettingsData>('receipt/settings'),
  choose: call.customer.post<ReceiptSettingsData, ReceiptSettingsInput>('receipt/settings/update'),
  /** a receipt by its signed link: anyone holding the link */
  view: call.anyone.get<ReceiptData, ReceiptQuery>('receipt'),
};
