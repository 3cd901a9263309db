import { settingsSpec } from '#contract/settings.spec';
import type { Router } from 'express';
import type { ProviderContext } from '../context';
import { mount } from '../http/mount';
import { checkHealth, SETTINGS_MAX_AGE_S, siteSettings } from './settings.service';

/** The site settings and the provider's health (a share-preview link's draft is the theme's: theme.routes.ts). */
export function settingsRoutes(ctx: ProviderContext): Router {
  return mount(ctx, settingsSpec, {
    mainSetting: async (_, at) => {
      // read on every app start: gateways (and browsers) may keep it a few seconds
      at.res.setHeader('cache-control', `public, max-age=${SETTINGS_MAX_AGE_S}`);
      return siteSettings(ctx);
    },
    health: async () => checkHealth(ctx),
  });
}
