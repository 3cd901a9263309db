import { useState } from 'react';
import { msg, t as say } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { Referral, ReferralReviewData, ReferralSignal } from '#contract/referrals';
import { Badge, Button, Card, EmptyState, ErrorState, Notice, SkeletonGroup, SkeletonText, type BadgeTone } from '../../../ui';
import { spoken } from '../shared/spoken';

export interface ReferralReviewProps {
  data?: ReferralReviewData | undefined;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** "20 Nov 2026, 5:30 PM" in the shop's time zone */
  time: (iso: string) => string;
  /** an amount in minor units, in the shop's currency and locale */
  money: (minor: number) => string;
  /** the referral an approval or rejection is under way for */
  busy?: number | null;
  /** why the last approval or rejection was refused */
  actionError?: string | null;
  /** each answers whether it was done */
  onApprove: (r: Referral) => Promise<boolean>;
  onReject: (r: Referral) => Promise<boolean>;
}

/** Each fraud signal in words: what the friend shares with the referrer. */
const REFERRAL_SIGNAL_WORDS = spoken<ReferralSignal>({
  device: msg`the same browser (device cookie)`,
  address: msg`the same internet address`,
  agent: msg`the same phone model and browser from that address`,
  push: msg`the same phone for notifications`,
  phone_block: msg`phone numbers that differ only in the last 3 digits`,
});

/** "the same internet address and the same …" */
export const signalsInWords = (signals: readonly ReferralSignal[]) => {
  const words = signals.map((s) => REFERRAL_SIGNAL_WORDS[s]);
  const rest = words.slice(0, -1).join(', ');
  const last = words.at(-1) ?? '';
  return words.length > 1 ? say`${rest} and ${last}` : (words[0] ?? '');
};

/** Who brought whom, and where it stands: the first lines of a referral's card, here and in the list of every referral. */
export function ReferralWho({ r, words, tone }: { r: Referral; words: string; tone: BadgeTone }) {
  const { t } = useLingui();
  const referrer = r.referrer.name;
  const friend = r.friend.name;
  return (
    <>
      <p className="font-semibold">{t`${referrer} brought ${friend}`}</p>
      <p>
        <Badge tone={tone}>{words}</Badge>
      </p>
    </>
  );
}

function HeldRow({
  r,
  time,
  money,
  busy,
  onApprove,
  onReject,
}: {
  r: Referral;
  time: ReferralReviewProps['time'];
  money: ReferralReviewProps['money'];
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
}) {
  const { t } = useLingui();
  const referrer = r.referrer.name;
  const friend = r.friend.name;
  const signals = signalsInWords(r.signals);
  const signedUp = time(r.signed_up_at);
  const order = r.order?.name;
  const total = r.order ? money(r.order.total) : '';
  return (
    <Card as="li" className="flex flex-wrap items-start justify-between gap-3">
      <div className="flex min-w-0 flex-col gap-1">
        <ReferralWho r={r} words={t`Held for your review`} tone="warning" />
        <p className="text-sm">{t`Both have ${signals}.`}</p>
        <p className="text-sm text-muted">{order !== undefined ? t`Signed up ${signedUp} · first order ${order}, ${total}` : t`Signed up ${signedUp}`}</p>
      </div>
      <div className="flex gap-2">
        <Button size="sm" variant="secondary" onClick={onReject} disabled={busy} aria-label={t`Reject ${referrer}’s referral of ${friend}`}>
          {t`Reject`}
        </Button>
        <Button size="sm" onClick={onApprove} loading={busy} aria-label={t`Approve ${referrer}’s referral of ${friend}`}>
          {t`Approve`}
        </Button>
      </div>
    </Card>
  );
}

/**
 * The owner's review queue on /merchant/loyalty/referrals: referrals not rewarded automatically because
 * the friend shares something with the referrer (the signals, in words). Approve rewards both, reject
 * rewards neither; either shows in Activity.
 */
export function ReferralReview({ data, loading, error, onRetry, time, money, busy = null, actionError = null, onApprove, onReject }: ReferralReviewProps) {
  const [done, setDone] = useState<string | null>(null);
  const { t } = useLingui();
  const heading = (
    <h2 id="referral-review" className="text-lg font-semibold">
      {t`To review`}
    </h2>
  );
  if (loading && !data)
    return (
      <section aria-labelledby="referral-review" className="flex flex-col gap-3">
        {heading}
        <SkeletonGroup label={t`Loading the referrals to review`} className="flex flex-col gap-3">
          <Card>
            <SkeletonText lines={3} />
          </Card>
        </SkeletonGroup>
      </section>
    );
  if (!data)
    return (
      <section aria-labelledby="referral-review" className="flex flex-col gap-3">
        {heading}
        <ErrorState title={t`We could not load the referrals to review`} message={error ?? t`Please try again.`} onRetry={onRetry} />
      </section>
    );
  const act = async (r: Referral, approve: boolean) => {
    setDone(null);
    const referrer = r.referrer.name;
    const friend = r.friend.name;
    if (await (approve ? onApprove(r) : onReject(r))) {
      setDone(
        approve ? t`Approved: ${referrer} and ${friend} got the referral reward.` : t`Rejected: neither ${referrer} nor ${friend} gets the referral reward.`,
      );
    }
  };
  return (
    <section aria-labelledby="referral-review" className="flex flex-col gap-3">
      {heading}
      <p className="text-muted">
        {t`A referral whose friend shares a browser, an internet address, a phone for notifications or a block of phone numbers with the referrer waits here instead of being rewarded. It may be a household on one Wi-Fi, or one person with two accounts.`}
      </p>
      <div aria-live="polite" className="flex flex-col gap-2">
        {done && <Notice tone="success">{done}</Notice>}
        {actionError && <Notice tone="danger">{actionError}</Notice>}
      </div>
      {data.referrals.length === 0 ? (
        <EmptyState
          title={t`Nothing to review`}
          description={t`Referrals that look like one person inviting themselves show here before anyone is rewarded.`}
        />
      ) : (
        <ul className="flex flex-col gap-3" aria-labelledby="referral-review">
          {data.referrals.map((r) => (
            <HeldRow key={r.id} r={r} time={time} money={money} busy={busy === r.id} onApprove={() => void act(r, true)} onReject={() => void act(r, false)} />
          ))}
        </ul>
      )}
    </section>
  );
}
