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

export const voucherStatus = z.enum(['active', 'used', 'expired']);
export type VoucherStatus = z.infer<typeof voucherStatus>;
export const storageQuery = z.object({ status: voucherStatus.default('active') });

export interface Voucher {
  id: number;
  code: string;
  reward: Pick<Reward, 'name' | 'title' | 'image' | 'description'> & { discount_amount?: number };
  status: VoucherStatus;
  expires_at: string;
  /** extension */
  created_at?: string;
  used_at?: string | null;
}
export interface RedeemData {
  voucher: Voucher;
}
export interface StorageData {
  vouchers: Voucher[];
}
