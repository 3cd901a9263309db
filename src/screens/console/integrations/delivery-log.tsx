import { useState } from 'react';
import type { WebhookDelivery, WebhookEventInfo } from '#contract/webhooks';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  ErrorState,
  InboxIcon,
  LoadMore,
  Notice,
  SkeletonGroup,
  SkeletonText,
  cx,
  focusRing,
  type BadgeTone,
} from '../../../ui';
import { formatDateTime } from '../../../ui/lib/dates';
import type { SaveProblem } from '../shared/editor-fields';

const STATUS: Record<WebhookDelivery['status'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Waiting', tone: 'warning' },
  delivered: { label: 'Delivered', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

export interface DeliveryLogProps {
  deliveries: WebhookDelivery[] | undefined;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  /** older deliveries to load, and loading them */
  hasMore?: boolean;
  loadingMore?: boolean;
  onMore?: () => void;
  events: readonly WebhookEventInfo[];
  locale: string;
  timeZone: string;
  /** replays are refused while the endpoint is off */
  canReplay: boolean;
  onReplay: (deliveryId: number) => Promise<SaveProblem | null>;
}

/** One try: when, the answer (its status and the start of its text) or why it failed, how long it took. */
function AttemptLine({ a, at }: { a: WebhookDelivery['attempts'][number]; at: (iso: string) => string }) {
  const answer = a.response_status === null ? 'no answer' : `answered ${a.response_status}`;
  return (
    <li className="flex flex-col gap-1 rounded-lg bg-surface p-2 text-sm">
      <span>
        Try {a.attempt}, {at(a.at)}: {answer} in {a.duration_ms} ms
      </span>
      {a.error && a.response_status === null && <span className="text-danger">{a.error}</span>}
      {a.response_excerpt && <code className="block max-h-24 overflow-auto break-all whitespace-pre-wrap text-muted">{a.response_excerpt}</code>}
    </li>
  );
}

/** A delivery: its event, where it stands and when; its body and tries on demand; Send again. */
function DeliveryRow({ d, props }: { d: WebhookDelivery; props: DeliveryLogProps }) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const at = (iso: string) => formatDateTime(iso, props.locale, props.timeZone, { seconds: true });
  const label = props.events.find((e) => e.type === d.event_type)?.label ?? d.event_type;
  const replay = async () => {
    setBusy(true);
    setProblem(await props.onReplay(d.id));
    setBusy(false);
  };
  return (
    <Card as="li" aria-label={`${label}, ${at(d.created_at)}`} className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold">
          {label} <span className="font-mono text-sm font-normal text-muted">{d.event_type}</span>
        </span>
        <Badge tone={STATUS[d.status].tone}>{STATUS[d.status].label}</Badge>
      </div>
      <p className="text-sm text-muted">
        {at(d.created_at)} · {d.attempts.length === 1 ? '1 try' : `${d.attempts.length} tries`}
        {d.next_attempt_at && ` · next try ${at(d.next_attempt_at)}`}
        {d.replay_of !== null && ' · sent again'}
      </p>
      <details className="flex flex-col gap-2">
        <summary className={cx('cursor-pointer self-start rounded font-medium text-brand-ink underline', focusRing)}>Details</summary>
        <p className="mt-2 text-sm font-medium">Body sent</p>
        <code className="block max-h-40 overflow-auto rounded-lg bg-surface p-2 text-sm break-all whitespace-pre-wrap">{d.request_body}</code>
        {d.attempts.length > 0 && (
          <ol className="mt-2 flex flex-col gap-1" aria-label="Tries">
            {d.attempts.map((a) => (
              <AttemptLine key={a.attempt} a={a} at={at} />
            ))}
          </ol>
        )}
      </details>
      {d.status !== 'pending' && props.canReplay && (
        <Button variant="secondary" className="self-start" loading={busy} onClick={() => void replay()}>
          Send again
        </Button>
      )}
      {problem && <Notice tone="danger">{problem.message}</Notice>}
    </Card>
  );
}

/** The endpoint's deliveries, newest first, 20 at a time (Show older deliveries). */
export function DeliveryLog(props: DeliveryLogProps) {
  const { deliveries, loading, error, onRetry } = props;
  let body;
  if (loading && !deliveries)
    body = (
      <SkeletonGroup label="Loading the deliveries" className="flex flex-col gap-3">
        <Card>
          <SkeletonText lines={2} />
        </Card>
      </SkeletonGroup>
    );
  else if (!deliveries) body = <ErrorState title="We could not load the deliveries" message={error ?? 'Please try again.'} onRetry={onRetry} />;
  else if (deliveries.length === 0)
    body = <EmptyState icon={<InboxIcon size={40} />} title="Nothing sent yet" description="Deliveries show here as the events it wants happen." />;
  else
    body = (
      <>
        <ul className="flex flex-col gap-3" aria-label="Deliveries">
          {deliveries.map((d) => (
            <DeliveryRow key={d.id} d={d} props={props} />
          ))}
        </ul>
        <LoadMore more={!!props.hasMore} {...(props.onMore ? { onMore: props.onMore } : {})} loading={props.loadingMore ?? false} className="self-center">
          Show older deliveries
        </LoadMore>
      </>
    );
  return (
    <section aria-labelledby="webhook-deliveries" className="flex flex-col gap-3">
      <h3 id="webhook-deliveries" className="text-lg font-semibold">
        Deliveries
      </h3>
      <p className="text-sm text-muted">Newest first, kept 30 days. A delivery that fails is tried again for about two days.</p>
      {body}
    </section>
  );
}
