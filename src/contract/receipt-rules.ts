/**
 * Receipts (issue 51): their rules free of zod, for the app's pages, the e-mail and the provider alike:
 * how a customer's receipts reach them, and the words and lines a receipt prints.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */

import { ratePercent, type OrderTaxLines } from './tax-rules';
import type { Fulfilment } from './order-lifecycle';

/** How a customer's receipts reach them. Never chosen: by e-mail once their address is verified, else none. */
export const RECEIPT_CHOICES = ['email', 'sms', 'both', 'none'] as const;
export type ReceiptChoice = (typeof RECEIPT_CHOICES)[number];

/** The channels a choice sends by. */
export const receiptChannels = (choice: ReceiptChoice): ('email' | 'sms')[] => (choice === 'both' ? ['email', 'sms'] : choice === 'none' ? [] : [choice]);

/** What else a customer buys that has a receipt: money added to their wallet, an eGift card. */
export const PURCHASE_KINDS = ['topup', 'gift_card'] as const;
export type PurchaseKind = (typeof PURCHASE_KINDS)[number];

/** What a top-up or gift-card receipt says was bought: `Wallet top-up`, `Gift card …K7QX`. */
export const purchaseWords = (p: { kind: PurchaseKind; card_last4: string | null }) =>
  p.kind === 'topup' ? 'Wallet top-up' : `Gift card …${p.card_last4 ?? ''}`;

/** The longest receipt link token: an order number (40 at most) or a kind and a payment's id (36), a version and a signature. */
export const RECEIPT_TOKEN_MAX = 120;

/** What a receipt's totals are made of (its order's). */
interface ReceiptSums {
  subtotal: number;
  discount: number;
  discount_label: string | null;
  fulfilment: Fulfilment;
  delivery_fee: number;
  tip: number | null;
  /** the order's taxes (tax-rules.ts): added ones print before the total, included ones after it */
  taxes: OrderTaxLines | null;
  total: number;
}

/** The words of a receipt's totals in one language: English unless the page or the e-mail passes its own. */
export interface ReceiptTotalWords {
  subtotal: string;
  /** a discount, with its label when it has one: `Discount (BUY1)` */
  discount: (label: string | null) => string;
  deliveryFee: string;
  tip: string;
  total: string;
  /** a tax's line, `rate` already in words (`12%`): `VAT 12%`, `Includes VAT 12%` */
  tax: (name: string, rate: string, included: boolean) => string;
}

const ENGLISH_TOTAL_WORDS: ReceiptTotalWords = {
  subtotal: 'Subtotal',
  discount: (label) => (label ? `Discount (${label})` : 'Discount'),
  deliveryFee: 'Delivery fee',
  tip: 'Tip',
  total: 'Total',
  tax: (name, rate, included) => `${included ? 'Includes ' : ''}${name} ${rate}`,
};

/** A receipt's totals, in the order they are printed: each with its label and amount (a discount negative). */
export function receiptTotals(order: ReceiptSums, words: ReceiptTotalWords = ENGLISH_TOTAL_WORDS): { label: string; amount: number; total?: true }[] {
  const rows: { label: string; amount: number; total?: true }[] = [{ label: words.subtotal, amount: order.subtotal }];
  if (order.discount > 0) rows.push({ label: words.discount(order.discount_label), amount: -order.discount });
  if (order.fulfilment === 'delivery') rows.push({ label: words.deliveryFee, amount: order.delivery_fee });
  // the tip's line (issue 51's tips): when the order has one
  if (order.tip) rows.push({ label: words.tip, amount: order.tip });
  const included = !!order.taxes?.included;
  const taxes = (order.taxes?.lines ?? []).map((l) => ({ label: words.tax(l.name, ratePercent(l.rate), included), amount: l.amount }));
  if (!included) rows.push(...taxes);
  rows.push({ label: words.total, amount: order.total, total: true });
  if (included) rows.push(...taxes);
  return rows;
}

type PaymentMethod = 'wallet' | 'gateway' | 'counter';
const ENGLISH_PAYMENT_WORDS: Record<PaymentMethod, string> = { wallet: 'Wallet', counter: 'At the counter', gateway: 'Card (online payment)' };

/** How the order was paid, in words: English unless the page or the e-mail passes its own. */
export const paymentWords = (method: PaymentMethod, words: Record<PaymentMethod, string> = ENGLISH_PAYMENT_WORDS) => words[method];

/** An option's line under its item: `Size: Large (+₱20.00)`. */
export const optionWords = (o: { group: string; name: string; price_delta: number }, money: (n: number) => string) =>
  `${o.group}: ${o.name}${o.price_delta ? ` (${o.price_delta > 0 ? '+' : '−'}${money(Math.abs(o.price_delta))})` : ''}`;
