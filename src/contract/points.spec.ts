/**
 * The spec of the points calls: their declarations (points.calls.ts) joined to their schemas
 * (points.ts), error codes and OpenAPI words by `describe` (api-spec.ts). The provider mounts its
 * handlers from it (server/provider/http/mount.ts); endpoints.ts documents it.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { describe } from './api-spec';
import { pointHistoryBody, pointHistoryAnswer } from './points';
import { pointsApi } from './points.calls';

export const pointsSpec = /* @__PURE__ */ describe('Points', pointsApi, {
  history: {
    summary: "The customer's points and their ledger",
    description: "The app's session check: 200 means the session is valid. Another customer's id answers 404.",
    body: pointHistoryBody,
    data: pointHistoryAnswer,
    answer: 'The balance and one page of entries.',
    message: 'Points history loaded.',
    errors: ['NOT_FOUND'],
  },
});
