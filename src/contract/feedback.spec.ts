/**
 * The spec of the feedback calls: their declarations (feedback.calls.ts) joined to their schemas
 * (feedback.ts), error codes and OpenAPI words by `describe` (api-spec.ts). The provider mounts its
 * handlers from it (server/provider/http/mount.ts); endpoints.ts documents it.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { describe } from './api-spec';
import {
  FEEDBACK_HIGH_AT_LEAST,
  FEEDBACK_LOW_AT_MOST,
  feedbackBody,
  feedbackData,
  feedbackListData,
  feedbackListQuery,
  feedbackQuery,
  feedbackReplyBody,
  feedbackReplyData,
  feedbackSettingsBody,
  feedbackSettingsData,
} from './feedback';
import { feedbackApi, feedbackConsoleApi } from './feedback.calls';

export const feedbackSpec = /* @__PURE__ */ describe('Orders', feedbackApi, {
  get: {
    summary: "The customer's feedback on an order",
    description: `One of the customer's own orders (anyone else's, or none by that number: 404): their feedback and the shop's reply, or \`feedback: null\` while not rated; with the shop's review link after a rating of ${FEEDBACK_HIGH_AT_LEAST} or more.`,
    inContract: false,
    query: feedbackQuery,
    data: feedbackData,
    answer: 'The feedback, or null.',
    message: 'Feedback loaded.',
    errors: ['NOT_FOUND'],
  },
  give: {
    summary: 'Rate an order',
    description: `A rating from 1 to 5 of one of the customer's own orders once it is completed (anyone else's: 404; not completed: 409 CONFLICT), with reasons and a comment if they like; one per order (a second: 409 CONFLICT, under the order's unique feedback). A rating of ${FEEDBACK_LOW_AT_MOST} or less alerts the owners at once by e-mail and on the console's Feedback page; ${FEEDBACK_HIGH_AT_LEAST} or more answers the shop's review link when the owner set one.`,
    inContract: false,
    body: feedbackBody,
    data: feedbackData,
    answer: 'The feedback given.',
    message: 'Thank you for your feedback.',
    errors: ['NOT_FOUND', 'CONFLICT'],
  },
});

export const feedbackConsoleSpec = /* @__PURE__ */ describe('Merchant console', feedbackConsoleApi, {
  list: {
    summary: 'Feedback on orders',
    description: `Staff. Newest first, 20 a page, each with its order and customer (\`low=true\`: ratings of ${FEEDBACK_LOW_AT_MOST} or less only), the average of the last 30 days, how many low ratings are not answered yet, and the review link.`,
    inContract: false,
    query: feedbackListQuery,
    data: feedbackListData,
    answer: 'The feedback.',
    message: 'Feedback loaded.',
  },
  reply: {
    summary: 'Answer a feedback',
    description: 'Staff. The reply goes to the customer as a notification, and replaces an earlier one. Audited (`feedback.reply`).',
    inContract: false,
    body: feedbackReplyBody,
    data: feedbackReplyData,
    answer: 'The feedback with its reply.',
    message: 'Reply sent.',
    errors: ['NOT_FOUND'],
  },
  settings: {
    summary: "The shop's review link",
    description: `Owners only. An https:// address where customers who rated an order ${FEEDBACK_HIGH_AT_LEAST} or more are asked to review the shop, or empty for none. Audited (\`feedback.settings\`).`,
    inContract: false,
    body: feedbackSettingsBody,
    data: feedbackSettingsData,
    answer: 'The review link.',
    message: 'Review link saved.',
  },
});
