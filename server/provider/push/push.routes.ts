import { pushSpec } from '#contract/push.spec';
import type { Router } from 'express';
import type { ProviderContext } from '../context';
import { sightingsOf } from '../http/device';
import { mount } from '../http/mount';
import { pushStatus, setPreferences, subscribe, unsubscribe } from './push.service';

export function pushRoutes(ctx: ProviderContext): Router {
  return mount(ctx, pushSpec, {
    status: (_, at) => pushStatus(ctx, at.customerId()),
    subscribe: (body, at) => subscribe(ctx, at.customerId(), body, sightingsOf(ctx.secret, at.req)),
    unsubscribe: (body, at) => unsubscribe(ctx, at.customerId(), body.endpoint),
    preferences: (body, at) => setPreferences(ctx, at.customerId(), body),
  });
}
