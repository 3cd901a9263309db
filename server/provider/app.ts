import express, { type Express } from 'express';
import type { ProviderContext } from './context';
import type { Readiness } from './readiness';
import { pingDatabase } from './settings/settings.repo';
import { callSignatureCheck, signatureCheck } from './http/signature-check';
import { databaseUnavailable, errorHandler, notFoundHandler, sendError } from './http/envelope';
import { apiRouter } from './http/api-router';
import type { RawBodyRequest } from './http/raw-body';
import { settingsRoutes } from './settings/settings.routes';
import { authRoutes } from './auth/auth.routes';
import { customersRoutes } from './customers/customers.routes';
import { pointsRoutes } from './points/points.routes';
import { shopRoutes } from './shop/shop.routes';
import { ordersRoutes } from './orders/orders.routes';
import { walletRoutes } from './wallet/wallet.routes';
import { paymentsRoutes } from './payments/payments.routes';
import { savedCardsRoutes } from './payments/saved-cards.routes';
import { rewardsRoutes } from './rewards/rewards.routes';
import { addressesRoutes } from './addresses/addresses.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { pushRoutes } from './push/push.routes';
import { wheelRoutes } from './wheel/wheel.routes';
import { staffRoutes } from './staff/staff.routes';
import { themeRoutes } from './theme/theme.routes';
import { imageUploadParser, mediaRoutes } from './media/media.routes';
import { openapiRoutes } from './openapi';
import { counterRoutes } from './counter/counter.routes';
import { membersRoutes } from './members/members.routes';
import { privacyRoutes } from './privacy/privacy.routes';
import { boardRoutes } from './board/board.routes';
import { menuRoutes } from './menu/menu.routes';
import { optionsRoutes } from './options/options.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { channelsRoutes } from './channels/channels.routes';
import { shopSettingsRoutes } from './shop-settings/shop-settings.routes';
import { backupsRoutes } from './shop-settings/backups.routes';
import { locationsRoutes } from './locations/locations.routes';
import { loyaltyRoutes } from './loyalty/loyalty.routes';
import { stampsRoutes } from './loyalty/stamps.routes';
import { referralsRoutes } from './referrals/referrals.routes';
import { tiersRoutes } from './tiers/tiers.routes';
import { passesRoutes } from './passes/passes.routes';
import { campaignsRoutes } from './campaigns/campaigns.routes';
import { offersRoutes } from './offers/offers.routes';
import { giftCardsRoutes } from './gift-cards/gift-cards.routes';
import { feedbackRoutes } from './feedback/feedback.routes';
import { tipsRoutes } from './tips/tips.routes';
import { stationsRoutes } from './stations/stations.routes';
import { receiptsRoutes } from './receipts/receipts.routes';
import { tablesRoutes } from './tables/tables.routes';
import { apiKeysRoutes } from './api-keys/api-keys.routes';
import { webhooksRoutes } from './webhooks/webhooks.routes';
import { errors } from './i18n/errors';

/** Where API v2 lives on the provider: its base URL is http://host:port/api/v2/ */
export const PROVIDER_MOUNT = '/api/v2';

/**
 * The embedded provider: a real implementation of API v2. Every call is signature-checked first (the
 * contract's header, then the gateway's HMAC over the whole call, each state-changing call once),
 * bodies are limited to 64 KiB, and every answer is the contract's envelope.
 */
