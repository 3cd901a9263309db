/**
 * The spec of the shop settings calls: their declarations (shop-settings.calls.ts) joined to their schemas
 * (shop-settings.ts), error codes and OpenAPI words by `describe` (api-spec.ts). The provider mounts its
 * handlers from it (server/provider/http/mount.ts); endpoints.ts documents it.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { describe } from './api-spec';
import { DELETION_COOLING_OFF_MAX_DAYS } from './privacy';
import { shopSettingsUpdateBody, shopSettingsAnswer } from './shop-settings';
import { shopSettingsApi } from './shop-settings.calls';

export const shopSettingsSpec = /* @__PURE__ */ describe('Merchant console', shopSettingsApi, {
  read: {
    summary: "The shop's settings, as the settings form shows them",
    description: 'Owners only. `currency_locked`: the currency can no longer change (money has moved in it).',
    inContract: false,
    data: shopSettingsAnswer,
    answer: 'The settings.',
    message: 'Settings loaded.',
  },
  update: {
    summary: "Change the shop's settings",
    description: `Owners only. Any of the fields; the answer is the whole settings as they are now. Each field is checked (the privacy and terms links: https:// addresses or empty; the deletion cooling-off period: 1 to ${DELETION_COOLING_OFF_MAX_DAYS} days), and the rules between them (top-up minimum at most the maximum, quick amounts between them and going up; a birthday reward that is a reward of the catalogue): 400 VALIDATION naming the field, nothing saved. A currency change once money has moved: 409 CURRENCY_LOCKED. Orders, payments and ledgers keep what they were made with. Audited (\`settings.update\`, the changed fields before and after); customers see it within the settings cache time.`,
    inContract: false,
    body: shopSettingsUpdateBody,
    data: shopSettingsAnswer,
    answer: 'The settings as they are now.',
    message: 'Saved. Customers see it within 15 seconds.',
    errors: ['CURRENCY_LOCKED'],
  },
});
