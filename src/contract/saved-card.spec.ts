/**
 * The spec of the saved card and auto-reload calls: their declarations (saved-card.calls.ts) joined to
 * their schemas (saved-card.ts), error codes and OpenAPI words by `describe` (api-spec.ts). The provider
 * mounts its handlers from it (server/provider/http/mount.ts); endpoints.ts documents it.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { describe } from './api-spec';
import { autoReloadAnswer, autoReloadBody, cardConfirmBody, cardSetupAnswer } from './saved-card';
import { savedCardApi } from './saved-card.calls';

export const savedCardSpec = /* @__PURE__ */ describe('Wallet', savedCardApi, {
  status: {
    summary: "The customer's saved card and auto-reload settings",
    inContract: false,
    data: autoReloadAnswer,
    answer: 'The card (brand, last 4, expiry; never a number), the settings, whether they are paused and why, and the shop’s bounds.',
    message: 'Auto-reload loaded.',
  },
  update: {
    summary: 'Turn auto-reload on or off, with its line and amount',
    description:
      'When a wallet spend takes the balance from at or above `threshold` to below it, `amount` is charged to the saved card once (never twice for one crossing) and added as a top-up once the gateway confirms. `amount` lies within the shop’s top-up limits and `threshold` between 1 and the top-up maximum. Turning it on needs a saved card (409 CONFLICT), resumes a paused auto-reload, and with the balance already below `threshold` reloads once at once.',
    inContract: false,
    body: autoReloadBody,
    data: autoReloadAnswer,
    answer: 'The settings now.',
    message: 'Auto-reload is on.',
    errors: ['CONFLICT'],
  },
  setup: {
    summary: 'Start saving a card with the payment gateway',
    description:
      "Answers the gateway's page (Stripe: a Checkout Session in setup mode; the sandbox: its own page) that brings the customer back to the wallet, which then confirms the card. Without a gateway that saves cards: 503 PAYMENTS_UNAVAILABLE.",
    inContract: false,
    data: cardSetupAnswer,
    answer: "The setup and the gateway's page.",
    message: 'Save your card on the next page.',
    errors: ['PAYMENTS_UNAVAILABLE'],
  },
  confirm: {
    summary: 'Finish saving a card',
    description:
      "Asks the payment gateway how the customer's own setup stands and keeps the card when it is saved (it replaces a card saved before). Anyone else's setup: 404.",
    inContract: false,
    body: cardConfirmBody,
    data: autoReloadAnswer,
    answer: 'The card and settings now.',
    message: 'Card saved.',
    errors: ['NOT_FOUND', 'CONFLICT', 'PAYMENTS_UNAVAILABLE'],
  },
  remove: {
    summary: 'Remove the saved card',
    description: 'Turns auto-reload off, takes the card off the gateway and forgets it here. Without a card: nothing to do, answered 200.',
    inContract: false,
    data: autoReloadAnswer,
    answer: 'The settings now.',
    message: 'Card removed. Auto-reload is off.',
  },
});
