/**
 * The wallet, its ledger and top-ups: the schemas of the area's calls (wallet.calls.ts declares them;
 * wallet.spec.ts describes them). Part of the contract (src/contract): free of React, of the browser
 * and of Express.
 */
import { TOPUP_MAX, TOPUP_MIN } from './limits';
import { z } from 'zod';
import { int, money, nextPage, time } from './answer-fields';
import { idempotencyKey, page } from './fields';

export const walletBalanceAnswer = z.object({
  balance: money(),
  /** extension (issue 49): the part of the balance that came from gift cards, spent first */
  gift_balance: money().meta({ description: 'the part of `balance` that came from gift cards (spent first)' }),
  currency: z.string(),
});
export type WalletBalanceData = z.infer<typeof walletBalanceAnswer>;

export const walletEntryAnswer = z.object({
  id: int(),
  type: z.enum(['topup', 'order', 'refund', 'adjust', 'gift', 'gift_card']).meta({
    description: 'gift: a gift card claimed (gift money in); gift_card: an eGift bought',
  }),
  amount: money(),
  gift_amount: money().meta({ description: 'how much of `amount` was gift money (with its sign)' }),
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
