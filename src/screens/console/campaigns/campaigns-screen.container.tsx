import { useState } from 'react';
import type { SiteSettings } from '#contract';
import { useBroadcastAudience, useBroadcasts, useCampaignsConsole, useSaveCampaign, useSendBroadcast } from '../../../api/campaigns-console';
import { useSettings } from '../../../api/settings';
import { useStaffMe } from '../../../api/staff';
import { messageOf } from '../../../shared/errors';
import { saved } from '../shared/save.container';
import { BroadcastPanel } from './broadcast-panel';
import { CampaignsScreen } from './campaigns-screen';
import { useTranslationLanguages } from '../shared/translation-languages.container';

/**
 * /merchant/campaigns (staff read, owners change): a one-off message sent now (merchant/campaigns/broadcasts…:
 * its audience counted, sent, the past ones listed), then the automatic campaigns from merchant/campaigns,
 * each saved with merchant/campaigns/update.
 */
export default function CampaignsContainer() {
  const languages = useTranslationLanguages();
  const campaigns = useCampaignsConsole();
  const owner = useStaffMe().data?.staff.role === 'owner';
  const settings = useSettings().data as SiteSettings | undefined;
  const save = useSaveCampaign();
  const broadcasts = useBroadcasts();
  const [tier, setTier] = useState<number | null>(null);
  const audience = useBroadcastAudience(tier, owner);
  const send = useSendBroadcast();
  const locale = settings?.locale ?? 'en';
  return (
    <div className="flex flex-col gap-6">
      <BroadcastPanel
        languages={languages}
        data={broadcasts.data}
        loading={broadcasts.isLoading}
        error={broadcasts.error ? messageOf(broadcasts.error) : null}
        onRetry={() => void broadcasts.mutate()}
        locale={locale}
        timeZone={campaigns.data?.timezone ?? 'UTC'}
        canSend={owner}
        audience={audience.isLoading ? undefined : audience.data?.customers}
        audienceError={audience.error ? messageOf(audience.error) : null}
        onTierChange={setTier}
        onSend={(b) => saved(() => send(b))}
      />
      <CampaignsScreen
        languages={languages}
        data={campaigns.data}
        loading={campaigns.isLoading}
        error={campaigns.error ? messageOf(campaigns.error) : null}
        onRetry={() => void campaigns.mutate()}
        locale={locale}
        canEdit={owner}
        onSave={(c) => saved(() => save(c))}
      />
    </div>
  );
}
