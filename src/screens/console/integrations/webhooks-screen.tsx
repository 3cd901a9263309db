import { useId, useState } from 'react';
import { msg, plural, t as say } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { i18n } from '#i18n/i18n';
import type { WebhookDelivery, WebhookEndpoint, WebhookEventInfo, WebhookFields } from '#contract/webhooks';
import {
  Badge,
  Button,
  Card,
  Dialog,
  EmptyState,
  ErrorState,
  Notice,
  SkeletonGroup,
  SkeletonText,
  cx,
  focusRing,
  type BadgeTone,
  type RenderLink,
} from '../../../ui';
import { formatDateTime } from '../../../ui/lib/dates';
import { plainLink } from '../../../ui/lib/link';
import { Switch, type SaveProblem } from '../shared/editor-fields';
import { DeliveryLog } from './delivery-log';
import { ConfirmDialog, SecretDialog, WebhookEditor } from './webhook-editor';

export interface WebhooksScreenProps {
  endpoints?: WebhookEndpoint[] | undefined;
  /** the event catalogue, for the form's choices and the log's words */
  events: readonly WebhookEventInfo[];
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
  /** the endpoint whose page is open (/merchant/webhooks/:id); null: the list */
  selectedId?: number | null;
  endpointHref: (id: number) => string;
  listHref: string;
  renderLink?: RenderLink;
  /** the open endpoint's latest deliveries */
  deliveries?: WebhookDelivery[] | undefined;
  deliveriesLoading?: boolean;
  deliveriesError?: string | null;
  onRetryDeliveries?: () => void;
  /** older deliveries to load (the log pages), and loading them */
  deliveriesHasMore?: boolean;
  deliveriesLoadingMore?: boolean;
  onMoreDeliveries?: () => void;
  locale: string;
  timeZone: string;
  /** a secret just made (added, rotated): shown once until onSecretSeen */
  newSecret?: string | null;
  onSecretSeen: () => void;
  /** id null: a new endpoint. Null when saved, else what the provider refused */
  onSave: (id: number | null, fields: WebhookFields) => Promise<SaveProblem | null>;
  onSwitch: (id: number, enabled: boolean) => Promise<SaveProblem | null>;
  onRotate: (id: number) => Promise<SaveProblem | null>;
  onRemove: (id: number) => Promise<SaveProblem | null>;
  onReplay: (deliveryId: number) => Promise<SaveProblem | null>;
  /** the editor open at first (stories): a new endpoint, or an endpoint's id */
  initialEditing?: 'new' | number | null;
}

function stateOf(e: WebhookEndpoint): { label: string; tone: BadgeTone } {
  if (e.enabled) return { label: say`On`, tone: 'success' };
  return e.disabled_reason === 'failures' ? { label: say`Switched off after failures`, tone: 'danger' } : { label: say`Off`, tone: 'neutral' };
}

/** One row of the list: the address (its page a click away), what it is for, whether it is on, its events. */
function EndpointRow({ e, props }: { e: WebhookEndpoint; props: WebhooksScreenProps }) {
  const headingId = useId();
  const { renderLink = plainLink } = props;
  const state = stateOf(e);
  const events = e.events.length;
  return (
    <Card as="li" aria-labelledby={headingId} className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="min-w-0 font-semibold break-all">
          {renderLink({ href: props.endpointHref(e.id), className: cx('rounded text-brand-ink underline', focusRing), children: e.url })}
        </h3>
        <Badge tone={state.tone}>{state.label}</Badge>
      </div>
      {e.description && <p>{e.description}</p>}
      <p className="text-sm text-muted">
        {plural(events, { one: '# event', other: '# events' })}: {e.events.join(', ')}
      </p>
    </Card>
  );
}

/** What rotating and removing ask once more. */
const ASK = {
  rotate: {
    title: msg`Make a new signing secret?`,
    description: msg`The old secret keeps signing beside the new one for 24 hours, so you have a day to put the new one in your system.`,
    confirm: msg`Make a new secret`,
  },
  remove: {
    title: msg`Remove this endpoint?`,
    description: msg`Nothing more is sent to it, and its deliveries log goes with it.`,
    confirm: msg`Remove endpoint`,
  },
} as const;

/** Rotate (asked once more) and remove (asked once more); each refusal beside it. */
function EndpointActions({ e, props, onEdit }: { e: WebhookEndpoint; props: WebhooksScreenProps; onEdit: () => void }) {
  const [asking, setAsking] = useState<'rotate' | 'remove' | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const run = async (act: () => Promise<SaveProblem | null>) => {
    setBusy(true);
    const refused = await act();
    setBusy(false);
    setProblem(refused);
    if (!refused) setAsking(null);
  };
  const ask = ASK[asking ?? 'rotate'];
  return (
    <div className="flex flex-wrap gap-2">
      <Button onClick={onEdit}>
        <Trans>Edit</Trans>
      </Button>
      <Button variant="secondary" onClick={() => setAsking('rotate')}>
        <Trans>New secret</Trans>
      </Button>
      <Button variant="secondary" onClick={() => setAsking('remove')}>
        <Trans>Remove</Trans>
      </Button>
      <ConfirmDialog
        open={asking !== null}
        title={i18n._(ask.title)}
        description={i18n._(ask.description)}
        confirm={i18n._(ask.confirm)}
        busy={busy}
        problem={problem}
        onConfirm={() => void run(() => (asking === 'remove' ? props.onRemove : props.onRotate)(e.id))}
        onCancel={() => setAsking(null)}
      />
    </div>
  );
}

