/**
 * Outbound webhooks (issue 52): the owner's endpoints and their delivery logs in the merchant console.
 * Hooks are functions only, so the customer app's build, which never calls them, drops them with the
 * console's calls they name.
 */
import type { WebhookCreateInput, WebhookUpdateInput } from '#contract/webhooks';
import { webhooksApi } from '#contract/webhooks.calls';
import { staffApi } from '#contract/staff.calls';
import { callApi } from './client';
import { pagesOf, useCall } from './use-call';
import { useCallPages } from './use-call-pages';
import { useMutation } from './mutation';

/** The endpoints and the event catalogue: read again every 30 s (the sender may switch one off). */
export const useWebhooks = () => useCall(webhooksApi.webhooks, undefined, { refreshInterval: 30_000 });

/**
 * One endpoint's deliveries, newest first, page by page (null: none asked): the pages loaded read again
 * every 5 s while its page is open.
 */
export const useWebhookDeliveries = (id: number | null) =>
  useCallPages(id === null ? null : pagesOf(webhooksApi.deliveries, (page) => ({ id, page })), { refreshInterval: 5_000 });

/** A change shows in the list, the endpoint's log and the activity log. */
// a function, not a constant: the customer app's build drops it with the console's calls it names
const webhooksChanged = () => ({ refreshes: [webhooksApi.webhooks.path, webhooksApi.deliveries.path, staffApi.audit.path], wait: true });
export const useCreateWebhook = () => useMutation((fields: WebhookCreateInput) => callApi(webhooksApi.create, fields), webhooksChanged());
export const useUpdateWebhook = () => useMutation((changes: WebhookUpdateInput) => callApi(webhooksApi.update, changes), webhooksChanged());
export const useRemoveWebhook = () => useMutation((id: number) => callApi(webhooksApi.remove, { id }), webhooksChanged());
export const useRotateWebhookSecret = () => useMutation((id: number) => callApi(webhooksApi.rotate, { id }), webhooksChanged());
export const useReplayDelivery = () => useMutation((deliveryId: number) => callApi(webhooksApi.replay, { delivery_id: deliveryId }), webhooksChanged());
