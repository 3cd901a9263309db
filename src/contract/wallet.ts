/**
 * The wallet, its ledger and top-ups: the schemas of the area's calls (wallet.calls.ts declares them)
 * and its spec. Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { TOPUP_MAX, TOPUP_MIN } from './limits';
import { z } from 'zod';
import { int, money, nextPage, time } from './answer-fields';
import { describe } from './api-spec';
import { idempotencyKey, page } from './fields';
import { walletApi } from './wallet.calls';

export const walletBalanceAnswer = z.object({ balance: money(), currency: z.string() });
export type WalletBalanceData = z.infer<typeof walletBalanceAnswer>;

export const walletEntryAnswer = z.object({
  id: int(),
  type: z.enum(['topup', 'order', 'refund', 'adjust']),
  amount: money(),
  balance_after: money(),
  reason: z.string(),
  created_at: time(),
});
export type WalletEntry = z.infer<typeof walletEntryAnswer>;
export type WalletEntryType = WalletEntry['type'];

export const walletHistoryAnswer = z.object({
  items: z.array(walletEntryAnswer),
  next_page: nextPage(),
});
export type WalletHistoryData = z.infer<typeof walletHistoryAnswer>;
export const pageQuery = z.object({ page });
export type PageQuery = z.infer<typeof pageQuery>;

export { TOPUP_MAX, TOPUP_MIN };
export const topupReturn = z.enum(['profile', 'order']);
export const topupBody = z.object({
  amount: z
    .number({ error: 'must be a number' })
    .int('must be a whole number of minor units')
    .min(TOPUP_MIN, `must be at least ${TOPUP_MIN}`)
    .max(TOPUP_MAX, `must be at most ${TOPUP_MAX}`),
  idempotency_key: idempotencyKey,
  /** extension: which success page the customer returns to */
  return_to: topupReturn.optional(),
});
export type TopupBody = z.infer<typeof topupBody>;
export const topupAnswer = z.object({
  topup_id: z.string().meta({ format: 'uuid' }),
  payment_url: z.string().meta({ description: "the payment gateway's page to send the customer to" }),
});
export type TopupData = z.infer<typeof topupAnswer>;

export const paymentStatus = z.enum(['pending', 'paid', 'failed']);
export type PaymentStatus = z.infer<typeof paymentStatus>;
export const topupStatusQuery = z.object({ topup_id: z.string().uuid('must be a top-up id') });
export type TopupStatusQuery = z.infer<typeof topupStatusQuery>;
export const topupStatusAnswer = z.object({
  topup: z.object({ id: z.string().meta({ format: 'uuid' }), amount: money(), status: paymentStatus, created_at: time() }),
  balance: money(),
});
export type TopupStatusData = z.infer<typeof topupStatusAnswer>;

export const walletSpec = /* @__PURE__ */ describe('Wallet', walletApi, {
  balance: { summary: "The wallet's balance", data: walletBalanceAnswer, answer: 'The balance.', message: 'Wallet balance loaded.' },
  history: { summary: "The wallet's ledger", query: pageQuery, data: walletHistoryAnswer, answer: 'One page of entries.', message: 'Wallet history loaded.' },
  topup: {
    summary: 'Start a top-up through the payment gateway',
    description:
      "The balance changes only when the payment gateway's signed webhook says the payment succeeded. Without a payment gateway: 503 PAYMENTS_UNAVAILABLE. The merchant's own limits answer 400 VALIDATION.",
    body: topupBody,
    data: topupAnswer,
    answer: "The top-up and the payment gateway's page.",
    // the route answers with the amount in the merchant's money
    message: 'Top-up of <amount> started. Complete the payment to add it to your wallet.',
    errors: ['PAYMENTS_UNAVAILABLE'],
  },
  topupStatus: {
    summary: "One of the customer's top-ups, and the balance now",
    inContract: false,
    query: topupStatusQuery,
    data: topupStatusAnswer,
    answer: 'The top-up.',
    message: 'Top-up loaded.',
    errors: ['NOT_FOUND'],
  },
});
