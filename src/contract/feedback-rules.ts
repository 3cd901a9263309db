/**
 * Feedback on an order (issue 51): its rules free of zod, for the app's pages, the console and the
 * provider alike. A customer rates a completed order of their own once, 1 to 5, with reasons and a
 * comment if they like; a rating of FEEDBACK_LOW_AT_MOST or less alerts the owners at once; at
 * FEEDBACK_HIGH_AT_LEAST or more, the customer is offered the shop's review link when the owner set one.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */

export const FEEDBACK_RATING_MIN = 1;
export const FEEDBACK_RATING_MAX = 5;
/** a rating at or below this alerts the owners (e-mail, and the console's Feedback page) */
export const FEEDBACK_LOW_AT_MOST = 2;
/** a rating at or above this is offered the shop's review link */
export const FEEDBACK_HIGH_AT_LEAST = 4;
export const FEEDBACK_COMMENT_MAX = 1000;
export const FEEDBACK_REPLY_MAX = 1000;

/** What a customer may tick: what stood out, good or bad. */
export const FEEDBACK_REASONS = ['taste', 'speed', 'accuracy', 'temperature', 'service', 'value', 'app'] as const;
export type FeedbackReason = (typeof FEEDBACK_REASONS)[number];

export const FEEDBACK_REASON_LABELS: Record<FeedbackReason, string> = {
  taste: 'Taste',
  speed: 'Speed',
  accuracy: 'The order was right',
  temperature: 'Temperature',
  service: 'Service',
  value: 'Value for money',
  app: 'Ordering in the app',
};

export const isLowRating = (rating: number) => rating <= FEEDBACK_LOW_AT_MOST;
