import type { Router } from 'express';
import { themeDraftBody, themeRestoreBody } from '#contract/merchant';
import type { ProviderContext } from '../context';
import { apiRouter } from '../http/api-router';
import { send } from '../http/envelope';
import { requireStaff, staffOf } from '../http/staff-session';
import { parse } from '../http/validate';
import { createPreviewLink, getDraft, publish, restore, saveDraft, versions } from './theme.service';

/** The theme studio (owner only); a share-preview link's public read is settings/preview (settings.routes.ts). */
export function themeRoutes(ctx: ProviderContext): Router {
  const r = apiRouter();
  const owner = requireStaff(ctx, 'owner');

  r.get('/merchant/theme/draft', owner, async (_req, res) => {
    send(res, 200, 'The draft theme.', await getDraft(ctx));
  });

  r.post('/merchant/theme/draft', owner, async (req, res) => {
    const body = parse(themeDraftBody, req.body);
    send(res, 200, 'Draft saved. Customers see it once you publish.', await saveDraft(ctx, staffOf(res), body));
  });

  r.post('/merchant/theme/publish', owner, async (_req, res) => {
    send(res, 200, 'Published: customers see the new theme within a few seconds.', { version: await publish(ctx, staffOf(res)) });
  });

  r.get('/merchant/theme/versions', owner, async (_req, res) => {
    send(res, 200, 'Published versions.', await versions(ctx));
  });

  r.post('/merchant/theme/restore', owner, async (req, res) => {
    const body = parse(themeRestoreBody, req.body);
    send(res, 200, 'Restored: customers see this version within a few seconds.', { version: await restore(ctx, staffOf(res), body.id) });
  });

  r.post('/merchant/theme/preview-link', owner, async (_req, res) => {
    send(res, 201, 'Preview link ready: it shows the draft for 24 hours.', await createPreviewLink(ctx, staffOf(res)));
  });

  return r;
}
