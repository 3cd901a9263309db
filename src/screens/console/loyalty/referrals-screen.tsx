import { useState, type FormEvent } from 'react';
import { referralVoidBody, type Referral, type ReferralsConsoleData, type ReferralStatus } from '#contract/referrals';
import { Button, Card, Dialog, EmptyState, ErrorState, Notice, SkeletonGroup, SkeletonText, TextField, type BadgeTone } from '../../../ui';
import { ReferralWho, signalsInWords } from './referral-review';

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
const REFERRAL_STATUS_WORDS: Record<ReferralStatus, { words: string; tone: BadgeTone }> = {
  signed_up: { words: 'Signed up, no order yet', tone: 'neutral' },
  ordered: { words: 'Ordered, waiting for the hold', tone: 'warning' },
  review: { words: 'Held for your review', tone: 'warning' },
  rewarded: { words: 'Both rewarded', tone: 'success' },
  capped: { words: 'Friend rewarded (over the monthly cap)', tone: 'success' },
  refused: { words: 'Refused', tone: 'danger' },
  void: { words: 'Voided', tone: 'neutral' },
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
  const close = (voided: Referral | null) => {
    setReason('');
    setProblem(null);
    onClose(voided);
  };
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!referral) return;
    const parsed = referralVoidBody.safeParse({ id: referral.id, reason });
    if (!parsed.success) return setProblem(`The reason ${parsed.error.issues[0]?.message ?? 'is required'}.`);
    setSaving(true);
    const refused = await onVoid(parsed.data.id, parsed.data.reason);
    setSaving(false);
    if (refused) setProblem(refused);
    else close(referral);
  }
  return (
    <Dialog
      open={referral !== null}
      onOpenChange={(open) => !open && close(null)}
      title={referral ? `Void ${referral.referrer.name}’s referral of ${referral.friend.name}?` : 'Void the referral?'}
      description="A referral not rewarded yet never will be; a rewarded one has what it gave taken back as far as it can be (points still in the balances, vouchers not used). It shows in Activity."
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Void the referral">
        <TextField
          label="Reason"
          hint="Both customers may ask why: say it plainly."
          maxLength={200}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={problem ?? undefined}
          autoComplete="off"
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => close(null)}>
            Keep
          </Button>
          <Button type="submit" variant="danger" loading={saving}>
            Void referral
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function ReferralRow({ r, time, canEdit, onVoid }: { r: Referral; time: (iso: string) => string; canEdit: boolean; onVoid: () => void }) {
  const status = REFERRAL_STATUS_WORDS[r.status];
  const dates = [`Signed up ${time(r.signed_up_at)}`, r.rewarded_at && `rewarded ${time(r.rewarded_at)}`, r.voided_at && `voided ${time(r.voided_at)}`]
    .filter(Boolean)
    .join(' · ');
  return (
    <Card as="li" className="flex flex-wrap items-start justify-between gap-3">
      <div className="flex min-w-0 flex-col gap-1">
        <ReferralWho r={r} words={status.words} tone={status.tone} />
        {r.reason && <p className="text-sm">{r.status === 'void' ? `Reason: “${r.reason}”` : `Why: ${r.reason}`}</p>}
        {r.signals.length > 0 && <p className="text-sm">Held for review: both have {signalsInWords(r.signals)}.</p>}
        <p className="text-sm text-muted">{dates}</p>
      </div>
      {canEdit && canVoid(r) && (
        <Button size="sm" variant="secondary" onClick={onVoid} aria-label={`Void ${r.referrer.name}’s referral of ${r.friend.name}`}>
          Void
        </Button>
      )}
    </Card>
  );
}

/** /merchant/loyalty/referrals (staff read them, owners void one with a reason): the totals and every referral, newest first. */
export function ReferralsScreen({ data, loading, error, onRetry, locale, time, canEdit, onVoid }: ReferralsScreenProps) {
  const [voiding, setVoiding] = useState<Referral | null>(null);
  const [done, setDone] = useState<string | null>(null);
  if (loading && !data)
    return (
      <SkeletonGroup label="Loading the referrals" className="flex flex-col gap-3">
        {[0, 1, 2].map((i) => (
          <Card key={i}>
            <SkeletonText lines={2} />
          </Card>
        ))}
      </SkeletonGroup>
    );
  if (!data) return <ErrorState title="We could not load the referrals" message={error ?? 'Please try again.'} onRetry={onRetry} />;
  const n = (v: number) => v.toLocaleString(locale);
  const totals: Array<[string, number]> = [
    ['Signed up', data.totals.signed_up],
    ['Rewarded', data.totals.rewarded],
    ['Refused', data.totals.refused],
    ['Voided', data.totals.void],
  ];
  return (
    <div className="flex flex-col gap-4">
      <p className="text-muted">
        A friend who signs up with a customer’s link and completes a first paid order gives both of them the referral reward of your settings, once the points’
        hold is over.
      </p>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {totals.map(([label, value]) => (
          <Card key={label} className="flex flex-col-reverse gap-1">
            <dt className="text-sm text-muted">{label}</dt>
            <dd className="text-2xl font-semibold">{n(value)}</dd>
          </Card>
        ))}
      </dl>
      {!canEdit && <Notice tone="info">Only an owner can void a referral.</Notice>}
      <div aria-live="polite">{done && <Notice tone="success">{done}</Notice>}</div>
      {data.referrals.length === 0 ? (
        <EmptyState title="No referrals yet" description="Customers find their link and code in the app’s profile; friends who sign up with it show here." />
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Referrals">
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
          if (voided) setDone(`Voided ${voided.referrer.name}’s referral of ${voided.friend.name}.`);
        }}
      />
    </div>
  );
}