/** An endpoint's page: whether it is on (a switch), its events and secret, its actions, and its log. */
function EndpointPage({ e, props, onEdit }: { e: WebhookEndpoint; props: WebhooksScreenProps; onEdit: () => void }) {
  const { t } = useLingui();
  const [switching, setSwitching] = useState(false);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const at = (iso: string) => formatDateTime(iso, props.locale, props.timeZone);
  const names = e.events.map((t) => props.events.find((ev) => ev.type === t)?.label ?? t);
  const flip = async (on: boolean) => {
    setSwitching(true);
    setProblem(await props.onSwitch(e.id, on));
    setSwitching(false);
  };
  const disabledAt = e.disabled_at ? at(e.disabled_at) : '';
  const previousUntil = e.previous_secret_until ? at(e.previous_secret_until) : null;
  return (
    <div className="flex flex-col gap-4">
      <Card className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="min-w-0 text-xl font-semibold break-all">{e.url}</h2>
          <Badge tone={stateOf(e).tone}>{stateOf(e).label}</Badge>
        </div>
        {e.description && <p>{e.description}</p>}
        {e.disabled_reason === 'failures' && (
          <Notice tone="danger">
            <Trans>
              Switched off {disabledAt}: a delivery failed every try for about two days. Fix your system, then switch it on: waiting deliveries are sent, and
              failed ones can be sent again below.
            </Trans>
          </Notice>
        )}
        <Switch on={e.enabled} onChange={(on) => void flip(on)} label={t`Send webhooks to this address`} disabled={switching} />
        {problem && <Notice tone="danger">{problem.message}</Notice>}
        <p>
          <span className="font-medium">
            <Trans>Events:</Trans>
          </span>{' '}
          {names.join(', ')}
        </p>
        <p>
          <span className="font-medium">
            <Trans>Signing secret:</Trans>
          </span>{' '}
          <span className="font-mono">{e.secret_hint}</span>
          {previousUntil && (
            <span className="text-muted">
              {' '}
              <Trans>(the previous one also signs until {previousUntil})</Trans>
            </span>
          )}
        </p>
        <EndpointActions e={e} props={props} onEdit={onEdit} />
      </Card>
      <DeliveryLog
        deliveries={props.deliveries}
        loading={props.deliveriesLoading ?? false}
        error={props.deliveriesError ?? null}
        onRetry={props.onRetryDeliveries ?? (() => {})}
        hasMore={props.deliveriesHasMore ?? false}
        loadingMore={props.deliveriesLoadingMore ?? false}
        {...(props.onMoreDeliveries ? { onMore: props.onMoreDeliveries } : {})}
        events={props.events}
        locale={props.locale}
        timeZone={props.timeZone}
        canReplay={e.enabled}
        onReplay={props.onReplay}
      />
    </div>
  );
}

/** The list, or its loading, error and empty states. */
function EndpointList({ props }: { props: WebhooksScreenProps }) {
  const { t } = useLingui();
  const { endpoints, loading, error, onRetry } = props;
  if (loading && !endpoints)
    return (
      <SkeletonGroup label={t`Loading the webhooks`} className="flex flex-col gap-3">
        {[0, 1].map((i) => (
          <Card key={i}>
            <SkeletonText lines={2} />
          </Card>
        ))}
      </SkeletonGroup>
    );
  if (!endpoints) return <ErrorState title={t`We could not load the webhooks`} message={error ?? t`Please try again.`} onRetry={onRetry} />;
  if (endpoints.length === 0)
    return (
      <EmptyState
        title={t`No webhooks yet`}
        description={t`Add your till's or accounting system's address to send it orders, sign-ups and points as they happen.`}
      />
    );
  return (
    <ul className="flex flex-col gap-3" aria-label={t`Webhook endpoints`}>
      {endpoints.map((e) => (
        <EndpointRow key={e.id} e={e} props={props} />
      ))}
    </ul>
  );
}

/**
 * /merchant/webhooks and /merchant/webhooks/:id (owners, issue 52): the endpoints the shop's events are
 * sent to, signed; an endpoint's page with its switch, secret and deliveries log; the form in a dialog, and
 * a new secret shown once.
 */
export function WebhooksScreen(props: WebhooksScreenProps) {
  const { t } = useLingui();
  const { endpoints, selectedId = null, renderLink = plainLink } = props;
  const [editing, setEditing] = useState<'new' | number | null>(props.initialEditing ?? null);
  const selected = selectedId === null ? null : (endpoints?.find((e) => e.id === selectedId) ?? null);
  const edited = typeof editing === 'number' ? (endpoints?.find((e) => e.id === editing) ?? null) : null;
  let body;
  if (selectedId === null || !endpoints) body = <EndpointList props={props} />;
  else if (!selected) body = <EmptyState title={t`No such endpoint`} description={t`It may have been removed, or the address is mistyped.`} />;
  else body = <EndpointPage e={selected} props={props} onEdit={() => setEditing(selected.id)} />;
  return (
    <div className="flex flex-col gap-4">
      {selectedId !== null ? (
        renderLink({ href: props.listHref, className: cx('self-start rounded font-medium text-brand-ink underline', focusRing), children: t`All webhooks` })
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-muted">
            <Trans>Your other systems hear what happens in the shop: each event is sent to their address, signed, and tried again if it fails.</Trans>
          </p>
          <Button onClick={() => setEditing('new')}>
            <Trans>Add an endpoint</Trans>
          </Button>
        </div>
      )}
      {body}
      <Dialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} title={edited ? t`Edit endpoint` : t`Add an endpoint`}>
        {editing !== null && (
          <WebhookEditor
            endpoint={edited}
            events={props.events}
            onSave={(fields) => props.onSave(edited ? edited.id : null, fields)}
            onDone={() => setEditing(null)}
          />
        )}
      </Dialog>
      <SecretDialog secret={props.newSecret ?? null} onClose={props.onSecretSeen} />
    </div>
  );
}
