import type { RedeemBody, RedeemData, Reward, StorageData, Voucher, VoucherTab } from '#contract';
import type { ProviderContext } from '../context';
import { AppError, notFound } from '../http/errors';
import { idempotent, type StoredAnswer } from '../http/idempotency';
import { lockCustomer } from '../accounts/accounts.repo';
import { burnPoints } from '../points/points.ledger';
import { notify } from '../notifications/notify';
import { countRedemptions, findActiveReward, listActiveRewards, takeStock, toReward } from './rewards.repo';
import { expireVouchers, issueVoucher, loadVouchers } from './vouchers.repo';
import { to } from '#contract/routes';

/** The active rewards, in the merchant's order. */
export async function listRewards(ctx: ProviderContext): Promise<Reward[]> {
  return (await listActiveRewards(ctx.db)).map(toReward);
}

export async function getReward(ctx: ProviderContext, name: string): Promise<Reward> {
  const row = await findActiveReward(ctx.db, name);
  if (!row) throw notFound('Reward');
  return toReward(row);
}

/**
 * Redeems a reward once per idempotency key. In one transaction, under the customer's row lock:
 * the per-customer limit, the points burn, one unit of stock, the voucher and its notification.
 * Any refusal rolls all of it back.
 */
export async function redeemReward(ctx: ProviderContext, customerId: number, body: RedeemBody): Promise<StoredAnswer<RedeemData>> {
  return idempotent<RedeemData>(ctx.db, ctx.clock, { customerId, scope: 'reward/redeem', key: body.idempotency_key, body }, async (trx) => {
    const reward = await findActiveReward(trx, body.name);
    if (!reward) throw notFound('Reward');
    // every per-customer check and every balance change for this customer takes turns behind this lock
    await lockCustomer(trx, customerId);
    if (reward.per_customer_limit !== null) {
      const used = await countRedemptions(trx, customerId, reward.id);
      if (used >= reward.per_customer_limit) {
        throw new AppError(
          'LIMIT_REACHED',
          reward.per_customer_limit === 1
            ? `You have already redeemed ${reward.title}.`
            : `You have already redeemed ${reward.title} ${reward.per_customer_limit} times, the most allowed.`,
          undefined,
          { limit: reward.per_customer_limit, redeemed: used },
        );
      }
    }
    const outOfStock = () => new AppError('OUT_OF_STOCK', `${reward.title} is out of stock.`, undefined, { stock: 0 });
    // a cheap early answer; takeStock below is the check that counts
    if (reward.stock !== null && reward.stock <= 0) throw outOfStock();
    await burnPoints(trx, ctx.clock, customerId, reward.points_cost, { reason: `Redeemed: ${reward.title}`, ref: `reward:${reward.name}` });
    // last, so the reward's row lock is held for as short a time as possible
    if (reward.stock !== null && !(await takeStock(trx, reward.id))) throw outOfStock();
    const voucherId = await issueVoucher(trx, ctx.clock, customerId, reward, 'redeem', reward.points_cost);
    const [voucher] = await loadVouchers(trx, { customerId, ids: [voucherId] });
    await notify(trx, ctx.clock, customerId, {
      type: 'reward',
      title: 'Reward redeemed',
      // the counter takes the voucher's rotating QR code (or the short code under it), never its reference
      body: `Your voucher for ${reward.title} is ready. Open it to show its QR code at the counter, or apply it to an order.`,
      link: to.voucher(voucherId),
    });
    return { status: 201, message: `${reward.title} is yours. Find the voucher in your rewards.`, data: { voucher: voucher! } };
  });
}

/**
 * The customer's vouchers of one tab; those past their date are moved to `expired` first. The expired
 * tab lists cancelled vouchers too: neither can be used any more.
 */
export async function voucherStorage(ctx: ProviderContext, customerId: number, tab: VoucherTab): Promise<StorageData> {
  await expireVouchers(ctx.db, ctx.clock, customerId);
  return { vouchers: await loadVouchers(ctx.db, { customerId, status: tab === 'expired' ? ['expired', 'cancelled'] : tab }) };
}

/** One of the customer's own vouchers; anyone else's is answered as not found. */
export async function getVoucher(ctx: ProviderContext, customerId: number, voucherId: number): Promise<Voucher> {
  await expireVouchers(ctx.db, ctx.clock, customerId);
  const [voucher] = await loadVouchers(ctx.db, { customerId, ids: [voucherId] });
  if (!voucher) throw notFound('Voucher');
  return voucher;
}
