/** Notifications. Part of the contract (src/contract): free of React, of the browser and of Express. */
import { z } from 'zod';
import { id } from './fields';

export type NotificationType = 'order' | 'topup' | 'points_earned' | 'points_expiring' | 'reward' | 'wheel' | 'account';
export interface AppNotification {
  id: number;
  type: NotificationType;
  title: string;
  body: string;
  /** an app path to open, or null */
  link: string | null;
  read: boolean;
  created_at: string;
}
export interface NotificationListData {
  items: AppNotification[];
  unread: number;
  next_page: number | null;
}
export const notificationReadBody = z.union([
  z.object({ ids: z.array(id).min(1, 'give at least one id').max(200, 'must be at most 200 ids') }),
  z.object({ all: z.literal(true) }),
]);
export type NotificationReadBody = z.infer<typeof notificationReadBody>;
