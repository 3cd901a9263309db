/**
 * Offers and promo codes (issue 50): the customer's "Offers for you", and the owner's offers in the
 * merchant console (its hooks are functions only, so the customer app's build, which never calls them,
 * drops them with the console's calls they name). A promo code itself goes with the quote and the order
 * (orders.ts).
 */
import type { OfferCreateInput, OfferStatus, OfferUpdateInput } from '#contract/offers';
import { offersApi, offersConsoleApi } from '#contract/offers.calls';
import { staffApi } from '#contract/staff.calls';
import { apiUrl, callApi } from './client';
import { useCall } from './use-call';
import { useMutation } from './mutation';

/** The active offers this customer could use now. */
export const useOffers = () => useCall(offersApi.list);

// ---------------------------------------------------------------------------------------------
// The owner's offers (the merchant console)
// ---------------------------------------------------------------------------------------------

/** Every offer with what it has done (staff read it): read again every 30 s, as orders use them. */
export const useConsoleOffers = () => useCall(offersConsoleApi.offers, undefined, { refreshInterval: 30_000 });

/** A change to an offer shows in the console's list and its page, and in the activity log. */
// a function, not a constant: the customer app's build drops it with the console's calls it names
const offersChanged = () => ({ refreshes: [offersConsoleApi.offers.path, staffApi.audit.path], wait: true });
export const useCreateOffer = () => useMutation((fields: OfferCreateInput) => callApi(offersConsoleApi.create, fields), offersChanged());
export const useUpdateOffer = () => useMutation((changes: OfferUpdateInput) => callApi(offersConsoleApi.update, changes), offersChanged());
/** Pause, resume (`active`) or archive. */
export const useSetOfferStatus = () => useMutation((id: number, status: OfferStatus) => callApi(offersConsoleApi.status, { id, status }), offersChanged());

/** A single-use offer's batches of codes (null: none asked, the page is another offer's or the list). */
export const useOfferCodeBatches = (offerId: number | null) => useCall(offersConsoleApi.codeBatches, offerId === null ? null : { offer_id: offerId });
/** A batch of single-use codes: the offer's figures and its batches read again. */
export const useMakeOfferCodes = () =>
  useMutation((offerId: number, count: number, prefix: string) => callApi(offersConsoleApi.createCodes, { offer_id: offerId, count, prefix }), {
    refreshes: [offersConsoleApi.offers.path, offersConsoleApi.codeBatches.path, staffApi.audit.path],
    wait: true,
  });
/** The address of a batch's CSV: a plain download. */
export const offerCodesCsvUrl = (batchId: number) => apiUrl(offersConsoleApi.codesCsv.path, { batch_id: batchId });
