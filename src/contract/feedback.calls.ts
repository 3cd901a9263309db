/**
 * The calls of feedback on orders (issue 51), declared once (api.ts): the customer's rating of their own
 * completed order, and the console's list, reply and review link. Their schemas are in feedback.ts, their
 * words in feedback.spec.ts.
 */
import { call, consoleCalls } from './api';
import type {
  FeedbackData,
  FeedbackInput,
  FeedbackListData,
  FeedbackListQuery,
  FeedbackQuery,
  FeedbackReplyData,
  FeedbackReplyInput,
  FeedbackSettingsData,
  FeedbackSettingsInput,
} from './feedback';

export const feedbackApi = {
  /** the customer's feedback on one of their orders, if any */
  get: call.customer.get<FeedbackData, FeedbackQuery>('order/feedback'),
  give: call.customer.post<FeedbackData, FeedbackInput>('order/feedback/give', { status: 201 }),
};

/** console calls: the customer app's build drops them */
export const feedbackConsoleApi = consoleCalls(() => ({
  list: call.staff.get<FeedbackListData, FeedbackListQuery>('merchant/feedback'),
  reply: call.staff.post<FeedbackReplyData, FeedbackReplyInput>('merchant/feedback/reply'),
  settings: call.owner.post<FeedbackSettingsData, FeedbackSettingsInput>('merchant/feedback/settings'),
}));
