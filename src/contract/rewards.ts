/** Rewards, their redemption and vouchers. Part of the contract (src/contract): free of React, of the browser and of Express. */
import { z } from 'zod';
import { idempotencyKey } from './fields';

export interface Reward {
  name: string;
  title: string;
  description: string;
  points_cost: number;
  image: string;
  stock: number | null;
  valid_days: number;
  /** extension */
  per_customer_limit?: number | null;
  discount_amount?: number;
}

export interface RewardListData {
  rewards: Reward[];
}

export const slug = z.string().regex(/^[a-z0-9-]{1,64}$/, 'must be a reward name such as free-coffee');
export const redeemBody = z.object({ name: slug, idempotency_key: idempotencyKey });
export type RedeemBody = z.infer<typeof redeemBody>;

/** cancelled: bought with the points of an order that was cancelled later, and its points given back */
export const VOUCHER_STATUSES = ['active', 'used', 'expired', 'cancelled'] as const;
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number];
/** The tabs of the customer's vouchers: `expired` lists cancelled ones too (neither can be used). */
export const voucherTab = z.enum(['active', 'used', 'expired']);
export type VoucherTab = z.infer<typeof voucherTab>;
export const storageQuery = z.object({ status: voucherTab.default('active') });

export interface Voucher {
  id: number;
  code: string;
  reward: Pick<Reward, 'name' | 'title' | 'image' | 'description'> & { discount_amount?: number };
  status: VoucherStatus;
  expires_at: string;
  /** extension */
  created_at?: string;
  used_at?: string | null;
  /** extension: when it was cancelled with the order whose points bought it */
  cancelled_at?: string | null;
  cancelled_with_order?: string | null;
}
export interface RedeemData {
  voucher: Voucher;
}
export interface StorageData {
  vouchers: Voucher[];
}
