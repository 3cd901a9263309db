import type { Router } from 'express';
import { themeSpec } from '#contract/theme.spec';
import type { ProviderContext } from '../context';
import { mount } from '../http/mount';
import { createPreviewLink, getDraft, previewSettings, publish, restore, saveDraft, versions } from './theme.service';

/** The theme (the console's Brand page, owner only), and the public read of a share-preview link. */
export function themeRoutes(ctx: ProviderContext): Router {
  return mount(ctx, themeSpec, {
    draft: async () => getDraft(ctx),
    saveDraft: async (body, at) => saveDraft(ctx, at.staff(), body),
    publish: async (_, at) => ({ version: await publish(ctx, at.staff()) }),
    versions: async () => versions(ctx),
    restore: async (body, at) => ({ version: await restore(ctx, at.staff(), body.id) }),
    previewLink: async (_, at) => createPreviewLink(ctx, at.staff()),
    // public: whoever holds a live link sees the draft, read-only; never cached, never the customers' settings
    preview: async (query, at) => {
      at.res.setHeader('cache-control', 'no-store');
      return previewSettings(ctx, query.token);
    },
  });
}
