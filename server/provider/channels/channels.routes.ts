import type { Router } from 'express';
import { channelsSpec } from '#contract/channels';
import type { ProviderContext } from '../context';
import { mount } from '../http/mount';
import { channelsOf, sendTestMessage, setupOf } from './channels.service';
import { clearDemo } from './demo';

/** Going live (owners): the Payments and messages page and the Overview's set-up checklist. */
export function channelsRoutes(ctx: ProviderContext): Router {
  return mount(ctx, channelsSpec, {
    channels: async () => channelsOf(ctx),
    testMessage: async (body, at) => sendTestMessage(ctx, at.staff(), body),
    setup: async () => setupOf(ctx),
    clearDemo: async (body, at) => clearDemo(ctx, at.staff(), body),
  });
}
