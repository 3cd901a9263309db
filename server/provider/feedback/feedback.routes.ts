import { isLowRating } from '#contract/feedback';
import { feedbackConsoleSpec, feedbackSpec } from '#contract/feedback.spec';
import { Router } from 'express';
import type { ProviderContext } from '../context';
import { mount } from '../http/mount';
import { consoleFeedback, getFeedback, giveFeedback, replyToFeedback, saveFeedbackSettings } from './feedback.service';

/**
 * Feedback on orders: the customer's rating of their own completed order (`order/feedback…`) and the
 * console's list, replies and review link (`merchant/feedback…`: staff read and answer, owners set the link).
 */
export function feedbackRoutes(ctx: ProviderContext): Router {
  return Router().use(
    mount(ctx, feedbackSpec, {
      get: (q, at) => getFeedback(ctx, at.customerId(), q.name),
      give: async (body, at) => {
        const given = await giveFeedback(ctx, at.customerId(), body);
        return at.reply(
          given,
          given.feedback && isLowRating(given.feedback.rating) ? 'Thank you for telling us. The shop will look into it.' : 'Thank you for your feedback.',
        );
      },
    }),
    mount(ctx, feedbackConsoleSpec, {
      list: (q) => consoleFeedback(ctx, q),
      reply: async (body, at) => ({ feedback: await replyToFeedback(ctx, at.staff(), body) }),
      settings: (body, at) => saveFeedbackSettings(ctx, at.staff(), body),
    }),
  );
}
