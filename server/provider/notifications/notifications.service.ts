import type { NotificationListData, NotificationReadBody } from '#contract';
import type { ProviderContext } from '../context';
import { countUnread, markRead, notificationPage } from './notifications.repo';

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** A page of the customer's notifications, newest first, with the unread count. */
export async function listNotifications(ctx: ProviderContext, customerId: number, page = 1): Promise<NotificationListData> {
  const rows = await notificationPage(ctx.db, customerId, (page - 1) * NOTIFICATIONS_PAGE_SIZE, NOTIFICATIONS_PAGE_SIZE + 1);
  return {
    items: rows.slice(0, NOTIFICATIONS_PAGE_SIZE),
    unread: await countUnread(ctx.db, customerId),
    next_page: rows.length > NOTIFICATIONS_PAGE_SIZE ? page + 1 : null,
  };
}

/** Marks notifications read (only the customer's own; other ids are ignored) and answers the unread count. */
export async function readNotifications(ctx: ProviderContext, customerId: number, body: NotificationReadBody): Promise<{ unread: number }> {
  await markRead(ctx.db, customerId, ctx.clock.now(), 'all' in body ? 'all' : [...new Set(body.ids)]);
  return { unread: await countUnread(ctx.db, customerId) };
}
