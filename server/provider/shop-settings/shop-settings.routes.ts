import { shopSettingsSpec } from '#contract/shop-settings.spec';
import type { Router } from 'express';
import type { ProviderContext } from '../context';
import { mount } from '../http/mount';
import { shopSettings, updateShopSettings } from './shop-settings.service';

/** The owner's shop settings (merchant/settings…): owners only, every change audited. */
export function shopSettingsRoutes(ctx: ProviderContext): Router {
  return mount(ctx, shopSettingsSpec, {
    read: () => shopSettings(ctx),
    update: (body, at) => updateShopSettings(ctx, at.staff(), body),
  });
}
