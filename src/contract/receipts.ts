/**
 * Receipts (issue 51): the customer's choice of how receipts reach them (`receipt/settings`) and the
 * public receipt behind a signed link (`receipt`). receipts.calls.ts declares the calls, receipts.spec.ts
 * describes them. Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { int, money, time } from './answer-fields';

/** How a customer's receipts reach them. Never chosen: by e-mail once their address is verified, else none. */
export const RECEIPT_CHOICES = ['email', 'sms', 'both', 'none'] as const;
export type ReceiptChoice = (typeof RECEIPT_CHOICES)[number];
const receiptChoice = z.enum(RECEIPT_CHOICES, { error: `must be one of ${RECEIPT_CHOICES.join(', ')}` });

/** The channels a choice sends by. */
export const receiptChannels = (choice: ReceiptChoice): ('email' | 'sms')[] => (choice === 'both' ? ['email', 'sms'] : choice === 'none' ? [] : [choice]);

/** The longest receipt link token: an order number (40 at most), a version and a signature. */
export const RECEIPT_TOKEN_MAX = 120;

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
export type ReceiptLine = z.infer<typeof receiptLine>;

/** A receipt: the order as the shop sold it, with no phone number, e-mail address or delivery address. */
export const receiptAnswer = z
  .object({
    shop: z.object({ name: z.string(), logo: z.string(), brand_color: z.string() }),
    currency: z.string(),
    locale: z.string(),
    timezone: z.string(),
    order: z.object({
      name: z.string(),
      status: z.string(),
      fulfilment: z.enum(['delivery', 'pickup']),
      location: z.string().nullable(),
      placed_at: time(),
      completed_at: time().nullable(),
      lines: z.array(receiptLine),
      subtotal: money(),
      discount: money(),
      discount_label: z.string().nullable().meta({ description: 'what the discount is: the voucher or the promo code' }),
      delivery_fee: money(),
      tip: money().nullable().meta({ description: 'the tip, when the order has one (null: none)' }),
      total: money(),
      payment_method: z.enum(['wallet', 'gateway']),
      points_earned: int(),
    }),
  })
  .meta({ id: 'Receipt' });
export type Receipt = z.infer<typeof receiptAnswer>;
export const receiptData = z.object({ receipt: receiptAnswer });
export type ReceiptData = z.infer<typeof receiptData>;

/** A receipt's totals, in the order they are printed: each with its label and amount (a discount negative). */
export function receiptTotals(order: Receipt['order']): { label: string; amount: number; total?: true }[] {
  const rows: { label: string; amount: number; total?: true }[] = [{ label: 'Subtotal', amount: order.subtotal }];
  if (order.discount > 0) rows.push({ label: order.discount_label ? `Discount (${order.discount_label})` : 'Discount', amount: -order.discount });
  if (order.fulfilment === 'delivery') rows.push({ label: 'Delivery fee', amount: order.delivery_fee });
  // the tip's line (issue 51's tips): when the order has one
  if (order.tip) rows.push({ label: 'Tip', amount: order.tip });
  rows.push({ label: 'Total', amount: order.total, total: true });
  return rows;
}

/** How the order was paid, in words. */
export const paymentWords = (method: Receipt['order']['payment_method']) => (method === 'wallet' ? 'Wallet' : 'Card (online payment)');

/** An option's line under its item: `Size: Large (+₱20.00)`. */
export const optionWords = (o: ReceiptLine['options'][number], money: (n: number) => string) =>
  `${o.group}: ${o.name}${o.price_delta ? ` (${o.price_delta > 0 ? '+' : '−'}${money(Math.abs(o.price_delta))})` : ''}`;
