/**
 * Scoped API keys (issue 52): the owner's keys for a till, an accounting or a marketing tool, each with the
 * scopes it needs (api-key-rules.ts), named, shown once, revoked or rotated at once on every instance, and
 * the merchant key of the configuration (`MERCHANT_API_KEY`, or the embedded provider's generated one),
 * which works as a key with every scope until an owner turns it off. The schemas of the area's calls
 * (api-keys.calls.ts declares them, api-keys.spec.ts describes them) and the types inferred from them.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { int, time } from './answer-fields';
import { id, requiredText } from './fields';
import { API_KEY_SCOPES } from './api-key-rules';

export * from './api-key-rules';

const scopeList = z
  .array(z.enum(API_KEY_SCOPES, { error: `must be one of ${API_KEY_SCOPES.join(', ')}` }), { error: 'must be a list such as ["orders:write"]' })
  .min(1, 'choose at least one thing the key may do')
  .max(API_KEY_SCOPES.length, 'must name each scope once')
  .refine((s) => new Set(s).size === s.length, 'must name each scope once');

/** `merchant/api-keys/create`: a key's name (what it is for: "Front till") and what it may do. */
export const apiKeyCreateBody = z.object({ name: requiredText(60), scopes: scopeList });
export type ApiKeyCreateInput = z.input<typeof apiKeyCreateBody>;

/** `merchant/api-keys/rotate` and `…/revoke`: the key, by its id. */
export const apiKeyIdBody = z.object({ id });
export type ApiKeyIdInput = z.infer<typeof apiKeyIdBody>;

/** `merchant/api-keys/legacy-off`: asked first (it stops a till that still uses the key). */
export const legacyOffBody = z.object({ confirm: z.literal(true, { error: 'must be true: turning the old key off stops whatever still uses it' }) });
export type LegacyOffInput = z.input<typeof legacyOffBody>;

/** A key as the console lists it: never its secret. */
export const apiKeyAnswer = z
  .object({
    id: int(),
    name: z.string(),
    scopes: z.array(z.enum(API_KEY_SCOPES)),
    shown: z.string().meta({ description: 'its first characters (`lk_` and 6 more), to tell keys apart; never enough to use it' }),
    created_at: time(),
    last_used_at: time().nullable().meta({ description: 'its last call (to the minute); null: never used' }),
    rotated_at: time().nullable(),
    previous_until: time().nullable().meta({ description: 'after a rotation, until when the old secret still works; null: none' }),
    revoked_at: time().nullable().meta({ description: 'null: it works' }),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof apiKeyAnswer>;

/** The merchant key of the configuration, as the console shows it. */
export const legacyKeyAnswer = z
  .object({
    on: z.boolean().meta({ description: 'it works, with every scope; false once an owner turned it off' }),
    turned_off_at: time().nullable(),
    last_used_at: time().nullable(),
  })
  .meta({ id: 'LegacyMerchantKey' });
export type LegacyKey = z.infer<typeof legacyKeyAnswer>;

export const apiKeysAnswer = z.object({ keys: z.array(apiKeyAnswer), legacy_key: legacyKeyAnswer });
export type ApiKeysData = z.infer<typeof apiKeysAnswer>;
export const apiKeyOnlyAnswer = z.object({ key: apiKeyAnswer });
export type ApiKeyData = z.infer<typeof apiKeyOnlyAnswer>;
/** A new or rotated key, with its secret: shown this once, kept only as a hash. */
export const apiKeySecretAnswer = z.object({
  key: apiKeyAnswer,
  secret: z.string().meta({ description: 'the whole key (`lk_…`), shown this once: the provider keeps only its hash' }),
});
export type ApiKeySecretData = z.infer<typeof apiKeySecretAnswer>;
export const legacyKeyOnlyAnswer = z.object({ legacy_key: legacyKeyAnswer });
export type LegacyKeyData = z.infer<typeof legacyKeyOnlyAnswer>;
