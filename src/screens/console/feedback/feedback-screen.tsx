import { useId, useState } from 'react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ConsoleFeedback } from '#contract/feedback';
import { FEEDBACK_REASON_LABELS, FEEDBACK_REPLY_MAX, isLowRating } from '#contract/feedback-rules';
import { Badge, Button, Card, Dialog, EmptyState, ErrorState, Notice, SkeletonGroup, SkeletonText, TextField } from '../../../ui';
import { LoadMore } from '../../../ui/load-more/load-more';
import { formatDateTime } from '../../../ui/lib/dates';
import { formatMoney } from '#contract/money';
import { fieldProblem, TextAreaField, type SaveProblem } from '../shared/editor-fields';

export interface FeedbackScreenProps {
  items?: ConsoleFeedback[] | undefined;
  average?: number | null;
  lowUnanswered?: number;
  reviewUrl?: string | null;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** low ratings only */
  low: boolean;
  onLow: (low: boolean) => void;
  more?: boolean;
  loadingMore?: boolean;
  onMore?: () => void;
  /** null when sent, else what to show in the reply's dialog */
  onReply: (id: number, reply: string) => Promise<SaveProblem | null>;
  /** owners set the review link */
  canEdit: boolean;
  onSaveReviewUrl: (url: string) => Promise<SaveProblem | null>;
  locale: string;
  currency: string;
  timeZone?: string;
  /** the reply dialog open at first (stories) */
  initialReplyTo?: number | null;
}

const stars = (n: number) => '★'.repeat(n) + '☆'.repeat(5 - n);

/** /merchant/feedback: customers' ratings of their orders, the low ones first to answer, and the review link. */
export function FeedbackScreen(props: FeedbackScreenProps) {
  const { items, loading, error, onRetry, low, onLow } = props;
  const { t } = useLingui();
  const [replyTo, setReplyTo] = useState<number | null>(props.initialReplyTo ?? null);
  const filterId = useId();
  if (loading && !items)
    return (
      <SkeletonGroup label={t`Loading the feedback`} className="flex flex-col gap-3">
        <SkeletonText lines={3} />
        <SkeletonText lines={3} />
      </SkeletonGroup>
    );
  if (error && !items) return <ErrorState title={t`We could not load the feedback`} message={error} {...(onRetry ? { onRetry } : {})} />;
  const list = items ?? [];
  const average = props.average;
  const answering = list.find((f) => f.id === replyTo) ?? null;
  return (
    <div className="flex flex-col gap-4">
      <p>{t`What customers said about their orders. Answer a low rating and they get your reply in the app.`}</p>
      <div className="flex flex-wrap gap-2">
        {average !== null && average !== undefined && <Badge tone="brand">{t`Last 30 days: ${average} of 5 on average`}</Badge>}
        {props.lowUnanswered ? (
          <Badge tone="warning">{plural(props.lowUnanswered, { one: '# low rating waits for an answer', other: '# low ratings wait for an answer' })}</Badge>
        ) : null}
      </div>
      <label htmlFor={filterId} className="flex min-h-11 items-center gap-2 self-start">
        <input id={filterId} type="checkbox" checked={low} onChange={(e) => onLow(e.target.checked)} className="size-5 accent-brand" />
        {t`Low ratings only (2 stars or fewer)`}
      </label>
      {list.length === 0 ? (
        <EmptyState
          title={low ? t`No low ratings` : t`No feedback yet`}
          description={low ? t`Nobody rated an order 2 stars or fewer.` : t`Customers can rate an order once it is completed.`}
        />
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t`Feedback`}>
          {list.map((f) => (
            <FeedbackCard key={f.id} feedback={f} props={props} onReply={() => setReplyTo(f.id)} />
          ))}
        </ul>
      )}
      {props.onMore && <LoadMore more={Boolean(props.more)} loading={Boolean(props.loadingMore)} onMore={props.onMore} />}
      {props.canEdit && <ReviewLink props={props} />}
      {answering && <ReplyDialog feedback={answering} onReply={props.onReply} onClose={() => setReplyTo(null)} />}
    </div>
  );
}

