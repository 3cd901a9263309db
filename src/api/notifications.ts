import type { NotificationReadBody } from '#contract';
import { notificationsApi } from '#contract/notifications.calls';
import { callApi } from './client';
import { pagesOf, useCall } from './use-call';
import { useMutation } from './mutation';

/** The notifications, page by page. */
export const notificationPages = pagesOf(notificationsApi.list, (page) => ({ page }));
export const useNotifications = (page = 1) => useCall(notificationsApi.list, { page }, { refreshInterval: 30_000 });

/**
 * Marks notifications read; the answer is the unread count. Read or refused, the list and the unread
 * count elsewhere (home, profile) are read again: a refusal leaves the page showing what is true.
 */
const markNotificationsRead = (body: NotificationReadBody) => callApi(notificationsApi.read, body);
export const useMarkNotificationsRead = () =>
  useMutation(markNotificationsRead, { refreshes: [notificationsApi.list.path], refreshesOnFailure: [notificationsApi.list.path] });
