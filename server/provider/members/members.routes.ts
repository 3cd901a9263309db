import type { Router } from 'express';
import { membersSpec } from '#contract/members.spec';
import type { ProviderContext } from '../context';
import { mount } from '../http/mount';
import { memberCard } from './members.service';

/** The customer's member card (member/card). */
export function membersRoutes(ctx: ProviderContext): Router {
  return mount(ctx, membersSpec, {
    card: async (_, at) => {
      // never kept: its codes change every 30 seconds, and it shows points the counter just gave
      at.res.setHeader('cache-control', 'no-store');
      return memberCard(ctx, at.customerId());
    },
  });
}
