/**
 * The spec of the notifications calls: their declarations (notifications.calls.ts) joined to their schemas
 * (notifications.ts), error codes and OpenAPI words by `describe` (api-spec.ts). The provider mounts its
 * handlers from it (server/provider/http/mount.ts); endpoints.ts documents it.
 * Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { describe } from './api-spec';
import { notificationListQuery, notificationReadBody, notificationListAnswer, notificationReadAnswer } from './notifications';
import { notificationsApi } from './notifications.calls';

export const notificationsSpec = /* @__PURE__ */ describe('Notifications', notificationsApi, {
  list: {
    summary: "The customer's notifications, newest first",
    query: notificationListQuery,
    data: notificationListAnswer,
    answer: 'One page of notifications.',
    message: 'Notifications loaded.',
  },
  read: {
    summary: 'Mark notifications as read',
    body: notificationReadBody,
    data: notificationReadAnswer,
    answer: 'How many are still unread.',
    message: 'Notifications marked as read.',
  },
});
