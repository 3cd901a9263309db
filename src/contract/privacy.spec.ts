/**
 * The spec of the privacy calls: their declarations (privacy.calls.ts) joined to their schemas
 * (privacy.ts), error codes and OpenAPI words by `describe` (api-spec.ts). The provider mounts its
 * handlers from it (server/provider/http/mount.ts); endpoints.ts documents it.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { describe } from './api-spec';
import {
  DATA_EXPORT_FORMAT,
  DATA_EXPORT_VERSION,
  DELETION_COOLING_OFF_DEFAULT_DAYS,
  DELETION_CONFIRMATION,
  customerDataExport,
  dataExportQuery,
  deletionAnswer,
  deletionStatusAnswer,
  deletionRequestBody,
  deletionBody,
} from './privacy';
import { privacyApi, privacyConsoleApi } from './privacy.calls';

export const privacySpec = /* @__PURE__ */ describe('Customer', privacyApi, {
  dataExport: {
    summary: 'Everything the shop holds on the customer, to download',
    description: `A JSON document in the format \`${DATA_EXPORT_FORMAT}\` version ${DATA_EXPORT_VERSION} (docs/customer-data.md): the profile, addresses, orders, ledgers, vouchers, stamp cards, referrals, notifications, spins, devices, push subscriptions, wallet cards, consents, and the gift cards sent (what the customer typed) and received (never the sender's contact). Never kept by a cache.`,
    inContract: false,
    data: customerDataExport,
    answer: "The customer's data.",
    message: 'Your data.',
  },
  deletion: {
    summary: "The customer's deletion, if asked for, and what a deletion would leave behind",
    inContract: false,
    data: deletionStatusAnswer,
    answer: 'The deletion and the shop’s cooling-off period.',
    message: 'Your account.',
  },
  requestDeletion: {
    summary: "Ask for the customer's account to be deleted",
    description: `\`confirm\` must be \`${DELETION_CONFIRMATION}\`. Every session of the customer's ends (this one too); the account is erased after the shop's cooling-off period (default ${DELETION_COOLING_OFF_DEFAULT_DAYS} days) unless they sign in again before. Asking again changes nothing.`,
    inContract: false,
    body: deletionRequestBody,
    data: deletionAnswer,
    answer: 'The deletion, with when it happens.',
    message: 'Your account will be deleted. Sign in again before then to keep it.',
  },
});

export const privacyConsoleSpec = /* @__PURE__ */ describe('Merchant console', privacyConsoleApi, {
  dataExport: {
    summary: "A customer's data, for a customer who asks at the counter",
    description: 'Owners only; the audit log names who downloaded it. The same document as `customer/data`.',
    inContract: false,
    query: dataExportQuery,
    data: customerDataExport,
    answer: "The customer's data.",
    message: "The customer's data.",
    errors: ['NOT_FOUND'],
  },
  requestDeletion: {
    summary: "Delete a customer's account, for a customer who asks at the counter",
    description: "Owners only, audited. The customer's sessions end; the same cooling-off period as their own request (signing in cancels it).",
    inContract: false,
    body: deletionBody,
    data: deletionAnswer,
    answer: 'The deletion, with when it happens.',
    message: 'The account will be deleted after the cooling-off period.',
    errors: ['NOT_FOUND'],
  },
  cancelDeletion: {
    summary: "Cancel a customer's deletion before it happens",
    description: 'Owners only, audited. An account already erased cannot come back: 409 CONFLICT.',
    inContract: false,
    body: deletionBody,
    data: deletionAnswer,
    answer: 'No deletion.',
    message: 'The deletion is cancelled.',
    errors: ['NOT_FOUND', 'CONFLICT'],
  },
});
