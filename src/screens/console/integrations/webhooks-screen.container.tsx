import { useEffect, useState } from 'react';
import { t } from '@lingui/core/macro';
import { useNavigate, useParams } from 'react-router-dom';
import type { SiteSettings } from '#contract';
import { CONSOLE_BASE, CONSOLE_PAGES, consoleHref } from '#contract/console-routes';
import { WEBHOOK_EVENT_INFO } from '#contract/webhook-events';
import { useSettings } from '../../../api/settings';
import {
  useCreateWebhook,
  useRemoveWebhook,
  useReplayDelivery,
  useRotateWebhookSecret,
  useUpdateWebhook,
  useWebhookDeliveries,
  useWebhooks,
} from '../../../api/webhooks';
import { consoleLink } from '../../../console/link';
import { messageOf } from '../../../shared/errors';
import { toast } from '../../../ui';
import { saved } from '../shared/save.container';
import { WebhooksScreen } from './webhooks-screen';

/**
 * /merchant/webhooks and /merchant/webhooks/:id (owners): merchant/webhooks, an endpoint added with
 * merchant/webhooks/create (its secret shown once, then its page), changed or switched with
 * merchant/webhooks/update, its secret rotated, removed; its log (merchant/webhooks/deliveries, page by page, every 5 s)
 * and a delivery sent again (merchant/webhooks/replay).
 */
export default function WebhooksContainer() {
  const params = useParams();
  const navigate = useNavigate();
  const selectedId = params.id && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const webhooks = useWebhooks();
  const deliveries = useWebhookDeliveries(selectedId);
  const settings = useSettings().data as SiteSettings | undefined;
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const remove = useRemoveWebhook();
  const rotate = useRotateWebhookSecret();
  const replay = useReplayDelivery();
  const [secret, setSecret] = useState<string | null>(null);
  const go = (href: string) => void navigate(href.slice(CONSOLE_BASE.length) || '/');
  const pages = deliveries.data;

  // /merchant/webhooks/abc: no endpoint has such an id
  useEffect(() => {
    if (params.id && selectedId === null) void navigate(CONSOLE_PAGES.webhooks.path, { replace: true });
  }, [params.id, selectedId, navigate]);

  return (
    <WebhooksScreen
      endpoints={webhooks.data?.endpoints}
      events={webhooks.data?.events ?? WEBHOOK_EVENT_INFO}
      loading={webhooks.isLoading}
      error={webhooks.error ? messageOf(webhooks.error) : null}
      onRetry={() => void webhooks.mutate()}
      selectedId={selectedId}
      endpointHref={(id) => consoleHref('webhook', { id: String(id) })}
      listHref={consoleHref('webhooks')}
      renderLink={consoleLink}
      deliveries={pages?.flatMap((p) => p.deliveries)}
      deliveriesLoading={deliveries.isLoading}
      deliveriesHasMore={Boolean(pages?.at(-1)?.next_page)}
      deliveriesLoadingMore={deliveries.isValidating && deliveries.size > (pages?.length ?? 0)}
      onMoreDeliveries={() => void deliveries.setSize(deliveries.size + 1)}
      deliveriesError={deliveries.error ? messageOf(deliveries.error) : null}
      onRetryDeliveries={() => void deliveries.mutate()}
      locale={settings?.locale ?? 'en'}
      timeZone={settings?.timezone ?? 'UTC'}
      newSecret={secret}
      onSecretSeen={() => setSecret(null)}
      onSave={(id, fields) =>
        saved(async () => {
          if (id !== null) return update({ id, ...fields });
          // a new endpoint: its secret once, on its own page
          const made = await create(fields);
          setSecret(made.secret);
          go(consoleHref('webhook', { id: String(made.endpoint.id) }));
          return made;
        })
      }
      onSwitch={(id, enabled) => saved(() => update({ id, enabled }))}
      onRotate={(id) => saved(async () => setSecret((await rotate(id)).secret))}
      onRemove={(id) =>
        saved(async () => {
          await remove(id);
          toast.success(t`Endpoint removed.`);
          go(consoleHref('webhooks'));
        })
      }
      onReplay={(deliveryId) => saved(async () => (await replay(deliveryId), toast.success(t`Queued: it is sent within seconds.`)))}
    />
  );
}
