/**
 * The spec of the members calls: their declarations (members.calls.ts) joined to their schemas
 * (members.ts), error codes and OpenAPI words by `describe` (api-spec.ts). The provider mounts its
 * handlers from it (server/provider/http/mount.ts); endpoints.ts documents it.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { describe } from './api-spec';
import { memberCardAnswer } from './members';
import { membersApi } from './members.calls';

export const membersSpec = /* @__PURE__ */ describe('Points', membersApi, {
  card: {
    summary: "The customer's member card: codes to show at the counter",
    description:
      'A QR code and a short code for this 30-second step and the next (a photo of one is refused at the counter about a minute later), the points balance and the latest counter earn.',
    data: memberCardAnswer,
    answer: 'The member card.',
    message: 'Your member card.',
  },
});
