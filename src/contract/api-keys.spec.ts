/**
 * The spec of the API keys calls: their declarations (api-keys.calls.ts) joined to their schemas
 * (api-keys.ts), error codes and OpenAPI words by `describe` (api-spec.ts). The provider mounts its
 * handlers from it (server/provider/http/mount.ts); endpoints.ts documents it.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { describe } from './api-spec';
import {
  API_KEY_CALLS_PER_MINUTE,
  API_KEY_ROTATION_OVERLAP_HOURS,
  API_KEYS_MAX,
  apiKeyCreateBody,
  apiKeyIdBody,
  apiKeyOnlyAnswer,
  apiKeySecretAnswer,
  apiKeysAnswer,
  legacyKeyOnlyAnswer,
  legacyOffBody,
} from './api-keys';
import { apiKeysConsoleApi } from './api-keys.calls';

export const apiKeysConsoleSpec = /* @__PURE__ */ describe('Merchant console', apiKeysConsoleApi, {
  keys: {
    summary: 'The API keys',
    description:
      "Owners only. Every key (revoked ones too), newest first, with its scopes, its first characters, when it was last used and, after a rotation, until when its old secret works; and the configuration's merchant key (`MERCHANT_API_KEY`): whether it still works, with every scope, and when it was last used. Never a secret.",
    inContract: false,
    data: apiKeysAnswer,
    answer: 'The keys.',
    message: 'API keys loaded.',
  },
  create: {
    summary: 'Create an API key',
    description: `Owners only. A name and the scopes it may use; its secret (\`lk_…\`, 256 random bits) is in this answer only: the provider keeps its SHA-256 hash. Sent as \`x-merchant-key\`, it may make the merchant calls of its scopes (another: 403 FORBIDDEN), at most ${API_KEY_CALLS_PER_MINUTE} a minute (429 RATE_LIMITED), each in Activity. At most ${API_KEYS_MAX} keys not revoked (409 LIMIT_REACHED). Audited (\`api_key.create\`).`,
    inContract: false,
    body: apiKeyCreateBody,
    data: apiKeySecretAnswer,
    answer: 'The new key, with its secret (shown this once).',
    message: 'API key created. Copy it now: it will not be shown again.',
    errors: ['LIMIT_REACHED'],
  },
  rotate: {
    summary: 'Rotate an API key',
    description: `Owners only. A new secret for the key, in this answer only; the old one still works for ${API_KEY_ROTATION_OVERLAP_HOURS} hours (\`previous_until\`), then never. A revoked key cannot be rotated (409 INVALID_TRANSITION). Audited (\`api_key.rotate\`).`,
    inContract: false,
    body: apiKeyIdBody,
    data: apiKeySecretAnswer,
    answer: 'The key, with its new secret (shown this once).',
    message: 'New secret made. Copy it now: it will not be shown again.',
    errors: ['NOT_FOUND', 'INVALID_TRANSITION'],
  },
  revoke: {
    summary: 'Revoke an API key',
    description:
      'Owners only. The key and its old secret stop working at once, on every instance (each call reads the key). For good; revoking it again changes nothing. Audited (`api_key.revoke`).',
    inContract: false,
    body: apiKeyIdBody,
    data: apiKeyOnlyAnswer,
    answer: 'The key as it is now.',
    message: 'API key revoked.',
    errors: ['NOT_FOUND'],
  },
  legacyOff: {
    summary: "Turn off the configuration's merchant key",
    description:
      'Owners only, with `confirm: true`. The merchant key of the configuration (`MERCHANT_API_KEY`, or the one the embedded provider generated) stops working at once; until then it works with every scope. For good: a different key set in the configuration works again, and the start-up log says whether it works. Audited (`api_key.legacy_off`).',
    inContract: false,
    body: legacyOffBody,
    data: legacyKeyOnlyAnswer,
    answer: 'The merchant key as it is now.',
    message: 'The old merchant key is off.',
  },
});
