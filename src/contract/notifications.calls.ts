/** The calls of the customer's notifications, declared once (api.ts); their schemas are in notifications.ts, their words in notifications.spec.ts. */
import { call } from './api';
import type { NotificationListData, NotificationListQuery, NotificationReadBody, NotificationReadData } from './notifications';

export const notificationsApi = {
  list: call.customer.get<NotificationListData, NotificationListQuery>('notification/list'),
  read: call.customer.post<NotificationReadData, NotificationReadBody>('notification/read'),
};
