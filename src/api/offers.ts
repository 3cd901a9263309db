/**
 * Offers and promo codes (issue 50), the customer's side: "Offers for you", the offers this customer could
 * use now with their codes. A code itself is given to order/quote and order/create (orders.ts), which
 * read this list again when an order used one or a code was refused.
 */
import { offersApi } from '#contract/offers.calls';
import { useCall } from './use-call';

export const useOffers = () => useCall(offersApi.list);
