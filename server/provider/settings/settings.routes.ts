import { settingsSpec } from '#contract';
import type { Router } from 'express';
import type { ProviderContext } from '../context';
import { mount } from '../http/mount';
import { previewSettings } from '../theme/theme.service';
import { checkHealth, SETTINGS_MAX_AGE_S, siteSettings } from './settings.service';

/** The site settings, a share-preview link's draft of them, and the provider's health. */
export function settingsRoutes(ctx: ProviderContext): Router {
  return mount(ctx, settingsSpec, {
    mainSetting: async (_, at) => {
      // read on every app start: gateways (and browsers) may keep it a few seconds
      at.res.setHeader('cache-control', `public, max-age=${SETTINGS_MAX_AGE_S}`);
      return siteSettings(ctx);
    },
    health: async () => checkHealth(ctx),
    // public: whoever holds a live link sees the draft, read-only; never cached, never the customers' settings
    preview: async (query, at) => {
      at.res.setHeader('cache-control', 'no-store');
      return previewSettings(ctx, query.token);
    },
  });
}
