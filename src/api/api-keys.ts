/**
 * Scoped API keys (issue 52), the merchant console's (its hooks are functions only, so the customer app's
 * build, which never calls them, drops them with the console's calls they name).
 */
import type { ApiKeyCreateInput } from '#contract/api-keys';
import { apiKeysConsoleApi } from '#contract/api-keys.calls';
import { staffApi } from '#contract/staff.calls';
import { callApi } from './client';
import { useCall } from './use-call';
import { useMutation } from './mutation';

/** Every key and the server's merchant key: read again every minute, as `last used` moves. */
export const useApiKeys = () => useCall(apiKeysConsoleApi.keys, undefined, { refreshInterval: 60_000 });

/** A change to a key shows in the list and in the activity log. */
// a function, not a constant: the customer app's build drops it with the console's calls it names
const keysChanged = () => ({ refreshes: [apiKeysConsoleApi.keys.path, staffApi.audit.path], wait: true });
export const useCreateApiKey = () => useMutation((body: ApiKeyCreateInput) => callApi(apiKeysConsoleApi.create, body), keysChanged());
export const useRotateApiKey = () => useMutation((id: number) => callApi(apiKeysConsoleApi.rotate, { id }), keysChanged());
export const useRevokeApiKey = () => useMutation((id: number) => callApi(apiKeysConsoleApi.revoke, { id }), keysChanged());
export const useLegacyKeyOff = () => useMutation(() => callApi(apiKeysConsoleApi.legacyOff, { confirm: true }), keysChanged());
