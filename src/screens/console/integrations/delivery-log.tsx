import { useState } from 'react';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
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

const STATUS: Record<WebhookDelivery['status'], { label: MessageDescriptor; tone: BadgeTone }> = {
  pending: { label: msg`Waiting`, tone: 'warning' },
  delivered: { label: msg`Delivered`, tone: 'success' },
  failed: { label: msg`Failed`, tone: 'danger' },
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
  const { attempt, response_status: status, duration_ms: ms } = a;
  const when = at(a.at);
  return (
    <li className="flex flex-col gap-1 rounded-lg bg-surface p-2 text-sm">
      <span>
        {status === null ? (
          <Trans>
            Try {attempt}, {when}: no answer in {ms} ms
          </Trans>
        ) : (
          <Trans>
            Try {attempt}, {when}: answered {status} in {ms} ms
          </Trans>
        )}
      </span>
      {a.error && a.response_status === null && <span className="text-danger">{a.error}</span>}
      {a.response_excerpt && <code className="block max-h-24 overflow-auto break-all whitespace-pre-wrap text-muted">{a.response_excerpt}</code>}
    </li>
  );
}

/** A delivery: its event, where it stands and when; its body and tries on demand; Send again. */
function DeliveryRow({ d, props }: { d: WebhookDelivery; props: DeliveryLogProps }) {
  const { t, i18n } = useLingui();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const at = (iso: string) => formatDateTime(iso, props.locale, props.timeZone, { seconds: true });
  const label = props.events.find((e) => e.type === d.event_type)?.label ?? d.event_type;
  const replay = async () => {
    setBusy(true);
    setProblem(await props.onReplay(d.id));
    setBusy(false);
  };
  const created = at(d.created_at);
  const tries = d.attempts.length;
  const next = d.next_attempt_at ? at(d.next_attempt_at) : null;
  // "12 May, 10:00:00 · 2 tries · next try … · sent again"
  const facts = [
    created,
    plural(tries, { one: '# try', other: '# tries' }),
    ...(next ? [t`next try ${next}`] : []),
    ...(d.replay_of !== null ? [t`sent again`] : []),
  ];
  return (
    <Card as="li" aria-label={t`${label}, ${created}`} className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold">
          {label} <span className="font-mono text-sm font-normal text-muted">{d.event_type}</span>
        </span>
        <Badge tone={STATUS[d.status].tone}>{i18n._(STATUS[d.status].label)}</Badge>
      </div>
      <p className="text-sm text-muted">{facts.join(' · ')}</p>
      <details className="flex flex-col gap-2">
        <summary className={cx('cursor-pointer self-start rounded font-medium text-brand-ink underline', focusRing)}>
          <Trans>Details</Trans>
        </summary>
        <p className="mt-2 text-sm font-medium">
          <Trans>Body sent</Trans>
        </p>
        <code className="block max-h-40 overflow-auto rounded-lg bg-surface p-2 text-sm break-all whitespace-pre-wrap">{d.request_body}</code>
        {d.attempts.length > 0 && (
          <ol className="mt-2 flex flex-col gap-1" aria-label={t`Tries`}>
            {d.attempts.map((a) => (
              <AttemptLine key={a.attempt} a={a} at={at} />
            ))}
          </ol>
        )}
      </details>
      {d.status !== 'pending' && props.canReplay && (
        <Button variant="secondary" className="self-start" loading={busy} onClick={() => void replay()}>
          <Trans>Send again</Trans>
        </Button>
      )}
      {problem && <Notice tone="danger">{problem.message}</Notice>}
    </Card>
  );
}

/** The endpoint's deliveries, newest first, 20 at a time (Show older deliveries). */
export function DeliveryLog(props: DeliveryLogProps) {
  const { t } = useLingui();
  const { deliveries, loading, error, onRetry } = props;
  let body;
  if (loading && !deliveries)
    body = (
      <SkeletonGroup label={t`Loading the deliveries`} className="flex flex-col gap-3">
        <Card>
          <SkeletonText lines={2} />
        </Card>
      </SkeletonGroup>
    );
  else if (!deliveries) body = <ErrorState title={t`We could not load the deliveries`} message={error ?? t`Please try again.`} onRetry={onRetry} />;
  else if (deliveries.length === 0)
    body = <EmptyState icon={<InboxIcon size={40} />} title={t`Nothing sent yet`} description={t`Deliveries show here as the events it wants happen.`} />;
  else
    body = (
      <>
        <ul className="flex flex-col gap-3" aria-label={t`Deliveries`}>
          {deliveries.map((d) => (
            <DeliveryRow key={d.id} d={d} props={props} />
          ))}
        </ul>
        <LoadMore more={!!props.hasMore} {...(props.onMore ? { onMore: props.onMore } : {})} loading={props.loadingMore ?? false} className="self-center">
          <Trans>Show older deliveries</Trans>
        </LoadMore>
      </>
    );
  return (
    <section aria-labelledby="webhook-deliveries" className="flex flex-col gap-3">
      <h3 id="webhook-deliveries" className="text-lg font-semibold">
        <Trans>Deliveries</Trans>
      </h3>
      <p className="text-sm text-muted">
        <Trans>Newest first, kept 30 days. A delivery that fails is tried again for about two days.</Trans>
      </p>
      {body}
    </section>
  );
}
