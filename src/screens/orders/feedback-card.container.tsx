import { useGiveFeedback, useOrderFeedback } from '../../api/feedback';
import { useSite } from '../../app/settings';
import { useAction } from '../../shared/action';
import { messageOf } from '../../shared/errors';
import { FeedbackCard } from './feedback-card';

/** The feedback card of a completed order (issue 51): the customer's rating, read and given through the provider. */
export default function FeedbackCardContainer({ name }: { name: string }) {
  const { settings } = useSite();
  const read = useOrderFeedback(name);
  const giveFeedback = useGiveFeedback();
  const give = useAction(giveFeedback);
  return (
    <FeedbackCard
      feedback={read.data?.feedback ?? null}
      reviewUrl={read.data?.review_url ?? null}
      shopName={settings.setting_company}
      loading={read.isLoading}
      error={read.error && !read.data ? messageOf(read.error) : null}
      onRetry={() => void read.mutate()}
      submitting={give.pending}
      submitError={give.error ? messageOf(give.error) : null}
      onSubmit={(f) => void give.run({ name, ...f })}
    />
  );
}
