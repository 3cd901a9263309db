import { plural, t as say } from '@lingui/core/macro';
import { useMemo } from 'react';
import type { SiteSettings } from '#contract';
import { formatMoney } from '#contract/money';
import type { StaffMember } from '#contract/staff';
import { useClearDemo, useSetup } from '../../../api/channels';
import { useDashboard } from '../../../api/dashboard';
import { useRewards } from '../../../api/rewards';
import { useSettings } from '../../../api/settings';
import { useStampPrograms } from '../../../api/stamp-programs';
import { useTiersConsole } from '../../../api/tiers-console';
import { useCatalog } from '../../../api/shop';
import { useStaffMe } from '../../../api/staff';
import { consoleLink } from '../../../console/link';
import { useAction } from '../../../shared/action';
import { messageOf } from '../../../shared/errors';
import { toast } from '../../../ui';
import { ConsoleHomeScreen } from './overview-screen';
import { sampleStampCards, sampleTier } from '../shared/preview-samples';

/** An owner's overview: the set-up checklist until the shop is live, then today's figures; the shop as a customer sees it. */
function OwnerHome({ me }: { me: Pick<StaffMember, 'name' | 'role'> }) {
  const setup = useSetup();
  const clearDemo = useClearDemo();
  const clear = useAction(async () => {
    try {
      const done = await clearDemo();
      const products = done.products_archived;
      const rewards = done.rewards_retired;
      toast.success(
        say`The demo is cleared: ${plural(products, { one: '# product archived', other: '# products archived' })}, ${plural(rewards, { one: '# reward retired', other: '# rewards retired' })}.`,
      );
    } catch (err) {
      toast.error(messageOf(err));
    }
  });
  const live = setup.data?.live === true;
  const today = useDashboard('today', live);
  const settings = useSettings().data as SiteSettings | undefined;
  const catalog = useCatalog();
  const rewards = useRewards();
  // the Home a customer sees has their tier and stamp cards when the shop has them on: the preview's sample has them too
  const tiers = useTiersConsole();
  const stamps = useStampPrograms();
  const settled = (tiers.data || tiers.error) && (stamps.data || stamps.error);
  const money = useMemo(() => (minor: number) => formatMoney(minor, settings?.currency ?? 'PHP', settings?.locale ?? 'en'), [settings]);
  return (
    <ConsoleHomeScreen
      name={me.name}
      role={me.role}
      renderLink={consoleLink}
      setup={setup.data}
      setupError={setup.error ? messageOf(setup.error) : null}
      onRetrySetup={() => void setup.mutate()}
      onClearDemo={() => void clear.run()}
      clearingDemo={clear.pending}
      today={today.data?.figures}
      money={money}
      preview={
        settings && catalog.data && rewards.data && settled
          ? {
              settings,
              categories: catalog.data.categories,
              rewards: rewards.data.rewards,
              tier: sampleTier(tiers.data),
              stampCards: sampleStampCards(stamps.data?.programs, catalog.data.categories, rewards.data.rewards),
            }
          : undefined
      }
    />
  );
}

/** /merchant: the overview. */
export default function ConsoleHomeContainer() {
  const me = useStaffMe();
  if (!me.data) return null;
  const { staff } = me.data;
  return staff.role === 'owner' ? <OwnerHome me={staff} /> : <ConsoleHomeScreen name={staff.name} role={staff.role} renderLink={consoleLink} />;
}
