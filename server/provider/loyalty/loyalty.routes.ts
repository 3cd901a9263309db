import { loyaltyConsoleSpec } from '#contract/loyalty.spec';
import { Router } from 'express';
import type { ProviderContext } from '../context';
import { mount } from '../http/mount';
import { changeRule, createRule, loyaltyRules, setStatus, simulateRule } from './loyalty.service';

/** The owner's earning rules (`merchant/loyalty/…`): staff read them, owners change them and simulate. */
export function loyaltyRoutes(ctx: ProviderContext): Router {
  return Router().use(
    mount(ctx, loyaltyConsoleSpec, {
      rules: () => loyaltyRules(ctx),
      create: async (body, at) => ({ rule: await createRule(ctx, at.staff(), body) }),
      update: async (body, at) => ({ rule: await changeRule(ctx, at.staff(), body) }),
      status: async (body, at) => ({ rule: await setStatus(ctx, at.staff(), body) }),
      simulate: (body) => simulateRule(ctx, body.rule),
    }),
  );
}
