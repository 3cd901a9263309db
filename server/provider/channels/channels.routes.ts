import type { Router } from 'express';
import { channelsSpec } from '#contract/channels.spec';
import type { ProviderContext } from '../context';
import { mount } from '../http/mount';
import { channelsOf, sendTestMessage, setupOf } from './channels.service';
import { clearDemo } from './demo';
import { connectService, disconnectService } from './connections.service';

/** Going live (owners): the Payments and messages page (connecting services too) and the Overview's set-up checklist. */
export function channelsRoutes(ctx: ProviderContext): Router {
  return mount(ctx, channelsSpec, {
    channels: async () => channelsOf(ctx),
    testMessage: async (body, at) => sendTestMessage(ctx, at.staff(), body),
    setup: async () => setupOf(ctx),
    clearDemo: async (body, at) => clearDemo(ctx, at.staff(), body),
    connectStripe: async (body, at) => {
      await connectService(ctx, at.staff(), 'stripe', body);
      return channelsOf(ctx);
    },
    connectTwilio: async (body, at) => {
      await connectService(ctx, at.staff(), 'twilio', body);
      return channelsOf(ctx);
    },
    connectSmtp: async (body, at) => {
      await connectService(ctx, at.staff(), 'smtp', body);
      return channelsOf(ctx);
    },
    disconnect: async (body, at) => {
      await disconnectService(ctx, at.staff(), body.service);
      return channelsOf(ctx);
    },
  });
}
