/**
 * A guest's order, claimed by a member (`order/claim`). A guest earns nothing when its order is paid
 * (lifecycle.ts paidColumns, completedPaidEffects); its order page and receipt offer to join and claim
 * the points it would have earned, with a claim token `c1.<order number>.<mac>` (an HMAC over the order
 * number with a key derived from the provider's secret for this purpose alone, like the receipts'
 * links): never the order number alone. Within CLAIM_WINDOW_MS of its payment, once, and only while it
 * is paid and neither cancelled nor refunded, the order becomes the member's with those points, pending
 * until it is completed like any order's (credited at once when it is completed already). The order row's
 * lock decides between claims racing (the same member twice, or two members): exactly one credits.
 */
import type { GuestClaim, Order, OrderClaimData } from '#contract';
import type { Database } from '../../db';
import { DAY } from '../../lib/clock';
import { digestsEqual, purposeMac } from '../../lib/signature';
import type { ProviderContext } from '../context';
import { AppError } from '../http/errors';
import { earnReason } from '../loyalty/loyalty.earn';
import { notify } from '../notifications/notify';
import { addPending, releasePending } from '../points/points.pending';
import { getMerchant, type Merchant } from '../settings/settings.service';
import { pointsOfOrder } from './lifecycle';
import { lockOrderByName, toOrders, updateOrder, type OrderRow } from './orders.repo';

/** How long after its payment a guest order may be claimed. */
export const CLAIM_WINDOW_MS = DAY;

const VERSION = 'c1';
const TOKEN = /^c1\.([A-Z0-9-]{4,40})\.([A-Za-z0-9_-]{32})$/;

const mac = (secret: string, orderName: string) => purposeMac(secret, 'guest-claim', `${VERSION}\n${orderName}`).subarray(0, 24).toString('base64url');

/** The claim token of a guest order. */
export const claimToken = (secret: string, orderName: string): string => `${VERSION}.${orderName}.${mac(secret, orderName)}`;

/** The order number a claim token names when its mac is right; else null. Compared in constant time. */
export function readClaimToken(secret: string, token: string): string | null {
  const m = TOKEN.exec(token);
  if (!m) return null;
  return digestsEqual(mac(secret, m[1]!), m[2]!) ? m[1]! : null;
}

type Claimable = Pick<OrderRow, 'name' | 'guest_name' | 'claimed_at' | 'paid_at' | 'status' | 'earnings_back_at' | 'points_to_earn' | 'total' | 'delivery_fee'>;

/** Why an order cannot be claimed now (an error to throw), or null when it can. */
function claimRefusal(order: Claimable, now: Date): AppError | null {
  if (order.guest_name === null) return new AppError('NOT_FOUND', 'We could not find this order. Open the link on your receipt again.');
  if (order.claimed_at !== null) return new AppError('ALREADY_CLAIMED', 'The points of this order were claimed already.');
  if (order.paid_at === null || order.status === 'cancelled' || order.earnings_back_at !== null)
    return new AppError('CONFLICT', 'This order cannot earn points: it was not paid, or it was cancelled or refunded.');
  if (now.getTime() >= order.paid_at.getTime() + CLAIM_WINDOW_MS)
    return new AppError('CLAIM_EXPIRED', 'The day to claim the points of this order is over. Join now and your next order earns points.');
  return null;
}

/** The offer on a guest order's page and receipt: its points, the deadline and the token; null when it cannot be claimed now. */
export function claimOffer(ctx: ProviderContext, merchant: Merchant, order: Claimable): GuestClaim | null {
  if (claimRefusal(order, ctx.clock.now()) !== null) return null;
  return {
    points: pointsOfOrder(order, merchant),
    claim_by: new Date(order.paid_at!.getTime() + CLAIM_WINDOW_MS).toISOString(),
    token: claimToken(ctx.secret, order.name),
  };
}

/** An order answer with its claim offer when a guest's (order/detail, order/list of a guest). */
export async function withClaimOffers(ctx: ProviderContext, db: Database, rows: OrderRow[]): Promise<Order[]> {
  const orders = await toOrders(db, rows);
  if (!rows.some((r) => r.guest_name !== null && r.claimed_at === null)) return orders;
  const merchant = await getMerchant(db, ctx.merchantId);
  return orders.map((o, i) => {
    const offer = claimOffer(ctx, merchant, rows[i]!);
    return offer ? { ...o, guest_claim: offer } : o;
  });
}

/** `order/claim`: the guest order the token names becomes the member's, with its points; once, within its day. */
export async function claimGuestOrder(ctx: ProviderContext, customerId: number, token: string): Promise<OrderClaimData> {
  const name = readClaimToken(ctx.secret, token);
  if (!name) throw new AppError('NOT_FOUND', 'We could not find this order. Open the link on your receipt again.');
  const merchant = await getMerchant(ctx.db, ctx.merchantId);
  const { rules } = merchant;
  const now = ctx.clock.now();
  const { row, points } = await ctx.db.transaction().execute(async (trx) => {
    // the order's row lock first: of claims racing, one finds it unclaimed, the others claimed
    const order = await lockOrderByName(trx, name);
    if (!order) throw new AppError('NOT_FOUND', 'We could not find this order. Open the link on your receipt again.');
    const refusal = claimRefusal(order, now);
    if (refusal) throw refusal;
    const points = pointsOfOrder(order, merchant);
    const row = await updateOrder(trx, order.id, { customer_id: customerId, claimed_at: now, points_earned: points, updated_at: now });
    const ref = `order:${order.name}`;
    // pending until the order is completed, as any order's; completed already: credited now (or when the hold ends)
    await addPending(trx, ctx.clock, {
      customerId,
      points,
      reason: earnReason(`Order ${order.name}`, order.points_breakdown),
      ref,
      availableAt: null,
      breakdown: order.points_breakdown,
    });
    if (order.status === 'completed') await releasePending(trx, ctx.clock, customerId, ref, rules);
    await notify(trx, ctx.clock, customerId, {
      type: 'points_earned',
      title: `${points} ${points === 1 ? 'point' : 'points'} added`,
      body: `For order ${order.name}, which you ordered as a guest.`,
      link: null,
    });
    return { row, points };
  });
  const [order] = await toOrders(ctx.db, [row]);
  return { order: order!, points };
}
