import useSWR from 'swr';
import { rewardsApi } from '#contract/rewards.calls';
import { shopApi } from '#contract/shop.calls';
import { walletApi } from '#contract/wallet.calls';
import {
  mayStillChange,
  paidForByCustomer,
  type ErrorCode,
  type OrderDetailData,
  type OrderCreateBody,
  type QuoteBody,
  type WalletBalanceData,
} from '#contract';
import { locationsApi } from '#contract/locations.calls';
import { offersApi } from '#contract/offers.calls';
import { ordersApi } from '#contract/orders.calls';
import { shows } from './shows';
import { ApiRequestError, callApi } from './client';
import { pagesOf, useCall } from './use-call';
import { useMutation, useRefreshWhen } from './mutation';

/** The customer's orders, page by page. */
export const orderPages = pagesOf(ordersApi.list, (page) => ({ page }));
export const useOrders = (page = 1) => useCall(ordersApi.list, { page });

/** A paid order changed the order list, the balances (wallet, points earned) and the voucher it used. */
const orderPaid = [...shows.orders, ...shows.money, ...shows.points, ...shows.vouchers];
/** An order placed with a promo code used it (issue 50): the customer's own limit may be reached, its uses spent. */
const offersChanged = [offersApi.list.path];

/** How often the order page reads the order again (ms; 0: no more): while it may still change (mayStillChange). */
export const orderRefreshInterval = (d: OrderDetailData | undefined): number => (d && mayStillChange(d.order) ? 5000 : 0);

/**
 * Refreshes while the order is moving or waits for staff to mark it paid at the counter, so the
 * customer sees it progress. Once it shows paid (the gateway's payment arrived, or staff took the
 * money at the till), what the payment changed is read again.
 */
export function useOrder(name: string | null) {
  const order = useCall(ordersApi.detail, name ? { name } : null, {
    // a new function each render: SWR sets its timer again only when the option changes, so a function
    // it kept would be asked once, before the order arrived, and never poll
    refreshInterval: (d) => orderRefreshInterval(d),
  });
  useRefreshWhen(order.data && paidForByCustomer(order.data.order) ? order.data.order.name : null, orderPaid);
  return order;
}

/** Refusals of a quote that show the page's copy was out of date, and what is read again then. */
const QUOTE_REFUSALS: Partial<Record<ErrorCode, string[]>> = {
  // a product that sold out since the menu was read
  PRODUCT_UNAVAILABLE: [shopApi.catalog.path],
  // a pickup time that filled up since the times were read
  SLOT_FULL: [locationsApi.slots.path],
  // a code from "Offers for you" that no longer applies (used up, ended): the list read again
  PROMO_CODE_INVALID: [offersApi.list.path],
};

/** The price of a checkout; a refusal that shows the page was out of date reads that part again. */
export function useQuote(body: QuoteBody | null) {
  const quote = useSWR(body ? [ordersApi.quote.path, JSON.stringify(body)] : null, () => callApi(ordersApi.quote, body!), {
    shouldRetryOnError: false,
  });
  const code = quote.error instanceof ApiRequestError ? (quote.error.code as ErrorCode) : null;
  const stale = code === null ? undefined : QUOTE_REFUSALS[code];
  useRefreshWhen(stale ? code : null, stale ?? []);
  return quote;
}

const createOrder = (body: OrderCreateBody) => callApi(ordersApi.create, body);

/**
 * Places an order. Paid from the wallet (or free), it is paid at once: everything a paid order changes
 * is read again. Paid on the gateway's page, nothing changes that a page shows until the payment
 * arrives (useOrder reads it all again then); the customer is leaving for that page meanwhile.
 * Refusals that show the checkout's view was out of date read that part again: the balance (written
 * at once from the refusal, so the shortfall shows), the menu, the quote after a price change, the vouchers,
 * the offers after a promo code that no longer applies.
 */
export const useCreateOrder = () =>
  useMutation(createOrder, {
    refreshes: (answer, body) => [...(answer.payment_url ? [] : orderPaid), ...(body.promo_code ? offersChanged : [])],
    refusals: {
      INSUFFICIENT_BALANCE: {
        writes: (err) => {
          const balance = (err.data as { balance?: number } | null)?.balance;
          if (typeof balance !== 'number') return [];
          return [{ key: walletApi.balance.path, data: (w: WalletBalanceData | undefined) => w && { ...w, balance } }];
        },
        refreshes: [walletApi.balance.path],
      },
      PRODUCT_UNAVAILABLE: { refreshes: [shopApi.catalog.path] },
      // the total was not the one shown: the menu's prices and the quote, read again
      PRICE_CHANGED: { refreshes: [shopApi.catalog.path, ordersApi.quote.path] },
      VOUCHER_INVALID: { refreshes: [rewardsApi.storage.path] },
      // the code stopped applying since the quote (used up, paused, ended): the checkout drops it and prices again without it
      PROMO_CODE_INVALID: { refreshes: [offersApi.list.path] },
      // closed or paused meanwhile: whether the shop takes orders, read again (the page then says until when)
      LOCATION_CLOSED: { refreshes: [locationsApi.list.path] },
      ORDERING_PAUSED: { refreshes: [locationsApi.list.path] },
      // the time filled up: the times and the quote (its "as soon as possible") read again
      SLOT_FULL: { refreshes: [locationsApi.slots.path, ordersApi.quote.path] },
    },
  });

/** "Order again" (issue 51): an order's lines on today's menu and what changed; nothing is written. */
export const readOrderAgain = (name: string) => callApi(ordersApi.again, { name });

/** A guest order's points, claimed by the member who just signed in (its signed claim token): the order and the points read again. */
export const useClaimOrder = () => useMutation((token: string) => callApi(ordersApi.claim, { token }), { refreshes: orderPaid });
