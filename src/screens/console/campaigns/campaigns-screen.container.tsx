import type { SiteSettings } from '#contract';
import { useCampaignsConsole, useSaveCampaign } from '../../../api/campaigns-console';
import { useSettings } from '../../../api/settings';
import { useStaffMe } from '../../../api/staff';
import { messageOf } from '../../../shared/errors';
import { saved } from '../shared/save.container';
import { CampaignsScreen } from './campaigns-screen';

/** /merchant/campaigns (staff read, owners change): the automatic campaigns from merchant/campaigns, each saved with merchant/campaigns/update. */
export default function CampaignsContainer() {
  const campaigns = useCampaignsConsole();
  const owner = useStaffMe().data?.staff.role === 'owner';
  const settings = useSettings().data as SiteSettings | undefined;
  const save = useSaveCampaign();
  return (
    <CampaignsScreen
      data={campaigns.data}
      loading={campaigns.isLoading}
      error={campaigns.error ? messageOf(campaigns.error) : null}
      onRetry={() => void campaigns.mutate()}
      locale={settings?.locale ?? 'en'}
      canEdit={owner}
      onSave={(c) => saved(() => save(c))}
    />
  );
}
