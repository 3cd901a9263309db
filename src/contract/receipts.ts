/**
 * Receipts (issue 51): the customer's choice of how receipts reach them (`receipt/settings`) and the
 * public receipt behind a signed link (`receipt`). receipts.calls.ts declares the calls, receipts.spec.ts
 * describes them. Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { int, money, time } from './answer-fields';
import { PURCHASE_KINDS, RECEIPT_CHOICES, RECEIPT_TOKEN_MAX } from './receipt-rules';
import { FULFILMENTS, PAYMENT_METHODS } from './order-lifecycle';

export * from './receipt-rules';

const receiptChoice = z.enum(RECEIPT_CHOICES, { error: `must be one of ${RECEIPT_CHOICES.join(', ')}` });

export const receiptSettingsBody = z.object({ receipts: receiptChoice });
export type ReceiptSettingsInput = z.infer<typeof receiptSettingsBody>;
export const receiptSettingsData = z.object({
  receipts: receiptChoice.meta({ description: 'the choice in force (the default when never chosen)' }),
  chosen: z.boolean().meta({ description: 'false: never chosen, so e-mail once the address is verified, else none' }),
  email: z.boolean().meta({ description: 'whether receipts can go by e-mail: the customer has a verified address' }),
  sms: z.boolean().meta({ description: 'whether receipts can go by text: the customer has a phone number' }),
});
export type ReceiptSettingsData = z.infer<typeof receiptSettingsData>;

/** Any token is taken (a wrong one is 404, never told why); only an empty or oversized one is bad input. */
export const receiptQuery = z.object({ token: z.string().min(1, 'is required').max(RECEIPT_TOKEN_MAX, `must be at most ${RECEIPT_TOKEN_MAX} characters`) });
export type ReceiptQuery = z.infer<typeof receiptQuery>;

const receiptLine = z.object({
  name: z.string(),
  qty: int(),
  price: money().meta({ description: 'one, with its options' }),
  options: z.array(z.object({ group: z.string(), name: z.string(), price_delta: money() })),
  total: money(),
});

/** Who sold it, and the money's format: the same on every kind of receipt. */
const receiptShop = {
  shop: z.object({
    name: z.string(),
    logo: z.string(),
    brand_color: z.string(),
    tax_number: z.string().meta({ description: "the shop's tax number (shop settings); empty: none" }),
  }),
  currency: z.string(),
  locale: z.string(),
  timezone: z.string(),
};

/** A receipt: the order as the shop sold it, with no phone number, e-mail address or delivery address. */
/** A guest order's offer to join and claim its points (orders/claim.ts on the provider): on its order page and its receipt. */
export const guestClaimAnswer = z.object({
  points: int().meta({ description: 'the points the order would have earned, credited to the member who claims it' }),
  claim_by: time().meta({ description: 'until when it may be claimed: 24 hours after its payment' }),
  // not `token`: the gateway takes every `token` out of an answer before the browser sees it (token-guard.ts)
  claim_token: z.string().meta({ description: 'the signed claim token, bound to the order: pass it to order/claim (`token`) after signing in' }),
});
export type GuestClaim = z.infer<typeof guestClaimAnswer>;

export const receiptAnswer = z
  .object({
    ...receiptShop,
    order: z.object({
      name: z.string(),
      status: z.string(),
      fulfilment: z.enum(FULFILMENTS),
      location: z.string().nullable(),
      table_label: z.string().optional().meta({ description: "dine-in: the table's label (issue 54); absent otherwise" }),
      placed_at: time(),
      completed_at: time().nullable(),
      lines: z.array(receiptLine),
      subtotal: money(),
      discount: money(),
      discount_label: z.string().nullable().meta({ description: 'what the discount is: the voucher or the promo code' }),
      delivery_fee: money(),
      tip: money().nullable().meta({ description: 'the tip, when the order has one (null: none)' }),
      taxes: z
        .object({ included: z.boolean(), lines: z.array(z.object({ name: z.string(), rate: int(), amount: money() })) })
        .nullable()
        .meta({ description: 'the taxes the order was charged (tax-rules.ts): included in its prices or added to its total; null: none' }),
      total: money(),
      payment_method: z.enum(PAYMENT_METHODS),
      points_earned: int(),
    }),
    guest_claim: guestClaimAnswer
      .optional()
      .meta({ description: "a guest's order at a table, within its day: join and claim its points (order/claim); absent otherwise" }),
  })
  .meta({ id: 'Receipt' });
export type Receipt = z.infer<typeof receiptAnswer>;

/**
 * The receipt of a wallet top-up or of a gift card the customer bought: what, how much, how it was paid,
 * and the wallet's balance after the top-up, or the card's number masked to its last four characters (the
 * whole number is the recipient's secret). No one's name, phone number or e-mail address.
 */
export const purchaseReceiptAnswer = z
  .object({
    ...receiptShop,
    purchase: z.object({
      kind: z.enum(PURCHASE_KINDS).meta({ description: 'topup: money added to the wallet; gift_card: an eGift card bought' }),
      reference: z.string().meta({ description: 'the receipt number: TU- and the payment, or GC- and the card' }),
      paid_at: time(),
      amount: money(),
      payment_method: z.enum(PAYMENT_METHODS),
      balance: money().nullable().meta({ description: "a top-up: the wallet's balance once it was added; null for a gift card" }),
      card_last4: z.string().nullable().meta({ description: "a gift card: its number's last four characters; null for a top-up" }),
    }),
  })
  .meta({ id: 'PurchaseReceipt' });
export type PurchaseReceipt = z.infer<typeof purchaseReceiptAnswer>;

/** An order's receipt (`kind` order, `receipt`), or a top-up's or a gift card's (`kind` purchase, `purchase`). */
export const receiptData = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('order'), receipt: receiptAnswer }),
  z.object({ kind: z.literal('purchase'), purchase: purchaseReceiptAnswer }),
]);
export type ReceiptData = z.infer<typeof receiptData>;
