/**
 * A guest's order, claimed by a member (`order/claim`). A guest earns nothing when its order is paid
 * (lifecycle.ts paidColumns, completedPaidEffects); its order page and receipt offer to join and claim
 * the points it would have earned, with a signed claim token (receipts/guest-claim.ts), never the order
 * number alone. Within a day of its payment, once, and only while it is paid and neither cancelled nor
 * refunded, the order becomes the member's with those points, pending until it is completed like any
 * order's (credited at once when it is completed already). The order row's lock decides between claims
 * racing (the same member twice, or two members): exactly one credits.
 */
import type { Order, OrderClaimData } from '#contract';
import type { Database } from '../../db';
import type { ProviderContext } from '../context';
import { isBasePart } from '#contract/loyalty-earn';
import { lockCustomer } from '../accounts/accounts.repo';
import { sayToRow } from '../accounts/language';
import { claim as claimWords } from '../i18n/messages';
import { dropOrderUses, orderEarnReason, recordUses, saleEarning, type SaleEarning } from '../loyalty/loyalty.earn';
import { earnTier } from '../tiers/tiers.service';
import { notify } from '../notifications/notify';
import { addPending, releasePending } from '../points/points.pending';
import { claimOffer, claimRefusal, orderNotFound, readClaimToken } from '../receipts/guest-claim';
import { receiptLink, receiptToken } from '../receipts/receipts.service';
import { getMerchant, type Merchant } from '../settings/settings.service';
import { pointsOfOrder } from './lifecycle';
import { lockOrderByName, soldOfOrder, toOrders, updateOrder, type OrderRow } from './orders.repo';

/**
 * Orders as the customer reads them (order/detail, order/list): a guest's with its offer to join and
 * claim its points, within its day, and once completed its receipt's link (a guest has no e-mail or
 * phone to get it by).
 */
export async function withClaimOffers(ctx: ProviderContext, db: Database, rows: OrderRow[]): Promise<Order[]> {
  const orders = await toOrders(db, rows);
  const now = ctx.clock.now();
  return orders.map((o, i) => {
    const row = rows[i]!;
    if (row.guest_name === null || row.claimed_at !== null) return o;
    const offer = claimOffer(ctx.secret, row, now);
    return {
      ...o,
      ...(offer ? { guest_claim: offer } : {}),
      ...(row.status === 'completed' ? { receipt_url: receiptLink(ctx, receiptToken(ctx.secret, row)) } : {}),
    };
  });
}

/**
 * What a claimed guest order earns the member: the earning rules run again for them, as for an order of
 * their own placed when the guest's was (its base points, lines, time and location), with the member's
 * tier and their first order: a guest's order counted as a first order, and a member claiming several
 * would collect the welcome bonus each time. The rules are those active now.
 */
async function memberEarning(trx: Database, merchant: Merchant, order: OrderRow, customerId: number): Promise<SaleEarning> {
  const sold = await soldOfOrder(trx, order);
  const base = order.points_breakdown ? (order.points_breakdown.find(isBasePart)?.points ?? 0) : pointsOfOrder(order, merchant);
  return saleEarning(trx, {
    customerId,
    base,
    points_per_amount: merchant.rules.points_per_amount,
    lines: sold.lines,
    at: order.created_at,
    timeZone: sold.timezone || merchant.rules.timezone,
    order: true,
    tier: await earnTier(trx, customerId),
  });
}

/** `order/claim`: the guest order the token names becomes the member's, with its points; once, within its day. */
export async function claimGuestOrder(ctx: ProviderContext, customerId: number, token: string): Promise<OrderClaimData> {
  const name = readClaimToken(ctx.secret, token);
  if (!name) throw orderNotFound();
  const merchant = await getMerchant(ctx.db, ctx.merchantId);
  const { rules } = merchant;
  const now = ctx.clock.now();
  const { row, points } = await ctx.db.transaction().execute(async (trx) => {
    // the order's row lock first: of claims racing, one finds it unclaimed, the others claimed
    const order = await lockOrderByName(trx, name);
    if (!order) throw orderNotFound();
    const refusal = claimRefusal(order, now);
    if (refusal) throw refusal;
    // the member's row lock, as their own order takes it: the limits and the first order read below stay true
    const member = await lockCustomer(trx, customerId);
    const earning = await memberEarning(trx, merchant, order, customerId);
    const points = earning.total;
    const row = await updateOrder(trx, order.id, {
      customer_id: customerId,
      claimed_at: now,
      points_to_earn: points,
      points_earned: points,
      points_breakdown: earning.parts,
      updated_at: now,
    });
    // the rules' uses are the member's now: the guest's (its own first order) go
    await dropOrderUses(trx, order.id);
    await recordUses(trx, customerId, { order_id: order.id }, earning, now);
    const ref = `order:${order.name}`;
    // pending until the order is completed, as any order's; completed already: credited now (or when the hold ends)
    await addPending(trx, ctx.clock, {
      customerId,
      points,
      ...orderEarnReason(order.name, earning.parts),
      ref,
      availableAt: null,
      breakdown: earning.parts,
    });
    if (order.status === 'completed') await releasePending(trx, ctx.clock, customerId, ref, rules);
    const say = sayToRow(member, merchant.rules);
    await notify(trx, ctx.clock, customerId, {
      type: 'points_earned',
      title: say(claimWords.title, { points }),
      body: say(claimWords.body, { order: order.name }),
      link: null,
    });
    return { row, points };
  });
  const [order] = await toOrders(ctx.db, [row]);
  return { order: order!, points };
}
