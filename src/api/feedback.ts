/**
 * Feedback on orders (issue 51): the console's list page by page, a reply, and the owner's review link.
 * Functions only, so the app's build drops the console calls they name.
 */
import type { FeedbackSettingsInput } from '#contract/feedback';
import { feedbackConsoleApi } from '#contract/feedback.calls';
import { staffApi } from '#contract/staff.calls';
import { callApi } from './client';
import { useMutation } from './mutation';
import { pagesOf } from './use-call';
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
