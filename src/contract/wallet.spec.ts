/**
 * The spec of the wallet calls: their declarations (wallet.calls.ts) joined to their schemas
 * (wallet.ts), error codes and OpenAPI words by `describe` (api-spec.ts). The provider mounts its
 * handlers from it (server/provider/http/mount.ts); endpoints.ts documents it.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { describe } from './api-spec';
import { walletBalanceAnswer, walletHistoryAnswer, pageQuery, topupBody, topupAnswer, topupStatusQuery, topupStatusAnswer } from './wallet';
import { walletApi } from './wallet.calls';

export const walletSpec = /* @__PURE__ */ describe('Wallet', walletApi, {
  balance: { summary: "The wallet's balance", data: walletBalanceAnswer, answer: 'The balance.', message: 'Wallet balance loaded.' },
  history: { summary: "The wallet's ledger", query: pageQuery, data: walletHistoryAnswer, answer: 'One page of entries.', message: 'Wallet history loaded.' },
  topup: {
    summary: 'Start a top-up through the payment gateway',
    description:
      "The balance changes only when the payment gateway's signed webhook says the payment succeeded. Without a payment gateway: 503 PAYMENTS_UNAVAILABLE. The merchant's own limits answer 400 VALIDATION.",
    body: topupBody,
    data: topupAnswer,
    answer: "The top-up and the payment gateway's page.",
    // the route answers with the amount in the merchant's money
    message: 'Top-up of <amount> started. Complete the payment to add it to your wallet.',
    errors: ['PAYMENTS_UNAVAILABLE'],
  },
  topupStatus: {
    summary: "One of the customer's top-ups, and the balance now",
    inContract: false,
    query: topupStatusQuery,
    data: topupStatusAnswer,
    answer: 'The top-up.',
    message: 'Top-up loaded.',
    errors: ['NOT_FOUND'],
  },
});
