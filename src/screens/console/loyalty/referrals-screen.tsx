import { useState, type FormEvent } from 'react';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { referralVoidBody, type Referral, type ReferralsConsoleData, type ReferralStatus } from '#contract/referrals';
import { Button, Card, Dialog, EmptyState, ErrorState, Notice, SkeletonGroup, SkeletonText, TextField, type BadgeTone } from '../../../ui';
import { ReferralWho, signalsInWords } from './referral-review';
import { spoken } from '../shared/spoken';

export interface ReferralsScreenProps {
  data?: ReferralsConsoleData | undefined;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  locale: string;
  /** "20 Nov 2026, 5:30 PM" in the shop's time zone */
  time: (iso: string) => string;
  /** owners void a referral; staff read them */
  canEdit: boolean;
  /** answers null when voided, else why not */
  onVoid: (id: number, reason: string) => Promise<string | null>;
}

/** Where a referral stands, in words. */
const REFERRAL_STATUS_WORDS = spoken<ReferralStatus>({
  signed_up: msg`Signed up, no order yet`,
  ordered: msg`Ordered, waiting for the hold`,
  review: msg`Held for your review`,
  rewarded: msg`Both rewarded`,
  capped: msg`Friend rewarded (over the monthly cap)`,
  refused: msg`Refused`,
  void: msg`Voided`,
});
const REFERRAL_STATUS_TONE: Record<ReferralStatus, BadgeTone> = {
  signed_up: 'neutral',
  ordered: 'warning',
  review: 'warning',
  rewarded: 'success',
  capped: 'success',
  refused: 'danger',
  void: 'neutral',
};

const canVoid = (r: Referral) => r.status !== 'void' && r.status !== 'refused';

/** The reason a void needs, asked in a dialog. */
function VoidDialog({
  referral,
  onVoid,
  onClose,
}: {
  referral: Referral | null;
  onVoid: ReferralsScreenProps['onVoid'];
  onClose: (voided: Referral | null) => void;
}) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { t } = useLingui();
  const close = (voided: Referral | null) => {
    setReason('');
    setProblem(null);
    onClose(voided);
  };
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!referral) return;
    const parsed = referralVoidBody.safeParse({ id: referral.id, reason });
    if (!parsed.success) {
      const why = parsed.error.issues[0]?.message ?? t`is required`;
      return setProblem(t`The reason ${why}.`);
    }
    setSaving(true);
    const refused = await onVoid(parsed.data.id, parsed.data.reason);
    setSaving(false);
    if (refused) setProblem(refused);
    else close(referral);
  }
  const referrer = referral?.referrer.name;
  const friend = referral?.friend.name;
  return (
    <Dialog
      open={referral !== null}
      onOpenChange={(open) => !open && close(null)}
      title={referrer !== undefined ? t`Void ${referrer}’s referral of ${friend}?` : t`Void the referral?`}
      description={t`A referral not rewarded yet never will be; a rewarded one has what it gave taken back as far as it can be (points still in the balances, vouchers not used). It shows in Activity.`}
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label={t`Void the referral`}>
        <TextField
          label={t`Reason`}
          hint={t`Both customers may ask why: say it plainly.`}
          maxLength={200}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={problem ?? undefined}
          autoComplete="off"
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => close(null)}>
            {t`Keep`}
          </Button>
          <Button type="submit" variant="danger" loading={saving}>
            {t`Void referral`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function ReferralRow({ r, time, canEdit, onVoid }: { r: Referral; time: (iso: string) => string; canEdit: boolean; onVoid: () => void }) {
  const { t } = useLingui();
  const signedUp = time(r.signed_up_at);
  const rewarded = r.rewarded_at && time(r.rewarded_at);
  const voided = r.voided_at && time(r.voided_at);
  const dates = [t`Signed up ${signedUp}`, rewarded && t`rewarded ${rewarded}`, voided && t`voided ${voided}`].filter(Boolean).join(' · ');
  const { reason } = r;
  const signals = signalsInWords(r.signals);
  const referrer = r.referrer.name;
  const friend = r.friend.name;
  return (
    <Card as="li" className="flex flex-wrap items-start justify-between gap-3">
      <div className="flex min-w-0 flex-col gap-1">
        <ReferralWho r={r} words={REFERRAL_STATUS_WORDS[r.status]} tone={REFERRAL_STATUS_TONE[r.status]} />
        {reason && <p className="text-sm">{r.status === 'void' ? t`Reason: “${reason}”` : t`Why: ${reason}`}</p>}
        {r.signals.length > 0 && <p className="text-sm">{t`Held for review: both have ${signals}.`}</p>}
        <p className="text-sm text-muted">{dates}</p>
      </div>
      {canEdit && canVoid(r) && (
        <Button size="sm" variant="secondary" onClick={onVoid} aria-label={t`Void ${referrer}’s referral of ${friend}`}>
          {t`Void`}
        </Button>
      )}
    </Card>
  );
}

/** /merchant/loyalty/referrals (staff read them, owners void one with a reason): the totals and every referral, newest first. */
export function ReferralsScreen({ data, loading, error, onRetry, locale, time, canEdit, onVoid }: ReferralsScreenProps) {
  const [voiding, setVoiding] = useState<Referral | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { t } = useLingui();
  if (loading && !data)
    return (
      <SkeletonGroup label={t`Loading the referrals`} className="flex flex-col gap-3">
        {[0, 1, 2].map((i) => (
          <Card key={i}>
            <SkeletonText lines={2} />
          </Card>
        ))}
      </SkeletonGroup>
    );
  if (!data) return <ErrorState title={t`We could not load the referrals`} message={error ?? t`Please try again.`} onRetry={onRetry} />;
  const n = (v: number) => v.toLocaleString(locale);
  const totals: Array<[string, number]> = [
    [t`Signed up`, data.totals.signed_up],
    [t`Rewarded`, data.totals.rewarded],
    [t`Refused`, data.totals.refused],
    [t`Voided`, data.totals.void],
  ];
  return (
    <div className="flex flex-col gap-4">
      <p className="text-muted">
        {t`A friend who signs up with a customer’s link and completes a first paid order gives both of them the referral reward of your settings, once the points’ hold is over.`}
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {totals.map(([label, value]) => (
          <Card key={label} className="flex flex-col-reverse gap-1">
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="text-2xl font-semibold">{n(value)}</dd>
          </Card>
        ))}
      </dl>
      {!canEdit && <Notice tone="info">{t`Only an owner can void a referral.`}</Notice>}
      <div aria-live="polite">{done && <Notice tone="success">{done}</Notice>}</div>
      {data.referrals.length === 0 ? (
        <EmptyState
          title={t`No referrals yet`}
          description={t`Customers find their link and code in the app’s profile; friends who sign up with it show here.`}
        />
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t`Referrals`}>
          {data.referrals.map((r) => (
            <ReferralRow
              key={r.id}
              r={r}
              time={time}
              canEdit={canEdit}
              onVoid={() => {
                setDone(null);
                setVoiding(r);
              }}
            />
          ))}
        </ul>
      )}
      <VoidDialog
        referral={voiding}
        onVoid={onVoid}
        onClose={(voided) => {
          setVoiding(null);
          if (!voided) return;
          const referrer = voided.referrer.name;
          const friend = voided.friend.name;
          setDone(t`Voided ${referrer}’s referral of ${friend}.`);
        }}
      />
    </div>
  );
}
