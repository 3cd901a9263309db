import { useEffect, useState } from 'react';
import { msg, t } from '@lingui/core/macro';
import type { CounterEarn, CounterMember, CounterMemberRedeemData, CounterMemberRewardsData, CounterRedemption, CounterReward } from '#contract/counter';
import type { SiteSettings } from '#contract';
import { ApiRequestError } from '../../../api/client';
import {
  useCounterEarn,
  useCounterEarnQuote,
  useCounterEarns,
  useCounterLookup,
  useCounterMember,
  useCounterMemberRedeem,
  useCounterMemberRewards,
  useCounterRecent,
  useCounterRedeem,
  useCounterUndo,
  useCounterUndoEarn,
  type MemberFind,
} from '../../../api/counter';
import { useMerchantLocations } from '../../../api/locations';
import { useStaffMe } from '../../../api/staff';
import { useSettings } from '../../../api/settings';
import { useAction, useKeyedAction } from '../../../shared/action';
import { messageOf } from '../../../shared/errors';
import { CameraScanner } from '../../../console/camera-scanner';
import { useWorkingLocation } from '../../../console/working-location';
import { jobOfScan, spendingCode, type CounterJob, type CounterRefusal } from './counter-jobs';
import { CounterScreen, type CounterResult } from './counter-screen';
import { CounterGiftCardContainer } from './counter-gift-card.container';
import { spoken } from '../shared/spoken';

/** A refusal's title, by its code; the message is the provider's own. */
const REFUSAL_TITLE = spoken({
  CODE_STALE: msg`This code has changed`,
  CODE_UNKNOWN: msg`We don’t recognise this code`,
  OTHER_MERCHANT: msg`This voucher is from another shop`,
  REFERENCE_CODE: msg`That is the voucher’s reference number`,
  VOUCHER_USED: msg`This voucher was used already`,
  VOUCHER_EXPIRED: msg`This voucher has expired`,
  NOT_FOUND: msg`We don’t recognise this code`,
});

/** The same for a member card, a phone number or the points of a sale. */
const MEMBER_REFUSAL_TITLE = spoken({
  CODE_STALE: msg`This code has changed`,
  CODE_UNKNOWN: msg`We don’t recognise this card`,
  OTHER_MERCHANT: msg`This member card is from another shop`,
  NOT_FOUND: msg`We could not find this customer`,
  RATE_LIMITED: msg`Too many unknown codes`,
  LIMIT_REACHED: msg`Over today’s limit`,
  LOCATION_FORBIDDEN: msg`Not at this location`,
});

/** The same for a reward for the customer's points. */
const REWARD_REFUSAL_TITLE = spoken({
  MEMBER_CODE_REQUIRED: msg`Scan the code in the customer’s app`,
  CODE_STALE: msg`This code has changed`,
  CODE_UNKNOWN: msg`We don’t recognise this code`,
  OTHER_MERCHANT: msg`This member card is from another shop`,
  RATE_LIMITED: msg`Too many unknown codes`,
  INSUFFICIENT_POINTS: msg`Not enough points`,
  OUT_OF_STOCK: msg`Out of stock`,
  LIMIT_REACHED: msg`Had this reward already`,
  NOT_FOUND: msg`This reward is no longer offered`,
  LOCATION_FORBIDDEN: msg`Not at this location`,
});

const refusal = (err: unknown, titles: Readonly<Record<string, string>>): CounterRefusal => ({
  title: titles[err instanceof ApiRequestError ? err.code : ''] ?? t`That did not work`,
  message: messageOf(err),
});

export const refusalOf = (err: unknown): CounterResult => ({ kind: 'refused', ...refusal(err, REFUSAL_TITLE) });

/** Refusals of the customer's code for spending: the counter asks for the code in their app again. */
const CODE_REFUSALS = new Set(['MEMBER_CODE_REQUIRED', 'CODE_STALE', 'CODE_UNKNOWN', 'OTHER_MERCHANT']);

/** "now" for the undo buttons, every few seconds */
function useNow(every: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), every);
    return () => clearInterval(t);
  }, [every]);
  return now;
}

