/**
 * The calls of gift cards (issue 49), declared once (api.ts): the customer's eGifts (buy, the cards sent,
 * a card opened by its number, claimed, refunded) and the owner's settings in the merchant console.
 * Their schemas are in gift-cards.ts, their words in gift-cards.spec.ts.
 */
import { call, consoleCalls } from './api';
import type {
  GiftCardBuyInput,
  GiftCardClaimData,
  GiftCardNumberInput,
  GiftCardOptionsData,
  GiftCardReportData,
  GiftCardReportQuery,
  GiftCardRefundInput,
  GiftCardSettingsData,
  GiftCardSettingsInput,
  ReceivedGiftCardData,
  SentGiftCardData,
  SentGiftCardsData,
  SentPageQuery,
} from './gift-cards';

export const giftCardsApi = {
  /** what may be bought: amounts, designs, expiry */
  options: call.customer.get<GiftCardOptionsData>('gift-card/options'),
  buy: call.customer.post<SentGiftCardData, GiftCardBuyInput>('gift-card/buy', { status: 201, idempotent: true }),
  /** the cards this customer bought, newest first */
  sent: call.customer.get<SentGiftCardsData, SentPageQuery>('gift-card/sent'),
  /** a card by its number (the link's, or typed in the wallet) */
  view: call.customer.get<ReceivedGiftCardData, GiftCardNumberInput>('gift-card/view'),
  claim: call.customer.post<GiftCardClaimData, GiftCardNumberInput>('gift-card/claim'),
  refund: call.customer.post<SentGiftCardData, GiftCardRefundInput>('gift-card/refund'),
};

/** console calls: the customer app's build drops them */
export const giftCardsConsoleApi = consoleCalls(() => ({
  settings: call.staff.get<GiftCardSettingsData>('merchant/gift-cards/settings'),
  update: call.owner.post<GiftCardSettingsData, GiftCardSettingsInput>('merchant/gift-cards/settings/update'),
  /** cards sold, claimed, spent and refunded in a period, and what is still owed */
  report: call.owner.get<GiftCardReportData, GiftCardReportQuery>('merchant/gift-cards/report'),
}));
