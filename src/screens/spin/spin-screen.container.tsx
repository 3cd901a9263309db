import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SpinData, WheelSegment } from '#contract';
import { useSpinWheel, useWheel } from '../../api/wheel';
import { messageOf } from '../../shared/errors';
import { useKeyedAction } from '../../shared/action';
import { AppNav } from '../../app/nav';
import { to } from '#contract/routes';
import { useSite } from '../../app/settings';
import type { StorageState } from '../rewards/reward-storage-screen.container';
import { SpinScreen } from './spin-screen';
import { useLanguage } from '../../i18n/language';

/**
 * /spin: the wheel and its odds. Spin draws on the provider (one spin per tap); the wheel turns while
 * it answers, lands on the server's segment, and only then shows the prize. useSpinWheel reads the
 * wheel's counts, the points and the vouchers again after each spin.
 */
export default function SpinPage() {
  const { settings } = useSite();
  const navigate = useNavigate();
  const wheel = useWheel();
  const spinWheel = useSpinWheel(useLanguage());
  const spin = useKeyedAction((key) => spinWheel(key));
  const [spinning, setSpinning] = useState(false);
  const [result, setResult] = useState<SpinData | null>(null);
  // The wheel lands again whenever its segments change; reading the config again after a spin (new
  // counts, same segments) must not spin it a second time, so equal segments keep their identity.
  const segmentsText = JSON.stringify(wheel.data?.segments ?? null);
  const segments = useMemo(() => JSON.parse(segmentsText) as WheelSegment[] | null, [segmentsText]);
  const config = useMemo(() => (wheel.data && segments ? { ...wheel.data, segments } : null), [wheel.data, segments]);

  const onSpin = async () => {
    if (spinning) return;
    setResult(null);
    setSpinning(true);
    const outcome = await spin.run();
    if (!outcome) return;
    if (outcome.ok) {
      // the wheel lands on it, then calls onSpinEnd
      setResult(outcome.value);
      return;
    }
    // NO_SPINS_LEFT and a short balance: the wheel's counts were out of date; useSpinWheel reads them again
    setSpinning(false);
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