/**
 * "Redeem a reward" for the customer found: what their points buy (asked for when staff choose it), the
 * reward handed over once per attempt, undone within 2 minutes. `handedOver`: the customer is served.
 * `spendCode`: the rotating code the customer was found by (null: by phone or by a wallet card), which
 * spending needs; without one fresh, staff are asked for the code in the customer's app.
 */
function useRewardForPoints(member: CounterMember | null, spendCode: string | null, locationId: number | null, handedOver: () => void) {
  const memberRewards = useCounterMemberRewards();
  const memberRedeem = useCounterMemberRedeem();
  const undoRedemption = useCounterUndo();
  const [reach, setReach] = useState<CounterMemberRewardsData | null>(null);
  const [refused, setRefused] = useState<CounterRefusal | null>(null);
  const [codeRefused, setCodeRefused] = useState(false);
  const [served, setServed] = useState<CounterMemberRedeemData | null>(null);
  const load = useAction(async (customerId: number) => {
    const answer = await memberRewards(customerId, locationId);
    setReach((shown) => (shown === null || shown.member.customer_id === customerId ? answer : shown));
  });
  // the customer changed: what the last one could have is forgotten
  useEffect(() => {
    setReach(null);
    setRefused(null);
    setCodeRefused(false);
  }, [member?.customer_id, spendCode]);
  const undo = useAction(
    async (r: CounterRedemption) => {
      const answer = await undoRedemption(r.id);
      setServed((shown) => (shown?.redemption.id === r.id ? { ...shown, voucher: answer.voucher, redemption: answer.redemption } : shown));
    },
    { overlap: true },
  );
  // one idempotency key per attempt, kept for a retry after a lost answer: a double tap spends the points once
  const redeem = useKeyedAction(async (key, customerId: number, code: string, reward: CounterReward) => {
    setRefused(null);
    try {
      const answer = await memberRedeem(key, customerId, code, reward.name, locationId);
      setServed(answer);
      setReach(null);
      setCodeRefused(false);
      undo.reset();
      handedOver();
      return answer;
    } catch (err) {
      setRefused(refusal(err, REWARD_REFUSAL_TITLE));
      if (err instanceof ApiRequestError && CODE_REFUSALS.has(err.code)) setCodeRefused(true);
      // what the points buy has changed (the stock ran out, the points were spent elsewhere)
      else void load.run(customerId);
      throw err;
    }
  });
  const codeNeeded = spendCode === null || codeRefused;
  return {
    redeeming: redeem.pending,
    forget: () => setServed(null),
    props: {
      reach: reach && reach.member.customer_id === member?.customer_id ? reach : null,
      reachLoading: load.pending,
      reachError: load.error ? messageOf(load.error) : null,
      onShowRewards: () => void (member && load.run(member.customer_id)),
      onChooseReward: () => setRefused(null),
      onRedeemReward: (reward: CounterReward, typed?: string) => {
        const code = typed ?? (codeNeeded ? null : spendCode);
        if (member && code) void redeem.run(member.customer_id, code, reward);
      },
      codeNeeded,
      redeemingReward: redeem.pending,
      rewardRefusal: refused,
      served,
      onUndoServed: (r: CounterRedemption) => void undo.run(r),
      undoingServed: undo.running?.[0].id ?? null,
      undoServedError: undo.error ? messageOf(undo.error) : null,
    },
  };
}

