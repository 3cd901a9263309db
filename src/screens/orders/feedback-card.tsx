import { useId, useState } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Feedback } from '#contract/feedback';
import { FEEDBACK_COMMENT_MAX, FEEDBACK_HIGH_AT_LEAST, FEEDBACK_REASONS, type FeedbackReason } from '#contract/feedback-rules';
import { Button, cardClass, cx, focusRing, Notice, Skeleton } from '../../ui';

export interface FeedbackCardProps {
  /** the customer's rating of this order; null: not rated yet */
  feedback: Feedback | null;
  /** after a high rating: where the shop asks for a public review (the owner's link), else null */
  reviewUrl?: string | null;
  /** the shop's name, for its reply */
  shopName: string;
  loading?: boolean;
  /** the feedback could not be read */
  error?: string | null;
  onRetry?: () => void;
  submitting?: boolean;
  /** why the last send failed */
  submitError?: string | null;
  onSubmit?: (feedback: { rating: number; reasons: FeedbackReason[]; comment: string }) => void;
  /** stories: the rating chosen at first, as after one tap */
  initialRating?: number;
}

/** Each rating's word, 1 to 5, read in the language spoken. */
const WORDS: readonly MessageDescriptor[] = [msg`Poor`, msg`Not great`, msg`OK`, msg`Good`, msg`Great`];
/** What stood out, in the customer's words (the console keeps the contract's English FEEDBACK_REASON_LABELS). */
const REASON_WORDS: Record<FeedbackReason, MessageDescriptor> = {
  taste: msg`Taste`,
  speed: msg`Speed`,
  accuracy: msg`The order was right`,
  temperature: msg`Temperature`,
  service: msg`Service`,
  value: msg`Value for money`,
  app: msg`Ordering in the app`,
};
const section = cx(cardClass(), 'flex flex-col gap-3');
const chip = cx(
  'inline-flex min-h-11 cursor-pointer items-center rounded-full border px-3 text-sm',
  'has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-focus',
);

/** The feedback given: the rating, the shop's reply when it answered, and after a high rating its review link. */
function GivenFeedback({ feedback, reviewUrl, shopName, titleId }: { feedback: Feedback; reviewUrl: string | null; shopName: string; titleId: string }) {
  const { i18n } = useLingui();
  const rated = feedback.rating;
  const word = i18n._(WORDS[rated - 1]!);
  return (
    <section aria-labelledby={titleId} className={section}>
      <h2 id={titleId} className="text-lg font-semibold">
        <Trans>Thanks for your feedback</Trans>
      </h2>
      <p>
        <Trans>
          You rated this order {rated} of 5: {word}.
        </Trans>
      </p>
      {feedback.reply && (
        <div className="rounded-xl bg-surface p-3">
          <p className="text-sm font-semibold">
            <Trans>{shopName} replied</Trans>
          </p>
          <p className="whitespace-pre-line">{feedback.reply}</p>
        </div>
      )}
      {reviewUrl && feedback.rating >= FEEDBACK_HIGH_AT_LEAST && (
        <p>
          <Trans>
            Glad you liked it! Would you tell others too?{' '}
            <a href={reviewUrl} target="_blank" rel="noopener noreferrer" className={cx('font-semibold text-brand-ink underline', focusRing)}>
              Write a review (opens in a new tab)
            </a>
          </Trans>
        </p>
      )}
    </section>
  );
}

/**
 * "How was your order?" on a completed order (issue 51): one tap gives a rating of 1 to 5, then what stood
 * out and a comment if they like, and Send. Once given: the rating, the shop's reply when it answered,
 * and after a high rating the shop's review link when it has one. One feedback per order.
 */
export function FeedbackCard({
  feedback,
  reviewUrl = null,
  shopName,
  loading = false,
  error,
  onRetry,
  submitting = false,
  submitError,
  onSubmit,
  initialRating,
}: FeedbackCardProps) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const [rating, setRating] = useState<number | null>(initialRating ?? null);
  const [reasons, setReasons] = useState<FeedbackReason[]>([]);
  const [comment, setComment] = useState('');

  if (loading) return <Skeleton height="7rem" />;
  if (error)
    return (
      <Notice
        tone="warning"
        title={t`We couldn't load your feedback`}
        action={
          onRetry && (
            <Button variant="secondary" size="sm" className="self-start" onClick={onRetry}>
              <Trans>Try again</Trans>
            </Button>
          )
        }
      >
        {error}
      </Notice>
    );

  if (feedback) return <GivenFeedback feedback={feedback} reviewUrl={reviewUrl} shopName={shopName} titleId={titleId} />;

  const toggle = (r: FeedbackReason) => setReasons((now) => (now.includes(r) ? now.filter((x) => x !== r) : [...now, r]));
  return (
    <section aria-labelledby={titleId} className={section}>
      <h2 id={titleId} className="text-lg font-semibold">
        <Trans>How was your order?</Trans>
      </h2>
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">
          <Trans>Your rating, 1 to 5</Trans>
        </legend>
        <div className="flex flex-wrap gap-2">
          {WORDS.map((word, i) => (
            <label key={i} className={cx(chip, rating === i + 1 ? 'border-brand-ink bg-brand text-brand-contrast' : 'border-border')}>
              <input type="radio" name={`${titleId}-rating`} className="sr-only" checked={rating === i + 1} onChange={() => setRating(i + 1)} />
              <span className="mr-1 font-semibold">{i + 1}</span>
              {i18n._(word)}
            </label>
          ))}
        </div>
      </fieldset>
      {rating !== null && (
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit?.({ rating, reasons, comment: comment.trim() });
          }}
        >
          <fieldset className="flex flex-col gap-2">
            <legend className="text-sm font-semibold">
              <Trans>What stood out? (optional)</Trans>
            </legend>
            <div className="flex flex-wrap gap-2">
              {FEEDBACK_REASONS.map((r) => (
                <label key={r} className={cx(chip, reasons.includes(r) ? 'border-brand-ink bg-surface font-semibold' : 'border-border')}>
                  <input type="checkbox" className="sr-only" checked={reasons.includes(r)} onChange={() => toggle(r)} />
                  {i18n._(REASON_WORDS[r])}
                </label>
              ))}
            </div>
          </fieldset>
          <label className="flex flex-col gap-1 text-sm font-semibold">
            <Trans>Anything else? (optional)</Trans>
            <textarea
              value={comment}
              maxLength={FEEDBACK_COMMENT_MAX}
              rows={3}
              onChange={(e) => setComment(e.target.value)}
              className={cx('rounded-xl border border-border bg-surface-raised p-3 font-normal', focusRing)}
            />
          </label>
          {submitError && <Notice tone="danger">{submitError}</Notice>}
          <Button type="submit" loading={submitting} className="self-start">
            <Trans>Send feedback</Trans>
          </Button>
        </form>
      )}
    </section>
  );
}
