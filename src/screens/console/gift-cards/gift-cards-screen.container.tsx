import type { SiteSettings } from '#contract';
import { useGiftCardSettings, useSaveGiftCardSettings } from '../../../api/gift-cards';
import { useSettings } from '../../../api/settings';
import { useStaffMe } from '../../../api/staff';
import { messageOf } from '../../../shared/errors';
import { saved } from '../shared/save.container';
import { GiftCardsScreen } from './gift-cards-screen';

/** /merchant/gift-cards (owners): merchant/gift-cards/settings, saved with …/settings/update. */
export default function GiftCardsContainer() {
  const settings = useGiftCardSettings();
  const site = useSettings().data as SiteSettings | undefined;
  const owner = useStaffMe().data?.staff.role === 'owner';
  const save = useSaveGiftCardSettings();
  return (
    <GiftCardsScreen
      settings={settings.data?.settings}
      loading={settings.isLoading}
      error={settings.error ? messageOf(settings.error) : null}
      onRetry={() => void settings.mutate()}
      canEdit={owner}
      locale={site?.locale ?? 'en'}
      currency={settings.data?.settings.currency ?? site?.currency ?? 'PHP'}
      onSave={(fields) => saved(() => save(fields))}
    />
  );
}
