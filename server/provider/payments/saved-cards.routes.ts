import type { Router } from 'express';
import { savedCardSpec } from '#contract/saved-card.spec';
import type { ProviderContext } from '../context';
import { mount } from '../http/mount';
import { autoReloadStatus, confirmCardSetup, removeCard, startCardSetup, updateAutoReload } from './saved-cards.service';

/** wallet/auto-reload…, wallet/card/…: the customer's saved card and auto-reload (issue 49). */
export function savedCardsRoutes(ctx: ProviderContext): Router {
  return mount(ctx, savedCardSpec, {
    status: async (_, at) => autoReloadStatus(ctx, at.customerId()),
    update: async (body, at) => {
      const data = await updateAutoReload(ctx, at.customerId(), body);
      return at.reply(data, body.enabled ? 'Auto-reload is on.' : 'Auto-reload is off.');
    },
    setup: async (_, at) => startCardSetup(ctx, at.customerId()),
    confirm: async (body, at) => confirmCardSetup(ctx, at.customerId(), body.setup_id),
    remove: async (_, at) => removeCard(ctx, at.customerId()),
  });
}
