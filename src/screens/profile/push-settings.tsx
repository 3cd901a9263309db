import { useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { PUSH_KINDS, type PushKind } from '#contract/push-kinds';
import type { PushPreferences } from '#contract/push';
import { Button, Notice, cardClass, cx } from '../../ui';
import { SwitchRow } from './switch-row';

/**
 * The profile's "Notifications on this phone": whether this browser receives pushes (Turn on / Turn
 * off), and which kinds, for every phone of the customer. Hidden where push is not set up or this
 * browser has none (the container says so with `state: 'hidden'`).
 */
export type PushSettingsState = 'off' | 'working' | 'on' | 'denied' | 'needs-install' | 'hidden';

/** Each kind's switch: its name and what it sends, in the language spoken. */
const KIND_WORDS: Record<PushKind, { label: MessageDescriptor; hint: MessageDescriptor }> = {
  order_status: { label: msg`Order updates`, hint: msg`When your order is being prepared and when it is ready` },
  points: { label: msg`Points`, hint: msg`When points are added to your balance` },
  rewards: { label: msg`Rewards`, hint: msg`When a reward is within reach` },
  expiring: { label: msg`Expiring points`, hint: msg`A week before points expire` },
  campaigns: { label: msg`Offers`, hint: msg`Offers and news from the shop` },
};

export interface PushSettingsProps {
  state: PushSettingsState;
  preferences: PushPreferences;
  /** a kind being saved */
  savingKind?: PushKind | null;
  error?: string | null;
  onTurnOn?: () => void;
  onTurnOff?: () => void;
  onToggle?: (kind: PushKind, on: boolean) => void;
}

export function PushSettings({ state, preferences, savingKind = null, error, onTurnOn, onTurnOff, onToggle }: PushSettingsProps) {
  const { t } = useLingui();
  if (state === 'hidden') return null;
  const working = state === 'working';
  return (
    <section aria-labelledby="push-settings-title" className={cx(cardClass(), 'flex flex-col gap-3')}>
      <h2 id="push-settings-title" className="text-lg font-semibold">
        {t`Notifications on this phone`}
      </h2>
      {state === 'needs-install' && (
        <p className="text-sm text-muted">
          {t`On iPhone and iPad, notifications work in the installed app: tap Share, then Add to Home Screen, and open the shop from your Home Screen.`}
        </p>
      )}
      {state === 'denied' && (
        <Notice tone="warning" title={t`Blocked in your browser`}>
          {t`To get notifications, allow them for this site in your browser's settings, then come back here. Your messages stay in the app's inbox either way.`}
        </Notice>
      )}
      {(state === 'off' || working) && (
        <>
          <p className="text-sm text-muted">
            {t`Get a message when your order is ready, when points arrive and before they expire. Everything also stays in your inbox.`}
          </p>
          <div>
            <Button onClick={onTurnOn} disabled={working} aria-busy={working || undefined}>
              {working ? t`Turning on…` : t`Turn on notifications`}
            </Button>
          </div>
        </>
      )}
      {state === 'on' && (
        <>
          <p className="text-sm text-muted">{t`This phone gets a message for what is switched on. Your choices apply to every phone you use.`}</p>
          <ul className="flex flex-col divide-y divide-border" aria-label={t`What we send`}>
            {PUSH_KINDS.map((kind) => (
              <SwitchRow
                key={kind}
                label={t(KIND_WORDS[kind].label)}
                hint={t(KIND_WORDS[kind].hint)}
                on={preferences[kind]}
                disabled={savingKind !== null}
                onChange={(on) => onToggle?.(kind, on)}
              />
            ))}
          </ul>
          <div>
            <Button variant="secondary" onClick={onTurnOff}>
              {t`Turn off on this phone`}
            </Button>
          </div>
        </>
      )}
      {error && (
        <Notice tone="danger" title={t`That didn't work`}>
          {error}
        </Notice>
      )}
    </section>
  );
}
