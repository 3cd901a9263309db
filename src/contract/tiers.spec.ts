/**
 * The spec of the tiers calls: their declarations (tiers.calls.ts) joined to their schemas
 * (tiers.ts), error codes and OpenAPI words by `describe` (api-spec.ts). The provider mounts its
 * handlers from it (server/provider/http/mount.ts); endpoints.ts documents it.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { describe } from './api-spec';
import { tierProgramBody, tierStatusAnswer, tiersConsoleAnswer } from './tiers';
import { TIERS_MAX } from './tiers-rules';
import { tiersApi, tiersConsoleApi } from './tiers.calls';

export const tiersSpec = /* @__PURE__ */ describe('Points', tiersApi, {
  status: {
    summary: "The customer's tier and progress",
    description:
      'The tier now, what counts towards it over the last 12 months (points earned, or visits), the next tier and what is still needed, until when the tier is held, the notice when it would drop within 30 days, and what every tier gives. `enabled: false` when the shop has no tiers.',
    data: tierStatusAnswer,
    answer: 'The tier and its progress.',
    message: 'Your tier.',
  },
});

export const tiersConsoleSpec = /* @__PURE__ */ describe('Merchant console', tiersConsoleApi, {
  tiers: {
    summary: 'The tier programme',
    description: 'Staff. The tiers with their benefits and how many customers are in each, and the customers closest to their next tier.',
    inContract: false,
    data: tiersConsoleAnswer,
    answer: 'The programme.',
    message: 'Tiers loaded.',
  },
  update: {
    summary: 'Change the tier programme',
    description: `Owners only. The whole programme: on or off, what counts (points earned or visits, over 12 months), and 1–${TIERS_MAX} tiers, the first at 0, thresholds rising, names unique, rewards that exist and are active (400 naming the field). Customers are placed again at once: a customer may rise, never drop before their 12 months end. Audited (\`loyalty.tiers.update\`).`,
    inContract: false,
    body: tierProgramBody,
    data: tiersConsoleAnswer,
    answer: 'The programme as it is now.',
    message: 'Tiers saved.',
  },
});
