import { useMemo } from 'react';
import type { SiteSettings } from '#contract';
import { formatMoney } from '#contract/money';
import type { StaffMember } from '#contract/staff';
import { useSetup } from '../../api/channels';
import { useDashboard } from '../../api/dashboard';
import { useRewards } from '../../api/rewards';
import { useSettings } from '../../api/settings';
import { useCatalog } from '../../api/shop';
import { useStaffMe } from '../../api/staff';
import { consoleLink } from '../../console/link';
import { messageOf } from '../../shared/errors';
import { ConsoleHomeScreen } from './console-home-screen';

/** An owner's overview: the set-up checklist until the shop is live, then today's figures; the shop as a customer sees it. */
function OwnerHome({ me }: { me: Pick<StaffMember, 'name' | 'role'> }) {
  const setup = useSetup();
  const live = setup.data?.live === true;
  const today = useDashboard('today', live);
  const settings = useSettings().data as SiteSettings | undefined;
  const catalog = useCatalog();
  const rewards = useRewards();
  const money = useMemo(() => (minor: number) => formatMoney(minor, settings?.currency ?? 'PHP', settings?.locale ?? 'en'), [settings]);
  return (
    <ConsoleHomeScreen
      name={me.name}
      role={me.role}
      renderLink={consoleLink}
      setup={setup.data}
      setupError={setup.error ? messageOf(setup.error) : null}
      onRetrySetup={() => void setup.mutate()}
      today={today.data?.figures}
      money={money}
      preview={settings && catalog.data && rewards.data ? { settings, categories: catalog.data.categories, rewards: rewards.data.rewards } : undefined}
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
