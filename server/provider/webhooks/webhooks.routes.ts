import { webhooksSpec } from '#contract/webhooks.spec';
import { Router } from 'express';
import type { ProviderContext } from '../context';
import { mount } from '../http/mount';
import { changeWebhook, createWebhook, listWebhooks, removeWebhook, replayDelivery, rotateSecret, webhookDeliveries } from './webhooks.service';

/** Outbound webhooks (`merchant/webhooks…`): owners only, every call. The sending is the `webhooks` job's. */
export function webhooksRoutes(ctx: ProviderContext): Router {
  return Router().use(
    mount(ctx, webhooksSpec, {
      webhooks: () => listWebhooks(ctx),
      create: (body, at) => createWebhook(ctx, at.staff(), body),
      update: async (body, at) => ({ endpoint: await changeWebhook(ctx, at.staff(), body) }),
      remove: async (body, at) => {
        await removeWebhook(ctx, at.staff(), body.id);
        return null;
      },
      rotate: (body, at) => rotateSecret(ctx, at.staff(), body.id),
      deliveries: (query) => webhookDeliveries(ctx, query.id, query.page),
      replay: async (body, at) => ({ delivery: await replayDelivery(ctx, at.staff(), body.delivery_id) }),
    }),
  );
}
