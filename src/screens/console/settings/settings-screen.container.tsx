import { useBackupStatus } from '../../../api/backups';
import { useRewardsEditor } from '../../../api/rewards';
import { useShopSettings, useUpdateShopSettings } from '../../../api/shop-settings';
import { messageOf } from '../../../shared/errors';
import { saved } from '../shared/save.container';
import { BackupStatus } from './backup-status';
import { SettingsScreen } from './settings-screen';

/** /merchant/settings (owners): the form read from merchant/settings, saved field by field as changed. */
export default function SettingsContainer() {
  const settings = useShopSettings();
  const update = useUpdateShopSettings();
  // the birthday treat is chosen among the catalogue's active rewards
  const catalogue = useRewardsEditor();
  const backups = useBackupStatus();
  return (
    <div className="flex flex-col gap-4">
      <BackupStatus status={backups.data} error={backups.error ? messageOf(backups.error) : null} />
      <SettingsScreen
        {...(settings.data ? { settings: settings.data } : {})}
        loading={settings.isLoading}
        error={settings.error ? messageOf(settings.error) : null}
        onRetry={() => void settings.mutate()}
        onSave={(changes) => saved(() => update(changes))}
        rewards={catalogue.data?.rewards.filter((r) => r.active).map((r) => ({ name: r.name, title: r.title }))}
      />
    </div>
  );
}
