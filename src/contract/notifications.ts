/**
 * The customer's notifications: the schemas of the area's calls (notifications.calls.ts declares them;
 * notifications.spec.ts describes them). Part of the contract (src/contract): free of React, of the browser and of Express.
 */
import { z } from 'zod';
import { int, nextPage, time } from './answer-fields';
import { id } from './fields';
import { pageQuery } from './wallet';

export const notificationListQuery = pageQuery;
export type NotificationListQuery = z.infer<typeof notificationListQuery>;
/** `{ids}` or `{all: true}`; the provider parses the option the body names, so an error names its field. */
export const notificationReadBody = z.union([
  z.object({ ids: z.array(id).min(1, 'give at least one id').max(200, 'must be at most 200 ids') }),
  z.object({ all: z.literal(true) }),
]);
export type NotificationReadBody = z.infer<typeof notificationReadBody>;

export const notificationAnswer = z.object({
  id: int(),
  type: z.enum(['order', 'topup', 'points_earned', 'points_expiring', 'reward', 'wheel', 'account', 'campaign', 'gift_card']),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable().meta({ description: 'an app path to open, or null' }),
  read: z.boolean(),
  created_at: time(),
});
export type AppNotification = z.infer<typeof notificationAnswer>;
export type NotificationType = AppNotification['type'];
export const notificationListAnswer = z.object({ items: z.array(notificationAnswer), unread: int(), next_page: nextPage() });
export type NotificationListData = z.infer<typeof notificationListAnswer>;
export const notificationReadAnswer = z.object({ unread: int() });
export type NotificationReadData = z.infer<typeof notificationReadAnswer>;
