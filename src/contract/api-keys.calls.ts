/**
 * The calls of scoped API keys (issue 52), declared once (api.ts): the owner's keys in the merchant
 * console. A key itself is sent as `x-merchant-key` to the merchant calls (`call.merchantKey`), each of
 * which names the scope it needs. Their schemas are in api-keys.ts, their words in api-keys.spec.ts.
 */
import { consoleCalls, call } from './api';
import type { ApiKeyCreateInput, ApiKeyData, ApiKeyIdInput, ApiKeySecretData, ApiKeysData, LegacyKeyData, LegacyOffInput } from './api-keys';

/** console calls, owners only: the customer app's build drops them */
export const apiKeysConsoleApi = consoleCalls(() => ({
  keys: call.owner.get<ApiKeysData>('merchant/api-keys'),
  create: call.owner.post<ApiKeySecretData, ApiKeyCreateInput>('merchant/api-keys/create', { status: 201 }),
  /** a new secret; the old one works for API_KEY_ROTATION_OVERLAP_HOURS more */
  rotate: call.owner.post<ApiKeySecretData, ApiKeyIdInput>('merchant/api-keys/rotate'),
  revoke: call.owner.post<ApiKeyData, ApiKeyIdInput>('merchant/api-keys/revoke'),
  /** the configuration's merchant key stops working (for good, until the configuration's key changes) */
  legacyOff: call.owner.post<LegacyKeyData, LegacyOffInput>('merchant/api-keys/legacy-off'),
}));
