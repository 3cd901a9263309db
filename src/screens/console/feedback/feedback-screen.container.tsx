import { useState } from 'react';
import type { SiteSettings } from '#contract';
import { useFeedbackPages, useReplyToFeedback, useSaveReviewLink } from '../../../api/feedback';
import { useSettings } from '../../../api/settings';
import { useStaffMe } from '../../../api/staff';
import { messageOf } from '../../../shared/errors';
import { saved } from '../shared/save.container';
import { FeedbackScreen } from './feedback-screen';

/**
 * /merchant/feedback (staff): merchant/feedback page by page (all, or low ratings only), answered with
 * merchant/feedback/reply; owners set the review link with merchant/feedback/settings.
 */
export default function FeedbackContainer() {
  const [low, setLow] = useState(false);
  const pages = useFeedbackPages(low);
  const site = useSettings().data as SiteSettings | undefined;
  const owner = useStaffMe().data?.staff.role === 'owner';
  const reply = useReplyToFeedback();
  const saveReview = useSaveReviewLink();
  const first = pages.data?.[0];
  const last = pages.data?.at(-1);
  return (
    <FeedbackScreen
      items={pages.data?.flatMap((p) => p.items)}
      average={first?.average ?? null}
      lowUnanswered={first?.low_unanswered ?? 0}
      reviewUrl={first?.review_url ?? null}
      loading={pages.isLoading}
      error={pages.error ? messageOf(pages.error) : null}
      onRetry={() => void pages.mutate()}
      low={low}
      onLow={setLow}
      more={Boolean(last?.next_page)}
      loadingMore={pages.isValidating && Boolean(pages.data) && pages.size > (pages.data?.length ?? 0)}
      onMore={() => void pages.setSize(pages.size + 1)}
      onReply={(id, text) => saved(() => reply({ id, reply: text }))}
      canEdit={owner}
      onSaveReviewUrl={(url) => saved(() => saveReview({ review_url: url }))}
      locale={site?.locale ?? 'en'}
      currency={site?.currency ?? 'PHP'}
      timeZone={site?.timezone ?? 'UTC'}
    />
  );
}
