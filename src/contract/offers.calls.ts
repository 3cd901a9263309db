/**
 * The calls of offers and promo codes (issue 50), declared once (api.ts): the customer's "Offers for you"
 * and the owner's offers in the merchant console. A promo code itself is given to order/quote and
 * order/create (orders.calls.ts). Their schemas are in offers.ts, their words in offers.spec.ts.
 */
import { call, consoleCalls } from './api';
import type { ConsoleOfferData, ConsoleOffersData, CustomerOffersData, OfferCreateInput, OfferStatusInput, OfferUpdateInput } from './offers';

export const offersApi = {
  /** the active offers this customer could use now */
  list: call.customer.get<CustomerOffersData>('offer/list'),
};

/** console calls: the customer app's build drops them */
export const offersConsoleApi = consoleCalls(() => ({
  /** every offer with what it has done (staff) */
  offers: call.staff.get<ConsoleOffersData>('merchant/offers'),
  create: call.owner.post<ConsoleOfferData, OfferCreateInput>('merchant/offers/create', { status: 201 }),
  update: call.owner.post<ConsoleOfferData, OfferUpdateInput>('merchant/offers/update'),
  /** pause, resume or archive */
  status: call.owner.post<ConsoleOfferData, OfferStatusInput>('merchant/offers/status'),
}));
