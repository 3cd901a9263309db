import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ReferralStatus, ReferralStatusData } from '#contract/referrals';
import { Badge, Button, CopyIcon, Dialog, ErrorState, Skeleton, SkeletonGroup, type BadgeTone } from '../../ui';
import { referralRewardWords } from './referral-words';

export interface ReferralSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** the customer's code, link and friends; absent while it loads */
  status?: ReferralStatusData;
  error?: string | null;
  onRetry?: () => void;
  /** the link to share: the app's origin and the status's path */
  link?: string;
  /** the browser has the Web Share API: Share (else Copy link) */
  canShare?: boolean;
  onShare?: () => void;
  onCopy?: () => void;
  /** after Copy link: true copied, false could not be; null: not yet */
  copied?: boolean | null;
}

/** Where a friend's referral stands, in words, and the badge's tone. */
export const REFERRAL_STATUS_WORDS: Record<ReferralStatus, { text: MessageDescriptor; tone: BadgeTone }> = {
  signed_up: { text: msg`Signed up`, tone: 'neutral' },
  ordered: { text: msg`Ordered, waiting for it to complete`, tone: 'warning' },
  review: { text: msg`Being checked by the shop`, tone: 'warning' },
  rewarded: { text: msg`Rewarded`, tone: 'success' },
  capped: { text: msg`Over this month's limit`, tone: 'neutral' },
  refused: { text: msg`Not counted`, tone: 'neutral' },
  void: { text: msg`Voided`, tone: 'neutral' },
};

function Friends({ status }: { status: ReferralStatusData }) {
  const { t } = useLingui();
  const { rewarded_this_month: rewarded, monthly_cap: cap } = status;
  return (
    <section aria-labelledby="referral-friends" className="flex flex-col gap-2 text-left">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="referral-friends" className="font-semibold text-ink">
          {t`Friends you invited`}
        </h3>
        <p className="text-sm text-muted">{t`${rewarded} of ${cap} this month`}</p>
      </div>
      {status.referrals.length === 0 ? (
        <p className="text-sm text-muted">{t`No friends yet. Share your link: they get it when they sign up with it.`}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border">
          {status.referrals.map((r) => {
            const words = REFERRAL_STATUS_WORDS[r.status];
            return (
              <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="font-medium text-ink">{r.friend}</span>
                <Badge tone={words.tone}>{t(words.text)}</Badge>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/**
 * "Invite a friend" (issue 30), over the profile: what both get, the code big, the link, Share (the Web
 * Share API) or Copy link, and the friends who signed up with it and where each stands.
 */
export function ReferralSheet({ open, onOpenChange, status, error, onRetry, link, canShare = false, onShare, onCopy, copied = null }: ReferralSheetProps) {
  const { t } = useLingui();
  let body;
  if (error && !status) {
    body = <ErrorState title={t`We couldn't load your invite link`} message={error} onRetry={onRetry} />;
  } else if (!status) {
    body = (
      <SkeletonGroup label={t`Loading your invite link`} className="flex flex-col items-center gap-3">
        <Skeleton width="12rem" height="2.5rem" />
        <Skeleton height="3rem" />
      </SkeletonGroup>
    );
  } else {
    const both = status.enabled ? referralRewardWords(status.reward) : null;
    body = (
      <div className="flex flex-col gap-4 text-center">
        {both && <p className="text-lg font-semibold text-ink">{t`You both get ${both} when a friend's first order is completed.`}</p>}
        <dl className="flex flex-col gap-1">
          <dt className="text-sm text-muted">{t`Your code`}</dt>
          <dd className="text-4xl font-bold tracking-[0.2em] text-brand-ink">{status.code}</dd>
        </dl>
        {link && <p className="rounded-xl border border-border bg-surface p-3 text-sm break-all text-ink">{link}</p>}
        {canShare ? (
          <Button fullWidth size="lg" onClick={onShare}>
            {t`Share link`}
          </Button>
        ) : (
          <Button fullWidth size="lg" onClick={onCopy}>
            <CopyIcon size={20} /> {t`Copy link`}
          </Button>
        )}
        {/* said here, not in a toast: a toast sits under the sheet (the top layer), out of sight */}
        <p role="status" className={copied === false ? 'text-sm text-danger' : 'text-sm text-muted'}>
          {copied === true ? t`Link copied.` : copied === false ? t`The link could not be copied. Select it and copy it yourself.` : ''}
        </p>
        <Friends status={status} />
      </div>
    );
  }
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t`Invite a friend`}
      description={t`Share your code or link: a friend signs up with it.`}
      placement="sheet"
    >
      {body}
    </Dialog>
  );
}
