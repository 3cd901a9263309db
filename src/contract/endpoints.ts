/**
 * Every call of the provider's API v2, in one table: the areas' declarations (each area's spec,
 * `<area>.spec.ts`, in the order the document lists them) and the few pages and files that are not calls.
 * Each row: its method and path, who may make it, the very schema its body or query is validated with,
 * what it answers and the error codes only it answers (error-codes.ts adds those of its kind).
 * server/provider/openapi.ts turns this table into the OpenAPI 3.1 document (`npm run openapi` writes
 * docs/openapi.json; the provider serves it at `openapi.json`), and tests/server/openapi.test.ts holds
 * the table to the provider: every route the provider registers is here with the same method and path,
 * every call here answers, each route validates with the schema named here.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { addressesSpec } from './addresses.spec';
import { boardSpec } from './board.spec';
import { channelsSpec } from './channels.spec';
import { endpointsOf, type Endpoint } from './api-spec';
import { authSpec } from './auth.spec';
import { counterMachineSpec, counterSpec } from './counter.spec';
import { dashboardSpec } from './dashboard.spec';
import { customersSpec } from './customers.spec';
import { privacyConsoleSpec, privacySpec } from './privacy.spec';
import { locationsConsoleSpec, locationsSpec } from './locations.spec';
import { loyaltyConsoleSpec } from './loyalty.spec';
import { mediaFileEndpoint, mediaSpec } from './media.spec';
import { appInstallEndpoints } from './app-install.spec';
import { membersSpec } from './members.spec';
import { menuMachineSpec, menuSpec } from './menu.spec';
import { notificationsSpec } from './notifications.spec';
import { feedbackConsoleSpec, feedbackSpec } from './feedback.spec';
import { tipsSpec } from './tips.spec';
import { stationsSpec } from './stations.spec';
import { receiptsSpec } from './receipts.spec';
import { tablesConsoleSpec, tablesSpec } from './tables.spec';
import { giftCardsConsoleSpec, giftCardsSpec } from './gift-cards.spec';
import { giftCardsPhysicalSpec } from './gift-cards-physical.spec';
import { offersConsoleSpec, offersSpec } from './offers.spec';
import { apiKeysConsoleSpec } from './api-keys.spec';
import { webhooksSpec } from './webhooks.spec';
import { optionsSpec } from './options.spec';
import { paymentsSpec, sandboxPageEndpoints } from './payments.spec';
import { ordersConsoleSpec, ordersSpec } from './orders.spec';
import { passesSpec, passWebServiceEndpoints } from './passes.spec';
import { pointsSpec } from './points.spec';
import { referralsConsoleSpec, referralsSpec } from './referrals.spec';
import { settingsSpec } from './settings.spec';
import { shopSettingsSpec } from './shop-settings.spec';
import { backupsSpec } from './backups.spec';
import { rewardsEditorSpec, rewardsSpec } from './rewards.spec';
import { shopSpec } from './shop.spec';
import { walletSpec } from './wallet.spec';
import { savedCardSpec } from './saved-card.spec';
import { staffSpec } from './staff.spec';
import { pushSpec } from './push.spec';
import { stampsConsoleSpec, stampsSpec } from './stamps.spec';
import { themeSpec } from './theme.spec';
import { tiersConsoleSpec, tiersSpec } from './tiers.spec';
import { campaignsConsoleSpec, campaignsSpec, unsubscribePageEndpoints } from './campaigns.spec';
import { wheelEditorSpec, wheelSpec } from './wheel.spec';

// ---------------------------------------------------------------------------------------------
// The table
// ---------------------------------------------------------------------------------------------

/** A row of the table (api-spec.ts defines it, beside `describe`, which makes the calls' rows). */
export type { Endpoint };

