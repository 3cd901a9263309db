import type { SiteSettings } from '#contract';
import { useRewardsEditor } from '../../../api/rewards';
import { useSettings } from '../../../api/settings';
import { useStaffMe } from '../../../api/staff';
import { useSaveTiers, useTiersConsole } from '../../../api/tiers-console';
import { messageOf } from '../../../shared/errors';
import { saved } from '../shared/save.container';
import { TiersScreen } from './tiers-screen';

/**
 * /merchant/loyalty/tiers (staff read, owners change): the programme from merchant/loyalty/tiers; an owner
 * chooses its rewards among the catalogue's active ones.
 */
export default function TiersContainer() {
  const program = useTiersConsole();
  const owner = useStaffMe().data?.staff.role === 'owner';
  // staff may not read the catalogue: they see the rewards the programme names
  const catalogue = useRewardsEditor(owner);
  const settings = useSettings().data as SiteSettings | undefined;
  const save = useSaveTiers();
  return (
    <TiersScreen
      program={program.data}
      loading={program.isLoading}
      error={program.error ? messageOf(program.error) : null}
      onRetry={() => void program.mutate()}
      locale={settings?.locale ?? 'en'}
      canEdit={owner}
      rewards={catalogue.data?.rewards.filter((r) => r.active).map((r) => ({ id: r.id, title: r.title }))}
      onSave={(p) => saved(() => save(p))}
    />
  );
}
