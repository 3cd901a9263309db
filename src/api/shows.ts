/**
 * Where each kind of change to the customer's account shows: the API paths (their declarations') whose
 * cached answers a change makes stale. Every one of them brings the customer a notification, so each
 * names the notification list too (its first page is the unread count on the home and profile pages):
 * the lists cannot disagree about it. A mutation says what it changes (src/api/mutation.ts).
 */
import { customersApi } from '#contract/customers.calls';
import { notificationsApi } from '#contract/notifications.calls';
import { offersApi } from '#contract/offers.calls';
import { ordersApi } from '#contract/orders.calls';
import { pointsApi } from '#contract/points.calls';
import { rewardsApi } from '#contract/rewards.calls';
import { stampsApi } from '#contract/stamps.calls';
import { tiersApi } from '#contract/tiers.calls';
import { walletApi } from '#contract/wallet.calls';
import { wheelApi } from '#contract/wheel.calls';

const notifications = notificationsApi.list.path;
const profile = customersApi.profile.path;

export const shows = {
  /** The wallet: its balance, its history, and the balance on the profile. */
  money: [walletApi.balance.path, walletApi.history.path, profile, notifications],
  /**
   * Points: the profile's balance, the points history, the wheel (a paid spin costs points), the stamp
   * cards (a sale that gives points may give stamps) and the tier (points earned count towards it).
   */
  points: [profile, pointsApi.history.path, wheelApi.config.path, stampsApi.cards.path, tiersApi.status.path, notifications],
  /** Vouchers: the customer's voucher tabs and the rewards (their stock). */
  vouchers: [rewardsApi.storage.path, rewardsApi.list.path, notifications],
  /**
   * Orders: the order list (the home page shows the latest), and the offers for the customer (an order
   * counts a promo code's use, and a first order ends the offers for new customers).
   */
  orders: [ordersApi.list.path, offersApi.list.path, notifications],
} as const satisfies Record<string, readonly string[]>;
