/**
 * The spec of the physical gift-card calls: their declarations (gift-cards-physical.calls.ts) joined to
 * their schemas (gift-cards-physical.ts), error codes and OpenAPI words by `describe` (api-spec.ts).
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { describe } from './api-spec';
import { GIFT_BATCH_MAX, GIFT_LOOKUP_MISSES_PER_ADDRESS, GIFT_LOOKUP_MISSES_PER_CUSTOMER, GIFT_LOOKUP_WINDOW_MINUTES } from './gift-card-rules';
import {
  counterGiftCardActivateBody,
  counterGiftCardAddBody,
  counterGiftCardAddData,
  counterGiftCardBody,
  counterGiftCardData,
  counterGiftCardSpendBody,
  counterGiftCardSpendData,
  giftCardBatchBody,
  giftCardBatchCsvQuery,
  giftCardBatchData,
  giftCardBatchesData,
} from './gift-cards-physical';
import { giftCardsPhysicalApi } from './gift-cards-physical.calls';

const LOOKUP_LIMIT = `Numbers that are no card's count as wrong tries: after ${GIFT_LOOKUP_MISSES_PER_CUSTOMER} by one member of staff, or ${GIFT_LOOKUP_MISSES_PER_ADDRESS} from one address, in ${GIFT_LOOKUP_WINDOW_MINUTES} minutes, every look-up is refused (429 RATE_LIMITED) until the window has passed, real numbers too. A number whose check character does not hold is a typo: 400 naming \`number\`, never looked up nor counted.`;

export const giftCardsPhysicalSpec = /* @__PURE__ */ describe('Merchant console', giftCardsPhysicalApi, {
  batches: {
    summary: 'The batches of physical gift cards',
    description: 'Owners only. Newest first: each with its label, how many cards it has, and how many of them were sold and activated.',
    inContract: false,
    data: giftCardBatchesData,
    answer: 'The batches.',
    message: 'Batches loaded.',
  },
  createBatch: {
    summary: 'Make a batch of physical gift card numbers to print',
    description: `Owners only. \`count\` cards (1–${GIFT_BATCH_MAX}) under a \`label\`: each number drawn like an eGift's (80 random bits and a check character), unique. Every card is inactive until a member of staff sells it at the counter (merchant/counter/gift-card/activate): it cannot be claimed, spent or shown as having value before. Download the numbers with merchant/gift-cards/batches.csv. Audited (\`gift_cards.batch\`).`,
    inContract: false,
    body: giftCardBatchBody,
    data: giftCardBatchData,
    answer: 'The new batch.',
    message: 'Gift cards made.',
  },
  batchCsv: {
    summary: "A batch's card numbers, as CSV for the printer",
    description:
      "Owners only. One row per card of the batch `batch_id`: its number in full in groups of four (as printed), where it stands (inactive, active, claimed, expired), the currency, its amount once sold and what is left on it (the currency's major unit), and when it was activated (the shop's time zone, named in the header). A download (`content-disposition: attachment`). Audited (`export.gift_card_batch`).",
    inContract: false,
    query: giftCardBatchCsvQuery,
    file: 'csv',
    answer: 'The numbers.',
    errors: ['NOT_FOUND'],
  },
  check: {
    summary: "A gift card's balance at the counter",
    description: `Staff. The card behind a number (a physical card or an eGift): where it stands and what is left on it; its number masked to its last four characters. No such card: 404. ${LOOKUP_LIMIT}`,
    inContract: false,
    body: counterGiftCardBody,
    data: counterGiftCardData,
    answer: 'The card.',
    message: 'Gift card found.',
    errors: ['NOT_FOUND', 'RATE_LIMITED'],
  },
  activate: {
    summary: 'Sell and activate a physical gift card',
    description: `Staff. A printed card sold at the counter for \`amount\`, paid at the till (recorded as paid at the till, with who activated it): an amount the owner offers (one of the gift card amounts, or within the custom range: else 400 naming \`amount\`); gift cards off: 409 CONFLICT. Activated already, an eGift's number, claimed or refunded: 409 GIFT_CARD_INVALID with \`data.reason\` (activated, egift …). No such card: 404. ${LOOKUP_LIMIT}`,
    inContract: false,
    body: counterGiftCardActivateBody,
    data: counterGiftCardData,
    answer: 'The card, active.',
    message: 'Gift card activated.',
    errors: ['NOT_FOUND', 'CONFLICT', 'GIFT_CARD_INVALID', 'RATE_LIMITED'],
  },
  spend: {
    summary: 'Spend part of a gift card for a walk-in',
    description: `Staff. \`amount\` comes off an active card (a physical card, or an eGift not yet claimed); the card keeps the rest, never below zero however many spends arrive at once. More than is left: 409 GIFT_CARD_INVALID, reason short (\`data.balance\`); inactive, claimed, refunded, expired, empty: 409 GIFT_CARD_INVALID with its reason. No such card: 404. ${LOOKUP_LIMIT}`,
    inContract: false,
    body: counterGiftCardSpendBody,
    data: counterGiftCardSpendData,
    answer: 'The card, and what came off it.',
    message: 'Gift card spent.',
    errors: ['NOT_FOUND', 'GIFT_CARD_INVALID', 'RATE_LIMITED'],
  },
  add: {
    summary: "Add a gift card to a member's wallet",
    description: `Staff. What is left on an active card goes into the wallet of the member \`customer_id\` (found with merchant/counter/member) as gift money, exactly once however many attempts arrive at once: the same claim as the customer's own. Inactive, claimed, refunded, expired or empty: 409 GIFT_CARD_INVALID with \`data.reason\`. No such card or member: 404. ${LOOKUP_LIMIT}`,
    inContract: false,
    body: counterGiftCardAddBody,
    data: counterGiftCardAddData,
    answer: 'What was added, and the wallet balance after.',
    message: 'Gift card added to the wallet.',
    errors: ['NOT_FOUND', 'GIFT_CARD_INVALID', 'RATE_LIMITED'],
  },
});
