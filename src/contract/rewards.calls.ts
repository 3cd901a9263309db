/**
 * The calls of rewards and vouchers, declared once (api.ts): the customer's (the catalogue, redeeming,
 * the vouchers and their rotating codes) and the owner's reward catalogue in the merchant console.
 * Their schemas are in rewards.ts, their words in rewards.spec.ts.
 */
import { call, consoleCalls } from './api';
import type { Language } from './languages';
import type {
  RedeemBody,
  RedeemData,
  RewardData,
  RewardEditorData,
  RewardFields,
  RewardListData,
  RewardListQuery,
  RewardsEditorData,
  RewardUpdateInput,
  StorageData,
  VoucherCodeData,
  VoucherData,
  VoucherTab,
} from './rewards';

export const rewardsApi = {
  list: call.anyone.get<RewardListData, RewardListQuery>('reward/list'),
  detail: call.anyone.get<RewardData, { name: string; lang?: Language }>('reward/detail'),
  redeem: call.customer.post<RedeemData, RedeemBody>('reward/redeem', { status: 201, idempotent: true }),
  storage: call.customer.get<StorageData, { status?: VoucherTab; lang?: Language }>('reward/storage'),
  voucher: call.customer.get<VoucherData, { id: number; lang?: Language }>('reward/voucher'),
  voucherCode: call.customer.get<VoucherCodeData, { id: number }>('reward/voucher/code'),
};

/**
 * The owner's reward catalogue in the merchant console. Console calls (consoleCalls): the customer app imports
 * this file for the calls above, and its build drops these, which it never makes.
 */
export const rewardsEditorApi = consoleCalls(() => ({
  list: call.owner.get<RewardsEditorData>('merchant/rewards'),
  create: call.owner.post<RewardEditorData, RewardFields>('merchant/rewards/create', { status: 201 }),
  update: call.owner.post<RewardEditorData, RewardUpdateInput>('merchant/rewards/update'),
}));
