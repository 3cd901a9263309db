/**
 * Feedback on an order (issue 51): the schemas of the area's calls (feedback.calls.ts declares them,
 * feedback.spec.ts describes them) and the types inferred from them. The rules are in feedback-rules.ts.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { int, nextPage, time } from './answer-fields';
import { id, optionalText, page } from './fields';
import { orderName } from './orders';
import { FEEDBACK_COMMENT_MAX, FEEDBACK_RATING_MAX, FEEDBACK_RATING_MIN, FEEDBACK_REASONS, FEEDBACK_REPLY_MAX } from './feedback-rules';

export * from './feedback-rules';

const rating = z
  .number({ error: `must be a whole number from ${FEEDBACK_RATING_MIN} to ${FEEDBACK_RATING_MAX}` })
  .int(`must be a whole number from ${FEEDBACK_RATING_MIN} to ${FEEDBACK_RATING_MAX}`)
  .min(FEEDBACK_RATING_MIN, `must be ${FEEDBACK_RATING_MIN} or more`)
  .max(FEEDBACK_RATING_MAX, `must be ${FEEDBACK_RATING_MAX} or less`);
const reasons = z
  .array(z.enum(FEEDBACK_REASONS, { error: `must be among ${FEEDBACK_REASONS.join(', ')}` }))
  .max(FEEDBACK_REASONS.length)
  .refine((r) => new Set(r).size === r.length, 'must not repeat a reason');

/** `order/feedback`: a rating of one of the customer's own completed orders. */
export const feedbackBody = z.object({
  name: orderName,
  rating,
  reasons: reasons.optional(),
  comment: optionalText(FEEDBACK_COMMENT_MAX).optional(),
});
export type FeedbackInput = z.input<typeof feedbackBody>;
export type FeedbackFields = z.output<typeof feedbackBody>;
export const feedbackQuery = z.object({ name: orderName });
export type FeedbackQuery = z.infer<typeof feedbackQuery>;

/** A feedback as its customer sees it: theirs, and the shop's reply. */
export const feedbackAnswer = z
  .object({
    rating: int(),
    reasons: z.array(z.enum(FEEDBACK_REASONS)),
    comment: z.string(),
    reply: z.string().nullable().meta({ description: "the shop's answer, or null" }),
    replied_at: time().nullable(),
    created_at: time(),
  })
  .meta({ id: 'Feedback' });
export type Feedback = z.infer<typeof feedbackAnswer>;
export const feedbackData = z.object({
  feedback: feedbackAnswer.nullable().meta({ description: 'null: not rated yet' }),
  review_url: z.string().nullable().meta({ description: 'after a high rating: where the shop asks for a public review, when the owner set it' }),
});
export type FeedbackData = z.infer<typeof feedbackData>;

/** The console's list: each feedback with its order and customer. */
export const feedbackListQuery = z.object({ page, low: z.enum(['true', 'false']).optional() });
export type FeedbackListQuery = z.infer<typeof feedbackListQuery>;
export const consoleFeedbackAnswer = feedbackAnswer
  .extend({
    id: int(),
    order_name: z.string(),
    order_total: int(),
    customer_id: int(),
    customer_name: z.string(),
    replied_by: z.string().nullable().meta({ description: 'the member of staff who replied' }),
  })
  .meta({ id: 'ConsoleFeedback' });
export type ConsoleFeedback = z.infer<typeof consoleFeedbackAnswer>;
export const feedbackListData = z.object({
  items: z.array(consoleFeedbackAnswer),
  next_page: nextPage(),
  average: z.number().nullable().meta({ description: 'the average rating of the last 30 days, or null without any' }),
  low_unanswered: int().meta({ description: 'low ratings not answered yet' }),
  review_url: z.string().nullable(),
});
export type FeedbackListData = z.infer<typeof feedbackListData>;

export const feedbackReplyBody = z.object({
  id,
  reply: z.string().trim().min(1, 'is required').max(FEEDBACK_REPLY_MAX, `must be at most ${FEEDBACK_REPLY_MAX} characters`),
});
export type FeedbackReplyInput = z.input<typeof feedbackReplyBody>;
export const feedbackReplyData = z.object({ feedback: consoleFeedbackAnswer });
export type FeedbackReplyData = z.infer<typeof feedbackReplyData>;

/** The owner's review link: an https address, or empty for none. */
export const feedbackSettingsBody = z.object({
  review_url: z
    .string()
    .trim()
    .max(500, 'must be at most 500 characters')
    .refine((v) => v === '' || /^https:\/\/[^\s]+$/.test(v), 'must be an https:// address, or empty'),
});
export type FeedbackSettingsInput = z.input<typeof feedbackSettingsBody>;
export const feedbackSettingsData = z.object({ review_url: z.string().nullable() });
export type FeedbackSettingsData = z.infer<typeof feedbackSettingsData>;
