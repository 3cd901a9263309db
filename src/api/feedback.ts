/**
 * Feedback on orders (issue 51): the customer's rating of an order; the console's list page by page, a
 * reply, and the owner's review link.
 * Functions only, so the app's build drops the console calls they name.
 */
import type { FeedbackInput, FeedbackSettingsInput } from '#contract/feedback';
import { feedbackApi, feedbackConsoleApi } from '#contract/feedback.calls';
import { staffApi } from '#contract/staff.calls';
import { callApi } from './client';
import { useMutation } from './mutation';
import { pagesOf, useCall } from './use-call';
import { useCallPages } from './use-call-pages';

/** The feedback, newest first, page by page; `low`: ratings of 2 or less only. */
export function useFeedbackPages(low: boolean) {
  return useCallPages(pagesOf(feedbackConsoleApi.list, (page) => ({ page, ...(low ? { low: 'true' as const } : {}) })));
}

/** Answers a feedback: the list and the activity log read again. */
export const useReplyToFeedback = () =>
  useMutation((body: { id: number; reply: string }) => callApi(feedbackConsoleApi.reply, body), {
    refreshes: [feedbackConsoleApi.list.path, staffApi.audit.path],
    wait: true,
  });

/** The owner's review link. */
export const useSaveReviewLink = () =>
  useMutation((body: FeedbackSettingsInput) => callApi(feedbackConsoleApi.settings, body), {
    refreshes: [feedbackConsoleApi.list.path, staffApi.audit.path],
    wait: true,
  });

/** The customer's feedback on one of their orders (null: not rated yet), and the shop's review link. */
export const useOrderFeedback = (name: string | null) => useCall(feedbackApi.get, name ? { name } : null);

/** Rates an order: its feedback is read again, so the card shows it at once. */
export const useGiveFeedback = () => useMutation((body: FeedbackInput) => callApi(feedbackApi.give, body), { refreshes: [feedbackApi.get.path], wait: true });
