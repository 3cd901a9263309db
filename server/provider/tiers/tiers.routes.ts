import { Router } from 'express';
import { tiersConsoleSpec, tiersSpec } from '#contract/tiers.spec';
import type { ProviderContext } from '../context';
import { mount } from '../http/mount';
import { tiersConsole, tierStatus, updateTiers } from './tiers.service';

/** Tiers: the customer's tier and progress (`tier/status`); the programme in the console (`merchant/loyalty/tiers…`: staff read, owners change). */
export function tiersRoutes(ctx: ProviderContext): Router {
  return Router().use(
    mount(ctx, tiersSpec, {
      status: (_q, at) => tierStatus(ctx, at.customerId()),
    }),
    mount(ctx, tiersConsoleSpec, {
      tiers: () => tiersConsole(ctx),
      update: (body, at) => updateTiers(ctx, at.staff(), body),
    }),
  );
}
