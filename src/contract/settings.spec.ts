/**
 * The spec of the settings calls: their declarations (settings.calls.ts) joined to their schemas
 * (settings.ts), error codes and OpenAPI words by `describe` (api-spec.ts). The provider mounts its
 * handlers from it (server/provider/http/mount.ts); endpoints.ts documents it.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { describe } from './api-spec';
import { siteSettingsAnswer, healthAnswer } from './settings';
import { settingsApi } from './settings.calls';

export const settingsSpec = /* @__PURE__ */ describe('Settings', settingsApi, {
  mainSetting: {
    summary: "The merchant's site settings",
    description: 'The same for every customer: answered with `Cache-Control: public, max-age=5`, which gateways may keep that long.',
    data: siteSettingsAnswer,
    answer: 'The settings.',
    message: 'Settings loaded.',
  },
  health: {
    tag: 'Provider',
    summary: 'Whether the provider and its database answer',
    description: "The gateway's `/healthz` asks it.",
    inContract: false,
    data: healthAnswer,
    answer: 'Up.',
    message: 'The provider is up.',
  },
});
