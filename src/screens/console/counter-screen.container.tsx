import { useEffect, useState } from 'react';
import type { CounterRedemption } from '#contract/counter';
import type { SiteSettings } from '#contract';
import { ApiRequestError } from '../../api/client';
import { useCounterLookup, useCounterRecent, useCounterRedeem, useCounterUndo } from '../../api/counter';
import { useMerchantLocations } from '../../api/locations';
import { useStaffMe } from '../../api/staff';
import { useSettings } from '../../api/settings';
import { useAction } from '../../shared/action';
import { messageOf } from '../../shared/errors';
import { CameraScanner } from '../../console/camera-scanner';
import { useWorkingLocation } from '../../console/working-location';
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
  const undoRedemption = useCounterUndo();
  const now = useNow(5000);
  const owner = me.data?.staff.role === 'owner';
  const locations = useMerchantLocations();
  const working = useWorkingLocation(locations.data?.locations, owner);
  const [code, setCode] = useState<string | null>(null);
  const [result, setResult] = useState<CounterResult | null>(null);
  // a refusal is the counter's answer, shown as the result
  const look = useAction(async (text: string) => {
    undo.reset();
    try {
      const { voucher } = await lookup(text, working.choice);
      setCode(text);
      setResult({ kind: 'voucher', voucher });
    } catch (err) {
      setResult(refusalOf(err));
    }
  });
  const redeemIt = useAction(async (scanned: string) => {
    try {
      const answer = await redeem(scanned, working.choice);
      setResult({ kind: 'redeemed', voucher: answer.voucher, redemption: answer.redemption });
    } catch (err) {
      setResult(refusalOf(err));
    }
  });
  const undo = useAction(
    async (r: CounterRedemption) => {
      const answer = await undoRedemption(r.id);
      if (result?.kind === 'redeemed' && result.redemption.id === r.id) setResult({ kind: 'voucher', voucher: answer.voucher });
    },
    { overlap: true },
  );

  const busy = look.pending || redeemIt.pending || result !== null;
  return (
    <CounterScreen
      scanner={<CameraScanner onCode={(text) => void look.run(text)} paused={busy} />}
      onLookup={(text) => void look.run(text)}
      looking={look.pending}
      result={result}
      onRedeem={() => void (code && redeemIt.run(code))}
      redeeming={redeemIt.pending}
      onNext={() => {
        setResult(null);
        setCode(null);
        undo.reset();
      }}
      recent={recent.data?.redemptions}
      recentLoading={recent.isLoading}
      recentError={recent.error ? messageOf(recent.error) : null}
      onRetryRecent={() => void recent.mutate()}
      onUndo={(r) => void undo.run(r)}
      undoing={undo.running?.[0].id ?? null}
      undoError={undo.error ? messageOf(undo.error) : null}
      role={me.data?.staff.role ?? 'staff'}
      now={now}
      locale={settings?.locale ?? 'en'}
      timeZone={settings?.timezone}
      locations={locations.data?.locations}
      locationId={working.choice}
      onLocationChange={working.choose}
      canChooseNone={owner}
    />
  );
}
