/**
 * Gift cards (issue 49): a card opened by its number (the link's), claimed into the wallet, and the
 * eGifts this customer bought.
 */
import type { GiftCardBuyInput, GiftCardSettingsInput } from '#contract/gift-cards';
import { giftCardsApi, giftCardsConsoleApi } from '#contract/gift-cards.calls';
import { staffApi } from '#contract/staff.calls';
import { callApi } from './client';
import { shows } from './shows';
import { useCall } from './use-call';
import { useMutation } from './mutation';

/** A card by its number; null: nothing to read yet. */
export const useGiftCard = (number: string | null) => useCall(giftCardsApi.view, number ? { number } : null);

/** Claims a card: the wallet changes, and the card reads as claimed. */
export const useClaimGiftCard = () =>
  useMutation((number: string) => callApi(giftCardsApi.claim, { number }), { refreshes: [...shows.money, giftCardsApi.view.path] });

/** What may be bought: amounts, designs, the shop's zone. */
export const useGiftCardOptions = () => useCall(giftCardsApi.options);
/** The cards this customer sent (the first page, newest first): read again every 30 s, as they are claimed. */
export const useSentGiftCards = () => useCall(giftCardsApi.sent, {}, { refreshInterval: 30_000 });

/** Buys an eGift from the wallet: the wallet and the sent list change. */
export const useBuyGiftCard = () =>
  useMutation((order: GiftCardBuyInput) => callApi(giftCardsApi.buy, order), { refreshes: [...shows.money, giftCardsApi.sent.path] });
/** Refunds an unclaimed card to the wallet. */
export const useRefundGiftCard = () =>
  useMutation((id: number) => callApi(giftCardsApi.refund, { id }), { refreshes: [...shows.money, giftCardsApi.sent.path] });

// ---------------------------------------------------------------------------------------------
// The owner's settings (the merchant console): functions only, so the app's build drops the calls they name
// ---------------------------------------------------------------------------------------------

/** The gift card settings (staff read them). */
export const useGiftCardSettings = () => useCall(giftCardsConsoleApi.settings);
/** The owner's report of the shop's days `from`..`to`: read again every minute while the page is open. */
export const useGiftCardReport = (from: string, to: string) => useCall(giftCardsConsoleApi.report, { from, to }, { refreshInterval: 60_000 });
/** Saves every setting at once: the settings and the activity log read again. */
export const useSaveGiftCardSettings = () =>
  useMutation((fields: GiftCardSettingsInput) => callApi(giftCardsConsoleApi.update, fields), {
    refreshes: [giftCardsConsoleApi.settings.path, staffApi.audit.path],
    wait: true,
  });
