import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { ApiRequestError } from '../../api/client';
import type { SpinData } from '#contract';
import { profileKey } from '../../api/customer';
import { notificationsKey } from '../../api/notifications';
import { storageKey } from '../../api/rewards';
import { spinWheel, useWheel, wheelKey } from '../../api/wheel';
import { messageOf } from '../../app/errors';
import { useKeyedAction } from '../../app/keyed-action';
import { AppNav } from '../../app/nav';
import { to } from '#contract/routes';
import { useSite } from '../../app/settings';
import type { StorageState } from '../rewards/reward-storage-screen.container';
import { SpinScreen } from './spin-screen';

/**
 * /spin: the wheel and its odds. Spin draws on the provider (one spin per tap); the wheel turns while
 * it answers, lands on the server's segment, and only then shows the prize. The wheel's counts, the
 * points and the vouchers are read again after each spin.
 */
export default function SpinPage() {
  const { settings } = useSite();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const wheel = useWheel();
  const spin = useKeyedAction((key) => spinWheel(key));
  const [spinning, setSpinning] = useState(false);
  const [result, setResult] = useState<SpinData | null>(null);
  // The wheel lands again whenever its segments change; reading the config again after a spin (new
  // counts, same segments) must not spin it a second time, so equal segments keep their identity.
  const segmentsText = JSON.stringify(wheel.data?.segments ?? null);
  const segments = useMemo(() => wheel.data?.segments, [segmentsText]);
  const config = useMemo(() => (wheel.data && segments ? { ...wheel.data, segments } : null), [wheel.data, segments]);

  const onSpin = async () => {
    if (spinning) return;
    setResult(null);
    setSpinning(true);
    const outcome = await spin.start();
    if (!outcome) return;
    if (outcome.ok) {
      // the wheel lands on it, then calls onSpinEnd
      setResult(outcome.value);
      for (const key of [wheelKey, profileKey, storageKey('active'), notificationsKey(1)]) void mutate(key);
      return;
    }
    setSpinning(false);
    // NO_SPINS_LEFT and a short balance: the wheel's counts were out of date; reading them again shows why
    if (outcome.error instanceof ApiRequestError && outcome.error.status === 409) void wheel.mutate();
  };

  const voucherId = result?.prize.voucher?.id;
  return (
    <SpinScreen
      config={config}
      loading={wheel.isLoading}
      error={wheel.error ? messageOf(wheel.error) : null}
      onRetry={() => void wheel.mutate()}
      spinning={spinning}
      result={result}
      spinError={spin.error ? messageOf(spin.error) : null}
      onSpin={() => void onSpin()}
      onSpinEnd={() => setSpinning(false)}
      onOpenStorage={() => void navigate(to.rewardStorage('active'), { state: { voucherId } satisfies StorageState })}
      nav={<AppNav />}
      locale={settings.locale}
      timeZone={settings.timezone}
    />
  );
}
