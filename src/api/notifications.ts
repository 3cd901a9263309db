import useSWR from 'swr';
import { apiPost, fetcher } from './client';
import type { NotificationListData, NotificationReadBody } from '#contract';

export const notificationsKey = (page = 1) => ['notification/list', { page }] as const;
export const useNotifications = (page = 1) => useSWR<NotificationListData>(notificationsKey(page), fetcher, { refreshInterval: 30_000 });
export const markNotificationsRead = (body: NotificationReadBody) => apiPost<{ unread: number }>('notification/read', body);
