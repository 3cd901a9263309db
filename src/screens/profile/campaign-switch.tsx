import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Skeleton, SkeletonGroup } from '../../ui';
import { SettingCard } from './setting-card';
import { SwitchRow } from './switch-row';

/**
 * The profile's "Offers and reminders": whether the shop's automatic campaigns (welcome, we miss you,
 * nearly there, points expiring, birthday) reach the customer at all: in the inbox, by push and by
 * e-mail. For every phone, unlike the push switches; the e-mails' unsubscribe link turns the same off.
 */
export interface CampaignSwitchProps {
  /** null while loading */
  subscribed: boolean | null;
  /** not read, and it could not be (offline): says when it shows, no error */
  unavailable?: boolean;
  saving?: boolean;
  /** the reading or the saving failed */
  error?: string | null;
  onChange?: (subscribed: boolean) => void;
}

export function CampaignSwitch({ subscribed, unavailable = false, saving = false, error, onChange }: CampaignSwitchProps) {
  const { t } = useLingui();
  let body: ReactNode = null;
  if (subscribed !== null) {
    body = (
      <ul className="flex flex-col">
        <SwitchRow
          label={t`Send me offers and reminders`}
          hint={t`A welcome, a treat when we miss you, a nudge when a reward is close or points are about to expire, and your birthday. In the app, and by e-mail if you added one.`}
          on={subscribed}
          disabled={saving}
          onChange={(on) => onChange?.(on)}
        />
      </ul>
    );
  } else if (unavailable) {
    body = <p className="text-muted">{t`Your choice shows when you're back online.`}</p>;
  } else if (!error) {
    body = (
      <SkeletonGroup label={t`Loading your choice`}>
        <Skeleton height="3rem" />
      </SkeletonGroup>
    );
  }
  return (
    <SettingCard id="campaign-switch-title" title={t`Offers and reminders`} error={error}>
      {body}
    </SettingCard>
  );
}
