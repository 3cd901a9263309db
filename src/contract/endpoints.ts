/**
 * Every call of the provider's API v2, in one table: the areas' declarations (each area's spec,
 * `<area>.ts`, in the order the document lists them) and the few pages and files that are not calls.
 * Each row: its method and path, who may make it, the very schema its body or query is validated with,
 * what it answers and the error codes only it answers (error-codes.ts adds those of its kind).
 * server/provider/openapi.ts turns this table into the OpenAPI 3.1 document (`npm run openapi` writes
 * docs/openapi.json; the provider serves it at `openapi.json`), and tests/server/openapi.test.ts holds
 * the table to the provider: every route the provider registers is here with the same method and path,
 * every call here answers, each route validates with the schema named here.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { addressesSpec } from './addresses';
import { boardSpec } from './board';
import { channelsSpec } from './channels';
import { endpointsOf } from './api-spec';
import { authSpec } from './auth';
import type { CallAuth } from './api';
import type { ErrorCode } from './envelope';
import * as C from './counter';
import { dashboardSpec } from './dashboard';
import { customersSpec } from './customers';
import { privacyConsoleSpec, privacySpec } from './privacy';
import { locationsConsoleSpec, locationsSpec } from './locations';
import { loyaltyConsoleSpec } from './loyalty';
import { mediaFileEndpoint, mediaSpec } from './media';
import { appInstallEndpoints } from './app-install';
import { membersSpec } from './members';
import { menuMachineSpec, menuSpec } from './menu';
import { notificationsSpec } from './notifications';
import { optionsSpec } from './options';
import { paymentsSpec, sandboxPageEndpoints } from './payments';
import { ordersSpec } from './orders';
import { passesSpec, passWebServiceEndpoints } from './passes';
import { pointsSpec } from './points';
import { referralsConsoleSpec, referralsSpec } from './referrals';
import { settingsSpec } from './settings';
import { shopSettingsSpec } from './shop-settings';
import { backupsSpec } from './backups';
import { rewardsEditorSpec, rewardsSpec } from './rewards';
import { shopSpec } from './shop';
import { walletSpec } from './wallet';
import { staffSpec } from './staff';
import { pushSpec } from './push';
import { stampsConsoleSpec, stampsSpec } from './stamps';
import { themeSpec } from './theme';
import { tiersConsoleSpec, tiersSpec } from './tiers';
import { campaignsConsoleSpec, campaignsSpec, unsubscribePageEndpoints } from './campaigns';
import { wheelEditorSpec, wheelSpec } from './wheel';

// ---------------------------------------------------------------------------------------------
// The table
// ---------------------------------------------------------------------------------------------

/** Who may make a call (api.ts says what each means). */
export type EndpointAuth = CallAuth;

/** What a call answers: the contract's JSON envelope with `data`, a page or file, or this document. */
export type AnswerKind = 'envelope' | 'html' | 'javascript' | 'css' | 'openapi' | 'image' | 'csv' | 'manifest' | 'pkpass' | 'json';

export interface Endpoint {
  method: 'get' | 'post' | 'delete';
  /** under the provider's base URL (`…/api/v2/`), path parameters as OpenAPI writes them: `payment/sandbox/{id}` */
  path: string;
  /** the area, an OpenAPI tag */
  tag: string;
  summary: string;
  description?: string;
  auth: EndpointAuth;
  /** a call of ../shared/CONTRACT.md section 3; false: one this product adds (documented only here) */
  inContract: boolean;
  /** the embedded provider's own (the payment sandbox, its health): an outside provider need not have it */
  embeddedOnly?: boolean;
  /** there only while this payment gateway is the one in use (its webhook); absent: always */
  gateway?: 'sandbox' | 'stripe';
  /** the JSON body's schema: the very object the route validates with */
  body?: z.ZodType;
  /** the query's schema: the very object the route validates with */
  query?: z.ZodObject;
  /** the path parameters */
  params?: z.ZodObject;
  /** takes an `idempotency_key`: a repeat returns the first answer (409 while it runs, 422 with another body) */
  idempotent?: boolean;
  answer: {
    kind: AnswerKind;
    /** the success statuses (a page may also answer 404) */
    statuses: readonly number[];
    description: string;
    /** the envelope's `data`; absent: `null` */
    data?: z.ZodType;
  };
  /**
   * The error codes only this call answers. Those every call of its kind answers are added by
   * errorCodesOf: BAD_SIGNATURE, SESSION_EXPIRED, FORBIDDEN, VALIDATION, PAYLOAD_TOO_LARGE, the
   * idempotency codes, INTERNAL.
   */
  errors: readonly ErrorCode[];
}

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
      'The OpenAPI 3.1 document of API v2, generated from the contract\'s schemas (src/contract). Not enveloped. Through a gateway that removes every `token` property from JSON answers on their way to a browser, read it from the provider or from docs/openapi.json.',
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
  customersSpec.endpoints.changeEmail,
  customersSpec.endpoints.emailVerifyRequest,
  customersSpec.endpoints.emailVerify,
  customersSpec.endpoints.birthday,
  customersSpec.endpoints.removeBirthday,
  // the customer's own data: download it, or leave (issue 45)
  ...endpointsOf(privacySpec),

  // shop
  ...endpointsOf(shopSpec),
  ...endpointsOf(locationsSpec),
  ...endpointsOf(menuMachineSpec),

  // rewards
  ...endpointsOf(rewardsSpec),

  // wallet and payments
  ...endpointsOf(walletSpec),
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
  ...endpointsOf(C.counterSpec),

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
  // earning rules: the Loyalty area
  ...endpointsOf(loyaltyConsoleSpec),
  // stamp cards: the Loyalty area too
  ...endpointsOf(stampsConsoleSpec),
  // tiers and referrals: the Loyalty area too
  ...endpointsOf(tiersConsoleSpec),
  ...endpointsOf(referralsConsoleSpec),
  ...endpointsOf(campaignsConsoleSpec),

  // images for the theme (logo, favicon, landing background)
  ...endpointsOf(mediaSpec),
  mediaFileEndpoint,
  // installing the app: its manifest and the icons made from the logo
  ...appInstallEndpoints,
];
