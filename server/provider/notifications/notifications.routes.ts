import { notificationsSpec } from '#contract/notifications.spec';
import type { Router } from 'express';
import type { ProviderContext } from '../context';
import { mount } from '../http/mount';
import { listNotifications, readNotifications } from './notifications.service';

export function notificationsRoutes(ctx: ProviderContext): Router {
  return mount(ctx, notificationsSpec, {
    list: async (query, at) => listNotifications(ctx, at.customerId(), query.page ?? 1),
    read: async (body, at) => readNotifications(ctx, at.customerId(), body),
  });
}