export function createProviderApp(ctx: ProviderContext): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  // paths match only as written, the mount included (see http/api-router.ts)
  app.set('case sensitive routing', true);
  app.set('strict routing', true);
  const api = apiRouter();
  // services connected in the console by any instance: applied here within seconds (channel-port.ts);
  // a database that cannot be reached keeps what this instance had (the call itself then answers 503)
  api.use((_req, _res, next) => {
    ctx.channels.refresh(Date.now()).then(
      () => next(),
      (err: Error) => {
        ctx.logger.debug({ message: err.message }, 'could not look for connected services');
        next();
      },
    );
  });
  api.use(signatureCheck(ctx));
  // merchant/images (an image of up to 2 MB) only: its own larger limit, before the 64 KiB one below
  api.use(imageUploadParser(ctx));
  // the raw bytes are kept for signed webhooks, whose HMAC covers the body exactly as sent
  api.use(express.json({ limit: '64kb', verify: (req, _res, buf) => ((req as RawBodyRequest).rawBody = buf) }));
  // the gateway's HMAC covers the body's bytes: checked once they are read, before any handler runs
  api.use(callSignatureCheck(ctx));
  for (const routes of [
    settingsRoutes, // settings/main-setting: the site settings; health
    authRoutes,
    customersRoutes, // customer/…: the profile, the e-mail address; merchant/customers…: look-up (staff), points adjustments (owners)
    privacyRoutes, // customer/data, customer/deletion…: the customer's own data and leaving; merchant/customers/data…: the owner's, for them
    pointsRoutes,
    membersRoutes, // member/card: the customer's member card for the counter
    shopRoutes,
    ordersRoutes,
    walletRoutes,
    paymentsRoutes,
    savedCardsRoutes, // wallet/card/…, wallet/auto-reload…: the saved card and auto-reload
    rewardsRoutes, // and merchant/rewards…: the owner's reward catalogue
    addressesRoutes,
    notificationsRoutes,
    pushRoutes, // push/…: the customer's browsers that receive pushes, and which kinds
    wheelRoutes, // and merchant/wheel…: the owner's wheel, every published configuration kept
    staffRoutes, // merchant/…: the merchant console's staff accounts, sessions and audit log
    themeRoutes, // merchant/theme/…: the theme studio
    mediaRoutes, // merchant/images: uploads; media/…: the stored images, public and immutable; app/manifest, app/icon: installing the app
    menuRoutes, // merchant/menu/…: the owner's menu editor
    optionsRoutes, // merchant/menu/option-group…: its product options (sizes, milks, extras)
    dashboardRoutes, // merchant/dashboard, merchant/export/…: the owner's figures, computed in SQL, and CSV downloads
    shopSettingsRoutes, // merchant/settings…: the owner's shop settings
    backupsRoutes, // merchant/backups: the last backup, and whether it is too old
    tablesRoutes, // shop/table: a table by its QR's signed code; merchant/tables…: the owner's areas and tables
    locationsRoutes, // shop/locations, shop/pickup-slots; merchant/locations…: the owner's locations, the pause switch
    loyaltyRoutes, // merchant/loyalty/…: the owner's earning rules and their simulator
    stampsRoutes, // stamp/cards; merchant/loyalty/stamps…: stamp cards
    referralsRoutes, // referral/…: the customer's referral link; merchant/loyalty/referrals…: the console's list and void
    tiersRoutes, // tier/status; merchant/loyalty/tiers…: the tier programme
    passesRoutes, // pass/…: the wallet card (Apple, Google) and Apple's pass web service
    campaignsRoutes, // campaign/…: the customer's unsubscribe (and an e-mail link's page); merchant/campaigns…: the automatic campaigns
    offersRoutes, // offers: "Offers for you"; merchant/offers…: the owner's offers and promo codes
    giftCardsRoutes, // gift-card/…: eGifts bought, claimed, refunded; merchant/gift-cards…: the owner's settings
    feedbackRoutes, // order/feedback…: a customer's rating of an order; merchant/feedback…: the list, replies, the review link
    stationsRoutes, // merchant/stations…: kitchen display stations, their routes, tickets and bumps
    tipsRoutes, // merchant/tips…, merchant/export/tips.csv: the owner's tip settings and the tips report
    receiptsRoutes, // receipt/settings…: the customer's choice; receipt: a receipt by its signed link
    apiKeysRoutes, // merchant/api-keys…: the owner's scoped API keys for the merchant calls
    webhooksRoutes, // merchant/webhooks…: the owner's outbound webhook endpoints and their delivery logs
    counterRoutes, // merchant/counter/…: the counter
    boardRoutes, // merchant/orders/…: the orders board
    channelsRoutes, // merchant/channels…, merchant/setup: payments and messages, the set-up checklist
    openapiRoutes, // GET openapi.json: the published contract, signed like every call
  ]) {
    api.use(routes(ctx));
  }
  api.use(notFoundHandler);
  app.use(PROVIDER_MOUNT, api);
  app.use(notFoundHandler);
  app.use(errorHandler(ctx.logger));
  return app;
}

/**
 * The embedded provider as it listens (embedded.ts): GET /healthz, every call answered the contract's
 * 503 with Retry-After until the start-up steps have run (the database unreachable at start), then API v2.
 */
export function createEmbeddedApp(ctx: ProviderContext, readiness: Readiness, { api }: { api: boolean } = { api: true }): Express {
  const app = express();
  app.disable('x-powered-by');
  app.get('/healthz', healthz(ctx, readiness));
  // a worker (SERVE=worker) answers its health and nothing else: no call reaches it
  if (!api) return app;
  app.use((_req, res, next) => (readiness.ready ? next() : sendError(res, databaseUnavailable(errors.starting))));
  app.use(createProviderApp(ctx));
  return app;
}

/**
 * GET /healthz on the provider itself (unsigned, outside API v2; for a load balancer or an orchestrator):
 * 200 when its database answers, else 503 with the reason (starting, waiting for the database, or the
 * database unreachable now).
 */
function healthz(ctx: ProviderContext, readiness: Readiness): express.RequestHandler {
  return async (_req, res) => {
    res.setHeader('cache-control', 'no-store');
    if (!readiness.ready) return void res.status(503).json({ status: 'starting', reason: readiness.reason });
    try {
      await pingDatabase(ctx.db);
      await ctx.channels.refresh(Date.now());
      // up, but saying what a customer will miss: production before the owner connects a text message service
      res.json(
        ctx.sender.channel.kind === 'log'
          ? { status: 'ok', sms: 'none: sign-in codes cannot be sent until an owner connects Twilio in the console' }
          : { status: 'ok' },
      );
    } catch {
      res.status(503).json({ status: 'unavailable', reason: 'the database cannot be reached' });
    }
  };
}