function FeedbackCard({ feedback: f, props, onReply }: { feedback: ConsoleFeedback; props: FeedbackScreenProps; onReply: () => void }) {
  const { t } = useLingui();
  const low = isLowRating(f.rating);
  const [rating, order, customer, by] = [f.rating, f.order_name, f.customer_name, f.replied_by];
  const [total, date] = [formatMoney(f.order_total, props.currency, props.locale), formatDateTime(f.created_at, props.locale, props.timeZone)];
  return (
    <li aria-label={t`${rating} of 5 for order ${order}`}>
      <Card className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="font-semibold">
            <span aria-hidden="true" className={low ? 'text-danger' : 'text-brand'}>
              {stars(f.rating)}
            </span>{' '}
            {t`${rating} of 5`}
          </p>
          {low && !f.reply && <Badge tone="warning">{t`Waiting for an answer`}</Badge>}
        </div>
        <p className="text-sm text-muted">{t`${customer} · order ${order} · ${total} · ${date}`}</p>
        {f.reasons.length > 0 && (
          <ul className="flex flex-wrap gap-1" aria-label={t`What they picked`}>
            {f.reasons.map((r) => (
              <li key={r}>
                <Badge tone="neutral">{FEEDBACK_REASON_LABELS[r]}</Badge>
              </li>
            ))}
          </ul>
        )}
        {f.comment && <blockquote className="border-l-4 border-border pl-3">{f.comment}</blockquote>}
        {f.reply ? (
          <p className="text-sm">
            <span className="font-semibold">{by ? t`Your answer (${by}):` : t`Your answer:`} </span>
            {f.reply}
          </p>
        ) : null}
        <div>
          <Button
            variant="secondary"
            onClick={onReply}
            aria-label={f.reply ? t`Change the answer to ${customer} about order ${order}` : t`Answer to ${customer} about order ${order}`}
          >
            {f.reply ? t`Change the answer` : t`Answer`}
          </Button>
        </div>
      </Card>
    </li>
  );
}

function ReplyDialog({ feedback, onReply, onClose }: { feedback: ConsoleFeedback; onReply: FeedbackScreenProps['onReply']; onClose: () => void }) {
  const { t } = useLingui();
  const [reply, setReply] = useState(feedback.reply ?? '');
  const [customer, order, rating] = [feedback.customer_name, feedback.order_name, feedback.rating];
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const send = async () => {
    setBusy(true);
    const refused = await onReply(feedback.id, reply);
    setBusy(false);
    setProblem(refused);
    if (!refused) onClose();
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={t`Answer ${customer}`}
      description={t`About order ${order}, rated ${rating} of 5. They get your answer as a notification in the app.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t`Cancel`}
          </Button>
          <Button loading={busy} onClick={() => void send()}>
            {t`Send answer`}
          </Button>
        </>
      }
    >
      <TextAreaField
        label={t`Your answer`}
        rows={4}
        maxLength={FEEDBACK_REPLY_MAX}
        value={reply}
        onChange={(e) => setReply(e.target.value)}
        error={fieldProblem(problem, 'reply', t`The answer`)}
      />
      {problem && !problem.fields.reply && <Notice tone="danger">{problem.message}</Notice>}
    </Dialog>
  );
}

function ReviewLink({ props }: { props: FeedbackScreenProps }) {
  const { t } = useLingui();
  const [url, setUrl] = useState(props.reviewUrl ?? '');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [done, setDone] = useState(false);
  const save = async () => {
    setBusy(true);
    setDone(false);
    const refused = await props.onSaveReviewUrl(url.trim());
    setBusy(false);
    setProblem(refused);
    setDone(!refused);
  };
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold">{t`Ask happy customers for a review`}</h2>
      <p className="text-sm">{t`After a rating of 4 or 5 stars, customers are asked to review your shop at this address. Leave it empty to ask nothing.`}</p>
      <TextField
        label={t`Review page address`}
        type="url"
        placeholder="https://"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        error={fieldProblem(problem, 'review_url', t`The address`)}
      />
      {problem && !problem.fields.review_url && <Notice tone="danger">{problem.message}</Notice>}
      {done && <Notice tone="success">{t`Saved.`}</Notice>}
      <div>
        <Button loading={busy} onClick={() => void save()}>
          {t`Save review link`}
        </Button>
      </div>
    </Card>
  );
}
