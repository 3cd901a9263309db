import { useEffect, useState } from 'react';
import type { PushKind } from '#contract/push-kinds';
import { usePushStatus, useSavePushPreferences, useSubscribePush, useUnsubscribePush } from '../../api/push';
import {
  currentSubscription,
  dismissPushCard,
  pushCardDismissed,
  pushFailureText,
  pushSupport,
  subscribeThisBrowser,
  unsubscribeThisBrowser,
  type PushSupport,
} from '../../app/push';
import { useAction } from '../../shared/action';
import { messageOf } from '../../shared/errors';
import { PushPermissionCard, type PushCardState } from './push-permission-card';
import { PushSettings, type PushSettingsState } from './push-settings';

/**
 * This browser and the customer's push settings together: whether the shop sends pushes (its key),
 * what this browser can do and answered, whether it is subscribed; Turn on (our explanation first,
 * then the browser's prompt, then push/subscribe) and Turn off.
 */
function usePush() {
  const status = usePushStatus();
  const [support, setSupport] = useState<PushSupport>(() => pushSupport());
  // whether this browser has a subscription: null until known
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const subscribe = useSubscribePush();
  const unsubscribe = useUnsubscribePush();
  const publicKey = status.data?.public_key ?? null;

  useEffect(() => {
    let live = true;
    currentSubscription().then(
      (s) => live && setSubscribed(s !== null),
      () => live && setSubscribed(false),
    );
    return () => {
      live = false;
    };
  }, []);

  const turnOn = useAction(async () => {
    if (!publicKey) return;
    const result = await subscribeThisBrowser(publicKey);
    if ('refused' in result) {
      setSupport(result.refused);
      return;
    }
    await subscribe(result.subscription);
    setSupport('granted');
    setSubscribed(true);
  });
  const turnOff = useAction(async () => {
    const endpoint = await unsubscribeThisBrowser();
    if (endpoint) await unsubscribe(endpoint);
    setSubscribed(false);
  });
  return { status, support, subscribed, publicKey, turnOn, turnOff };
}

const failure = (err: unknown) => pushFailureText(err, messageOf);

/** The order page's card (after a first order): offered once per browser, until Allow or Not now. */
export function PushPermissionCardContainer() {
  const { support, subscribed, publicKey, turnOn } = usePush();
  // what the card shows after an answer (allowed, denied) until it is closed
  const [closed, setClosed] = useState(() => pushCardDismissed());
  const [answered, setAnswered] = useState(false);
  if (closed || !publicKey || subscribed === null || support === 'unsupported') return null;
  let state: PushCardState;
  if (turnOn.pending) state = 'working';
  else if (turnOn.error) state = 'error';
  else if (answered && subscribed) state = 'allowed';
  else if (answered && support === 'denied') state = 'denied';
  else if (subscribed || support === 'denied') return null;
  else if (support === 'needs-install') state = 'needs-install';
  else state = 'explained';
  const close = () => {
    dismissPushCard();
    setClosed(true);
  };
  return (
    <PushPermissionCard
      state={state}
      error={failure(turnOn.error)}
      onAllow={() => {
        setAnswered(true);
        void turnOn.run();
      }}
      onNotNow={close}
      onClose={close}
    />
  );
}

/** The profile's "Notifications on this phone". */
export function PushSettingsContainer() {
  const { status, support, subscribed, publicKey, turnOn, turnOff } = usePush();
  const save = useSavePushPreferences();
  const toggle = useAction((kind: PushKind, on: boolean) => save({ [kind]: on }));
  let state: PushSettingsState;
  if (!publicKey || !status.data || subscribed === null || support === 'unsupported') state = 'hidden';
  else if (turnOn.pending || turnOff.pending) state = 'working';
  else if (subscribed) state = 'on';
  else if (support === 'denied') state = 'denied';
  else if (support === 'needs-install') state = 'needs-install';
  else state = 'off';
  return (
    <PushSettings
      state={state}
      preferences={status.data?.preferences ?? { order_status: true, points: true, rewards: true, expiring: true, campaigns: true }}
      savingKind={toggle.running?.[0] ?? null}
      error={failure(turnOn.error ?? turnOff.error ?? toggle.error)}
      onTurnOn={() => void turnOn.run()}
      onTurnOff={() => void turnOff.run()}
      onToggle={(kind, on) => void toggle.run(kind, on)}
    />
  );
}
