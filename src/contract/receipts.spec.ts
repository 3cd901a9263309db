/**
 * The spec of the receipts calls: their declarations (receipts.calls.ts) joined to their schemas
 * (receipts.ts), error codes and OpenAPI words by `describe` (api-spec.ts).
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { describe } from './api-spec';
import { receiptData, receiptQuery, receiptSettingsBody, receiptSettingsData } from './receipts';
import { receiptsApi } from './receipts.calls';

export const receiptsSpec = /* @__PURE__ */ describe('Orders', receiptsApi, {
  settings: {
    summary: 'How receipts reach the customer',
    description:
      "The customer's choice: `email`, `sms`, `both` or `none`; never chosen, by e-mail once their address is verified, else none. A receipt is sent when an order completes, a wallet top-up is paid or a gift card bought, by e-mail only to a verified address, by text only to a phone number.",
    inContract: false,
    data: receiptSettingsData,
    answer: 'The choice.',
    message: 'Receipt choice loaded.',
  },
  choose: {
    summary: 'Choose how receipts reach the customer',
    description: 'Kept for the orders completed from now on; in the privacy export.',
    inContract: false,
    body: receiptSettingsBody,
    data: receiptSettingsData,
    answer: 'The choice.',
    message: 'Receipt choice saved.',
  },
  view: {
    summary: 'A receipt by its signed link',
    description:
      "Anyone holding the link (the receipt e-mail's or text's): the token is signed by the provider over the order, the top-up or the gift card it names and its kind (a top-up's token never opens an order's receipt, nor another top-up's); a forged or altered one, or one for something that is gone, is 404 without saying why. `kind` says which: an order's `receipt`, or a top-up's or gift card's `purchase` (a gift card's number masked). No phone number, e-mail, name or delivery address. Rate limited like the other open look-ups.",
    inContract: false,
    query: receiptQuery,
    data: receiptData,
    answer: 'The receipt.',
    message: 'Receipt loaded.',
    errors: ['NOT_FOUND'],
  },
});