/** "Give points": the customer found, the sale's points given once per attempt, undone within 2 minutes; or a reward for their points. */
function useGivePoints(locationId: number | null) {
  const earns = useCounterEarns();
  const findMember = useCounterMember();
  const earnPoints = useCounterEarn();
  const undoEarn = useCounterUndoEarn();
  const [member, setMember] = useState<CounterMember | null>(null);
  const [spendCode, setSpendCode] = useState<string | null>(null);
  const [memberRefusal, setMemberRefusal] = useState<CounterRefusal | null>(null);
  const [earnRefusal, setEarnRefusal] = useState<CounterRefusal | null>(null);
  const [earned, setEarned] = useState<CounterEarn | null>(null);
  // the amount being typed, asked about once typing pauses (a quarter of a second)
  const [typed, setTyped] = useState<number | null>(null);
  const [asked, setAsked] = useState<number | null>(null);
  useEffect(() => {
    const t = setTimeout(() => setAsked(typed), 250);
    return () => clearTimeout(t);
  }, [typed]);
  const quote = useCounterEarnQuote(member?.customer_id ?? null, asked, locationId);
  const reward = useRewardForPoints(member, spendCode, locationId, () => {
    setEarned(null);
    setMember(null);
  });
  const undo = useAction(
    async (e: CounterEarn) => {
      const answer = await undoEarn(e.id);
      setEarned((shown) => (shown?.id === e.id ? answer.earn : shown));
    },
    { overlap: true },
  );
  // a refusal is the counter's answer, shown in place of the customer
  const find = useAction(async (how: MemberFind) => {
    setMemberRefusal(null);
    setEarnRefusal(null);
    try {
      const answer = await findMember(how, locationId);
      setMember(answer.member);
      setSpendCode(spendingCode(how));
      setEarned(null);
      reward.forget();
      undo.reset();
    } catch (err) {
      setMember(null);
      setMemberRefusal(refusal(err, MEMBER_REFUSAL_TITLE));
    }
  });
  // one idempotency key per attempt, kept for a retry after a lost answer: a double tap gives points once
  const earn = useKeyedAction(async (key, customerId: number, amount: number) => {
    setEarnRefusal(null);
    try {
      const answer = await earnPoints(key, customerId, amount, locationId);
      setEarned(answer.earn);
      setMember(null);
      reward.forget();
      undo.reset();
      return answer;
    } catch (err) {
      setEarnRefusal(refusal(err, MEMBER_REFUSAL_TITLE));
      const left = err instanceof ApiRequestError ? (err.data as { points_left_today?: unknown } | null)?.points_left_today : undefined;
      if (typeof left === 'number') setMember((m) => (m && m.customer_id === customerId ? { ...m, points_left_today: left } : m));
      throw err;
    }
  });
  return {
    // a refusal stays until staff scan again: a photo of an old code is not sent again and again
    busy: find.pending || earn.pending || reward.redeeming || member !== null || memberRefusal !== null,
    find: (how: MemberFind) => void find.run(how),
    props: {
      ...reward.props,
      onFindMember: (how: MemberFind) => void find.run(how),
      finding: find.pending,
      member,
      memberRefusal,
      onEarn: (amount: number) => void (member && earn.run(member.customer_id, amount)),
      onAmountChange: setTyped,
      quote: quote.data ?? null,
      earning: earn.pending,
      earnRefusal,
      onClearMember: () => {
        setMember(null);
        setMemberRefusal(null);
        setEarnRefusal(null);
      },
      earned,
      onUndoEarn: (e: CounterEarn) => void undo.run(e),
      undoingEarn: undo.running?.[0].id ?? null,
      undoEarnError: undo.error ? messageOf(undo.error) : null,
      earns: earns.data?.earns,
      earnsLoading: earns.isLoading,
      earnsError: earns.error ? messageOf(earns.error) : null,
      onRetryEarns: () => void earns.mutate(),
    },
  };
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
  const give = useGivePoints(working.choice);
  const [job, setJob] = useState<CounterJob>('redeem');
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

  // a scan goes to its own job (a member card to Give points, a voucher to Redeem), whichever is chosen
  const scanned = (text: string) => {
    const to = jobOfScan(text) ?? job;
    setJob(to);
    if (to === 'earn') give.find({ code: text });
    else void look.run(text);
  };
  const busy = job === 'earn' ? give.busy : look.pending || redeemIt.pending || result !== null;
  return (
    <div className="flex flex-col gap-10">
      <CounterScreen
        {...give.props}
        job={job}
        onJobChange={setJob}
        currency={settings?.currency ?? 'PHP'}
        pointsPerAmount={settings?.points_per_amount}
        scanner={<CameraScanner onCode={scanned} paused={busy} />}
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
      <CounterGiftCardContainer locale={settings?.locale ?? 'en'} timeZone={settings?.timezone} locationId={working.choice} />
    </div>
  );
}
