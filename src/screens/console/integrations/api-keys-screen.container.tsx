import type { SiteSettings } from '#contract';
import { useApiKeys, useCreateApiKey, useLegacyKeyOff, useRevokeApiKey, useRotateApiKey } from '../../../api/api-keys';
import { useSettings } from '../../../api/settings';
import { messageOf } from '../../../shared/errors';
import { problemOf, saved } from '../shared/save.container';
import { ApiKeysScreen } from './api-keys-screen';

/**
 * /merchant/api-keys (owners): merchant/api-keys, a key made with merchant/api-keys/create or given a new
 * secret with merchant/api-keys/rotate (each secret shown once), revoked with merchant/api-keys/revoke, and
 * the server's merchant key turned off with merchant/api-keys/legacy-off.
 */
export default function ApiKeysContainer() {
  const keys = useApiKeys();
  const settings = useSettings().data as SiteSettings | undefined;
  const create = useCreateApiKey();
  const rotate = useRotateApiKey();
  const revoke = useRevokeApiKey();
  const legacyOff = useLegacyKeyOff();
  const withSecret = async (run: () => Promise<{ secret: string }>) => {
    try {
      return { secret: (await run()).secret };
    } catch (err) {
      return problemOf(err);
    }
  };
  return (
    <ApiKeysScreen
      keys={keys.data?.keys}
      legacyKey={keys.data?.legacy_key}
      loading={keys.isLoading}
      error={keys.error ? messageOf(keys.error) : null}
      onRetry={() => void keys.mutate()}
      locale={settings?.locale ?? 'en'}
      timeZone={settings?.timezone ?? 'UTC'}
      onCreate={(name, scopes) => withSecret(() => create({ name, scopes }))}
      onRotate={(id) => withSecret(() => rotate(id))}
      onRevoke={(id) => saved(() => revoke(id))}
      onLegacyOff={() => saved(() => legacyOff())}
      {...(navigator.clipboard ? { onCopy: (secret: string) => void navigator.clipboard.writeText(secret) } : {})}
    />
  );
}
