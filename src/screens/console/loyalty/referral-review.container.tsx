import { useMemo } from 'react';
import type { SiteSettings } from '#contract';
import { formatMoney } from '#contract/money';
import { useApproveReferral, useRejectReferral, useReferralReview } from '../../../api/referrals-console';
import { useSettings } from '../../../api/settings';
import { messageOf } from '../../../shared/errors';
import { consoleTimeFormat } from '../shared/console-format';
import { ReferralReview } from './referral-review';
import { useRowActions } from '../shared/save.container';

/** The owner's review queue (merchant/loyalty/referrals/review): approve or reject a held referral, one row at a time. */
export function ReferralReviewContainer() {
  const queue = useReferralReview();
  const settings = useSettings().data as SiteSettings | undefined;
  const approve = useApproveReferral();
  const reject = useRejectReferral();
  const rows = useRowActions<number>();
  const money = useMemo(() => (minor: number) => formatMoney(minor, settings?.currency ?? 'PHP', settings?.locale ?? 'en'), [settings]);
  return (
    <ReferralReview
      data={queue.data}
      loading={queue.isLoading}
      error={queue.error ? messageOf(queue.error) : null}
      onRetry={() => void queue.mutate()}
      time={consoleTimeFormat(settings)}
      money={money}
      busy={rows.busy}
      actionError={rows.error}
      onApprove={(r) => rows.act(r.id, () => approve(r.id))}
      onReject={(r) => rows.act(r.id, () => reject(r.id))}
    />
  );
}
