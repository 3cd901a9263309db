import useSWR from 'swr';
import type { NotificationListData, NotificationReadBody } from '#contract';
import { notificationsApi } from '#contract/notifications.calls';
import { callApi, fetcher, keyOf } from './client';
import { useMutation } from './mutation';

export const notificationsKey = (page = 1) => keyOf(notificationsApi.list, { page });
export const useNotifications = (page = 1) => useSWR<NotificationListData>(notificationsKey(page), fetcher, { refreshInterval: 30_000 });

/**
 * Marks notifications read; the answer is the unread count. Read or refused, the list and the unread
 * count elsewhere (home, profile) are read again: a refusal leaves the page showing what is true.
 */
const markNotificationsRead = (body: NotificationReadBody) => callApi(notificationsApi.read, body);
export const useMarkNotificationsRead = () =>
  useMutation(markNotificationsRead, { refreshes: [notificationsApi.list.path], refreshesOnFailure: [notificationsApi.list.path] });
