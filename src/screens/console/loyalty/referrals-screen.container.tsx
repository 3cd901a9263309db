import type { SiteSettings } from '#contract';
import { useReferralsConsole, useVoidReferral } from '../../../api/referrals-console';
import { useSettings } from '../../../api/settings';
import { useStaffMe } from '../../../api/staff';
import { messageOf } from '../../../shared/errors';
import { consoleTimeFormat } from '../shared/console-format';
import { ReferralReviewContainer } from './referral-review.container';
import { ReferralsScreen } from './referrals-screen';

/** /merchant/loyalty/referrals (staff read, owners void and review): an owner's review queue above the referrals from merchant/loyalty/referrals. */
export default function ReferralsContainer() {
  const referrals = useReferralsConsole();
  const owner = useStaffMe().data?.staff.role === 'owner';
  const settings = useSettings().data as SiteSettings | undefined;
  const voidReferral = useVoidReferral();
  return (
    <div className="flex flex-col gap-6">
      {owner && <ReferralReviewContainer />}
      <ReferralsScreen
        data={referrals.data}
        loading={referrals.isLoading}
        error={referrals.error ? messageOf(referrals.error) : null}
        onRetry={() => void referrals.mutate()}
        locale={settings?.locale ?? 'en'}
        time={consoleTimeFormat(settings)}
        canEdit={owner}
        onVoid={async (id, reason) => {
          try {
            await voidReferral(id, reason);
            return null;
          } catch (err) {
            return messageOf(err);
          }
        }}
      />
    </div>
  );
}
