/** The wallet, its ledger and top-ups. Part of the contract (src/contract): free of React, of the browser and of Express. */
import { TOPUP_MAX, TOPUP_MIN } from './limits';
import { z } from 'zod';
import { idempotencyKey, page } from './fields';

export interface WalletBalanceData {
  balance: number;
  currency: string;
}
export type WalletEntryType = 'topup' | 'order' | 'refund' | 'adjust';
export interface WalletEntry {
  id: number;
  type: WalletEntryType;
  amount: number;
  balance_after: number;
  reason: string;
  created_at: string;
}
export interface WalletHistoryData {
  items: WalletEntry[];
  next_page: number | null;
}
export const pageQuery = z.object({ page });

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
export interface TopupData {
  topup_id: string;
  payment_url: string;
}
export type PaymentStatus = 'pending' | 'paid' | 'failed';
export const topupStatusQuery = z.object({ topup_id: z.string().uuid('must be a top-up id') });
export interface TopupStatusData {
  topup: { id: string; amount: number; status: PaymentStatus; created_at: string };
  balance: number;
}
