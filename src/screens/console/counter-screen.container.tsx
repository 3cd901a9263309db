import { useEffect, useState } from 'react';
import type { CounterRedemption, CounterVoucher } from '#contract/counter';
import type { SiteSettings } from '#contract';
import { ApiRequestError } from '../../api/client';
import { useCounterLookup, useCounterRecent, useCounterRedeem, useCounterUndo } from '../../api/counter';
import { useStaffMe } from '../../api/merchant';
import { useSettings } from '../../api/settings';
import { messageOf } from '../../shared/errors';
import { CameraScanner } from '../../console/camera-scanner';
import { CounterScreen, type CounterResult } from './counter-screen';

/** A refusal's title, by its code; the message is the provider's own. */
const REFUSAL_TITLE: Record<string, string> = {
  CODE_STALE: 'This code has changed',
  CODE_UNKNOWN: 'We don’t recognise this code',
  OTHER_MERCHANT: 'This voucher is from another shop',
  REFERENCE_CODE: 'That is the voucher’s reference number',
  VOUCHER_USED: 'This voucher was used already',
  VOUCHER_EXPIRED: 'This voucher has expired',
  NOT_FOUND: 'We don’t recognise this code',
};

export function refusalOf(err: unknown): CounterResult {
  const code = err instanceof ApiRequestError ? err.code : '';
  return { kind: 'refused', title: REFUSAL_TITLE[code] ?? 'That did not work', message: messageOf(err) };
}

/** "now" for the undo buttons, every few seconds */
function useNow(every: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), every);
    return () => clearInterval(t);
  }, [every]);
  return now;
}

/** /merchant/counter (staff and owners). */
export default function CounterContainer() {
  const me = useStaffMe();
  const settings = useSettings().data as SiteSettings | undefined;
  const recent = useCounterRecent();
  const lookup = useCounterLookup();
  const redeem = useCounterRedeem();
  const undo = useCounterUndo();
  const now = useNow(5000);
  const [code, setCode] = useState<string | null>(null);
  const [result, setResult] = useState<CounterResult | null>(null);
  const [looking, setLooking] = useState(false);
  const [redeeming, setRedeeming] = useState(false);
  const [undoing, setUndoing] = useState<number | null>(null);
  const [undoError, setUndoError] = useState<string | null>(null);

  async function onLookup(text: string) {
    setLooking(true);
    setUndoError(null);
    try {
      const { voucher } = await lookup(text);
      setCode(text);
      setResult({ kind: 'voucher', voucher });
    } catch (err) {
      setResult(refusalOf(err));
    } finally {
      setLooking(false);
    }
  }

  async function onRedeem(_voucher: CounterVoucher) {
    if (!code) return;
    setRedeeming(true);
    try {
      const answer = await redeem(code);
      setResult({ kind: 'redeemed', voucher: answer.voucher, redemption: answer.redemption });
    } catch (err) {
      setResult(refusalOf(err));
    } finally {
      setRedeeming(false);
    }
  }

  async function onUndo(r: CounterRedemption) {
    setUndoing(r.id);
    setUndoError(null);
    try {
      const answer = await undo(r.id);
      if (result?.kind === 'redeemed' && result.redemption.id === r.id) setResult({ kind: 'voucher', voucher: answer.voucher });
    } catch (err) {
      setUndoError(messageOf(err));
    } finally {
      setUndoing(null);
    }
  }

  const busy = looking || redeeming || result !== null;
  return (
    <CounterScreen
      scanner={<CameraScanner onCode={(text) => void onLookup(text)} paused={busy} />}
      onLookup={(text) => void onLookup(text)}
      looking={looking}
      result={result}
      onRedeem={(v) => void onRedeem(v)}
      redeeming={redeeming}
      onNext={() => {
        setResult(null);
        setCode(null);
        setUndoError(null);
      }}
      recent={recent.data?.redemptions}
      recentLoading={recent.isLoading}
      recentError={recent.error ? messageOf(recent.error) : null}
      onRetryRecent={() => void recent.mutate()}
      onUndo={(r) => void onUndo(r)}
      undoing={undoing}
      undoError={undoError}
      role={me.data?.staff.role ?? 'staff'}
      now={now}
      locale={settings?.locale ?? 'en'}
      timeZone={settings?.timezone}
    />
  );
}
