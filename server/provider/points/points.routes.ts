import { pointsSpec } from '#contract/points.spec';
import type { Router } from 'express';
import type { ProviderContext } from '../context';
import { mount } from '../http/mount';
import { pointHistory } from './points.service';

export function pointsRoutes(ctx: ProviderContext): Router {
  return mount(ctx, pointsSpec, {
    history: async (body, at) => pointHistory(ctx, at.customerId(), body.customer_id, body.page ?? 1, body.lang),
  });
}
