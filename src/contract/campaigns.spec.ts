/**
 * The spec of the campaigns calls: their declarations (campaigns.calls.ts) joined to their schemas
 * (campaigns.ts), error codes and OpenAPI words by `describe` (api-spec.ts). The provider mounts its
 * handlers from it (server/provider/http/mount.ts); endpoints.ts documents it.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { describe, type Endpoint } from './api-spec';
import {
  broadcastAnswer,
  broadcastAudienceAnswer,
  broadcastAudienceQuery,
  broadcastBody,
  broadcastsAnswer,
  campaignUpdateBody,
  campaignPreferencesBody,
  campaignUnsubscribeLinkBody,
  campaignPreferencesAnswer,
  campaignsConsoleAnswer,
  unsubscribePageQuery,
} from './campaigns';
import { campaignsApi, campaignsConsoleApi } from './campaigns.calls';

export const campaignsSpec = /* @__PURE__ */ describe('Notifications', campaignsApi, {
  preferences: {
    summary: "Whether the customer gets the shop's campaigns",
    description: 'The profile shows it and lets the customer change it (`campaign/unsubscribe`).',
    inContract: false,
    data: campaignPreferencesAnswer,
    answer: 'The choice.',
    message: 'Your choice.',
  },
  unsubscribe: {
    summary: "Stop (or start again) the shop's campaign messages",
    description:
      '`subscribed: false`: no welcome, win-back, nearly there, points expiring or birthday message reaches the customer, in the app, by push or by e-mail. Order, points and voucher notices are not campaigns and keep coming.',
    inContract: false,
    body: campaignPreferencesBody,
    data: campaignPreferencesAnswer,
    answer: 'The choice as it is now.',
    message: 'Saved.',
  },
  unsubscribeLink: {
    summary: "Unsubscribe from a campaign e-mail's link",
    description:
      "Anyone with the code of a campaign e-mail's unsubscribe link (signed by the shop: it names the customer and nothing else can be read from it); no sign-in. 404 for a code the shop did not sign.",
    inContract: false,
    body: campaignUnsubscribeLinkBody,
    data: campaignPreferencesAnswer,
    answer: 'Unsubscribed.',
    message: 'You are unsubscribed: no more offers from us.',
    errors: ['NOT_FOUND'],
  },
});

export const campaignsConsoleSpec = /* @__PURE__ */ describe('Merchant console', campaignsConsoleApi, {
  campaigns: {
    summary: 'The automatic campaigns',
    description: 'Staff. The five campaigns with their message, reward and timing, and for each: messages sent, opened, and orders within 7 days after.',
    inContract: false,
    data: campaignsConsoleAnswer,
    answer: 'The campaigns.',
    message: 'Campaigns loaded.',
  },
  update: {
    summary: 'Change a campaign',
    description:
      'Owners only. One campaign: on or off, its title and text (placeholders {name}, {points}, and {reward} where there is one), a reward of the catalogue given as a voucher (welcome, win-back, points expiring; it must exist and be active), and its timing (400 naming the field). Audited (`campaign.update`).',
    inContract: false,
    body: campaignUpdateBody,
    data: campaignsConsoleAnswer,
    answer: 'The campaigns as they are now.',
    message: 'Campaign saved.',
  },
  broadcasts: {
    summary: 'The one-off broadcasts sent',
    description:
      'Staff. The latest 50 broadcasts, newest first, each with how many customers it was to reach, reached, and who read it in the app; the tiers and rewards a new one can name.',
    inContract: false,
    data: broadcastsAnswer,
    answer: 'The broadcasts.',
    message: 'Broadcasts loaded.',
  },
  broadcastAudience: {
    summary: 'How many customers a broadcast would reach',
    description: 'Owners only. Customers who take offers (not unsubscribed, not deleted), of one tier when `tier` is given.',
    inContract: false,
    query: broadcastAudienceQuery,
    data: broadcastAudienceAnswer,
    answer: 'The count.',
    message: 'Audience counted.',
  },
  broadcast: {
    summary: 'Send a one-off message now',
    description:
      "Owners only. A title and a text (placeholder {name}) to every customer who takes offers, or one tier's, with an optional catalogue reward given as a voucher (it must exist and be active, 400 naming `reward_id`). Sent in the background in batches: in the app, by push where the customer allows campaigns, by e-mail to verified addresses when the shop has a mailer; once per customer however often the job runs. Idempotent by `idempotency_key` (a double click sends once). Audited (`broadcast.send`).",
    inContract: false,
    body: broadcastBody,
    data: broadcastAnswer,
    answer: 'The broadcast, sending.',
    message: 'Your message is on its way.',
  },
});

/**
 * The page an e-mail's unsubscribe link opens (served by the provider, its own strict CSP): it asks
 * first, then posts the code to `campaign/unsubscribe/link`; its script and styles.
 */
export const unsubscribePageEndpoints: readonly Endpoint[] = [
  {
    method: 'get',
    path: 'campaign/unsubscribe.js',
    tag: 'Notifications',
    summary: "The unsubscribe page's script",
    description: "Posts the page's code to `campaign/unsubscribe/link` when the customer confirms.",
    auth: 'none',
    inContract: false,
    answer: { kind: 'javascript', statuses: [200], description: 'The script.' },
    errors: [],
  },
  {
    method: 'get',
    path: 'campaign/unsubscribe.css',
    tag: 'Notifications',
    summary: "The unsubscribe page's styles",
    description: "The page's styles.",
    auth: 'none',
    inContract: false,
    answer: { kind: 'css', statuses: [200], description: 'The styles.' },
    errors: [],
  },
  {
    method: 'get',
    path: 'campaign/unsubscribe',
    tag: 'Notifications',
    summary: "An e-mail's unsubscribe page",
    description:
      "The link in every campaign e-mail (and its `List-Unsubscribe` header): the shop's name and a button that turns campaigns off for the customer the code names. A code the shop did not sign, or none: the page saying the link is not valid (404).",
    auth: 'none',
    inContract: false,
    query: unsubscribePageQuery,
    answer: { kind: 'html', statuses: [200, 404], description: 'The page.' },
    errors: [],
  },
];
