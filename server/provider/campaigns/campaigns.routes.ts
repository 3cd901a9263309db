import { Router } from 'express';
import { unsubscribePageQuery } from '#contract/campaigns';
import { campaignsConsoleSpec, campaignsSpec } from '#contract/campaigns.spec';
import type { ProviderContext } from '../context';
import { hostedPageHeaders, serveHostedPageFiles } from '../http/hosted-page';
import { mount } from '../http/mount';
import { parse } from '../http/validate';
import { getMerchant } from '../settings/settings.service';
import { broadcastAudience, broadcastsConsole, sendBroadcast } from './broadcasts.service';
import { campaignPreferences, campaignsConsole, customerOfCode, setCampaignPreference, unsubscribeByCode, updateCampaign } from './campaigns.service';
import { UNSUBSCRIBE_CSP, UNSUBSCRIBE_CSS, UNSUBSCRIBE_JS, unsubscribePage } from './unsubscribe-page';

/**
 * Campaigns: the customer's choice (`campaign/preferences`, `campaign/unsubscribe`), an e-mail link's
 * unsubscribe (`campaign/unsubscribe/link`, no sign-in, and its hosted page), and the console's
 * campaigns (`merchant/campaigns…`: staff read, owners change).
 */
export function campaignsRoutes(ctx: ProviderContext): Router {
  const r = Router().use(
    mount(ctx, campaignsSpec, {
      preferences: (_q, at) => campaignPreferences(ctx.db, at.customerId()),
      unsubscribe: (body, at) => setCampaignPreference(ctx, at.customerId(), body.subscribed),
      unsubscribeLink: (body) => unsubscribeByCode(ctx, body.code),
    }),
    mount(ctx, campaignsConsoleSpec, {
      campaigns: () => campaignsConsole(ctx),
      update: (body, at) => updateCampaign(ctx, at.staff(), body),
      broadcasts: () => broadcastsConsole(ctx),
      broadcastAudience: (query) => broadcastAudience(ctx, query.tier ?? null),
      broadcast: (body, at) => at.once((trx) => sendBroadcast(ctx, trx, at.staff(), body)),
    }),
  );
  serveHostedPageFiles(r, '/campaign/unsubscribe', { js: UNSUBSCRIBE_JS, css: UNSUBSCRIBE_CSS, csp: UNSUBSCRIBE_CSP });
  // the e-mail's link: asks first; a code the shop did not sign gets the same page's 404
  r.get('/campaign/unsubscribe', async (req, res) => {
    // a query that is not one code (repeated, too long) is no code: the same not-found page
    let code = '';
    try {
      code = parse(unsubscribePageQuery, req.query).code ?? '';
    } catch {
      // the page below
    }
    const { settings, rules } = await getMerchant(ctx.db, ctx.merchantId);
    hostedPageHeaders(res, 'text/html; charset=utf-8', UNSUBSCRIBE_CSP);
    if (customerOfCode(ctx.secret, code) === null) {
      res
        .status(404)
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Link not found</title></head><body><main><h1>This unsubscribe link is not valid.</h1><p>Open the app and turn offers off in your profile.</p></main></body></html>`,
        );
      return;
    }
    res.status(200).send(unsubscribePage({ prefix: ctx.publicApiPrefix, lang: rules.locale, shop: settings.setting_company, code }));
  });
  return r;
}
