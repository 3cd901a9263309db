/**
 * The calls of offers and promo codes (issue 50), declared once (api.ts): the customer's "Offers for you"
 * and the owner's offers in the merchant console. A promo code itself is given to order/quote and
 * order/create (orders.calls.ts). Their schemas are in offers.ts, their words in offers.spec.ts.
 */
import { call, consoleCalls } from './api';
import type {
  ConsoleOfferData,
  ConsoleOffersData,
  CustomerOffersData,
  OfferCodeBatchData,
  OfferCodeBatchInput,
  OfferCodeBatchesData,
  OfferCodeBatchesInput,
  OfferCodeCsvInput,
  OfferCreateInput,
  OfferStatusInput,
  OfferUpdateInput,
} from './offers';

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
  /** a single-use offer's batches of codes, with how many of each are used (staff) */
  codeBatches: call.staff.get<OfferCodeBatchesData, OfferCodeBatchesInput>('merchant/offers/codes'),
  /** a batch of single-use codes */
  createCodes: call.owner.post<OfferCodeBatchData, OfferCodeBatchInput>('merchant/offers/codes/create', { status: 201 }),
  /** a batch's codes as CSV (a download) */
  codesCsv: call.owner.get<void, OfferCodeCsvInput>('merchant/offers/codes.csv'),
}));
