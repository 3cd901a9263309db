/**
 * The spec of the gift-card calls: their declarations (gift-cards.calls.ts) joined to their schemas
 * (gift-cards.ts), error codes and OpenAPI words by `describe` (api-spec.ts). The provider mounts its
 * handlers from it (server/provider/http/mount.ts); endpoints.ts documents it.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { describe } from './api-spec';
import {
  GIFT_LOOKUP_MISSES_PER_ADDRESS,
  GIFT_LOOKUP_MISSES_PER_CUSTOMER,
  GIFT_LOOKUP_WINDOW_MINUTES,
  GIFT_SCHEDULE_MAX_DAYS,
  giftCardBuyBody,
  giftCardClaimAnswer,
  giftCardNumberQuery,
  giftCardOptionsAnswer,
  giftCardReportAnswer,
  giftCardReportQuery,
  giftCardRefundBody,
  giftCardSettingsBody,
  giftCardSettingsData,
  receivedGiftCardData,
  sentGiftCardData,
  sentGiftCardsAnswer,
  sentPageQuery,
} from './gift-cards';
import { giftCardsApi, giftCardsConsoleApi } from './gift-cards.calls';

const LOOKUP_LIMIT = `Numbers that are no card's count as wrong tries: after ${GIFT_LOOKUP_MISSES_PER_CUSTOMER} by one customer, or ${GIFT_LOOKUP_MISSES_PER_ADDRESS} from one address, in ${GIFT_LOOKUP_WINDOW_MINUTES} minutes, every look-up is refused (429 RATE_LIMITED with Retry-After) until the window has passed, real numbers too, so guessing cannot go on and a refusal tells nothing. A number whose check character does not hold is a typo: 400 naming \`number\`, never looked up nor counted.`;

export const giftCardsSpec = /* @__PURE__ */ describe('Gift cards', giftCardsApi, {
  options: {
    summary: 'What gift cards may be bought',
    description:
      "Whether the shop sells gift cards, its amounts (fixed, and a custom range), the designs turned on with their pictures and messages, how long a card may be claimed (null: for ever), the currency and the shop's time zone.",
    inContract: false,
    data: giftCardOptionsAnswer,
    answer: 'The options.',
    message: 'Gift card options loaded.',
  },
  buy: {
    summary: 'Buy an eGift for someone',
    description: `Paid from the wallet (gift money first; \`payment_method\` wallet), or through the payment gateway (\`gateway\`: the card waits, \`awaiting_payment\`, with the payment page in \`payment_url\`; the gateway's signed webhook makes it scheduled when paid, or \`payment_failed\` when declined, and nothing is sent before; without a payment gateway: 503 PAYMENTS_UNAVAILABLE). An amount the owner offers (one of \`amounts\`, or within \`custom\`: else 400 naming \`amount\`), a design turned on, a message (absent: the design's), to a phone number or an e-mail address, sent at \`deliver_at\` (a local time in the shop's zone, at most ${GIFT_SCHEDULE_MAX_DAYS} days ahead; absent: now) with a link to claim it. Gift cards off: 409 CONFLICT. Answers the card with its number in full, and the wallet balance after.`,
    inContract: false,
    body: giftCardBuyBody,
    data: sentGiftCardData,
    answer: 'The card bought.',
    message: 'Gift card bought.',
    errors: ['INSUFFICIENT_BALANCE', 'CONFLICT', 'PAYMENTS_UNAVAILABLE'],
  },
  sent: {
    summary: 'The gift cards this customer sent',
    description:
      'Newest first, 20 a page: each with its number, to whom, and where it stands: awaiting payment, payment failed, scheduled, delivered, claimed, refunded or expired.',
    inContract: false,
    query: sentPageQuery,
    data: sentGiftCardsAnswer,
    answer: 'The cards.',
    message: 'Gift cards loaded.',
  },
  view: {
    summary: 'Open a gift card by its number',
    description: `The card behind a link or a typed number: its amount, design, message, names and whether it can be claimed; never its buyer's or recipient's contact. No such card: 404. ${LOOKUP_LIMIT}`,
    inContract: false,
    query: giftCardNumberQuery,
    data: receivedGiftCardData,
    answer: 'The card.',
    message: 'Gift card found.',
    errors: ['NOT_FOUND', 'RATE_LIMITED'],
  },
  claim: {
    summary: 'Add a gift card to the wallet',
    description: `Its whole amount goes into the wallet as gift money, exactly once however many claims arrive at once. Claimed already, refunded, expired, or a card the customer sent: 409 GIFT_CARD_INVALID with \`data.reason\`. No such card: 404. ${LOOKUP_LIMIT}`,
    inContract: false,
    body: giftCardNumberQuery,
    data: giftCardClaimAnswer,
    answer: 'What was added, and the balance after.',
    message: 'Gift card added to your wallet.',
    errors: ['NOT_FOUND', 'GIFT_CARD_INVALID', 'RATE_LIMITED'],
  },
  refund: {
    summary: 'Refund a gift card not claimed',
    description:
      "One of the customer's own cards (anyone else's: 404), not yet claimed (claimed or refunded already: 409 GIFT_CARD_INVALID): its price goes back to the wallet it was paid from, the gift money part as gift money, and its link stops working.",
    inContract: false,
    body: giftCardRefundBody,
    data: sentGiftCardData,
    answer: 'The card, refunded, and the wallet balance after.',
    message: 'Gift card refunded.',
    errors: ['NOT_FOUND', 'GIFT_CARD_INVALID'],
  },
});

export const giftCardsConsoleSpec = /* @__PURE__ */ describe('Merchant console', giftCardsConsoleApi, {
  settings: {
    summary: 'The gift card settings',
    description: 'Staff. On or off, the amounts, the custom range, the expiry (null: never, the default) and the designs.',
    inContract: false,
    data: giftCardSettingsData,
    answer: 'The settings.',
    message: 'Gift card settings loaded.',
  },
  update: {
    summary: 'Change the gift card settings',
    description:
      "Owners only. Every setting at once: on or off, up to 8 fixed amounts and an optional custom range, the expiry in months (12 to 120; null: never), and each built-in design's name, message and whether it is offered (at least one while gift cards are on). Cards sold keep their amount and expiry. Audited (`gift_cards.settings`).",
    inContract: false,
    body: giftCardSettingsBody,
    data: giftCardSettingsData,
    answer: 'The settings as saved.',
    message: 'Gift card settings saved.',
  },
  report: {
    summary: 'The gift card report',
    description:
      "Owners only. Of the shop's days `from`..`to` (its time zone, at most 366): cards sold, claimed and refunded (each a count and their value), the gift money spent, the 20 cards sold last (their numbers masked to the last four characters, no one's contact); and, now, the outstanding gift-card balance: cards not yet claimed nor refunded, and customers' gift money not yet spent. Over any period, outstanding changes by sold - refunded - spent.",
    inContract: false,
    query: giftCardReportQuery,
    data: giftCardReportAnswer,
    answer: 'The report.',
    message: 'Gift card report loaded.',
  },
});
