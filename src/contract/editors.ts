/**
 * The merchant console's customers: staff look them up, owners adjust their points.
 * Requests and answers as zod schemas; the types are inferred from them.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { pointEntryAnswer } from './answers';
import { orderAnswer } from './orders';
import { voucherAnswer } from './rewards';
import { walletEntryAnswer } from './wallet';
import { id, idempotencyKey, page } from './fields';

// ---------------------------------------------------------------------------------------------
// Customers: look-up (staff and owners), points adjustments (owners)
// ---------------------------------------------------------------------------------------------

/** `merchant/customers`: a phone number (any way it is written), a name or an e-mail, or part of one. */
export const customerSearchQuery = z.object({
  q: z.string().trim().max(100, 'must be at most 100 characters').default(''),
  page,
});
/** `merchant/customers/detail` */
export const customerDetailQuery = z.object({ id });
/** `merchant/customers/adjust-points`: a ledger entry of its own kind (`owner`), with the reason the customer sees. */
export const adjustPointsBody = z.object({
  customer_id: id,
  points: z
    .number()
    .int('must be a whole number')
    .min(-1_000_000, 'must be at least -1,000,000')
    .max(1_000_000, 'must be at most 1,000,000')
    .refine((n) => n !== 0, 'must not be 0'),
  reason: z.string().trim().min(3, 'is required: say why, for the customer').max(200, 'must be at most 200 characters'),
  idempotency_key: idempotencyKey,
});

export const customerSummaryAnswer = z
  .object({
    id: z.number().int(),
    name: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    points: z.number().int(),
    wallet_balance: z.number().int(),
    created_at: z.string().meta({ format: 'date-time' }),
  })
  .meta({ id: 'CustomerSummary' });
export type CustomerSummary = z.infer<typeof customerSummaryAnswer>;
export const customerSearchAnswer = z.object({ items: z.array(customerSummaryAnswer), next_page: z.number().int().nullable() });
export const customerDetailAnswer = z.object({
  customer: customerSummaryAnswer,
  points: z.array(pointEntryAnswer).meta({ description: 'the latest 50 points ledger entries, newest first' }),
  wallet: z.array(walletEntryAnswer).meta({ description: 'the latest 50 wallet ledger entries, newest first' }),
  vouchers: z.array(voucherAnswer).meta({ description: 'the latest 50 vouchers' }),
  orders: z.array(orderAnswer).meta({ description: 'the latest 20 orders' }),
});
export type CustomerDetailData = z.infer<typeof customerDetailAnswer>;
export const adjustPointsAnswer = z.object({ customer: customerSummaryAnswer, entry: pointEntryAnswer });
