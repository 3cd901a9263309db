import { useCampaignPreferences, useSaveCampaignPreferences } from '../../api/campaigns';
import { useAction } from '../../shared/action';
import { isNetworkFailure, messageOf } from '../../shared/errors';
import { CampaignSwitch } from './campaign-switch';

/** The profile's "Offers and reminders": campaign/preferences, saved by campaign/unsubscribe. */
export function CampaignSwitchContainer() {
  const preferences = useCampaignPreferences();
  const save = useSaveCampaignPreferences();
  const change = useAction((subscribed: boolean) => save(subscribed));
  // a read that could not be made (offline: the app keeps no copy of it) is no error box: the offline
  // line says so, and the switch says when it shows
  const unread = isNetworkFailure(preferences.error);
  const failed = change.error ?? (unread ? undefined : preferences.error);
  return (
    <CampaignSwitch
      subscribed={preferences.data?.subscribed ?? null}
      unavailable={unread && !preferences.data}
      saving={change.pending}
      error={failed ? messageOf(failed) : null}
      onChange={(subscribed) => void change.run(subscribed)}
    />
  );
}