export const ENDPOINTS: readonly Endpoint[] = [
  // settings and the provider itself
  settingsSpec.endpoints.mainSetting,
  settingsSpec.endpoints.health,
  {
    method: 'get',
    path: 'openapi.json',
    tag: 'Provider',
    summary: 'This document',
    description:
      "The OpenAPI 3.1 document of API v2, generated from the contract's schemas (src/contract). Not enveloped. Through a gateway that removes every `token` property from JSON answers on their way to a browser, read it from the provider or from docs/openapi.json.",
    auth: 'none',
    inContract: false,
    answer: { kind: 'openapi', statuses: [200], description: 'The OpenAPI document.' },
    errors: [],
  },

  // sign-in
  ...endpointsOf(authSpec),

  // the customer
  ...endpointsOf(pointsSpec),
  ...endpointsOf(membersSpec),
  ...endpointsOf(stampsSpec),
  ...endpointsOf(tiersSpec),
  ...endpointsOf(referralsSpec),
  // the wallet card, and the pass web service Apple Wallet calls
  ...endpointsOf(passesSpec),
  ...passWebServiceEndpoints,
  ...endpointsOf(campaignsSpec),
  ...unsubscribePageEndpoints,
  customersSpec.endpoints.profile,
  customersSpec.endpoints.name,
  customersSpec.endpoints.changeEmail,
  customersSpec.endpoints.emailVerifyRequest,
  customersSpec.endpoints.emailVerify,
  customersSpec.endpoints.birthday,
  customersSpec.endpoints.removeBirthday,
  customersSpec.endpoints.language,
  // the customer's own data: download it, or leave (issue 45)
  ...endpointsOf(privacySpec),

  // shop
  ...endpointsOf(shopSpec),
  ...endpointsOf(locationsSpec),
  // dine-in: a table by the signed code of its QR
  ...endpointsOf(tablesSpec),
  ...endpointsOf(menuMachineSpec),
  ...endpointsOf(counterMachineSpec),

  // rewards
  ...endpointsOf(rewardsSpec),
  // offers and promo codes (the code itself is order/quote's and order/create's `promo_code`)
  ...endpointsOf(offersSpec),

  // wallet and payments
  ...endpointsOf(walletSpec),
  ...endpointsOf(savedCardSpec),
  // gift cards: eGifts bought from the wallet, claimed into it as gift money
  ...endpointsOf(giftCardsSpec),
  // feedback on a completed order
  ...endpointsOf(feedbackSpec),
  // receipts: the customer's choice, and the receipt behind its signed link
  ...endpointsOf(receiptsSpec),
  // payments: the calls (payments.ts), with the sandbox's page and its files between them
  paymentsSpec.endpoints.webhook,
  paymentsSpec.endpoints.stripeWebhook,
  ...sandboxPageEndpoints,
  paymentsSpec.endpoints.sandboxComplete,

  // addresses
  ...endpointsOf(addressesSpec),

  // orders
  ...endpointsOf(ordersSpec),

  // notifications
  ...endpointsOf(notificationsSpec),
  // web push: the same notifications on the customer's phone
  ...endpointsOf(pushSpec),

  // the wheel
  ...endpointsOf(wheelSpec),

  // the merchant console: staff accounts, sessions, the team and the audit log
  ...endpointsOf(staffSpec),

  // the theme studio; settings/preview: a share-preview link
  ...endpointsOf(themeSpec),

  // the counter: vouchers scanned or typed, redeemed once
  ...endpointsOf(counterSpec),

  // the orders board
  ...endpointsOf(boardSpec),

  // the owner's menu editor
  ...endpointsOf(menuSpec),
  // its product options (sizes, milks, extras)
  ...endpointsOf(optionsSpec),

  // the owner's reward catalogue
  ...endpointsOf(rewardsEditorSpec),

  // the shop's customers
  customersSpec.endpoints.search,
  customersSpec.endpoints.detail,
  customersSpec.endpoints.adjustPoints,
  // a customer's data and deletion, for one who asks at the counter
  ...endpointsOf(privacyConsoleSpec),

  // the owner's wheel
  ...endpointsOf(wheelEditorSpec),

  // the owner's dashboard and its CSV exports
  ...endpointsOf(dashboardSpec),

  // going live: payments and messages, the set-up checklist
  ...endpointsOf(channelsSpec),

  // the owner's shop settings
  ...endpointsOf(shopSettingsSpec),
  // backups: the last one, and whether it is too old
  ...endpointsOf(backupsSpec),
  // locations: hours, pausing, pickup slots, delivery areas
  ...endpointsOf(locationsConsoleSpec),
  // dine-in: each location's areas and tables, and their QR codes
  ...endpointsOf(tablesConsoleSpec),
  // earning rules: the Loyalty area
  ...endpointsOf(loyaltyConsoleSpec),
  // stamp cards: the Loyalty area too
  ...endpointsOf(stampsConsoleSpec),
  // tiers and referrals: the Loyalty area too
  ...endpointsOf(tiersConsoleSpec),
  ...endpointsOf(referralsConsoleSpec),
  ...endpointsOf(campaignsConsoleSpec),
  // offers and promo codes
  ...endpointsOf(offersConsoleSpec),
  ...endpointsOf(ordersConsoleSpec),
  // gift cards: the owner's settings
  ...endpointsOf(giftCardsConsoleSpec),
  // physical gift cards: the owner's batches, the counter's sale, balance, spend and add to a wallet
  ...endpointsOf(giftCardsPhysicalSpec),
  // feedback on orders: the list, replies, the review link
  ...endpointsOf(feedbackConsoleSpec),
  // tips at checkout: the owner's settings, the report per location and day, its CSV
  ...endpointsOf(tipsSpec),
  // kitchen display stations: the owner's stations and routes, a station's tickets and bumps
  ...endpointsOf(stationsSpec),
  // scoped API keys for the merchant calls
  ...endpointsOf(apiKeysConsoleSpec),
  // outbound webhooks: the owner's endpoints, their secrets and delivery logs
  ...endpointsOf(webhooksSpec),

  // images for the theme (logo, favicon, landing background)
  ...endpointsOf(mediaSpec),
  mediaFileEndpoint,
  // installing the app: its manifest and the icons made from the logo
  ...appInstallEndpoints,
];
