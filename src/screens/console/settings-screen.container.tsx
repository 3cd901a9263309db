import { useShopSettings, useUpdateShopSettings } from '../../api/shop-settings';
import { messageOf } from '../../shared/errors';
import { saved } from './save.container';
import { SettingsScreen } from './settings-screen';

/** /merchant/settings (owners): the form read from merchant/settings, saved field by field as changed. */
export default function SettingsContainer() {
  const settings = useShopSettings();
  const update = useUpdateShopSettings();
  return (
    <SettingsScreen
      {...(settings.data ? { settings: settings.data } : {})}
      loading={settings.isLoading}
      error={settings.error ? messageOf(settings.error) : null}
      onRetry={() => void settings.mutate()}
      onSave={(changes) => saved(() => update(changes))}
    />
  );
}
