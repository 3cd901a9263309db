import { useCampaignPreferences, useSaveCampaignPreferences } from '../../api/campaigns';
import { useAction } from '../../shared/action';
import { messageOf } from '../../shared/errors';
import { CampaignSwitch } from './campaign-switch';

/** The profile's "Offers and reminders": campaign/preferences, saved by campaign/unsubscribe. */
export function CampaignSwitchContainer() {
  const preferences = useCampaignPreferences();
  const save = useSaveCampaignPreferences();
  const change = useAction((subscribed: boolean) => save(subscribed));
  const failed = change.error ?? preferences.error;
  return (
    <CampaignSwitch
      subscribed={preferences.data?.subscribed ?? null}
      saving={change.pending}
      error={failed ? messageOf(failed) : null}
      onChange={(subscribed) => void change.run(subscribed)}
    />
  );
}
